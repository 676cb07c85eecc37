-- MyStuff starts empty: new items are "My Item 1", "My Item 2"… at the top.
-- AUTOINCREMENT: a deleted item's key is never given to a new one, as on PostgreSQL.
CREATE TABLE stuff (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT, location TEXT, position INTEGER);

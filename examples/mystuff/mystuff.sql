-- MyStuff starts empty: new items are "My Item 1", "My Item 2"… at the top.
CREATE TABLE stuff (id INTEGER PRIMARY KEY, name TEXT, location TEXT, position INTEGER);

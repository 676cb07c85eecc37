-- Presidents: from ≤ to is the schema's own CHECK, so every save is held to it.
CREATE TABLE presidents (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    from_year INTEGER NOT NULL,
    to_year INTEGER NOT NULL,
    party TEXT,
    CHECK (from_year <= to_year)
);
INSERT INTO presidents (name, from_year, to_year, party) VALUES
    ('George Washington', 1789, 1797, 'Independent'),
    ('John Adams', 1797, 1801, 'Federalist'),
    ('Thomas Jefferson', 1801, 1809, 'Democratic-Republican'),
    ('Abraham Lincoln', 1861, 1865, 'Republican'),
    ('Franklin D. Roosevelt', 1933, 1945, 'Democratic'),
    ('John F. Kennedy', 1961, 1963, 'Democratic'),
    ('Richard Nixon', 1969, 1974, 'Republican'),
    ('Barack Obama', 2009, 2017, 'Democratic');

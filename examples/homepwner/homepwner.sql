CREATE TABLE items (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    serial TEXT,
    value INTEGER NOT NULL DEFAULT 0,
    created DATETIME
);
INSERT INTO items (name, serial, value, created) VALUES
    ('Rusty Bear', 'A1B2C3', 48, '2026-11-02 10:00:00'),
    ('Fluffy Mac', 'D4E5F6', 95, '2026-11-10 14:30:00'),
    ('Shiny Spork', NULL, 7, '2026-11-21 08:15:00');

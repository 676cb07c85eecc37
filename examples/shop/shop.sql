-- A small shop: two collections, so navsh starts at the list of collections.
CREATE TABLE suppliers (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    country TEXT
);
CREATE TABLE products (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL CHECK (length(trim(name)) > 0),
    price REAL NOT NULL CHECK (price >= 0),
    stock INTEGER NOT NULL DEFAULT 0,
    supplier_id INTEGER REFERENCES suppliers(id),
    added DATE
);
INSERT INTO suppliers (name, country) VALUES ('Acme', 'US'), ('東京商事', 'JP');
INSERT INTO products (name, price, stock, supplier_id, added) VALUES
    ('Gort statu', 120.0, 1, 1, '2026-11-01'),
    ('Spork', 2.5, 40, 1, '2026-11-02'),
    ('湯呑み (teacup)', 18.0, 12, 2, '2026-11-03'),
    ('Lucky cat 🐱', 9.99, 5, 2, NULL);

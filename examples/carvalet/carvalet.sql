-- Seed data. Without it, navsh --spec carvalet.yaml makes the table (create: true).
CREATE TABLE cars (id INTEGER PRIMARY KEY, make TEXT, model TEXT, year INTEGER, fuel REAL, parked DATETIME);
INSERT INTO cars (make, model, year, fuel, parked) VALUES
    ('Toyota', 'Corolla', 2014, 10.5, '2026-11-20 08:30:00'),
    ('Ford', 'Model T', 1908, 2.25, '2026-11-20 09:15:00'),
    ('Honda', 'Civic', 2020, 7, '2026-11-21 17:45:00');

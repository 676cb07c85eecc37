/// Schemas the tests share. `shop` has the constraints navsh must explain
/// (NOT NULL, CHECK, UNIQUE, FOREIGN KEY) and rows with CJK and emoji titles.
public enum Fixtures {
    public static let items = """
        CREATE TABLE items (
        \(constrainedItemColumns)
            bought DATE,
            note TEXT DEFAULT 'none',
            created TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP
        );
        INSERT INTO items (name, serial, value, weight, bought, created) VALUES
            ('Gort statue', 'GS-1951', 120, 12.5, '2026-11-21', '2026-11-21 10:00:00'),
            ('Rusty spork', NULL, 2, 0.1, NULL, '2026-11-21 10:00:00'),
            ('Hoverboard', 'HB-2015', 950, 3.0, '2015-10-21', '2026-11-21 10:00:00'),
            ('木彫りの熊', 'KB-0042', 45, 1.25, NULL, '2026-11-21 10:00:00'),
            ('Lucky cat 🐱', 'LC-0888', 18, NULL, NULL, '2026-11-21 10:00:00');
        """

    /// The columns of `items` that carry the constraints navsh must explain
    /// (NOT NULL, CHECK, UNIQUE, a default): written once for `items` here
    /// and the conformance suite's portable `Schemas.items`, so both hold
    /// the same rules.
    public static let constrainedItemColumns = """
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL CHECK (length(name) > 0),
            serial TEXT UNIQUE,
            value INTEGER NOT NULL DEFAULT 0 CHECK (value >= 0),
            weight REAL,
        """

    /// Two tables with a foreign key: the root frame lists collections.
    public static let shop = """
        CREATE TABLE owners (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
        CREATE TABLE cars (
            id INTEGER PRIMARY KEY,
            model TEXT NOT NULL,
            year INTEGER CHECK (year BETWEEN 1908 AND 2100),
            owner_id INTEGER REFERENCES owners(id)
        );
        INSERT INTO owners (name) VALUES ('Ada'), ('Grace');
        INSERT INTO cars (model, year, owner_id) VALUES ('Corolla', 2014, 1), ('Model T', 1908, 2);
        """

    /// `n` rows named "Row 1" … "Row n", for paging.
    /// Row 1 of chi refers to par 1 by a foreign key checked at COMMIT
    /// (DEFERRABLE INITIALLY DEFERRED), for SQLite and, through
    /// `PostgresTestDatabase`'s dialect, PostgreSQL.
    public static let deferredReference = """
        CREATE TABLE par (id INTEGER PRIMARY KEY);
        INSERT INTO par VALUES (1);
        CREATE TABLE chi (id INTEGER PRIMARY KEY, name TEXT,
                          par_id INTEGER REFERENCES par (id) DEFERRABLE INITIALLY DEFERRED);
        INSERT INTO chi VALUES (1, 'c1', 1);
        """

    public static func numbered(_ n: Int) -> String {
        "CREATE TABLE things (id INTEGER PRIMARY KEY, name TEXT);\n"
            + "WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < \(n)) "
            + "INSERT INTO things (name) SELECT 'Row ' || i FROM c;"
    }
}

import Foundation
import NavshTestSupport
import Testing

/// What an import must refuse, found by an adversary on the fast import:
/// rows a trigger drops or rolls back, references from a WITHOUT ROWID
/// table, and values a real only nears. Each is listed at its line, and
/// nothing is written, dry run or not.
@Suite struct ImportRefusalTests {
    let navsh = NavshBinary()

    /// Imports `csv` into `table` (dry run first, then for real) and checks
    /// it is refused with `expected` after the file's name, writing nothing.
    private func expectRefused(_ db: TemporaryDatabase, _ table: String, _ csv: String, _ expected: String,
                               sourceLocation: SourceLocation = #_sourceLocation) throws {
        let file = db.directory + "/rows.csv"
        try csv.write(toFile: file, atomically: true, encoding: .utf8)
        for options in [" --dry-run", ""] {
            try db.expectUnchanged(table, sourceLocation: sourceLocation) {
                let result = try navsh.run([db.path, "-c", "open \(table)", "-c", "import \(file)\(options)"])
                #expect(result.status == 1, "\(options): \(result.stdout)", sourceLocation: sourceLocation)
                let listed = result.stderr.split(separator: "\n").dropFirst().map { $0.replacingOccurrences(of: file, with: "FILE") }
                #expect(listed == expected.split(separator: "\n").map(String.init), "\(options)", sourceLocation: sourceLocation)
            }
        }
    }

    /// A trigger's RAISE(IGNORE) inserts nothing: the row was counted as
    /// imported under the rowid of the row before it, which undo then
    /// deleted (a row saved before the import).
    @Test func aRowATriggerIgnoresIsRefusedAndUndoTouchesNoOtherRow() throws {
        let db = try TemporaryDatabase("""
            CREATE TABLE t (id INTEGER PRIMARY KEY, x TEXT);
            CREATE TRIGGER skip BEFORE INSERT ON t WHEN EXISTS (SELECT 1 FROM t WHERE x = new.x) BEGIN SELECT RAISE(IGNORE); END;
            INSERT INTO t (x) VALUES ('pre');
            """)
        try expectRefused(db, "t", "x\npre\nb\n", "FILE:2: row: refused by a trigger: a trigger on t ignored the insert")
    }

    /// A trigger's RAISE(ROLLBACK) ends the import's transaction: the rows
    /// after it were committed one by one while the import said nothing was.
    @Test(arguments: [false, true])
    func aRowATriggerRollsBackEndsTheImportWithNothingWritten(wal: Bool) throws {
        let db = try TemporaryDatabase("""
            CREATE TABLE t (id INTEGER PRIMARY KEY, x TEXT);
            CREATE TRIGGER no_bad BEFORE INSERT ON t WHEN new.x = 'bad' BEGIN SELECT RAISE(ROLLBACK, 'no bad'); END;
            """)
        if wal { try db.useWAL() }
        try expectRefused(db, "t", "x\na\nbad\nc\nd\n", "FILE:3: row: refused by a trigger: no bad")
    }

    /// SQLite's foreign-key check names no row of a WITHOUT ROWID table: the
    /// rows were left unnamed and a dry run said all would import.
    @Test func aWithoutRowidTablesReferenceToNoRowIsNamedAtItsLine() throws {
        let db = try TemporaryDatabase("""
            CREATE TABLE p (id INTEGER PRIMARY KEY);
            INSERT INTO p VALUES (1);
            CREATE TABLE t (a INT, b TEXT, f INT REFERENCES p (id), PRIMARY KEY (a, b)) WITHOUT ROWID;
            """)
        try expectRefused(db, "t", "a,b,f\n1,x,1\n2,y,99\n3,z,98\n", """
            FILE:3: f: no row in p has id = 99 (FOREIGN KEY)
            FILE:4: f: no row in p has id = 98 (FOREIGN KEY)
            """)
    }

    /// A reference of several columns is checked by all of them, and named
    /// so: the check read the first column alone, so a dry run said yes to
    /// (y, 1) and missed (x, 2). It is found at COMMIT by its values, so no
    /// line is named.
    @Test(arguments: ["", " WITHOUT ROWID"])
    func aReferenceOfSeveralColumnsIsCheckedWhole(table: String) throws {
        let db = try TemporaryDatabase("""
            CREATE TABLE p (a TEXT, b INTEGER, PRIMARY KEY (a, b));
            INSERT INTO p VALUES ('x', 1), ('y', 2);
            CREATE TABLE c (id TEXT PRIMARY KEY, pa TEXT, pb INTEGER, FOREIGN KEY (pa, pb) REFERENCES p (a, b))\(table);
            """)
        try expectRefused(db, "c", "id,pa,pb\nk1,x,1\nk2,y,1\nk3,x,2\n", """
            FILE: pa, pb: no row in p has (a, b) = (y, 1) (FOREIGN KEY)
            FILE: pa, pb: no row in p has (a, b) = (x, 2) (FOREIGN KEY)
            """)
    }

    /// The rowid alias holds whole numbers alone: 2.5 there failed the whole
    /// import with SQLite's "datatype mismatch" and no line.
    @Test func aNumberTheRowidCannotHoldIsRefusedAtItsLine() throws {
        let db = try TemporaryDatabase("CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT);")
        try expectRefused(db, "t", "id,a\n1,x\n2.5,y\n", "FILE:3: id: '2.5' is not a whole number")
    }

    /// SQLite stores NaN as NULL, and 1e-400 and a 20-digit whole number
    /// only near their value: `set` refuses each, and so does an import.
    @Test func aRealTheStoreCannotKeepIsRefused() throws {
        let db = try TemporaryDatabase("CREATE TABLE t (id INTEGER PRIMARY KEY, r REAL, n INTEGER);")
        try expectRefused(db, "t", "r,n\nNaN,1\n1e-400,2\n0.5,12345678901234567891\n", """
            FILE:2: r: 'NaN' is not a number
            FILE:3: r: '1e-400' is out of a real's range (about ±1.8e308, and no nearer 0 than 5e-324 but 0 itself)
            FILE:4: n: '12345678901234567891' is too large a whole number (the limit is ±9,223,372,036,854,775,807)
            """)
    }

    /// A blank line cannot be a row of several fields: Excel leaves one at
    /// the end, and it failed the import as a row of one field.
    @Test func aBlankLineIsNoRowOfSeveralFields() throws {
        let db = try TemporaryDatabase("CREATE TABLE t (id INTEGER PRIMARY KEY, x TEXT, y TEXT);")
        let file = db.directory + "/rows.csv"
        try "x,y\n1,2\n\n3,4\n\n".write(toFile: file, atomically: true, encoding: .utf8)
        let result = try navsh.run([db.path, "-c", "open t", "-c", "import \(file)"])
        #expect(result.stderr == "")
        #expect(try db.values("SELECT x, y FROM t ORDER BY id") == [["1", "2"], ["3", "4"]])
    }
}

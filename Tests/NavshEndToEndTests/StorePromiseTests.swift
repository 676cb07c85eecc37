import Foundation
import NavshTestSupport
import Testing

/// Promises of the SQLite layer seen through the built binary: no crash on
/// any stored value, and reports that match what the file holds.
@Suite struct StorePromiseTests {
    let navsh = NavshBinary()

    /// `INTEGER PRIMARY KEY DESC` is not a rowid alias: its column may hold NULL or text.
    static let descendingKey = """
        CREATE TABLE t (id INTEGER PRIMARY KEY DESC, name TEXT);
        INSERT INTO t VALUES (NULL, 'no id'), ('x', 'text id'), (5, 'five');
        """

    @Test func aDescendingIntegerKeyHoldingNullOrTextShowsEveryRow() throws {
        let db = try TemporaryDatabase(Self.descendingKey)
        for row in 1...3 {
            let result = try navsh.run([db.path, "-c", "open \(row)", "-c", "show"])
            #expect(result.status == 0, "open \(row): \(result.stderr)")
        }
        let list = try navsh.run([db.path, "-c", "show"])
        #expect(list.status == 0)
        #expect(list.stdout.contains("no id") && list.stdout.contains("text id"))
    }

    @Test func aDescendingIntegerKeyTakesNewRows() throws {
        let db = try TemporaryDatabase(Self.descendingKey)
        let result = try navsh.run([db.path, "-c", "new", "-c", "set name added", "-c", "save"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try db.rows("SELECT count(*) AS n FROM t WHERE name = 'added'") == [["n": "1"]])
    }
}

/// Text holding a NUL or bytes that are not UTF-8 is compared, written back
/// and shown exactly as stored.
@Suite struct OddTextTests {
    let navsh = NavshBinary()
    static let schema = """
        CREATE TABLE t (name TEXT, n INTEGER);
        INSERT INTO t VALUES ('a' || char(0) || 'b', 1), (CAST(X'61FF62' AS TEXT), 1);
        """

    @Test func rowsWithANulOrInvalidUTF8CanBeSavedAndKeepTheirBytes() throws {
        let db = try TemporaryDatabase(Self.schema)
        for row in 1...2 {
            let result = try navsh.run([db.path, "-c", "open \(row)", "-c", "set n 2", "-c", "save"])
            #expect(result.status == 0, "row \(row): \(result.stderr)")
        }
        #expect(try db.rows("SELECT hex(name) AS name, n FROM t ORDER BY rowid") == [
            ["name": "610062", "n": "2"], ["name": "61FF62", "n": "2"],
        ])
    }

    @Test func rowsWithANulOrInvalidUTF8CanBeDeleted() throws {
        let db = try TemporaryDatabase(Self.schema)
        let result = try navsh.run([db.path, "-c", "open 2", "-c", "delete", "-c", "open 1", "-c", "delete"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try db.rows("SELECT count(*) AS n FROM t") == [["n": "0"]])
    }

    @Test func suchRowsListEscapedAndDeleteByNumber() throws {
        let db = try TemporaryDatabase(Self.schema + "INSERT INTO t VALUES (printf('%.*c', 3000, 'x') || char(0) || 'y', 1);")
        let result = try navsh.run([db.path, "-c", "show", "-c", "delete 1", "-c", "show", "-c", "delete 2"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("1  a\\x00b"))
        #expect(result.stdout.contains("2  a\\xFFb"))
        #expect(try db.rows("SELECT hex(name) AS name FROM t") == [["name": "61FF62"]])
    }

    @Test func suchValuesAreShownEscaped() throws {
        let db = try TemporaryDatabase(Self.schema)
        let result = try navsh.run([db.path, "-c", "open 1", "-c", "back", "-c", "open 2"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("name  a\\x00b"))
        #expect(result.stdout.contains("name  a\\xFFb"))
    }
}

/// One table navsh cannot address does not make the whole file unopenable.
@Suite struct UnaddressableTableTests {
    let navsh = NavshBinary()
    static let schema = """
        CREATE TABLE odd (rowid TEXT, _rowid_ TEXT, oid TEXT);
        INSERT INTO odd VALUES ('a', 'b', 'c'), ('d', 'e', 'f');
        CREATE TABLE ok (name TEXT);
        INSERT INTO ok VALUES ('x');
        """
    static let reason = "table odd has columns named rowid, _rowid_ and oid and no primary key, so its rows cannot be told apart; it is read-only"

    @Test func theFileOpensAndTheTableIsListedReadOnly() throws {
        let db = try TemporaryDatabase(Self.schema)
        let result = try navsh.run([db.path, "-c", "show", "-c", "open odd", "-c", "open 2"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("odd  2 rows  read-only"))
        #expect(result.stdout.contains("_rowid_  e"))
    }

    @Test func everyWriteIsRefusedWithTheReasonInOneLine() throws {
        let db = try TemporaryDatabase(Self.schema)
        try db.expectUnchanged("odd") {
            for commands in [["delete 1"], ["new"], ["open 1", "delete"], ["open 1", "set oid z"], ["open 1", "edit oid"]] {
                let result = try navsh.run([db.path, "-c", "open odd"] + commands.flatMap { ["-c", $0] })
                #expect(result.status == 1)
                #expect(result.stderr.contains(Self.reason), "\(commands): \(result.stderr)")
                #expect(result.stderr.filter { $0 == "\n" }.count == 1)
            }
        }
    }
}

/// A table as wide as SQLite allows (2,000 columns; a result row may not
/// hold the key as well) lists, opens and saves, and a save's report matches
/// the file.
@Suite struct WideTableTests {
    let navsh = NavshBinary()
    static let schema = "CREATE TABLE wide (id INTEGER PRIMARY KEY, "
        + (1..<2000).map { "c\($0) TEXT" }.joined(separator: ", ")
        + "); INSERT INTO wide (c1, c1999) VALUES ('first', 'last');"

    @Test func aNewRowIsSavedAndReportedSaved() throws {
        let db = try TemporaryDatabase(Self.schema)
        let result = try navsh.run([db.path, "-c", "new", "-c", "set c1 hello", "-c", "set c1999 bye", "-c", "save"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasSuffix("saved hello as #2 (row 2)\n"))
        #expect(try db.rows("SELECT c1, c1999 FROM wide WHERE id = 2") == [["c1": "hello", "c1999": "bye"]])
    }

    @Test func itListsOpensAndUpdates() throws {
        let db = try TemporaryDatabase(Self.schema)
        let result = try navsh.run([db.path, "-c", "show", "-c", "open 1", "-c", "set c1998 x", "-c", "save"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("   1  first"))
        #expect(result.stdout.contains("c1999  last"))
        #expect(try db.rows("SELECT c1998 FROM wide") == [["c1998": "x"]])
        let delete = try navsh.run([db.path, "-c", "open 1", "-c", "delete"])
        #expect(delete.status == 0, "\(delete.stderr)")
        #expect(try db.rows("SELECT count(*) AS n FROM wide") == [["n": "0"]])
    }
}

/// A STRICT table's ANY column takes any value.
@Suite struct StrictAnyTests {
    @Test func anAnyColumnOfAStrictTableTakesText() throws {
        let db = try TemporaryDatabase("CREATE TABLE s (id INTEGER PRIMARY KEY, v ANY) STRICT; INSERT INTO s (v) VALUES (1);")
        let result = try NavshBinary().run([db.path, "-c", "open 1", "-c", "set v hello", "-c", "save"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try db.rows("SELECT v FROM s") == [["v": "hello"]])
    }
}

/// A list reads a bounded prefix of each value; a record frame shows a
/// bounded start and the full length, and keeps the whole value for the
/// conflict check.
@Suite struct BigValueTests {
    let navsh = NavshBinary()
    static let schema = """
        CREATE TABLE notes (id INTEGER PRIMARY KEY, title TEXT, body TEXT, n INTEGER);
        INSERT INTO notes (title, body, n) VALUES ('small', 'short', 1), ('big', printf('%.*c', 10485760, 'x') || 'END', 1);
        """

    @Test func aListOfABigValueIsQuickAndBounded() throws {
        let db = try TemporaryDatabase(Self.schema)
        try db.execute("INSERT INTO notes (title, body) VALUES ('huge', printf('%.*c', 50000000, 'y'))")
        let start = Date()
        let result = try navsh.run([db.path, "-c", "show"])
        // Reading and laying out 50 MB took 10 s and more; a bounded prefix takes milliseconds.
        #expect(Date().timeIntervalSince(start) < 3, "a list must not read the whole value")
        #expect(result.status == 0)
        #expect(result.stdout.count < 1_000)
    }

    @Test func aRecordShowsTheStartAndTheFullLength() throws {
        let db = try TemporaryDatabase(Self.schema)
        let result = try navsh.run([db.path, "-c", "open 2"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("…  (10,485,763 characters)"))
        #expect(result.stdout.count < 1_000)
    }

    @Test func saveDeleteAndUndoKeepTheWholeValue() throws {
        let db = try TemporaryDatabase(Self.schema)
        let save = try navsh.run([db.path, "-c", "open 2", "-c", "set n 5", "-c", "save"])
        #expect(save.status == 0, "\(save.stderr)")
        #expect(try db.rows("SELECT n, length(body) AS length FROM notes WHERE id = 2") == [["n": "5", "length": "10485763"]])
        let delete = try navsh.run([db.path, "-c", "show", "-c", "delete 2", "-c", "undo"])
        #expect(delete.status == 0, "\(delete.stderr)")
        #expect(try db.rows("SELECT n, length(body) AS length, substr(body, -3) AS tail FROM notes WHERE id = 2")
            == [["n": "5", "length": "10485763", "tail": "END"]])
    }
}

/// Another process alters a table while navsh runs: navsh reads the schema
/// again, says so, and goes on working.
@Suite struct OutsideSchemaChangeTests {
    @Test func anAddedAndARenamedColumnAreTakenAndTold() throws {
        let db = try TemporaryDatabase("""
            CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT, colour TEXT);
            INSERT INTO items (name, colour) VALUES ('Gort', 'grey');
            """)
        let navsh = try Coprocess([db.path])
        #expect(navsh.send("show", until: "Gort").contains("grey"))
        try db.execute("ALTER TABLE items ADD COLUMN size INTEGER DEFAULT 3; ALTER TABLE items RENAME COLUMN colour TO color")
        let shown = navsh.send("open 1", until: "size")
        #expect(shown.contains("items changed elsewhere (renamed colour to color; added size)"), "\(shown)")
        #expect(shown.contains("color  grey"))
        #expect(navsh.send("set size 4\nsave", until: "saved").hasSuffix("saved Gort\n"))
        #expect(try db.rows("SELECT size, color FROM items") == [["size": "4", "color": "grey"]])
        navsh.send("quit")
        #expect(navsh.finish() == 0)
        #expect(navsh.stderrText == "")
    }
}

/// Another process changes a value in a way the column's collation calls
/// equal; a save over it is still refused (issue 8, item 2).
@Suite struct CollationConflictTests {
    @Test func aChangeOfCaseElsewhereRefusesTheSave() throws {
        let db = try TemporaryDatabase("""
            CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT COLLATE NOCASE, code TEXT COLLATE RTRIM, n INTEGER);
            INSERT INTO items (name, code, n) VALUES ('Gort', 'abc', 1);
            """)
        // The field edited is the one changed elsewhere: a change to another
        // field is merged, not refused.
        for (change, edit) in [("UPDATE items SET name = 'GORT'", "set name Robot"),
                               ("UPDATE items SET code = 'abc   '", "set code xyz")] {
            try db.execute("UPDATE items SET name = 'Gort', code = 'abc', n = 1")
            let navsh = try Coprocess([db.path])
            #expect(navsh.send("open 1", until: "n  1").contains("Gort"))
            try db.execute(change)
            let after = try db.snapshot("items")
            navsh.send(edit)
            navsh.send("save")
            #expect(navsh.finish() == 1, "\(change)")
            #expect(navsh.stderrText.contains("changed elsewhere"), "\(navsh.stderrText)")
            #expect(try db.snapshot("items") == after)
        }
    }
}

/// Found by an adversary: a UNIQUE ... ON CONFLICT REPLACE column let a save
/// delete the other row holding the value, reported as a plain save.
@Suite struct ConflictClauseTests {
    @Test(arguments: [["open 2", "set name A", "save"], ["new", "set name A", "save"]])
    func aSaveNeverReplacesAnotherRow(commands: [String]) throws {
        let db = try TemporaryDatabase("""
            CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT UNIQUE ON CONFLICT REPLACE);
            INSERT INTO t VALUES (1, 'A'), (2, 'B');
            """)
        let result = try db.expectUnchanged("t") {
            try NavshBinary().run([db.path] + commands.flatMap { ["-c", $0] })
        }
        #expect(result.status == 1)
        #expect(result.stderr.contains("another row already has this name (UNIQUE); nothing was saved"), "\(result.stderr)")
    }
}

/// Found by an adversary: a record's title was its whole value, so a 50 MB
/// name became a 50 MB breadcrumb, error line and `saved` message.
@Suite struct BoundedTitleTests {
    @Test func aHugeTitleIsCutInEveryMessage() throws {
        let db = try TemporaryDatabase("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT);"
            + "INSERT INTO t VALUES (1, printf('%.*c', 5000000, 'A'));")
        let result = try NavshBinary().run([db.path, "-c", "open 1", "-c", "where", "-c", "set nope 1"])
        #expect(result.status == 1)
        #expect(result.stderr.count < 1_000, "the error line: \(result.stderr.count) characters")
        #expect(result.stdout.count < 10_000, "the record frame and the stack: \(result.stdout.count) characters")
        #expect(result.stderr.contains("t › AAAA"))
    }
}

import NavshCore
@testable import NavshSQLite
import NavshTestSupport
import GRDB
import GRDBSQLite
import Testing

@Suite struct SchemaReaderTests {
    @Test func fieldsComeFromTheSchema() throws {
        let database = try TemporaryDatabase(Fixtures.items)
        let store = try database.store()
        #expect(store.collections.map(\.name) == ["items"])
        let items = store.collections[0]
        #expect(items.fields.map(\.name) == ["id", "name", "serial", "value", "weight", "bought", "note", "created"])
        #expect(items.fields.map(\.kind) == [.integer, .text, .text, .integer, .real, .date, .text, .text])
        #expect(items.field(named: "id")?.isReadOnly == true, "the rowid alias is assigned by SQLite")
        #expect(items.field(named: "id")?.primaryKeyPosition == 1)
        #expect(items.field(named: "name")?.isNotNull == true)
        #expect(items.field(named: "serial")?.isNotNull == false)
        #expect(items.field(named: "value")?.defaultValue == .value(.integer(0)))
        #expect(items.field(named: "note")?.defaultValue == .value(.text("none")))
        #expect(items.field(named: "created")?.defaultValue == .expression("CURRENT_TIMESTAMP"))
        #expect(items.titleField == "name")
    }

    /// `describe` shows CHECK constraints as the schema writes them: a
    /// column's own belong to it, a table's to every column it names;
    /// quoted text and names (holding commas, parentheses, the word CHECK)
    /// do not confuse where one ends.
    @Test func checkConstraintsAreReadAsWritten() throws {
        let database = try TemporaryDatabase("""
            CREATE TABLE t (
                a INTEGER CHECK (a > 0) CHECK(a < 10),
                "b, c" TEXT CONSTRAINT nonempty CHECK (length("b, c") > 0),
                d TEXT DEFAULT 'CHECK (d)',
                e INT,
                CHECK (a < e),
                CONSTRAINT odd CHECK (e <> 'it''s (odd'));
            """)
        let fields = try database.store().collections[0].fields
        #expect(fields.map(\.checks) == [
            ["a > 0", "a < 10", "a < e"],
            ["length(\"b, c\") > 0"],
            [],
            ["a < e", "e <> 'it''s (odd'"],
        ])
        #expect(fields.map(\.declaredType) == ["INTEGER", "TEXT", "TEXT", "INT"])
    }

    /// Names beyond ASCII, bare or quoted, are columns a CHECK concerns
    /// (the statement is read as bytes, as SQLite's tokenizer reads it).
    @Test func checkConstraintsNameColumnsBeyondASCII() throws {
        let database = try TemporaryDatabase("""
            CREATE TABLE u (
                größe INTEGER CHECK (größe > 0),
                "Ü x" TEXT,
                名前 TEXT CHECK(名前 <> ''),
                CHECK (length("Ü x") < größe));
            """)
        let fields = try database.store().collections[0].fields
        #expect(fields.map(\.checks) == [
            ["größe > 0", "length(\"Ü x\") < größe"],
            ["length(\"Ü x\") < größe"],
            ["名前 <> ''"],
        ])
    }

    /// The catalog is read by PRAGMA statements, a few per table; the two
    /// queries over pragma functions it replaced remain for names that are
    /// not UTF-8. Every kind of table both must tell apart gives the same
    /// collections and keys either way.
    @Test func bothWaysOfReadingTheCatalogAgree() throws {
        let database = try TemporaryDatabase("""
            CREATE TABLE artists (id INTEGER PRIMARY KEY, name TEXT NOT NULL DEFAULT 'x' CHECK (name <> ''));
            CREATE TABLE "odd ""name" (a TEXT, b INTEGER, PRIMARY KEY (a, b)) WITHOUT ROWID;
            CREATE TABLE albums (id INTEGER PRIMARY KEY DESC, artist INTEGER REFERENCES artists (id),
                                 a TEXT, b INTEGER, title TEXT, doubled INTEGER GENERATED ALWAYS AS (b * 2) STORED,
                                 FOREIGN KEY (a, b) REFERENCES "odd ""name" (a, b));
            CREATE TABLE grdb_migrations (identifier TEXT);
            CREATE TABLE plain (x, y BLOB, z UNIQUE);
            CREATE TABLE keyed (code TEXT PRIMARY KEY, n REAL);
            CREATE VIEW v AS SELECT name, id * 2 AS twice FROM artists;
            CREATE VIRTUAL TABLE docs USING fts5 (body);
            CREATE TABLE "ünï" (rowid TEXT, _rowid_ TEXT, oid TEXT);
            """)
        let queue = try DatabaseQueue(path: database.path)
        let (byPragmas, byQueries) = try queue.read { db in
            (try SQLiteSchemaReader.read(db), try SQLiteSchemaReader.read(db, byPragmas: false))
        }
        #expect(byPragmas.map(\.collection.name) == ["artists", "odd \"name", "albums", "plain", "keyed", "v", "ünï"])
        #expect(described(byPragmas) == described(byQueries))
        #expect(byPragmas.first { $0.collection.name == "albums" }?.collection.fields.map(\.isReadOnly)
                == [false, false, false, false, false, true], "DESC keeps id an ordinary column; doubled is generated")
    }

    /// A PRAGMA names its table in its SQL text, which cannot hold a name
    /// that is not UTF-8: such a schema is read by the two queries, every
    /// other table is still listed, and that one is named as left out (its
    /// repaired name was listed, and named no table).
    @Test func aNameThatIsNotUTF8IsReadByTheQueries() throws {
        let database = try TemporaryDatabase("CREATE TABLE first (a TEXT);")
        let queue = try DatabaseQueue(path: database.path)
        try queue.inDatabase { db in
            let sql: [UInt8] = Array("CREATE TABLE \"x".utf8) + [0xFF] + Array("\" (b TEXT); CREATE TABLE last (c);".utf8) + [0]
            let code = sql.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { sqlite3_exec(db.sqliteConnection, $0.baseAddress, nil, nil, nil) }
            }
            #expect(code == SQLITE_OK)
            var leftOut: [String] = []
            let tables = try SQLiteSchemaReader.read(db, leftOut: &leftOut)
            #expect(tables.map(\.collection.name) == ["first", "last"])
            #expect(leftOut == ["table x\\xFF: its name is not UTF-8, which navsh cannot name"])
            #expect(described(tables) == described(try SQLiteSchemaReader.read(db, byPragmas: false)))
        }
    }

    /// A view that no longer compiles (its table dropped, a function it
    /// calls missing) is left out; the file still opens with the rest.
    @Test func aViewThatNoLongerCompilesIsLeftOut() throws {
        let database = try TemporaryDatabase("""
            CREATE TABLE base (id INTEGER PRIMARY KEY);
            CREATE TABLE gone (x);
            CREATE VIEW broken AS SELECT * FROM gone;
            DROP TABLE gone;
            CREATE VIEW fine AS SELECT id FROM base;
            """)
        let store = try database.store()
        #expect(store.collections.map(\.name) == ["base", "fine"])
        #expect(store.leftOutNote == "left out: view broken (it no longer compiles: no such table: main.gone)")
    }

    /// A view and a table whose names differ only in how their accents are
    /// encoded: the later is left out and said, as a table or a view (the
    /// table was lost without a word when it came second).
    @Test func aViewAndATableNamedAlikeButForTheirAccentsLeaveOneOutSayingWhich() throws {
        let database = try TemporaryDatabase("""
            CREATE TABLE base (id INTEGER PRIMARY KEY, a TEXT);
            CREATE VIEW "caf\u{E9}" AS SELECT * FROM base;
            CREATE TABLE "cafe\u{301}" (id INTEGER PRIMARY KEY, secret TEXT);
            """)
        let store = try database.store()
        #expect(store.collections.map(\.name) == ["base", "caf\u{E9}"])
        #expect(store.leftOutNote?.hasPrefix("left out: table cafe\u{301} (its name differs") == true, "\(store.leftOutNote ?? "none")")
    }

    /// Every stored property of each table read, as text to compare.
    private func described(_ tables: [SQLiteSchemaReader.Table]) -> String {
        var text = ""
        dump(tables.map { ($0.collection, $0.key) }, to: &text)
        return text
    }

    /// A column's kind follows SQLite's affinity rules, which match A–Z in
    /// either case and nothing else, then navsh's names for dates and booleans.
    @Test func declaredTypesGiveSQLitesAffinities() {
        let kinds: [(String, FieldKind)] = [
            ("", .any), ("any", .any), ("BIGINT", .integer), ("unsigned big int", .integer),
            ("FLOATING POINT", .integer), ("varchar(20)", .text), ("Clob", .text), ("nText", .text),
            ("blob", .blob), ("double precision", .real), ("Float", .real), ("real", .real),
            ("boolean", .boolean), ("datetime", .datetime), ("TIMESTAMP", .datetime), ("date", .date),
            ("decimal(10,5)", .numeric), ("STRING", .numeric), ("\u{131}nt", .numeric), ("ınteger", .numeric),
            ("INTEGER", .integer), ("IN", .numeric), ("tex", .numeric),
        ]
        for (declared, kind) in kinds {
            #expect(FieldKind(sqliteDeclaredType: declared) == kind, "\(declared)")
        }
    }

    /// Views are listed (read-only, see `viewsAreReadOnlyCollections`); SQLite's and GRDB's tables are not.
    @Test func internalVirtualAndShadowTablesAreSkipped() throws {
        let database = try TemporaryDatabase("""
            CREATE TABLE first (a TEXT);
            CREATE TABLE grdb_migrations (identifier TEXT);
            CREATE TABLE second (b TEXT);
            CREATE INDEX i ON second (b);
            CREATE VIEW v AS SELECT * FROM first;
            CREATE TABLE third (id INTEGER PRIMARY KEY AUTOINCREMENT, c TEXT);
            """)
        #expect(try database.store().collections.map(\.name) == ["first", "second", "v", "third"])
    }

    /// Views were invisible (issue 10): they are collections now, every
    /// field read-only and every write refused with the reason, their rows
    /// read by position in whatever order is asked.
    @Test func viewsAreReadOnlyCollections() throws {
        let database = try TemporaryDatabase("""
            CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, n INTEGER);
            INSERT INTO t (name, n) VALUES ('a', 2), ('b', 1);
            CREATE VIEW v AS SELECT name, n * 10 AS tens FROM t;
            """)
        let store = try database.store()
        let view = try #require(store.collections.first { $0.name == "v" })
        #expect(view.readOnlyReason == "v is a view, so its rows are read-only")
        #expect(view.fields.map(\.name) == ["name", "tens"])
        #expect(view.fields.allSatisfy { $0.isReadOnly })
        #expect(try store.count(of: view) == 2)
        var sorted = view
        sorted.order = SortOrder(field: "tens", descending: false)
        let rows = try store.records(of: sorted, offset: 0, limit: 10)
        #expect(rows.map { $0["name"] } == [.text("b"), .text("a")])
        #expect(try store.record(of: sorted, id: rows[1].id)?["name"] == .text("a"), "a row by its position as listed")
        #expect(throws: StoreError.self) { try store.delete(rows[0].id, from: view, expecting: nil) }
    }

    @Test func generatedColumnsAreReadOnly() throws {
        let database = try TemporaryDatabase("""
            CREATE TABLE t (a INTEGER, b INTEGER GENERATED ALWAYS AS (a * 2) VIRTUAL);
            INSERT INTO t (a) VALUES (21);
            """)
        let store = try database.store()
        let t = store.collections[0]
        #expect(t.field(named: "b")?.isReadOnly == true)
        #expect(try store.records(of: t, offset: 0, limit: 1)[0]["b"] == .integer(42))
    }

    @Test func withoutRowidTablesUseTheirPrimaryKey() throws {
        let database = try TemporaryDatabase("""
            CREATE TABLE pairs (a TEXT, b INTEGER, label TEXT, PRIMARY KEY (a, b)) WITHOUT ROWID;
            INSERT INTO pairs VALUES ('y', 1, 'third'), ('x', 2, 'second'), ('x', 1, 'first');
            """)
        let store = try database.store()
        let pairs = store.collections[0]
        let rows = try store.records(of: pairs, offset: 0, limit: 10)
        #expect(rows.map { $0["label"] } == [.text("first"), .text("second"), .text("third")])
        #expect(rows[1].id == .key([.text("x"), .integer(2)]))
        #expect(try store.position(of: rows[2].id, in: pairs) == 2)
        try store.update(rows[1].id, in: pairs, changes: ["label": .text("SECOND")], expecting: nil)
        #expect(try store.record(of: pairs, id: rows[1].id)?["label"] == .text("SECOND"))
        let id = try store.insert(["a": .text("z"), "b": .integer(0), "label": .text("new")], into: pairs).id
        #expect(id == .key([.text("z"), .integer(0)]))
    }

    @Test func aColumnNamedRowidDoesNotBreakIdentity() throws {
        let database = try TemporaryDatabase("""
            CREATE TABLE odd (rowid TEXT, name TEXT);
            INSERT INTO odd VALUES ('not a number', 'one'), ('also text', 'two');
            """)
        let store = try database.store()
        let odd = store.collections[0]
        let rows = try store.records(of: odd, offset: 0, limit: 10)
        #expect(rows.map(\.id) == [.rowid(1), .rowid(2)])
        try store.update(rows[1].id, in: odd, changes: ["name": .text("TWO")], expecting: nil)
        #expect(try database.rows("SELECT name FROM odd WHERE _rowid_ = 2")[0]["name"] == "TWO")
    }
}

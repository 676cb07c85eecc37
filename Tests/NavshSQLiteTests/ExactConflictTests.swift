import NavshCore
import NavshSQLite
import NavshTestSupport
import Testing

/// The conflict check compares stored values exactly: a change another
/// process made is a conflict even where the column's collation or affinity
/// would call the two values equal.
@Suite struct ExactConflictTests {
    static let schema = """
        CREATE TABLE t (name TEXT COLLATE NOCASE, code TEXT COLLATE RTRIM, anything, n INTEGER);
        INSERT INTO t VALUES ('Gort', 'abc', 1, 1);
        """

    /// Reads row 1 (after `setUp`), lets "another process" run `change`,
    /// then tries a save and a delete with the values read.
    func expectConflict(from setUp: String? = nil, after change: String) throws {
        let database = try TemporaryDatabase(Self.schema)
        if let setUp { try database.execute(setUp) }
        let store = try database.store()
        let t = store.collections[0]
        let read = try #require(try store.record(of: t, id: .rowid(1)))
        try database.execute(change)
        let before = try database.snapshot("t")
        #expect(throws: StoreError.self) {
            try store.update(.rowid(1), in: t, changes: ["n": .integer(2)], expecting: read.values)
        }
        #expect(throws: StoreError.self) { try store.delete(.rowid(1), from: t, expecting: read.values) }
        #expect(try database.snapshot("t") == before)
    }

    @Test func aChangeOfCaseInANocaseColumnIsAConflict() throws {
        try expectConflict(after: "UPDATE t SET name = 'GORT'")
    }

    @Test func trailingSpacesInAnRtrimColumnAreAConflict() throws {
        try expectConflict(after: "UPDATE t SET code = 'abc   '")
    }

    /// SQL's = takes -0.0 for 0.0; the stored bytes differ (the trial's find:
    /// a save went through over -0.0 changed elsewhere to 0.0).
    @Test func theSignOfAZeroIsAConflict() throws {
        try expectConflict(from: "UPDATE t SET anything = -0.0", after: "UPDATE t SET anything = 0.0")
        try expectConflict(from: "UPDATE t SET anything = 0.0", after: "UPDATE t SET anything = -0.0")
        // Unchanged, either zero saves, and each save checks its own sign.
        let database = try TemporaryDatabase(Self.schema)
        let store = try database.store()
        let t = store.collections[0]
        for (zero, n) in [("-0.0", 5), ("0.0", 6), ("-0.0", 7)] {
            try database.execute("UPDATE t SET anything = \(zero)")
            let read = try #require(try store.record(of: t, id: .rowid(1)))
            try store.update(.rowid(1), in: t, changes: ["n": .integer(Int64(n))], expecting: read.values)
        }
        #expect(try database.rows("SELECT n FROM t") == [["n": "7"]])
    }

    @Test func aChangeOfStorageClassIsAConflict() throws {
        try expectConflict(after: "UPDATE t SET anything = '1'")
        try expectConflict(after: "UPDATE t SET anything = 1.0")
    }

    /// Saves share their UPDATE's text by shape (`UpdateShape`): a save
    /// whose read values differ from an earlier save's in storage class, in
    /// being NULL, or in how a value is bound, checks and writes its own.
    @Test func eachSaveOfOneStoreChecksAndWritesItsOwnValues() throws {
        let database = try TemporaryDatabase(Self.schema)
        let store = try database.store()
        let t = store.collections[0]
        func save(_ changes: [String: Value]) throws {
            let read = try #require(try store.record(of: t, id: .rowid(1)))
            try store.update(.rowid(1), in: t, changes: changes, expecting: read.values)
        }
        try save(["n": .integer(2)])                 // anything holds the integer 1
        try database.execute("UPDATE t SET anything = '1'")
        try save(["n": .integer(3)])                 // now the text '1'
        try database.execute("UPDATE t SET anything = NULL")
        try save(["n": .integer(4)])                 // now NULL: nothing bound for it
        try save(["name": .text("plain")])
        try save(["name": .text("a\u{0}b")])          // bound as bytes, cast to text
        try save(["name": .text("plain again")])
        #expect(try database.rows("SELECT n, typeof(name) AS kind, anything IS NULL AS gone FROM t")
            == [["n": "4", "kind": "text", "gone": "1"]])
        // A stale read still conflicts after all of them.
        let stale = try #require(try store.record(of: t, id: .rowid(1)))
        try database.execute("UPDATE t SET anything = 1")
        #expect(throws: StoreError.self) {
            try store.update(.rowid(1), in: t, changes: ["n": .integer(5)], expecting: stale.values)
        }
    }

    @Test func anUnchangedRowStillSaves() throws {
        let database = try TemporaryDatabase(Self.schema)
        let store = try database.store()
        let t = store.collections[0]
        let read = try #require(try store.record(of: t, id: .rowid(1)))
        try store.update(.rowid(1), in: t, changes: ["n": .integer(2)], expecting: read.values)
        #expect(try database.rows("SELECT n FROM t") == [["n": "2"]])
    }
}

/// A row put back (`save!` of a row deleted elsewhere, `undo` of a delete)
/// holds the very bytes that were read.
@Suite struct OddTextRestoreTests {
    @Test func restoreWritesBackTheStoredBytes() throws {
        let database = try TemporaryDatabase("""
            CREATE TABLE t (name TEXT);
            INSERT INTO t VALUES ('a' || char(0) || 'b'), (CAST(X'61FF62' AS TEXT));
            """)
        let store = try database.store()
        let t = store.collections[0]
        for id: Int64 in [1, 2] {
            let read = try #require(try store.record(of: t, id: .rowid(id)))
            try store.delete(.rowid(id), from: t, expecting: read.values)
            try store.restore(read, into: t)
        }
        #expect(try database.rows("SELECT rowid AS id, hex(name) AS name, typeof(name) AS type FROM t ORDER BY rowid") == [
            ["id": "1", "name": "610062", "type": "text"], ["id": "2", "name": "61FF62", "type": "text"],
        ])
    }
}

/// Store errors printed as they are (a file that cannot be opened) read as words, not Swift debug text.
@Suite struct StoreErrorWordingTests {
    @Test func storeErrorsDescribeThemselvesInPlainWords() {
        #expect("\(StoreError.database("table x is odd"))" == "table x is odd")
        #expect("\(StoreError.readOnly("attempt to write a readonly database"))" == "cannot be written: attempt to write a readonly database")
        let open = StoreOpenError.unreadable(path: "f.sqlite", reason: "\(StoreError.database("table x is odd"))")
        #expect(open.description == "f.sqlite: cannot open as a SQLite store: table x is odd")
    }
}

/// A table as wide as SQLite allows: the conflict check and its report read
/// every column, though no single result may hold them all with the key.
@Suite struct WideTableConflictTests {
    @Test func aConflictOnAWideTableReportsTheRowAsItIsNow() throws {
        let database = try TemporaryDatabase("CREATE TABLE wide (id INTEGER PRIMARY KEY, "
            + (1..<2000).map { "c\($0) TEXT" }.joined(separator: ", ") + "); INSERT INTO wide (c1) VALUES ('a');")
        let store = try database.store()
        let wide = store.collections[0]
        let read = try #require(try store.record(of: wide, id: .rowid(1)))
        #expect(read.values.count == 2000)
        try database.execute("UPDATE wide SET c1999 = 'elsewhere'")
        do {
            try store.update(.rowid(1), in: wide, changes: ["c1": .text("b")], expecting: read.values)
            Issue.record("the update should have been refused")
        } catch StoreError.conflict(let current) {
            #expect(current["c1999"] == .text("elsewhere"))
        }
    }
}

/// A list row is a bounded preview; the conflict check uses the whole value.
@Suite struct BigValueStoreTests {
    static let schema = "CREATE TABLE t (body TEXT, data, n INTEGER); "
        + "INSERT INTO t VALUES (printf('%.*c', 100000, 'x'), zeroblob(100000), 1);"

    @Test func aListRowHoldsOnlyListedFieldsCut() throws {
        let database = try TemporaryDatabase(Self.schema)
        let store = try database.store()
        let t = store.collections[0]
        let row = try #require(try store.listRecords(of: t, offset: 0, limit: 1).first)
        let full = try #require(try store.record(of: t, id: .rowid(1)))
        #expect(row == ListPreview.of(full, in: t))
        #expect(row["body"] == .text(String(repeating: "x", count: ListPreview.characters) + "…"))
        #expect(row["data"] == .text("<blob, 100000 bytes>"))
    }

    @Test func aChangeAtTheEndOfABigValueIsAConflict() throws {
        let database = try TemporaryDatabase(Self.schema)
        let store = try database.store()
        let t = store.collections[0]
        let read = try #require(try store.record(of: t, id: .rowid(1)))
        try database.execute("UPDATE t SET body = substr(body, 1, 99999) || 'y'")
        #expect(throws: StoreError.self) {
            try store.update(.rowid(1), in: t, changes: ["n": .integer(2)], expecting: read.values)
        }
        #expect(try database.rows("SELECT n FROM t") == [["n": "1"]])
    }
}

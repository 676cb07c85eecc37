import Foundation
import GRDB
import NavshCore
import NavshSQLite
import NavshTestSupport
import Testing

@Suite struct SQLiteStoreTests {
    /// A COMMIT SQLite refuses (a deferred foreign key) left the
    /// transaction open: the next one could not begin, and the close at
    /// exit rolled it back through GRDB's half torn-down hooks (signal 11,
    /// one `--atomic` run in fifteen). Both kinds of transaction end it.
    @Test func aRefusedCommitLeavesNoTransactionOpen() throws {
        let database = try TemporaryDatabase("""
            CREATE TABLE par (id INTEGER PRIMARY KEY);
            INSERT INTO par VALUES (1);
            CREATE TABLE chi (id INTEGER PRIMARY KEY, par_id INTEGER REFERENCES par (id) DEFERRABLE INITIALLY DEFERRED);
            INSERT INTO chi VALUES (1, 1);
            """)
        let store = try database.store()
        let chi = try #require(store.collections.first { $0.name == "chi" })
        let row = try #require(try store.records(of: chi, offset: 0, limit: 1).first)
        let id = row.id, base = row.values
        let bad: [String: Value] = ["par_id": .integer(42)]
        #expect(throws: StoreError.self) {
            try store.transaction(rollback: false) { _ = try store.update(id, in: chi, changes: bad, expecting: base) }
        }
        #expect(throws: StoreError.self) {
            try store.atomically { _ = try store.update(id, in: chi, changes: bad, expecting: base) }
        }
        try store.transaction(rollback: false) {}
        #expect(try database.rows("SELECT par_id FROM chi")[0]["par_id"] == "1")
    }

    /// A list reads a long blob as its length whatever the column's
    /// affinity or collation (a blob in a column declared INTEGER or TEXT
    /// COLLATE NOCASE, or none), and every other value as it is: the
    /// preview's test for a blob is a comparison with the empty blob, which
    /// every blob passes and no number, text or NULL does.
    @Test func aLongBlobIsListedAsItsLengthInAColumnOfAnyAffinity() throws {
        let long = "x'" + String(repeating: "ab", count: ListPreview.characters + 1) + "'"
        let text = "'" + String(repeating: "z", count: ListPreview.bytes + 5) + "'"
        // A blob as long as a long blob's mark, of digits: read as it is in
        // a typed column, it must not be taken for a mark of 9 bytes.
        let digits = "x'" + String(repeating: "30", count: ListPreview.characters) + "39'"
        let database = try TemporaryDatabase("""
            CREATE TABLE mixed (id INTEGER PRIMARY KEY, label TEXT, i INTEGER, t TEXT COLLATE NOCASE, r REAL, a);
            INSERT INTO mixed VALUES (1, 'blobs', \(long), \(long), \(long), \(long));
            INSERT INTO mixed VALUES (2, 'small', x'00', x'', x'ff', x'0102');
            INSERT INTO mixed VALUES (3, 'others', 12, \(text), 1.5, NULL);
            INSERT INTO mixed VALUES (4, 'texts', 'x''''', '', \(text), 'blob');
            INSERT INTO mixed VALUES (5, 'digits', \(digits), \(digits), \(digits), \(digits));
            """)
        let store = try database.store()
        var mixed = try #require(store.collections.first { $0.name == "mixed" })
        mixed.details = ["i", "t", "r", "a"].map { CollectionSchema.Detail(field: $0) }
        let full = try store.records(of: mixed, offset: 0, limit: 10)
        let listed = try store.listRecords(of: mixed, offset: 0, limit: 10)
        #expect(listed == full.map { ListPreview.of($0, in: mixed) })
        let mark = ListPreview.longBlob(bytes: Int64(ListPreview.characters + 1))
        #expect(["i", "t", "r", "a"].map { listed[0][$0] } == [mark, mark, mark, mark])
        #expect(listed[1]["t"] == .blob([]))
        #expect(listed[2]["i"] == .integer(12))
    }

    /// The store keeps its statements for a record by key, a page and a
    /// save prepared; closing drops them first, so SQLite, closing its last
    /// connection, checkpoints the WAL and removes it (as the sqlite3 CLI
    /// does): a statement left open kept the file's -wal and -shm behind.
    @Test func closingAfterReadsAndASaveLeavesNoWriteAheadLog() throws {
        let database = try TemporaryDatabase(Fixtures.items)
        #expect(try database.useWriteAheadLog() == "wal")
        let store = try database.store()
        let items = store.collections[0]
        let rows = try store.listRecords(of: items, offset: 0, limit: 5)
        let row = try #require(try store.record(of: items, key: [rows[0].id.parts[0]]))
        try store.update(row.id, in: items, changes: ["name": .text("renamed")], expecting: row.values)
        #expect(FileManager.default.fileExists(atPath: database.path + "-wal"))
        store.close()
        #expect(!FileManager.default.fileExists(atPath: database.path + "-wal"))
        #expect(!FileManager.default.fileExists(atPath: database.path + "-shm"))
    }

    /// A kept statement that failed is not run again: SQLite reports the
    /// failure once more at the next reset, and GRDB's binding crashed on
    /// it (a save refused by a CHECK, corrected and made again; the fuzzer's
    /// find). A read whose columns another process dropped fails each time
    /// with an error, and reads again once the schema is read again.
    @Test func aStatementThatFailedIsPreparedAgain() throws {
        let database = try TemporaryDatabase(Fixtures.items)
        let store = try database.store()
        let items = store.collections[0]
        let row = try #require(try store.record(of: items, key: [.integer(1)]))
        #expect(throws: StoreError.self) {
            try store.update(row.id, in: items, changes: ["value": .integer(-1)], expecting: row.values)
        }
        try store.update(row.id, in: items, changes: ["value": .integer(5)], expecting: row.values)
        #expect(try store.record(of: items, key: [.integer(1)])?["value"] == .integer(5))

        try database.execute("ALTER TABLE items DROP COLUMN note")
        #expect(throws: (any Error).self) { try store.record(of: items, key: [.integer(1)]) }
        #expect(throws: (any Error).self) { try store.record(of: items, key: [.integer(1)]) }
        #expect(try store.reloadSchemaIfChanged())
        let reread = try #require(store.collections.first)
        #expect(try store.record(of: reread, key: [.integer(1)])?["value"] == .integer(5))
    }

    @Test func pagesAreReadInKeyOrder() throws {
        let database = try TemporaryDatabase(Fixtures.numbered(30))
        let store = try database.store()
        let things = store.collections[0]
        #expect(try store.count(of: things) == 30)
        let page = try store.records(of: things, offset: 10, limit: 5)
        #expect(page.map { $0["name"] } == (11...15).map { .text("Row \($0)") })
        #expect(try store.records(of: things, offset: 29, limit: 5).count == 1)
        #expect(try store.position(of: .rowid(17), in: things) == 16)
    }

    @Test func findExactIgnoresCaseAndPartialEscapesWildcards() throws {
        let database = try TemporaryDatabase("""
            CREATE TABLE t (name TEXT);
            INSERT INTO t VALUES ('100% cotton'), ('100 percent'), ('a_b'), ('axb'), ('Gort');
            """)
        let store = try database.store()
        let t = store.collections[0]
        #expect(try store.find("gort", in: "name", of: t, match: .exact, limit: 5).map(\.id) == [.rowid(5)])
        #expect(try store.find("0%", in: "name", of: t, match: .contains, limit: 5).map(\.id) == [.rowid(1)])
        #expect(try store.find("a_b", in: "name", of: t, match: .contains, limit: 5).map(\.id) == [.rowid(3)])
        #expect(try store.find("100", in: "name", of: t, match: .prefix, limit: 5).map(\.id) == [.rowid(1), .rowid(2)])
        #expect(try store.find("cotton", in: "name", of: t, match: .prefix, limit: 5).isEmpty)
    }

    @Test func updateOfAMissingRowIsReported() throws {
        let database = try TemporaryDatabase(Fixtures.items)
        let store = try database.store()
        let items = store.collections[0]
        try database.execute("DELETE FROM items WHERE id = 2")
        #expect(throws: StoreError.recordMissing) {
            try store.update(.rowid(2), in: items, changes: ["value": .integer(1)], expecting: nil)
        }
        #expect(throws: StoreError.recordMissing) { try store.delete(.rowid(2), from: items, expecting: nil) }
    }

    @Test func constraintErrorsNameTheirFields() throws {
        let database = try TemporaryDatabase(Fixtures.items)
        let store = try database.store()
        let items = store.collections[0]
        #expect(throws: StoreError.constraint(.notNull, fields: ["name"], detail: "NOT NULL constraint failed: items.name")) {
            try store.update(.rowid(1), in: items, changes: ["name": .null], expecting: nil)
        }
        #expect(throws: StoreError.constraint(.unique, fields: ["serial"], detail: "UNIQUE constraint failed: items.serial")) {
            try store.update(.rowid(1), in: items, changes: ["serial": .text("HB-2015")], expecting: nil)
        }
        #expect(throws: StoreError.constraint(.check, fields: ["value"], detail: "value >= 0")) {
            try store.update(.rowid(1), in: items, changes: ["value": .integer(-1)], expecting: nil)
        }
    }

    /// Names and values full of quotes, semicolons and SQL keywords are data, never SQL.
    @Test func hostileNamesAndValuesAreQuotedAndBound() throws {
        let table = #"Robert'); DROP TABLE "x"; --"#
        let column = #"na"me; DELETE FROM t"#
        let database = try TemporaryDatabase("""
            CREATE TABLE x (a TEXT);
            CREATE TABLE "Robert'); DROP TABLE ""x""; --" ("na""me; DELETE FROM t" TEXT, "select" INTEGER);
            INSERT INTO "Robert'); DROP TABLE ""x""; --" VALUES ('plain', 1);
            """)
        let store = try database.store()
        let hostile = try #require(store.collections.first { $0.name == table })
        let value = #"'); DROP TABLE x; --"#
        try store.update(.rowid(1), in: hostile, changes: [column: .text(value), "select": .integer(2)], expecting: nil)
        let id = try store.insert([column: .text("\"; SELECT 1; --")], into: hostile).id
        #expect(try store.record(of: hostile, id: .rowid(1))?[column] == .text(value))
        #expect(try store.find(value, in: column, of: hostile, match: .exact, limit: 2).map(\.id) == [.rowid(1)])
        try store.delete(id, from: hostile, expecting: nil)
        #expect(try database.rows("SELECT count(*) AS n FROM x")[0]["n"] == "0", "table x still exists")
        #expect(try store.count(of: hostile) == 1)
    }

    @Test func aCancelledStatementStopsAndWritesNothing() throws {
        let database = try TemporaryDatabase(Fixtures.numbered(20_000))
        let store = try database.store()
        let things = store.collections[0]
        store.isCancelled = { true }
        #expect(throws: StoreError.interrupted) { try store.records(of: things, offset: 19_000, limit: 5) }
        #expect(throws: StoreError.interrupted) {
            try store.find("nothing like this", in: "name", of: things, match: .contains, limit: 5)
        }
        store.isCancelled = { false }
        #expect(try store.records(of: things, offset: 19_000, limit: 5).count == 5)
    }

    @Test func interruptedCommandsChangeNothingInTheSession() throws {
        let database = try TemporaryDatabase(Fixtures.numbered(20_000))
        let store = try database.store()
        let session = Session(store: store, mode: .interactive)
        var cancel = false
        store.isCancelled = { cancel }
        cancel = true
        #expect(session.execute("open Row 19999").error?.message == "interrupted; nothing changed")
        #expect(session.breadcrumb == "things")
        cancel = false
        #expect(session.execute("open Row 19999").error == nil)
        #expect(session.breadcrumb == "things › Row 19999")
    }

    @Test func missingFileIsAnErrorUnlessCreated() throws {
        let directory = NSTemporaryDirectory() + "navsh-open-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/new.sqlite"
        #expect(throws: StoreOpenError.missing(path: path)) { try SQLiteStore(path: path) }
        #expect(!FileManager.default.fileExists(atPath: path))
        let store = try SQLiteStore(path: path, create: true)
        #expect(store.collections.isEmpty)
        let mode = try DatabaseQueue(path: path).read { try String.fetchOne($0, sql: "PRAGMA journal_mode") }
        #expect(mode == "wal")
    }

    @Test func existingFilesKeepTheirJournalMode() throws {
        let database = try TemporaryDatabase(Fixtures.items)
        _ = try database.store()
        let mode = try DatabaseQueue(path: database.path).read { try String.fetchOne($0, sql: "PRAGMA journal_mode") }
        #expect(mode == "delete")
    }

    @Test func aFileThatIsNotADatabaseIsRefused() throws {
        let database = try TemporaryDatabase("")
        try Data("this is not sqlite, just text long enough to have a header of sorts........".utf8)
            .write(to: URL(fileURLWithPath: database.path))
        #expect(throws: StoreOpenError.self) { try SQLiteStore(path: database.path) }
    }

    @Test func demoStoreIsCreatedOnceWithSampleItems() throws {
        let directory = NSTemporaryDirectory() + "navsh-demo-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = DemoStore.defaultPath(environment: ["XDG_DATA_HOME": directory, "HOME": "/nonexistent"])
        #expect(path == directory + "/navsh/demo.sqlite")
        #expect(DemoStore.defaultPath(environment: ["HOME": "/home/ada"]) == "/home/ada/.local/share/navsh/demo.sqlite")
        let store = try DemoStore.open(at: path, now: "2026-11-22 09:00:00")
        #expect(try DemoStore.spec.apply(to: store, thisYear: 2026) == [])
        let items = try #require(store.collections.first)
        #expect(items.name == "Items")
        #expect(try store.count(of: items) == 8)
        #expect(items.field(named: "created")?.isReadOnly == true)
        #expect(try store.record(of: items, id: .rowid(1))?["created"] == .text("2026-11-22 09:00:00"), "dated as told")
        try store.update(.rowid(1), in: items, changes: ["value": .integer(1)], expecting: nil)
        let again = try DemoStore.open(at: path, now: "2027-01-01 00:00:00")
        #expect(try again.record(of: items, id: .rowid(1))?["value"] == .integer(1), "not re-created")
        let mode = try DatabaseQueue(path: path).read { try String.fetchOne($0, sql: "PRAGMA journal_mode") }
        #expect(mode == "wal")
    }
}

/// The store's display name is made without Foundation's URL (a fortieth of
/// start-up): it must read as URL's did.
@Suite struct DisplayNameTests {
    @Test(arguments: ["shop.sqlite", "/tmp/x/shop.db", "data/shop", "a.tar.gz", ".hidden", "dir/", "dir//", "/",
                      "file.", "x/.y.z", "name with space.sqlite", "ünï.sqlite", "a..b", "./a.b", "x.y/", "v1.2.3"])
    func readsAsURLDid(_ path: String) {
        #expect(SQLiteStore.displayName(forPath: path)
                == URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent)
    }
}

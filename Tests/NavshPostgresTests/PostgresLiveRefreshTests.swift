import Foundation
import NavshCore
@testable import NavshPostgres
import NavshTestSupport
import Testing

/// Issue 13, live refresh: before each prompt the rows shown are checked by
/// their xmin in one query, and only those that changed are read again;
/// with the notify triggers a listening connection hears of each row
/// written, and after it reconnects everything shown is read again.
@Suite(.enabled(if: PostgresTestServer.runsTests, "needs NAVSH_TEST_POSTGRES_URL (scripts/pg-test-server)"))
struct PostgresLiveRefreshTests {
    static let items = "CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL);\n"
        + "INSERT INTO items (id, name) VALUES " + (1...15).map { "(\($0), 'Item \($0)')" }.joined(separator: ", ") + ";\n"
        + "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT);\n"

    static func open(_ database: PostgresTestDatabase) throws -> PostgresStore {
        try PostgresStore(target: PostgresTarget(url: database.url, schema: database.schema, environment: [:]))
    }

    @Test func thePromptReadsAgainOnlyTheShownRowsWhoseXminMoved() throws {
        let database = try PostgresTestDatabase(schema: "shop", sql: Self.items)
        let store = try Self.open(database)
        defer { store.close() }
        let counting = CountingStore(store)
        let session = Session(store: counting, mode: .interactive, viewport: { Viewport(columns: 100, rows: 40) })
        let opened = session.execute("open items")
        try #require(opened.error == nil && opened.output.contains("Item 15"), "\(opened.output)")
        #expect(session.noticeChangesElsewhere(watchingShownRows: true) == "")

        try database.run("UPDATE items SET name = 'Changed' WHERE id = 3")
        counting.resetCounters()
        #expect(session.noticeChangesElsewhere(watchingShownRows: true) == "1 row shown changed elsewhere; show to see it\n")
        #expect(counting.recordReads == 1, "the one row whose xmin moved is read again, not the 15 shown")
        #expect(session.noticeChangesElsewhere(watchingShownRows: true) == "", "said once")

        // A record frame: its field is said as it changed; this session's own save is no change elsewhere.
        let record = session.execute("open 5")
        try #require(record.error == nil, "\(record.error?.message ?? "")")
        try database.run("UPDATE items SET name = 'Elsewhere' WHERE id = 5")
        #expect(session.noticeChangesElsewhere(watchingShownRows: true).contains("name: Item 5 → Elsewhere (changed elsewhere)"))
        let saved = session.execute("set name Mine")
        #expect(saved.error == nil)
        #expect(session.execute("save").error == nil)
        counting.resetCounters()
        #expect(session.noticeChangesElsewhere(watchingShownRows: true) == "")
        #expect(counting.recordReads == 0, "its own write left the row's version as noted")
    }

    @Test func theListenerHearsEachRowWrittenAndSaysWhenItIsBack() throws {
        let database = try PostgresTestDatabase(schema: "shop", sql: Self.items)
        let store = try Self.open(database)
        defer { store.close() }
        #expect(try store.installNotify(on: ["Items"]) == ["items"])
        #expect(throws: StoreError.self) { try store.installNotify(on: ["nosuch"]) }
        let woken = Woken()
        let listener = try PostgresListener(store: store) { woken.count += 1 }
        defer { listener.stop() }

        try database.run("UPDATE items SET name = 'Changed' WHERE id = 3; DELETE FROM items WHERE id = 4; "
            + "INSERT INTO notes VALUES (1, 'not watched')")
        #expect(Self.events(of: listener, count: 2) == [.changed(table: "items", key: "[3]"), .changed(table: "items", key: "[4]")])
        #expect(woken.count >= 1)

        let killed = try database.value("""
            SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
            WHERE datname = current_database() AND application_name = 'navsh-listen'
            """)
        #expect(killed == "1", "the listening connection ended")
        #expect(Self.events(of: listener, count: 1, seconds: 10) == [.reconnected])
        try database.run("UPDATE items SET name = 'Again' WHERE id = 2")
        #expect(Self.events(of: listener, count: 1) == [.changed(table: "items", key: "[2]")])

        #expect(try store.uninstallNotify(from: []) == ["items"])
        #expect(try database.value("SELECT count(*) FROM pg_proc WHERE proname = 'navsh_notify'") == "0")
    }

    /// A save counts the rows its transaction changed only where another
    /// row can change with it: not for the trigger that only notifies,
    /// which would have cost every save on a watched table five round trips,
    /// but for a user's own trigger of the same name.
    @Test func onlyATableWhoseUpdateCanChangeOtherRowsCountsThem() throws {
        let database = try PostgresTestDatabase(schema: "shop", sql: Self.items + """
            CREATE TABLE parts (id INTEGER PRIMARY KEY, item_id INTEGER REFERENCES items ON UPDATE CASCADE);
            CREATE FUNCTION stamp() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$;
            CREATE TRIGGER stamp BEFORE UPDATE ON notes FOR EACH ROW EXECUTE FUNCTION stamp();
            CREATE TABLE tags (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TRIGGER navsh_notify BEFORE UPDATE ON tags FOR EACH ROW EXECUTE FUNCTION stamp();
            """)
        let store = try Self.open(database)
        defer { store.close() }
        #expect(try store.installNotify(on: ["items", "parts"]) == ["items", "parts"])
        #expect(try store.reloadSchemaIfChanged(), "a trigger made is a schema changed")
        let counting = try ["items", "parts", "notes", "tags"].filter { try store.table(store.collection(named: $0)!).changesOtherRows }
        #expect(counting == ["items", "notes", "tags"], "items by its ON UPDATE CASCADE, notes and tags by their triggers")
    }

    /// A user's trigger named as navsh's is theirs: install refuses its
    /// table, and uninstall leaves it. Both dropped it without a word.
    @Test func aUsersTriggerNamedAsNavshsIsLeftAlone() throws {
        let database = try PostgresTestDatabase(schema: "shop", sql: Self.items + """
            CREATE FUNCTION stamp() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$;
            CREATE TABLE tags (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TRIGGER navsh_notify BEFORE UPDATE ON tags FOR EACH ROW EXECUTE FUNCTION stamp();
            """)
        let store = try Self.open(database)
        defer { store.close() }
        #expect(throws: StoreError.self) { try store.installNotify(on: ["items", "tags"]) }
        #expect(try store.installNotify(on: ["items"]) == ["items"])
        #expect(throws: StoreError.self) { try store.uninstallNotify(from: ["tags"]) }
        #expect(try store.uninstallNotify(from: []) == ["items"])
        let left = try database.value("SELECT string_agg(tgrelid::regclass::text || ' ' || tgfoid::regproc::text, ', ') "
                                      + "FROM pg_trigger WHERE tgname = 'navsh_notify'")
        #expect(left == "tags stamp", "\(left ?? "none")")
    }

    /// The listener's events until `count` came, or `seconds` passed.
    static func events(of listener: PostgresListener, count: Int, seconds: Double = 5) -> [PostgresListener.Event] {
        var events: [PostgresListener.Event] = []
        let end = Date().addingTimeInterval(seconds)
        while events.count < count && Date() < end {
            events += listener.take()
            Thread.sleep(forTimeInterval: 0.05)
        }
        return events + listener.take()
    }
}

private final class Woken: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    var count: Int {
        get { lock.lock(); defer { lock.unlock() }; return value }
        set { lock.lock(); value = newValue; lock.unlock() }
    }
}

import Foundation
import NavshCore
import NavshPostgres
import NavshTestSupport
import Testing

/// Ctrl-C while the server works: the bridge sends the server's cancel and
/// the read fails as interrupted, long before the statement would end.
@Suite(.enabled(if: PostgresTestServer.runsTests, "needs NAVSH_TEST_POSTGRES_URL (scripts/pg-test-server)"))
struct PostgresCancelTests {
    @Test func aStatementRunningOnTheServerIsCancelledThere() throws {
        try PostgresTestServer.withSchema("""
            CREATE VIEW SCHEMA.slow AS SELECT n, pg_sleep(0.5)::text AS waited FROM generate_series(1, 20) AS n;
            CREATE TABLE SCHEMA.other (id integer PRIMARY KEY)
            """) { url, schema in
            let store = try PostgresStore(target: PostgresTarget(url: url, schema: schema, environment: [:]))
            defer { store.close() }
            let slow = try #require(store.collection(named: "slow"))
            let started = Date()
            store.isCancelled = { Date().timeIntervalSince(started) > 0.3 }
            #expect(throws: StoreError.interrupted) { try store.records(of: slow, offset: 0, limit: 20) }
            #expect(Date().timeIntervalSince(started) < 5, "cancelled on the server, not waited out (10 s)")
            store.isCancelled = { false }
            #expect(try store.count(of: try #require(store.collection(named: "other"))) == 0, "the connection works after")
        }
    }

    /// Ctrl-C during a write in a transaction: the ROLLBACK is sent though
    /// Ctrl-C still stands, so no transaction stays open. Left open, the
    /// next save was said saved and never committed.
    @Test func aWriteInterruptedInATransactionRollsItBackThoughCtrlCStands() throws {
        try PostgresTestServer.withSchema("""
            CREATE TABLE SCHEMA.items (id integer PRIMARY KEY, v text);
            INSERT INTO SCHEMA.items VALUES (1, 'a'), (2, 'b');
            CREATE FUNCTION SCHEMA.slow() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN IF NEW.v = 'slow' THEN PERFORM pg_sleep(5); END IF; RETURN NEW; END $$;
            CREATE TRIGGER slow BEFORE UPDATE ON SCHEMA.items FOR EACH ROW EXECUTE FUNCTION SCHEMA.slow()
            """) { url, schema in
            let store = try PostgresStore(target: PostgresTarget(url: url, schema: schema, environment: [:]))
            defer { store.close() }
            let items = try #require(store.collection(named: "items"))
            let rows = try store.records(of: items, offset: 0, limit: 2)
            let started = Date()
            store.isCancelled = { Date().timeIntervalSince(started) > 0.3 }
            #expect(throws: StoreError.interrupted) {
                try store.atomically(deferringReferences: false) {
                    try store.update(rows[0].id, in: items, changes: ["v": .text("quick")], expecting: rows[0].values)
                    try store.update(rows[1].id, in: items, changes: ["v": .text("slow")], expecting: rows[1].values)
                }
        }
        #expect(Date().timeIntervalSince(started) < 4, "cancelled on the server")
        store.isCancelled = { false }
        _ = try store.update(rows[1].id, in: items, changes: ["v": .text("saved")], expecting: rows[1].values)
        let other = try PostgresStore(target: PostgresTarget(url: url, schema: schema, environment: [:]))
        defer { other.close() }
        let seen = try other.records(of: try #require(other.collection(named: "items")), offset: 0, limit: 2).map { $0["v"] }
        #expect(seen == [.text("a"), .text("saved")], "the first write rolled back, the next one committed where others see it")
        }
    }

    /// A trial's find: a save waiting for a row another session locked
    /// said nothing and waited for ever, where SQLite gives up after
    /// `StoreError.lockWaitLimit` and says the store is locked.
    @Test func aRowLockedElsewhereIsWaitedForAsSQLiteWaits() throws {
        try PostgresTestServer.withSchema("CREATE TABLE SCHEMA.items (id integer PRIMARY KEY, v text); INSERT INTO SCHEMA.items VALUES (1, 'a')") { url, schema in
            let store = try PostgresStore(target: PostgresTarget(url: url, schema: schema, environment: [:]))
            defer { store.close() }
            let items = try #require(store.collection(named: "items"))
            let row = try #require(try store.records(of: items, offset: 0, limit: 1).first)
            let other = try PostgresStore(target: PostgresTarget(url: url, schema: schema, environment: [:]))
            defer { other.close() }
            try other.execute("BEGIN; SELECT 1 FROM items WHERE id = 1 FOR UPDATE")
            let started = Date()
            // Without a limit the wait ends here, as Ctrl-C would end it.
            store.isCancelled = { Date().timeIntervalSince(started) > StoreError.lockWaitLimit + 5 }
            #expect(throws: StoreError.rowsLocked) {
                try store.update(row.id, in: items, changes: ["v": .text("b")], expecting: row.values)
            }
            store.isCancelled = { false }
            let waited = Date().timeIntervalSince(started)
            #expect(waited > StoreError.lockWaitLimit - 1 && waited < StoreError.lockWaitLimit + 3, "\(waited) s")
            try other.execute("ROLLBACK")
            #expect(try store.records(of: items, offset: 0, limit: 1).first?["v"] == .text("a"))
        }
    }
}

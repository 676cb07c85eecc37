import Foundation
import NavshCore
import NavshPostgres
import NavshTestSupport
import Testing

/// Reads with a time budget end on time on a server too: the statement is
/// cancelled there when the budget runs out.
@Suite(.enabled(if: PostgresTestServer.runsTests, "needs NAVSH_TEST_POSTGRES_URL (scripts/pg-test-server)"))
struct PostgresReadBudgetTests {
    /// The trial's find: the list of collections counted a view that takes
    /// 20 s to read (2,000 rows of pg_sleep), with no prompt meanwhile. The
    /// count gives up at its budget (the list then shows no count), and the
    /// connection goes on working.
    @Test func aCountPastItsBudgetIsCancelledAndTheConnectionGoesOn() throws {
        let database = try PostgresTestDatabase(schema: "slow", sql: """
            CREATE TABLE items (id integer PRIMARY KEY, name text);
            INSERT INTO items VALUES (1, 'Kite');
            CREATE VIEW crawl AS SELECT g AS id, pg_sleep(0.01)::text AS s FROM generate_series(1, 2000) g;
            """)
        let store = try PostgresStore(target: PostgresTarget(url: database.url, schema: "slow", environment: [:]))
        defer { store.close() }
        let crawl = try #require(store.collection(named: "crawl"))
        let started = Date()
        #expect(try store.count(of: crawl, within: .listCount) == nil)
        // What this guards against is the view's twenty seconds, not a speed.
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(store.connectionsLost == 0, "cancelled, not given up")
        #expect(try store.count(of: try #require(store.collection(named: "items")), within: .listCount) == 1)
        let session = Session(store: store, mode: .script)
        let listed = session.execute("show")
        #expect(listed.error == nil, "\(listed.error?.message ?? "")")
        #expect(listed.output.contains("crawl"), "\(listed.output)")
    }
}

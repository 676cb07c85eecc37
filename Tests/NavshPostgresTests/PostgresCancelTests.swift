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
        let url = try #require(PostgresTestServer.url)
        let schema = PostgresTestServer.freshSchemaName()
        let setup = try PostgresStore(target: PostgresTarget(url: url, environment: [:]))
        defer {
            try? setup.execute("DROP SCHEMA \(schema) CASCADE")
            setup.close()
        }
        try setup.execute("""
            CREATE SCHEMA \(schema);
            CREATE VIEW \(schema).slow AS SELECT n, pg_sleep(0.5)::text AS waited FROM generate_series(1, 20) AS n;
            CREATE TABLE \(schema).other (id integer PRIMARY KEY)
            """)
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

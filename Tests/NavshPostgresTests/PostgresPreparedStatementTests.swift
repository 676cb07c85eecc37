import Foundation
import NavshCore
@testable import NavshPostgres
import NavshTestSupport
import Testing

/// Statements prepared on the connection (`PreparedStatements`): made the
/// second time a text runs, forgotten with their connection, and never the
/// reason a statement fails.
struct PreparedStatementTextTests {
    @Test func onlyTextsWhosePlaceholdersNameTextArePrepared() {
        #expect(PreparedStatements.placeholdersAreText("SELECT 1"))
        #expect(PreparedStatements.placeholdersAreText("SELECT a FROM t WHERE a = CAST($1::text AS integer) LIMIT $12::text::bigint"))
        #expect(PreparedStatements.placeholdersAreText("SELECT '$' || a FROM t"), "a dollar sign that is no placeholder")
        #expect(!PreparedStatements.placeholdersAreText("SELECT a FROM t WHERE a = CAST($1 AS regclass)"))
        #expect(!PreparedStatements.placeholdersAreText("SELECT a FROM t WHERE a = $1::text AND b = $2"))
        #expect(!PreparedStatements.placeholdersAreText("SELECT a FROM t WHERE a = $10::int"))
    }

    @Test func aTextIsPreparedTheSecondTimeItIsAskedAbout() {
        var statements = PreparedStatements()
        let answers = ["SELECT $1::text", "SELECT $1::text", "SELECT $1", "SELECT $1"].map { statements.shouldPrepare($0) }
        #expect(answers == [false, true, false, false], "typed: the second time; untyped: never")
    }
}

@Suite(.enabled(if: PostgresTestServer.runsTests, "needs NAVSH_TEST_POSTGRES_URL (scripts/pg-test-server)"))
struct PostgresPreparedStatementTests {
    /// A table altered by another process after a statement on it was
    /// prepared: the server refuses the old plan ("cached plan must not
    /// change result type"); the bridge forgets it and runs the text unprepared.
    @Test func aStatementWhoseTableChangedTypeRunsAgainUnprepared() throws {
        let url = try #require(PostgresTestServer.url)
        let schema = PostgresTestServer.freshSchemaName()
        let other = PostgresBridge(target: try PostgresTarget(url: url, environment: [:]))
        defer {
            _ = try? other.execute("DROP SCHEMA \(schema) CASCADE")
            other.close()
        }
        try other.script("CREATE SCHEMA \(schema); CREATE TABLE \(schema).t (id integer PRIMARY KEY, v integer); INSERT INTO \(schema).t VALUES (1, 7)")
        let bridge = PostgresBridge(target: try PostgresTarget(url: url, environment: [:]))
        defer { bridge.close() }
        // `v` uncast: its type is the result's (an integer comes back in
        // binary, four bytes, which is why navsh's own statements cast to text).
        let sql = "SELECT v FROM \(schema).t WHERE id = CAST($1::text AS integer)"
        // The first run connects, the second marks the text, the third prepares it.
        for _ in 0..<3 { #expect(try bridge.rows(sql, ["1"]).count == 1) }
        #expect(bridge.preparedCount == 1)
        try other.execute("ALTER TABLE \(schema).t ALTER COLUMN v TYPE text")
        #expect(try bridge.rows(sql, ["1"]) == [["7"]])
        #expect(bridge.preparedCount == 0, "forgotten")
    }

    /// A batch's UPDATE is planned for the arrays it is given each time it
    /// runs. Prepared, the server came to a generic plan after five runs,
    /// a nested loop that took two minutes for 100,000 rows of a real.
    @Test func aBatchsStatementsAreNeverPrepared() throws {
        try PostgresTestServer.withSchema("""
            CREATE TABLE SCHEMA.t (id integer PRIMARY KEY, name text, price real);
            INSERT INTO SCHEMA.t SELECT i, 'row ' || i, 1.5 FROM generate_series(1, 3) AS i
            """) { url, schema in try pricesSetThreeTimes(url, schema) }
    }

    func pricesSetThreeTimes(_ url: String, _ schema: String) throws {
        let store = try PostgresStore(target: PostgresTarget(url: url, schema: schema, environment: [:]))
        defer { store.close() }
        let table = try #require(store.collection(named: "t"))
        // The same batch's text three times, each setting the price the last one left.
        for (was, now) in [(1.5, 2.5), (2.5, 3.5), (3.5, 4.5)] {
            let rows = try store.records(of: table, offset: 0, limit: 10)
            let batch = BatchWrite(ids: rows.map(\.id), checked: ["price"], held: [rows.map { _ in .real(was) }],
                                    assigned: ["price"], values: rows.map { _ in [.real(now)] }, list: table)
            let outcome = try store.atomically { try store.writeBatch(batch, in: table) }
            guard case .written? = outcome else {
                Issue.record("not written as a set: \(String(describing: outcome))")
                return
            }
        }
        #expect(store.bridge.preparedCount > 0, "the reads between were prepared")
        #expect(!store.bridge.preparedTexts.contains { $0.contains("unnest(") }, "\(store.bridge.preparedTexts)")
    }

    /// `open #KEY` reads one row by a statement the server plans once. With
    /// an OFFSET of 0 sent as a parameter, the server planned it again at
    /// every run: a third of its work in an edit.
    @Test func aLookUpByKeyReusesTheServersPlan() throws {
        try PostgresTestServer.withSchema("""
            CREATE TABLE SCHEMA.t (id integer PRIMARY KEY, name text);
            INSERT INTO SCHEMA.t SELECT i, 'row ' || i FROM generate_series(1, 20) AS i
            """) { url, schema in
            let store = try PostgresStore(target: PostgresTarget(url: url, schema: schema, environment: [:]))
            defer { store.close() }
            let table = try #require(store.collection(named: "t"))
            for key in 1...10 { #expect(try store.record(of: table, .key([.integer(Int64(key))]))?["name"] == .text("row \(key)")) }
            let plans = try store.bridge.rows("SELECT generic_plans::text, custom_plans::text FROM pg_prepared_statements "
                                              + "WHERE statement LIKE '%WHERE (\"id\" = %'")
            #expect(plans.count == 1, "the look-up was prepared once: \(plans)")
            #expect(plans.first?.first.flatMap { $0 }.flatMap { Int($0) } ?? 0 > 0, "custom plans only: \(plans)")
        }
    }

    /// Prepared statements live on one connection: after the server drops
    /// it, the new connection prepares its own (the old names are unknown there).
    @Test func statementsArePreparedAgainOnANewConnection() throws {
        let url = try #require(PostgresTestServer.url)
        let bridge = PostgresBridge(target: try PostgresTarget(url: url, environment: [:]))
        defer { bridge.close() }
        let killer = PostgresBridge(target: try PostgresTarget(url: url, environment: [:]))
        defer { killer.close() }
        let sql = "SELECT (CAST($1::text AS integer) + 1)::text"
        let pid = try #require(try bridge.rows("SELECT pg_backend_pid()::text").first?.first ?? nil)
        for _ in 0..<2 { #expect(try bridge.rows(sql, ["1"]) == [["2"]]) }
        #expect(bridge.preparedCount == 1)
        try killer.execute("SELECT pg_terminate_backend(CAST($1::text AS integer))", [pid])
        // The statement that meets the dropped connection fails as lost (as any
        // would); the ones after it run on a new connection.
        // A statement sent on the closed connection would wait forever: each
        // is given ten seconds.
        for _ in 0..<20 where (try? answer(within: 10) { try bridge.rows(sql, ["1"]) }) == nil {}
        #expect(try answer(within: 10) { try bridge.rows(sql, ["2"]) } == [["3"]])
        #expect(try answer(within: 10) { try bridge.rows(sql, ["3"]) } == [["4"]])
        #expect(bridge.preparedCount == 1)
    }
}

/// `body`'s result, run on this thread, where the bridge's connection
/// lives (`DirectTransport`): a wait that never ends stops the test process
/// with a message instead of hanging the suite.
private func answer<T>(within seconds: Double, _ body: () throws -> T) throws -> T? {
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
        guard done.wait(timeout: .now() + seconds) == .timedOut else { return }
        fatalError("PostgresPreparedStatementTests: no answer within \(seconds) s; the test process stops rather than hang")
    }
    defer { done.signal() }
    return try body()
}

import Foundation
import NavshCore
import NavshPostgres
import NavshTestSupport
import Testing

/// A server whose answers never arrive (a proxy swallowing them, a
/// half-open connection): after Ctrl-C's cancel, a bounded grace or a
/// second Ctrl-C gives the connection up, and a save whose answer was lost
/// so is reported as the re-check on a new connection finds it, never as
/// done. Connecting is bounded too.
@Suite(.enabled(if: PostgresTestServer.runsTests, "needs NAVSH_TEST_POSTGRES_URL (scripts/pg-test-server)"))
struct PostgresUnansweredTests {
    /// A schema with one row, a proxy in front of the server, and a store through it.
    final class Fixture {
        let url: String
        let schema = PostgresTestServer.freshSchemaName()
        let setup: PostgresStore
        let proxy: SwallowingProxy
        let store: PostgresStore
        let items: CollectionSchema
        let row: Record

        init() throws {
            url = try #require(PostgresTestServer.url)
            setup = try PostgresStore(target: PostgresTarget(url: url, environment: [:]))
            try setup.execute("""
                CREATE SCHEMA \(schema);
                CREATE TABLE \(schema).items (id integer PRIMARY KEY, name text NOT NULL);
                INSERT INTO \(schema).items VALUES (1, 'Kettle')
                """)
            let components = try #require(URLComponents(string: url))
            proxy = try SwallowingProxy(host: try #require(components.host), port: try #require(components.port))
            store = try PostgresStore(target: PostgresTarget(url: try proxy.url(url), schema: schema, environment: [:]),
                                      connectTimeout: 2)
            items = try #require(store.collection(named: "items"))
            row = try #require(try store.records(of: items, offset: 0, limit: 1).first)
        }

        deinit {
            store.close()
            try? setup.execute("DROP SCHEMA \(schema) CASCADE")
            setup.close()
        }

        /// Row 1's name as a new connection, straight to the server, reads it.
        func name() throws -> Value? {
            let reader = try PostgresStore(target: PostgresTarget(url: url, schema: schema, environment: [:]))
            defer { reader.close() }
            return try reader.record(of: try #require(reader.collection(named: "items")), id: row.id)?["name"]
        }
    }

    /// Runs `body` on this thread, giving it `seconds`: a wait that never
    /// ends stops the test process with a message instead of hanging the
    /// suite. The store stays on the thread that made it: its connection's
    /// handlers run on that thread (`DirectTransport`), and NIO says so when
    /// another thread uses them.
    static func within<T>(_ seconds: Double, _ body: () throws -> T) -> Result<T, any Error>? {
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            guard done.wait(timeout: .now() + seconds) == .timedOut else { return }
            fatalError("PostgresUnansweredTests: no answer within \(seconds) s; the test process stops rather than hang")
        }
        defer { done.signal() }
        return Result { try body() }
    }

    /// The row locked elsewhere, so the UPDATE waits on the server; the
    /// proxy then swallows the store's answers. Ctrl-C sends the cancel
    /// (which works: the UPDATE stops), but its error never comes back; a
    /// second Ctrl-C gives the connection up at once (the grace is long),
    /// and the re-check on a new connection finds the row as it was.
    @Test func aSecondInterruptGivesUpAnUnansweredSaveWhichWroteNothing() throws {
        let f = try Fixture()
        try f.setup.execute("BEGIN; SELECT 1 FROM \(f.schema).items WHERE id = 1 FOR UPDATE")
        try f.proxy.swallowOpenConnections()
        f.store.cancelGrace = 60
        let started = Date()
        f.store.isCancelled = { Date().timeIntervalSince(started) > 0.3 }
        f.store.isCancelledAgain = { Date().timeIntervalSince(started) > 1.5 }
        let (store, items, row) = (f.store, f.items, f.row)
        let outcome = Self.within(20) {
            try store.update(row.id, in: items, changes: ["name": .text("Whistling kettle")], expecting: row.values)
        }
        try f.setup.execute("COMMIT")
        let result = try #require(outcome, "the save came back (waited 20 s)")
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(throws: StoreError.connectionLost(
            "the server did not answer, even to the cancel, so navsh closed the connection while saving; nothing was written; save again; reconnected")) {
            try result.get()
        }
        #expect(f.store.connectionsLost == 1)
        #expect(try f.name() == .text("Kettle"))
        f.store.isCancelled = { false }
        #expect(try f.store.count(of: f.items) == 1, "the store works again on a new connection")
    }

    /// Nothing comes back at all, not even to new connections: the
    /// UPDATE commits on the server, its answer is swallowed, the cancel
    /// cannot connect, and after the grace the connection is given up. The
    /// re-check cannot connect either, so the save is reported as not
    /// known to be written: never as done.
    @Test func anUnansweredSaveThatCannotBeCheckedIsNotReportedDone() throws {
        let f = try Fixture()
        let session = Session(store: f.store, mode: .script)
        #expect(session.execute("open items").error == nil)
        try f.proxy.swallowEverything()
        f.store.cancelGrace = 1
        let started = Date()
        f.store.isCancelled = { Date().timeIntervalSince(started) > 0.3 }
        let (store, items, row) = (f.store, f.items, f.row)
        let outcome = Self.within(30) {
            try store.update(row.id, in: items, changes: ["name": .text("Whistling kettle")], expecting: row.values)
        }
        let result = try #require(outcome, "the save came back (waited 30 s)")
        #expect(Date().timeIntervalSince(started) < 15)
        #expect(throws: StoreError.connectionLost("the server did not answer, even to the cancel, so navsh closed the connection"
            + " while saving; whether it was written is not known (the server cannot be asked now); reload to see;"
            + " navsh connects again at the next command")) {
            try result.get()
        }
        #expect(f.store.connectionsLost == 1)
        #expect(try f.name() == .text("Whistling kettle"), "it did commit: the user was told it is not known, not that it failed")
        // Not connected again yet (nothing answers): the session does not say "reconnected".
        #expect(!f.store.isConnected)
        f.store.isCancelled = { false }
        let next = session.execute("count")
        #expect(next.notice == "the connection to the server was lost; navsh connects again at the next command\n")
    }

    /// A server that never answers the startup: opening fails within the
    /// timeout, naming the target and never its password.
    @Test func connectingToAServerThatNeverAnswersTimesOut() throws {
        let url = try #require(PostgresTestServer.url)
        let components = try #require(URLComponents(string: url))
        let proxy = try SwallowingProxy(host: try #require(components.host), port: try #require(components.port))
        try proxy.swallowEverything()
        let target = try PostgresTarget(url: try proxy.url(url), environment: [:])
        let started = Date()
        let outcome = Self.within(30) { _ = try PostgresStore(target: target, connectTimeout: 1) }
        let result = try #require(outcome, "opening came back (waited 30 s)")
        #expect(Date().timeIntervalSince(started) < 10)
        do {
            try result.get()
            Issue.record("opened a server that never answered")
        } catch {
            let text = String(describing: error)
            #expect(text == "cannot connect to \(target): the connection timed out", "\(text)")
            #expect(!text.contains(try #require(components.password)))
        }
    }
}

import Foundation
import NavshCore
import PostgresNIO

/// The synchronous bridge the Store protocol's doc describes: one event loop
/// thread and one connection; each statement is started on that loop and the
/// calling (main) thread waits on a semaphore for its result, asking
/// `isCancelled` every 20 ms and sending the server's cancel request when it
/// turns true. Outside a transaction every statement commits on its own, so
/// nothing is held open while a person thinks.
///
/// A connection the server dropped (a restart, the network, a terminated
/// backend) is reported once and opened again by the next statement; inside
/// a transaction that is an error, since the transaction is gone with it.
final class PostgresBridge {
    let target: PostgresTarget
    /// One event-loop thread; `--listen`'s connection (`PostgresListener`) runs on it too.
    let group: MultiThreadedEventLoopGroup
    private var connection: PostgresConnection?
    private let logger = Logger(label: "navsh.postgres")
    /// The server process serving `connection` (for the cancel request).
    private(set) var backendPID: String?
    /// Asked while a statement runs; true sends the cancel request.
    var isCancelled: () -> Bool = { false }
    /// Statements run on each new connection before any other (search path, time zone).
    var setup: [String] = []
    /// True while a transaction is open on the connection (BEGIN sent, not
    /// yet ended by the store, which sets it false then).
    var inTransaction = false {
        didSet { if !inTransaction { transactionLost = false } }
    }
    /// The connection went while a transaction was open: every statement
    /// fails until the store ends that transaction, so nothing after it can
    /// run (or COMMIT) on a new connection as if the earlier writes held.
    private(set) var transactionLost = false
    /// Set when a connection was lost, until a new one is made: the session
    /// then re-reads what it shows.
    private(set) var reconnections = 0
    /// Statements sent, each a round trip to the server (postgres-nio sends
    /// one only after the last one's answer): what a command costs in
    /// latency, counted so tests can hold it down.
    private(set) var roundTrips = 0

    /// What a statement on a dropped connection fails with.
    static let lostConnection = "the connection to the server was lost"
    /// … and what every statement fails with after it, until the transaction is ended.
    static let lostTransaction = "the connection to the server was lost; the open transaction was rolled back, nothing of it was written"

    init(target: PostgresTarget) {
        self.target = target
        group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    }

    deinit {
        if let connection { try? connection.close().wait() }
        try? group.syncShutdownGracefully()
    }

    /// Rows of a statement, every cell as text (the SQL casts each column to
    /// `text`, so the bytes are UTF-8 whatever the format) or nil for NULL.
    func rows(_ sql: String, _ parameters: [String?] = []) throws -> [[String?]] {
        try run(sql, parameters).rows.map { row in
            row.map { cell in cell.bytes.map { String(decoding: $0.readableBytesView, as: UTF8.self) } }
        }
    }

    /// Runs a statement; returns how many rows it changed (its command tag).
    @discardableResult
    func execute(_ sql: String, _ parameters: [String?] = []) throws -> Int {
        try run(sql, parameters).metadata.rows ?? 0
    }

    /// Runs several statements separated by `;`, one after another:
    /// schemas and seed data, never values from a person.
    func script(_ sql: String) throws {
        for statement in StatementSplitter.split(sql) { try execute(statement) }
    }

    private func run(_ sql: String, _ parameters: [String?]) throws -> PostgresQueryResult {
        // Stopped before it starts: nothing is sent.
        if isCancelled() { throw StoreError.interrupted }
        if transactionLost { throw StoreError.other(Self.lostTransaction) }
        let connection = try connected()
        roundTrips += 1
        return try wait(for: start(sql, parameters, on: connection), on: connection)
    }

    private func start(_ sql: String, _ parameters: [String?], on connection: PostgresConnection)
        -> EventLoopFuture<PostgresQueryResult> {
        var binds = PostgresBindings(capacity: parameters.count)
        for parameter in parameters {
            if let parameter { binds.append(parameter) } else { binds.appendNull() }
        }
        return connection.query(PostgresQuery(unsafeSQL: sql, binds: binds), logger: logger)
    }

    /// Waits for a statement's answer, asking `isCancelled` meanwhile.
    private func wait(for future: EventLoopFuture<PostgresQueryResult>, on connection: PostgresConnection) throws
        -> PostgresQueryResult {
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        future.whenComplete { result in
            outcome.set(result)
            done.signal()
        }
        var cancelSent = false
        while done.wait(timeout: .now() + .milliseconds(20)) == .timedOut {
            if !cancelSent, isCancelled() {
                cancelSent = true
                cancelRunningStatement()
            }
        }
        switch outcome.get() {
        case .success(let result):
            if cancelSent { throw StoreError.interrupted }
            return result
        case .failure(let error):
            if connection.isClosed || PostgresErrorText.isConnectionLoss(error) {
                lost()
                throw StoreError.other(transactionLost ? Self.lostTransaction : Self.lostConnection)
            }
            // The cancel this bridge sent (Ctrl-C); a statement the server
            // stopped on its own (statement_timeout) fails in its words.
            if cancelSent { throw StoreError.interrupted }
            // A constraint's refusal goes to the write, which names its fields;
            // anything else is said in the core's terms here.
            if let state = (error as? PSQLError)?.serverInfo?[.sqlState], state.hasPrefix("23") { throw error }
            throw PostgresErrorText.translate(error, table: nil)
        case nil: throw StoreError.other("the statement ended without a result")
        }
    }

    /// The open connection, or a new one when there is none (at the first
    /// statement, or after the server dropped the last one).
    private func connected() throws -> PostgresConnection {
        if let connection, !connection.isClosed { return connection }
        if connection != nil {
            lost()
            if transactionLost { throw StoreError.other(Self.lostTransaction) }
        }
        let fresh: PostgresConnection
        do {
            fresh = try PostgresConnection.connect(on: group.next(), configuration: try configuration(),
                                                   id: 1, logger: logger).wait()
        } catch {
            throw StoreError.other("cannot connect to \(target): \(PostgresErrorText.reason(error))")
        }
        connection = fresh
        for statement in setup { _ = try fresh.query(PostgresQuery(unsafeSQL: statement), logger: logger).wait() }
        backendPID = try rows("SELECT pg_backend_pid()::text").first?.first ?? nil
        return fresh
    }

    /// Forgets a connection the server closed.
    private func lost() {
        if let connection { try? connection.close().wait() }
        connection = nil
        backendPID = nil
        reconnections += 1
        if inTransaction { transactionLost = true }
    }

    /// Closes the connection (the store is done with).
    func close() {
        if let connection { try? connection.close().wait() }
        connection = nil
    }

    /// Sends the server's cancel for the statement running now, from a
    /// second, short-lived connection (`pg_cancel_backend` needs no secret
    /// key from the protocol, only the same role).
    private func cancelRunningStatement() {
        guard let backendPID else { return }
        do {
            let other = try PostgresConnection.connect(on: group.next(), configuration: try configuration(),
                                                       id: 2, logger: logger).wait()
            var binds = PostgresBindings()
            binds.append(backendPID)
            _ = try? other.query(PostgresQuery(unsafeSQL: "SELECT pg_cancel_backend(CAST($1 AS integer))::text",
                                               binds: binds), logger: logger).wait()
            try? other.close().wait()
        } catch {
            // Without the cancel the statement runs to its end; nothing else to do.
        }
    }

    /// libpq's choices as postgres-nio's configuration: a socket directory
    /// for a host starting with `/`, else TCP with TLS as `sslmode` says.
    func configuration() throws -> PostgresConnection.Configuration {
        var configuration: PostgresConnection.Configuration
        if target.host.hasPrefix("/") {
            configuration = PostgresConnection.Configuration(
                unixSocketPath: target.host + "/.s.PGSQL.\(target.port)", username: target.user,
                password: target.password, database: target.database)
        } else {
            configuration = PostgresConnection.Configuration(
                host: target.host, port: target.port, username: target.user, password: target.password,
                database: target.database, tls: try tls())
        }
        configuration.options.additionalStartupParameters = [("application_name", "navsh")]
        return configuration
    }

    private func tls() throws -> PostgresConnection.Configuration.TLS {
        var client = TLSConfiguration.makeClientConfiguration()
        switch target.sslMode {
        case .disable: return .disable
        case .allow, .prefer:
            client.certificateVerification = .none
            return .prefer(try NIOSSLContext(configuration: client))
        case .require:
            client.certificateVerification = .none
            return .require(try NIOSSLContext(configuration: client))
        case .verifyCA:
            client.certificateVerification = .noHostnameVerification
            return .require(try NIOSSLContext(configuration: client))
        case .verifyFull:
            client.certificateVerification = .fullVerification
            return .require(try NIOSSLContext(configuration: client))
        }
    }
}

/// A statement's result handed from the event loop's thread to the waiting one.
private final class Outcome: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<PostgresQueryResult, any Error>?

    func set(_ value: Result<PostgresQueryResult, any Error>) {
        lock.lock()
        result = value
        lock.unlock()
    }

    func get() -> Result<PostgresQueryResult, any Error>? {
        lock.lock()
        defer { lock.unlock() }
        return result
    }
}

import Foundation
import NavshCore
import PostgresNIO

/// The synchronous bridge the Store protocol's doc describes: one
/// connection, whose postgres-nio handlers run on the calling (main) thread
/// over a socket it moves itself (`DirectTransport`), asking `isCancelled`
/// every 20 ms while it waits and sending the server's cancel request when
/// it turns true. (A verify-full connection, whose host name check needs
/// postgres-nio's own connect, runs on the event loop thread instead and is
/// waited for on a semaphore; so do the cancel request and `--listen`.)
/// Outside a transaction every statement commits on its own, so nothing is
/// held open while a person thinks.
///
/// A connection the server dropped (a restart, the network, a terminated
/// backend) is reported once and opened again by the next statement; inside
/// a transaction that is an error, since the transaction is gone with it.
///
/// No wait is unbounded once the user wants out: a connection is made
/// within `connectTimeout`, and a statement whose cancel brought nothing
/// back within `cancelGrace` (or on a second Ctrl-C) has its connection
/// closed and counted lost, as if the server had dropped it: a half-open
/// connection or a proxy that swallows answers never holds the prompt.
final class PostgresBridge {
    typealias Endpoint = PostgresTarget.Endpoint
    typealias SessionAttributes = PostgresTarget.SessionAttributes
    typealias Server = PostgresServer
    let target: PostgresTarget
    /// The server the connection reached last, as it said then.
    var server: Server?
    /// The one before it: where a lost connection was.
    var lastServer: Server?
    /// How many connections this bridge made: `server` changes only then.
    var connects = 0

    /// Where a lost connection came back, when that is another server:
    /// `; now on db2:5432 (promoted)`; empty when it is the same.
    var newPlace: String {
        guard let server, let lastServer, server.endpoint != lastServer.endpoint else { return "" }
        return "; now on \(server.endpoint)" + (server.history != lastServer.history ? " (promoted)" : "")
    }
    /// Its endpoint, for the `--listen` thread.
    let place = Locked<Endpoint?>(nil)
    /// How many times a new connection found the server's history moved
    /// on (a promoted standby, another system): each time, transaction
    /// ids read before are no check of a row's version.
    var historyChanges = 0
    /// A wait for a cluster's primary ended with none: until a connection is
    /// made again, statements fail at once rather than each waiting.
    var waitedInVain = false
    /// True while a statement that writes outside a transaction runs: it is never sent twice.
    var writesOnce = false
    /// Told when that happens, before the statement that connected runs.
    var onNewHistory: () -> Void = {}
    /// One event-loop thread: the cancel request's connection, a verify-full
    /// connection, and `--listen`'s (`PostgresListener`).
    let group: MultiThreadedEventLoopGroup
    // The connection's state below is set only by this file and
    // `PostgresBridge+Connection` (how the connection is made and lost).
    var connection: PostgresConnection?
    /// The socket under `connection`, moved by this thread (`DirectTransport`);
    /// nil for a connection postgres-nio made on the event loop (verify-full).
    var transport: DirectTransport?
    let logger = Logger(label: "navsh.postgres")
    /// The server process serving `connection` (for the cancel request).
    var backendPID: String?
    /// The server process of the connection lost last (pid, start), until `endLostBackend`.
    var lostBackend: (pid: String, start: String)?
    /// When the server process serving `connection` started (seconds since 1970, as text).
    var backendStart: String?
    /// Asked while a statement runs; true sends the cancel request.
    var isCancelled: () -> Bool = { false }
    /// Asked once the cancel was sent: true (Ctrl-C again) stops waiting for its effect.
    var isCancelledAgain: () -> Bool = { false }
    /// How long the cancel's effect (the statement's end) may take before
    /// the connection is given up: a server that got the cancel answers in
    /// milliseconds. Tests shorten it.
    var cancelGrace: TimeInterval = 5
    /// How long making a connection may take, its login included (postgres-nio's `connectTimeout`).
    var connectTimeout: TimeInterval = 10
    /// True while `rechecking`: no cancel, no Ctrl-C, each statement bounded by `cancelGrace`.
    private(set) var checking = false
    /// While `within` runs: when its statements must have ended; past it
    /// the running one is cancelled on the server, as on Ctrl-C.
    private var deadline: Date?
    /// The deadline stopped a statement of the last `within`.
    private var deadlinePassed = false
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
    var transactionLost = false
    /// Set when a connection was lost, until a new one is made: the session
    /// then re-reads what it shows.
    var reconnections = 0
    /// Statements sent, each a round trip to the server (postgres-nio sends
    /// one only after the last one's answer): what a command costs in
    /// latency, counted so tests can hold it down.
    private(set) var roundTrips = 0
    /// Statements that return rows, prepared on the connection the second
    /// time their text is run (`PreparedStatements`).
    private var prepared = PreparedStatements()
    var preparedCount: Int { prepared.count }
    var preparedTexts: [String] { prepared.texts }

    /// What a statement on a dropped connection fails with.
    static let lostConnection = "the connection to the server was lost"
    /// … on a connection this bridge closed because nothing came back, not even the cancel's effect.
    static let abandoned = "the server did not answer, even to the cancel, so navsh closed the connection"
    /// … and what every statement fails with after it, until the transaction is ended.
    static let lostTransaction = "the connection to the server was lost; the open transaction was rolled back, nothing of it was written"
    /// How a connection went.
    enum Loss {
        /// The server or the network closed it.
        case dropped
        /// This bridge gave it up: nothing came back, not even the cancel's effect.
        case abandoned

        var text: String { self == .dropped ? PostgresBridge.lostConnection : PostgresBridge.abandoned }
    }
    /// How the last connection went.
    var loss = Loss.dropped

    /// A connection is open now (a lost one was made again, or none was lost).
    var isConnected: Bool { connection.map { !$0.isClosed } ?? false }

    /// What a statement that the connection's loss took with it fails with:
    /// why, and that the next statement connects again (inside a
    /// transaction, that the transaction is gone).
    var lostStatement: StoreError {
        if transactionLost {
            return .connectionLost(loss == .abandoned
                ? Self.abandoned + "; the open transaction was rolled back, nothing of it was written" : Self.lostTransaction)
        }
        return .connectionLost(loss.text + "; navsh connects again at the next command")
    }

    init(target: PostgresTarget) {
        self.target = target
        group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    }

    deinit {
        close()
        try? group.syncShutdownGracefully()
    }

    /// Rows of a statement, every cell as text (the SQL casts each column to
    /// `text`, so the bytes are UTF-8 whatever the format) or nil for NULL.
    ///
    /// A read whose connection the server or the network dropped, outside
    /// a transaction, is asked once more on a new one (a cluster's new
    /// primary): reads change nothing. Not a statement that writes
    /// (`writesOnce`), nor a re-check, nor one Ctrl-C gave up.
    ///
    /// `preparing` false keeps a text from being prepared however often it
    /// runs: a batch's statement, whose plan must fit the arrays it is given.
    /// Prepared, the server came to a generic plan after five runs, a nested
    /// loop that took two minutes for 100,000 rows.
    func rows(_ sql: String, _ parameters: [String?] = [], preparing: Bool = true) throws -> [[String?]] {
        do {
            return try rowsOnce(sql, parameters, preparing: preparing)
        } catch StoreError.connectionLost where !inTransaction && !checking && !writesOnce && loss == .dropped {
            return try rowsOnce(sql, parameters, preparing: preparing)
        }
    }

    private func rowsOnce(_ sql: String, _ parameters: [String?], preparing: Bool) throws -> [[String?]] {
        let rows: [PostgresRow]
        if preparing, let connection, let statement = try preparedStatement(for: sql, on: connection) {
            rows = try runPrepared(statement, on: connection, sql, parameters)
        } else {
            rows = try run(sql, parameters).rows
        }
        return rows.map { row in
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

    /// Runs `body` (the lost-answer check after a save's connection went)
    /// whatever Ctrl-C asked, since its answer decides what the user is
    /// told; bounded instead: each connection by `connectTimeout`, each
    /// statement by `cancelGrace`.
    func rechecking<T>(_ body: () throws -> T) rethrows -> T {
        checking = true
        defer { checking = false }
        return try body()
    }

    /// Sends a statement that ends a transaction or steps back in one,
    /// whatever Ctrl-C asked, bounded by `cancelGrace`. Stopped before it was
    /// sent, a ROLLBACK left the transaction open, and each later save said
    /// saved in it was never committed. One that fails gives the connection
    /// up, which ends the transaction on the server.
    func rollBack(_ sql: String = "ROLLBACK") {
        do {
            _ = try rechecking { try execute(sql) }
        } catch {
            if connection != nil { lost(.abandoned) }
        }
    }

    /// Runs `body` (reads: never inside a transaction, which a cancel
    /// would abort) with its statements cancelled on the server `seconds`
    /// from now; nil when that stopped one. A count at the list of
    /// collections waited twenty seconds on a slow view.
    func within<T>(seconds: Double, _ body: () throws -> T) throws -> T? {
        guard !inTransaction else { return try body() }
        deadline = Date().addingTimeInterval(seconds)
        deadlinePassed = false
        defer { deadline = nil }
        do {
            return try body()
        } catch StoreError.interrupted where deadlinePassed {
            return nil
        }
    }

    /// Past `deadline`: said once, by setting `deadlinePassed`.
    private func pastDeadline() -> Bool {
        guard let deadline, Date() >= deadline else { return false }
        deadlinePassed = true
        return true
    }

    private func run(_ sql: String, _ parameters: [String?]) throws -> PostgresQueryResult {
        // Stopped before it starts: nothing is sent.
        if !checking && isCancelled() { throw StoreError.interrupted }
        if transactionLost { throw lostStatement }
        let connection = try connected()
        roundTrips += 1
        return try wait(for: start(sql, parameters, on: connection), on: connection)
    }

    /// The statement prepared for this text on `connection`: made now (one
    /// more round trip) when the text is run the second time there; nil for
    /// a text run once so far, or a connection already closed (`run` makes
    /// a new one).
    private func preparedStatement(for sql: String, on connection: PostgresConnection) throws -> PreparedQuery? {
        // A re-check after a lost answer runs unprepared: it is rare, and
        // must not wait on a prepare. Ctrl-C before it starts: `run` says so.
        guard !connection.isClosed, !transactionLost, !checking, !isCancelled() else { return nil }
        if let statement = prepared.statement(for: sql, on: connection) { return statement }
        guard prepared.shouldPrepare(sql) else { return nil }
        roundTrips += 1
        let statement = try wait(for: connection.prepare(query: sql), on: connection)
        prepared.keep(statement, for: sql)
        return statement
    }

    /// Runs a prepared statement: Bind and Execute only, no parsing or
    /// planning on the server. A plan the server can no longer use (a table
    /// altered since: "cached plan must not change result type") is
    /// forgotten and, outside a transaction, the text is run unprepared.
    private func runPrepared(_ statement: PreparedQuery, on connection: PostgresConnection, _ sql: String,
                             _ parameters: [String?]) throws -> [PostgresRow] {
        roundTrips += 1
        let binds = parameters.map { $0.map { PostgresData(string: $0) } ?? PostgresData(type: .text, value: nil) }
        do {
            return try wait(for: statement.execute(binds), on: connection, raw: { $0.hasPrefix("23") || $0.hasPrefix("22") || $0 == "0A000" })
        } catch let error where PostgresErrorText.fields(of: error)?.sqlState == "0A000" {
            prepared.forget(sql)
            if inTransaction { throw PostgresErrorText.translate(error, table: nil) }
            return try run(sql, parameters).rows
        }
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
    /// After the cancel was sent, an answer that does not come within
    /// `cancelGrace` (or a second Ctrl-C) gives the connection up: closed,
    /// counted lost, and the statement fails as lost with it, so a write's
    /// caller checks on a new connection what became of it.
    /// `raw` says which SQLSTATEs are thrown as the server's error rather
    /// than in the core's terms: a constraint's refusal (23) or a value the
    /// type refused (22) goes to the write, which names its fields.
    func wait<Value: Sendable>(for future: EventLoopFuture<Value>, on connection: PostgresConnection,
                                       raw: (String) -> Bool = { $0.hasPrefix("23") || $0.hasPrefix("22") }) throws -> Value {
        let checked = checking
        // A re-check sends no cancel: its bound starts at once.
        var cancelSent: Date? = checked ? Date() : nil
        let outcome = poll(future) {
            if let sent = cancelSent {
                return (!checked && isCancelledAgain()) || Date().timeIntervalSince(sent) > cancelGrace
            }
            if isCancelled() || pastDeadline() {
                cancelSent = Date()
                cancelRunningStatement()
            }
            return false
        }
        let interrupted = cancelSent != nil && !checked
        switch outcome {
        case nil:
            lost(.abandoned)
            throw lostStatement
        case .success(let result)?:
            if interrupted { throw StoreError.interrupted }
            return result
        case .failure(let error)?:
            if connection.isClosed || PostgresErrorText.isConnectionLoss(error) {
                lost(.dropped)
                throw lostStatement
            }
            // The cancel this bridge sent (Ctrl-C); a statement the server
            // stopped on its own (statement_timeout) fails in its words.
            if interrupted { throw StoreError.interrupted }
            // Anything else is said in the core's terms here.
            if let state = PostgresErrorText.fields(of: error)?.sqlState, raw(state) { throw error }
            throw PostgresErrorText.translate(error, table: nil)
        }
    }

    /// Waits for `future` on this (the calling) thread, asking `stop` every
    /// 20 ms; nil when `stop` said so before the future completed.
    func poll<T: Sendable>(_ future: EventLoopFuture<T>, stop: () -> Bool) -> Result<T, any Error>? {
        // A connection on this thread's socket runs here until the answer came.
        if let transport, future.eventLoop === transport.loop { return transport.run(until: future, stop: stop) }
        let outcome = Outcome<T>()
        let done = DispatchSemaphore(value: 0)
        future.whenComplete { result in
            outcome.set(result)
            done.signal()
        }
        while done.wait(timeout: .now() + .milliseconds(20)) == .timedOut {
            if stop() { return nil }
        }
        return outcome.get()
    }
}

/// A future's result handed from the event loop's thread to the waiting one.
private final class Outcome<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<T, any Error>?

    func set(_ value: Result<T, any Error>) {
        lock.lock()
        result = value
        lock.unlock()
    }

    func get() -> Result<T, any Error>? {
        lock.lock()
        defer { lock.unlock() }
        return result
    }
}

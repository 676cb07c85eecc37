import Foundation
import NavshCore
import PostgresNIO

/// The bridge's connection: made (on this thread's socket, or by
/// postgres-nio for verify-full), given up when it is lost, closed, and
/// the server's cancel request for the statement running on it. The
/// statements themselves, and how they are waited for, are
/// `PostgresBridge`'s.
extension PostgresBridge {
    /// The open connection, or a new one when there is none (at the first
    /// statement, or after the server dropped the last one).
    func connected() throws -> PostgresConnection {
        if let connection, !connection.isClosed { return connection }
        if connection != nil {
            lost(.dropped)
            if transactionLost { throw lostStatement }
        }
        let fresh = try connect()
        connection = fresh
        // Waited for as any statement is: Ctrl-C and the grace apply.
        for statement in setup { _ = try wait(for: fresh.query(PostgresQuery(unsafeSQL: statement), logger: logger), on: fresh) }
        let me = try rows("""
            SELECT pg_backend_pid()::text, (SELECT extract(epoch FROM backend_start)::text FROM pg_stat_activity
                                            WHERE pid = pg_backend_pid())
            """).first
        backendPID = me?.first ?? nil
        backendStart = me?.last ?? nil
        return fresh
    }

    /// A new connection, within `connectTimeout`; Ctrl-C stops waiting for
    /// it (outside a re-check). The error names the target, never its password.
    private func connect() throws -> PostgresConnection {
        let checked = checking
        if let direct = try connectDirectly(stop: { !checked && isCancelled() }) { return direct }
        let attempt = PostgresConnection.connect(on: group.next(), configuration: try configuration(), id: 1, logger: logger)
        switch poll(attempt, stop: { !checked && isCancelled() }) {
        case .success(let fresh)?: return fresh
        case .failure(let error)?: throw StoreError.cannotConnect(target: "\(target)", reason: PostgresErrorText.reason(error))
        case nil:
            attempt.whenSuccess { $0.close().whenComplete { _ in } }
            throw StoreError.interrupted
        }
    }

    /// A new connection on a socket this thread moves (`DirectTransport`),
    /// its login within `connectTimeout`; nil where postgres-nio must
    /// connect itself (verify-full).
    private func connectDirectly(stop: () -> Bool) throws -> PostgresConnection? {
        let started = Date()
        let direct: DirectTransport
        do {
            direct = try DirectTransport(host: target.host, port: target.port, timeout: connectTimeout, stop: stop)
        } catch is DirectTransport.Interrupted {
            throw StoreError.interrupted
        } catch {
            throw StoreError.cannotConnect(target: "\(target)", reason: "\(error)")
        }
        guard let configuration = try target.configuration(over: direct.channel, connectTimeout: connectTimeout) else {
            direct.shutDown()
            return nil
        }
        let attempt = PostgresConnection.connect(on: direct.loop, configuration: configuration, id: 1, logger: logger)
        let limit = connectTimeout
        let outcome = direct.run(until: attempt) { stop() || Date().timeIntervalSince(started) > limit }
        switch outcome {
        case .success(let fresh)?:
            transport = direct
            return fresh
        case .failure(let error)?:
            direct.shutDown()
            throw StoreError.cannotConnect(target: "\(target)", reason: PostgresErrorText.reason(error))
        case nil:
            direct.shutDown()
            if stop() { throw StoreError.interrupted }
            throw StoreError.cannotConnect(target: "\(target)", reason: "\(DirectTransport.Failure.timedOut)")
        }
    }

    /// Makes sure the server process of the connection lost last is gone,
    /// so that the statement it may still be running can no longer commit:
    /// only then does a re-check's answer hold. A process the server ended
    /// is gone already; one cut off by the network, or given up by this
    /// bridge, is ended here. It is known by its pid and its start, so that
    /// after a server restart another client's process that got the same
    /// pid is left alone. Throws when that cannot be made sure.
    func endLostBackend() throws {
        guard let (pid, start) = lostBackend else { return }
        let wait = String(max(100, Int(cancelGrace * 500)))
        let gone = try rows("""
            SELECT (NOT EXISTS (SELECT 1 FROM pg_stat_activity WHERE pid = CAST($1::text AS integer)
                                AND extract(epoch FROM backend_start)::text = $2::text)
                    OR pg_terminate_backend(CAST($1::text AS integer), CAST($3::text AS bigint)))::text
            """, [pid, start, wait]).first?.first ?? nil
        guard gone == "true" else { throw StoreError.unsupported("the server process of the closed connection is still there") }
        lostBackend = nil
    }


    /// Forgets a connection that is gone (the server closed it, or this
    /// bridge gave it up), closing it.
    func lost(_ how: Loss) {
        if let backendPID, let backendStart { lostBackend = (backendPID, backendStart) } else { lostBackend = nil }
        if let transport {
            // Nothing more is said to a server that is gone or gave no answer.
            transport.shutDown()
            self.transport = nil
        } else if let connection {
            try? connection.close().wait()
        }
        connection = nil
        backendPID = nil
        backendStart = nil
        reconnections += 1
        loss = how
        if inTransaction { transactionLost = true }
    }

    /// Closes the connection (the store is done with).
    func close() {
        if let transport {
            // Terminate said to the server, waited for a second at most.
            if let connection, !connection.isClosed {
                let started = Date()
                _ = transport.run(until: connection.close()) { Date().timeIntervalSince(started) > 1 }
            }
            transport.shutDown()
            self.transport = nil
        } else if let connection {
            try? connection.close().wait()
        }
        connection = nil
    }

    /// Sends the server's cancel for the statement running now, from a
    /// second, short-lived connection (`pg_cancel_backend` needs no secret
    /// key from the protocol, only the same role). Not waited for: the
    /// statement's end is what matters, and a server that answers nothing
    /// must not hold this thread; the connection is closed when done, or
    /// after `connectTimeout` at the latest.
    func cancelRunningStatement() {
        guard let backendPID, let configuration = try? configuration() else { return }
        var binds = PostgresBindings()
        binds.append(backendPID)
        let query = PostgresQuery(unsafeSQL: "SELECT pg_cancel_backend(CAST($1 AS integer))::text", binds: binds)
        let logger = logger
        let limit = TimeAmount.milliseconds(Int64(connectTimeout * 1000))
        PostgresConnection.connect(on: group.next(), configuration: configuration, id: 2, logger: logger)
            .whenSuccess { other in
                let deadline = other.eventLoop.scheduleTask(in: limit) { other.close().whenComplete { _ in } }
                other.query(query, logger: logger).whenComplete { _ in
                    deadline.cancel()
                    other.close().whenComplete { _ in }
                }
            }
    }

    /// The connection's settings (`PostgresTarget.configuration`), bounded by `connectTimeout`.
    func configuration() throws -> PostgresConnection.Configuration {
        try target.configuration(connectTimeout: connectTimeout)
    }
}

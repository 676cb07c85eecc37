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
    /// statement, or after the server dropped the last one): the first
    /// server of the target's list that answers and is of the kind asked
    /// for (`target_session_attrs`).
    func connected() throws -> PostgresConnection {
        if let connection, !connection.isClosed { return connection }
        if connection != nil {
            lost(.dropped)
            if transactionLost { throw lostStatement }
        }
        let (fresh, server) = try connectToAServer()
        connection = fresh
        backendPID = server.pid
        backendStart = server.start
        let newHistory = self.server.map { $0.history != server.history } ?? false
        if self.server != nil { lastServer = self.server }
        self.server = server
        connects += 1
        place.set(server.endpoint)
        if newHistory {
            historyChanges += 1
            onNewHistory()
        }
        return fresh
    }

    /// The first server of the target's list that will do (`walkServers`).
    private func connectToAServer() throws -> (PostgresConnection, Server) {
        // A cluster that lost its primary may be promoting a standby: the
        // walk is tried again for `connectTimeout` before giving up.
        let started = Date()
        let checked = checking
        var waited = false
        while true {
            do {
                let found = try walkServers()
                waitedInVain = false
                return found
            } catch let none as NoFittingServer {
                // Waited for when a cluster was reached before, or one of its
                // servers answers but is not yet what is asked for; once per
                // outage, so a cluster that stays down fails each statement at once.
                guard !waitedInVain, self.target.endpoints.count > 1, server != nil || none.answered,
                      Date().timeIntervalSince(started) + 0.25 < connectTimeout else {
                    if waited { waitedInVain = true }
                    throw StoreError.cannotConnect(target: "\(target)", reason: none.reason)
                }
                waited = true
                Thread.sleep(forTimeInterval: 0.25)
                if !checked && isCancelled() { throw StoreError.interrupted }
            }
        }
    }

    /// Walks the target's servers in order, as libpq does; with
    /// `prefer-standby` a second time taking any. The error names each
    /// server and why it was passed over.
    private func walkServers() throws -> (PostgresConnection, Server) {
        let wanted = target.sessionAttributes
        // Each server passed over and why: it failed, or it is not of the kind asked for.
        var passedOver: [(endpoint: Endpoint, failure: String?, role: String?)] = []
        for pass in wanted == .preferStandby ? [SessionAttributes.standby, .any] : [wanted] {
            for endpoint in target.endpoints {
                let one = target.at(endpoint)
                let connection: PostgresConnection
                do {
                    connection = try connect(to: one)
                } catch StoreError.cannotConnect(_, let reason) {
                    passedOver.append((endpoint, reason, nil))
                    continue
                }
                do {
                    let server = try introduce(connection, at: endpoint)
                    if let why = server.unlike(pass) {
                        forget(connection)
                        passedOver.append((endpoint, nil, "\(why) (target_session_attrs=\(wanted.rawValue))"))
                        continue
                    }
                    return (connection, server)
                } catch StoreError.cannotConnect(_, let reason) {
                    forget(connection)
                    passedOver.append((endpoint, reason, nil))
                } catch {
                    forget(connection)
                    if case StoreError.interrupted = error { throw error }
                    passedOver.append((endpoint, PostgresErrorText.reason(error), nil))
                }
            }
        }
        let single = target.endpoints.count == 1 && passedOver.count == 1
        let reason = passedOver.map { entry in
            if let failure = entry.failure { return single ? failure : "\(entry.endpoint): \(failure)" }
            return (single ? "the server" : "\(entry.endpoint)") + " is " + (entry.role ?? "")
        }.joined(separator: "; ")
        throw NoFittingServer(reason: reason, answered: passedOver.contains { $0.role != nil })
    }

    /// No server of the list would do: why, and whether one answered.
    private struct NoFittingServer: Error {
        var reason: String
        var answered: Bool
    }

    /// Runs the setup statements on a new connection and asks the server
    /// who it is: the backend, whether it is a standby or read-only, and its
    /// history (system identifier and timeline). Part of connecting, so
    /// bounded by `connectTimeout` as the login is, even in a re-check.
    private func introduce(_ connection: PostgresConnection, at endpoint: Endpoint) throws -> Server {
        let checked = checking
        let started = Date()
        func answer(_ sql: String) throws -> [PostgresRow] {
            let outcome = poll(connection.query(PostgresQuery(unsafeSQL: sql), logger: logger)) {
                (!checked && isCancelled()) || Date().timeIntervalSince(started) > connectTimeout
            }
            switch outcome {
            case .success(let result)?: return result.rows
            case .failure(let error)?: throw error
            case nil:
                if !checked && isCancelled() { throw StoreError.interrupted }
                throw StoreError.cannotConnect(target: "\(endpoint)", reason: "\(DirectTransport.Failure.timedOut)")
            }
        }
        for statement in setup { _ = try answer(statement) }
        let row = try answer("""
            SELECT pg_backend_pid()::text,
                (SELECT extract(epoch FROM backend_start)::text FROM pg_stat_activity WHERE pid = pg_backend_pid()),
                pg_is_in_recovery()::text, current_setting('transaction_read_only'),
                (SELECT system_identifier::text FROM pg_control_system()),
                CASE WHEN pg_is_in_recovery() THEN (SELECT timeline_id::text FROM pg_control_checkpoint())
                     ELSE (('x' || substr(pg_walfile_name(pg_current_wal_lsn()), 1, 8))::bit(32)::int)::text END
            """).first.map { row in row.map { cell in cell.bytes.map { String(decoding: $0.readableBytesView, as: UTF8.self) } } }
        guard let row, row.count == 6 else { throw StoreError.unsupported("the server did not say who it is") }
        return Server(endpoint: endpoint, pid: row[0], start: row[1], isStandby: row[2] == "true",
                      isReadOnly: row[3] == "on", history: "\(row[4] ?? ""):\(row[5] ?? "")")
    }

    /// Closes a connection that was made but not kept.
    private func forget(_ connection: PostgresConnection) {
        if let transport {
            transport.shutDown()
            self.transport = nil
        } else {
            connection.close().whenComplete { _ in }
        }
    }

    /// A new connection to `one` (a target of one server), within
    /// `connectTimeout`; Ctrl-C stops waiting for it (outside a re-check).
    /// The error names the target, never its password.
    private func connect(to one: PostgresTarget) throws -> PostgresConnection {
        let checked = checking
        if let direct = try connectDirectly(to: one, stop: { !checked && isCancelled() }) { return direct }
        let attempt = PostgresConnection.connect(on: group.next(), configuration: try one.configuration(connectTimeout: connectTimeout),
                                                 id: 1, logger: logger)
        switch poll(attempt, stop: { !checked && isCancelled() }) {
        case .success(let fresh)?: return fresh
        case .failure(let error)?: throw StoreError.cannotConnect(target: "\(one)", reason: PostgresErrorText.reason(error))
        case nil:
            attempt.whenSuccess { $0.close().whenComplete { _ in } }
            throw StoreError.interrupted
        }
    }

    /// A new connection on a socket this thread moves (`DirectTransport`),
    /// its login within `connectTimeout`; nil where postgres-nio must
    /// connect itself (verify-full).
    private func connectDirectly(to one: PostgresTarget, stop: () -> Bool) throws -> PostgresConnection? {
        let started = Date()
        let direct: DirectTransport
        do {
            direct = try DirectTransport(host: one.host, port: one.port, timeout: connectTimeout, stop: stop)
        } catch is DirectTransport.Interrupted {
            throw StoreError.interrupted
        } catch {
            throw StoreError.cannotConnect(target: "\(one)", reason: "\(error)")
        }
        guard let configuration = try one.configuration(over: direct.channel, connectTimeout: connectTimeout) else {
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
            throw StoreError.cannotConnect(target: "\(one)", reason: PostgresErrorText.reason(error))
        case nil:
            direct.shutDown()
            if stop() { throw StoreError.interrupted }
            throw StoreError.cannotConnect(target: "\(one)", reason: "\(DirectTransport.Failure.timedOut)")
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

    /// Whether this connection's server has replayed the primary's WAL up
    /// to `lsn`, waited for up to `seconds`: a primary (no replay) has.
    func hasReplayed(_ lsn: String, waiting seconds: TimeInterval) -> Bool {
        let started = Date()
        repeat {
            guard let answer = try? rows("SELECT coalesce(pg_last_wal_replay_lsn() >= CAST($1::text AS pg_lsn), true)::text",
                                         [lsn]).first?.first else { return false }
            if answer == "true" { return true }
            Thread.sleep(forTimeInterval: 0.01)
        } while Date().timeIntervalSince(started) < seconds
        return false
    }

    /// The settings of the server connected last (`PostgresTarget.configuration`),
    /// bounded by `connectTimeout`. Safe from any thread: `--listen` follows
    /// the store's connection to a new primary.
    func configuration() throws -> PostgresConnection.Configuration {
        try configuration(at: place.get() ?? target.endpoints[0])
    }

    /// The settings for one server of the target.
    func configuration(at endpoint: Endpoint) throws -> PostgresConnection.Configuration {
        try target.at(endpoint).configuration(connectTimeout: connectTimeout)
    }
}

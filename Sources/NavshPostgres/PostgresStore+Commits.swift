import NavshCore

/// How a write commits, and what it reports when the connection goes
/// before the answer comes: done only if it landed, checked on a new
/// connection (the same server, or a cluster's promoted standby).
extension PostgresStore {
    /// One transaction of its own (or a savepoint inside a batch); on
    /// failure it rolls back and the error names the fields. The
    /// transaction's id is noted, so `changes(since:)` does not take this
    /// write for someone else's. A COMMIT whose answer was lost with the
    /// connection is looked up after reconnecting: the write is reported
    /// done only if it committed.
    func write<T>(_ table: PostgresTable, values: [String: Value], verdict: (() throws -> LostWrite)? = nil,
                  _ body: () throws -> T) throws -> T {
        if inBatch {
            try bridge.execute("SAVEPOINT navsh_write")
            do {
                let result = try body()
                try noteOwnTransaction()
                try bridge.execute("RELEASE SAVEPOINT navsh_write")
                ownSubtransactions += 1
                return result
            } catch {
                ownSubtransactions += 1
                if !PostgresErrorText.isConnectionLoss(error) {
                    bridge.rollBack("ROLLBACK TO SAVEPOINT navsh_write")
                    _ = try? bridge.rechecking { try bridge.execute("RELEASE SAVEPOINT navsh_write") }
                    // The refused statement took the transaction an id: noted
                    // as this store's, it is not read as a commit elsewhere.
                    // Unknown, it costs a false notice at most.
                    _ = try? bridge.rechecking { try noteOwnTransaction(ifAssigned: true) }
                }
                throw PostgresErrorText.translate(error, table: table, values: values)
            }
        }
        let history = bridge.historyChanges
        do {
            return try transaction(table, values: values, verdict: verdict, body)
        } catch is LostBeforeCommit {
            // The server rolled it back with the connection: nothing was
            // written, so it runs once more on a new connection (on the
            // same history: after a failover the user saves again).
            guard bridge.historyChanges == history else {
                if verdict != nil { throw NotWrittenBeforeFailover() }
                throw lostSave(Self.notWritten)
            }
            guard mayRunAgain() else { throw lostSave(Self.notWritten) }
            do {
                return try transaction(table, values: values, verdict: verdict, body)
            } catch is LostBeforeCommit {
                throw lostSave("nothing was written")
            }
        }
    }

    /// A write's statements lost with the connection before its COMMIT was sent.
    private struct LostBeforeCommit: Error {}

    /// A one-statement save whose answer was lost, found written on the new connection.
    struct LandedUnanswered: Error {}

    /// A write found not written on a cluster's new primary: it is built
    /// and made once more there (`onceMoreAfterFailover`).
    struct NotWrittenBeforeFailover: Error {}

    /// Runs `attempt` and, when a failover took it before it was written,
    /// once more on the new primary, checked by values as ever: nothing
    /// is applied twice, and a script goes on.
    func onceMoreAfterFailover<T>(_ attempt: () throws -> T) throws -> T {
        do {
            return try attempt()
        } catch is NotWrittenBeforeFailover {
            do {
                return try attempt()
            } catch is NotWrittenBeforeFailover {
                throw lostSave(Self.notWritten)
            }
        }
    }

    /// What became of a write whose answer was lost, read on a new
    /// connection from the row itself: after a failover the transaction's
    /// id may name another's transaction, but the row cannot lie.
    enum LostWrite {
        /// The row holds what the write wrote (or, for a delete, is gone).
        case landed
        /// The row still holds what the write expected: nothing was written.
        case notWritten
        /// Neither: someone else changed it; the conflict to show.
        case changed(StoreError)
    }

    /// Whether a write the connection's loss took with it, known not to be
    /// written, is run again on a new connection: when the server or the
    /// network dropped the connection (not when navsh gave it up after
    /// Ctrl-C), the user is not asking to stop, and the old connection's
    /// server process is sure to be gone (it may hold the row's lock, or,
    /// cut off by the network, still be running the statement). The save
    /// the user asked for is made once, checked as ever; the session then
    /// says the connection was lost.
    func mayRunAgain() -> Bool {
        guard bridge.loss == .dropped, !bridge.isCancelled() else { return false }
        return (try? bridge.rechecking { try bridge.endLostBackend() }) != nil
    }

    /// `write` outside a batch: BEGIN, `body`, COMMIT. Throws
    /// `LostBeforeCommit` when the connection went before the COMMIT.
    private func transaction<T>(_ table: PostgresTable, values: [String: Value], verdict: (() throws -> LostWrite)?,
                                _ body: () throws -> T) throws -> T {
        let history = bridge.historyChanges
        do {
            try bridge.execute("BEGIN")
        } catch {
            if PostgresErrorText.isConnectionLoss(error) { throw LostBeforeCommit() }
            throw PostgresErrorText.translate(error, table: table)
        }
        bridge.inTransaction = true
        let result: T
        let transaction: Int64?
        do {
            result = try body()
            transaction = try noteOwnTransaction()
        } catch {
            let lost = PostgresErrorText.isConnectionLoss(error)
            if !lost {
                // A failed write may have taken a transaction id: ours, not someone else's.
                if let id = try? bridge.rows("SELECT pg_current_xact_id_if_assigned()::text").first?.first.flatMap({ $0 }),
                   let number = Int64(id) { ownTransactions.insert(number) }
                bridge.rollBack()
            }
            bridge.inTransaction = false
            // Before COMMIT: the server rolls the transaction back with the connection.
            if lost { throw LostBeforeCommit() }
            throw PostgresErrorText.translate(error, table: table, values: values)
        }
        do {
            try bridge.execute("COMMIT")
            bridge.inTransaction = false
        } catch {
            bridge.inTransaction = false
            guard PostgresErrorText.isConnectionLoss(error) else { throw PostgresErrorText.translate(error, table: table, values: values) }
            // Did the COMMIT arrive before the connection went? Ask a new one.
            let status: String?? = try? bridge.rechecking {
                try bridge.endLostBackend()
                // On a new history the id may be another's: the rows decide.
                guard bridge.historyChanges == history else { return nil }
                return try transaction.flatMap { id in
                    try bridge.rows("SELECT pg_xact_status(CAST($1::text AS xid8))::text", [String(id)]).first?.first ?? nil
                }
            }
            switch status {
            case "committed": break
            case "aborted": throw lostSave(Self.notWritten)
            default:
                switch verdict.flatMap({ try? bridge.rechecking($0) }) {
                case .landed?: break
                case .notWritten?: throw NotWrittenBeforeFailover()
                case .changed(let error)?: throw error
                case nil: throw lostSave(Self.notKnown)
                }
            }
        }
        noteWritten()
        return result
    }

    /// A save known not to have been written, whose buffer the user keeps.
    static let notWritten = "nothing was written; save again"

    /// A save whose answer could not be had: whether it was written is not known.
    static let notKnown = "whether it was written is not known (the server cannot be asked now); reload to see"

    /// A save the connection's loss took with it, in one line: why the
    /// connection went, what became of the save (`outcome`), and whether
    /// the store is connected again, so the session adds no notice of its own.
    func lostSave(_ outcome: String) -> StoreError {
        let again = bridge.isConnected ? "reconnected" + bridge.newPlace : "navsh connects again at the next command"
        return .connectionLost("\(bridge.loss.text) while saving; \(outcome); \(again)")
    }

    /// Runs one statement as a transaction of its own: outside a
    /// transaction a statement commits as it ends, so a save costs one round
    /// trip (postgres-nio sends a statement only after the last one's
    /// answer: a BEGIN and a COMMIT would be two more). Returns its first row
    /// (nil: it touched none); the row's last cell is the transaction's id,
    /// noted as this store's own.
    ///
    /// When the answer is lost with the connection, a new connection asks
    /// the row (`verdict`), once the old server process can no longer
    /// commit: written, it throws `LandedUnanswered`; changed by someone
    /// else, the conflict. Known not written, the statement runs once more
    /// when `mayRunAgain` on the same history (`again` false: this is that
    /// run); after a failover the user is told to save again.
    func committed(_ sql: String, _ parameters: [String?], verdict: (() throws -> LostWrite)?,
                   again: Bool = true, table: PostgresTable, values: [String: Value]) throws -> [String?]? {
        let row: [String?]?
        let history = bridge.historyChanges
        do {
            bridge.writesOnce = true
            defer { bridge.writesOnce = false }
            row = try bridge.rows(sql, parameters).first
        } catch {
            guard PostgresErrorText.isConnectionLoss(error) else {
                throw PostgresErrorText.translate(error, table: table, values: values)
            }
            // Asked whatever Ctrl-C said (bounded), and only once the old
            // server process can no longer commit the statement.
            guard let verdict else { throw lostSave(Self.notKnown) }
            let found = try? bridge.rechecking {
                try bridge.endLostBackend()
                return try verdict()
            }
            switch found {
            case .landed?: throw LandedUnanswered()
            case .notWritten?:
                // A statement checked by an xmin of another history is built again.
                guard bridge.historyChanges == history else { throw NotWrittenBeforeFailover() }
                guard again, mayRunAgain() else { throw lostSave(Self.notWritten) }
                return try committed(sql, parameters, verdict: verdict, again: false, table: table, values: values)
            case .changed(let error)?: throw error
            case nil: throw lostSave(Self.notKnown)
            }
        }
        if let transaction = row?.last.flatMap({ $0 }).flatMap({ Int64($0) }) { ownTransactions.insert(transaction) }
        if row != nil { noteWritten() }
        return row
    }

    /// Notes this transaction's id as this store's own (for `changes(since:)`);
    /// `ifAssigned` takes none for a transaction that has written nothing.
    @discardableResult
    func noteOwnTransaction(ifAssigned: Bool = false) throws -> Int64? {
        let function = ifAssigned ? "pg_current_xact_id_if_assigned" : "pg_current_xact_id"
        let id = try bridge.rows("SELECT \(function)()::text").first?.first.flatMap { $0 }.flatMap { Int64($0) }
        if let id { ownTransactions.insert(id) }
        return id
    }
}

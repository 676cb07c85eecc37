import NavshCore
import NavshSQL

/// Transactions that span several writes (`--atomic`, `--dry-run`, undo of a
/// delete), and noticing what other connections committed.
extension PostgresStore {
    public func transaction<T>(rollback: Bool, _ body: () throws -> T) throws -> T {
        try outermost(TransactionSteps(
            begin: { _ in try self.begin(outermost: true, deferringReferences: false) },
            undo: { _ in
                if self.bridge.inTransaction { self.bridge.rollBack() }
                self.bridge.inTransaction = false
            },
            end: { _ in rollback ? try self.endDryRun() : try self.commitOrAsk() }), body)
    }

    /// One transaction of its own, or a savepoint inside a batch. With
    /// `deferringReferences`, foreign keys declared DEFERRABLE are checked at
    /// its end (rows that refer to each other can come back together);
    /// others, and all of them without it, at each statement.
    public func atomically<T>(deferringReferences: Bool, _ body: () throws -> T) throws -> T {
        try nested(TransactionSteps(
            begin: { try self.begin(outermost: $0, deferringReferences: deferringReferences) },
            undo: { outermost in
                if outermost {
                    self.bridge.rollBack()
                    self.bridge.inTransaction = false
                } else {
                    self.bridge.rollBack("ROLLBACK TO SAVEPOINT navsh_atomically")
                    _ = try? self.bridge.rechecking { try self.bridge.execute("RELEASE SAVEPOINT navsh_atomically") }
                }
            },
            end: { outermost in
                if outermost { return try self.commitOrAsk() }
                do {
                    try self.bridge.execute("RELEASE SAVEPOINT navsh_atomically")
                } catch {
                    throw PostgresErrorText.translate(error, table: self.table(holding: error))
                }
            }), body)
    }

    private func begin(outermost: Bool, deferringReferences: Bool) throws {
        do {
            try bridge.execute(outermost ? "BEGIN" : "SAVEPOINT navsh_atomically")
            if outermost { bridge.inTransaction = true }
            if deferringReferences { try bridge.execute("SET CONSTRAINTS ALL DEFERRED") }
        } catch {
            throw PostgresErrorText.translate(error, table: nil)
        }
    }

    /// A dry run ends in ROLLBACK, so checks kept for COMMIT (INITIALLY
    /// DEFERRED constraints and triggers) would never run: they run first,
    /// and refuse as COMMIT would have. The schema additions it made are
    /// gone with its writes, and the schema is read again.
    private func endDryRun() throws {
        do {
            try bridge.execute("SET CONSTRAINTS ALL IMMEDIATE")
        } catch {
            if bridge.inTransaction { bridge.rollBack() }
            bridge.inTransaction = false
            let refusal = PostgresErrorText.translate(error, table: table(holding: error))
            throw StoreError.commitRefused("\(refusal)")
        }
        do {
            try bridge.rechecking { _ = try bridge.execute("ROLLBACK") }
            bridge.inTransaction = false
        } catch {
            bridge.inTransaction = false
            throw PostgresErrorText.translate(error, table: table(holding: error))
        }
        try readSchema()
    }

    /// COMMIT of a transaction of several writes (a batch save, an
    /// `--atomic` script). When its answer is lost with the connection, a
    /// new one asks what became of the transaction, by its id: committed
    /// is done; aborted is not written; on a cluster's new history, or
    /// with no server to ask, not known. Never done unless it landed.
    func commitOrAsk() throws {
        let history = bridge.historyChanges
        let id: String?
        do {
            id = try bridge.rows("SELECT pg_current_xact_id_if_assigned()::text").first?.first ?? nil
        } catch {
            // Lost before COMMIT: the server rolled the transaction back, as the error says.
            bridge.inTransaction = false
            throw PostgresErrorText.translate(error, table: nil)
        }
        do {
            try bridge.execute("COMMIT")
            bridge.inTransaction = false
        } catch {
            bridge.inTransaction = false
            guard PostgresErrorText.isConnectionLoss(error) else {
                // A check kept for COMMIT names no statement's table: found by its constraint.
                throw PostgresErrorText.translate(error, table: table(holding: error))
            }
            let asked: String?? = try? bridge.rechecking {
                try bridge.endLostBackend()
                guard bridge.historyChanges == history, let id else { return nil }
                return try bridge.rows("SELECT pg_xact_status(CAST($1::text AS xid8))::text", [id]).first?.first ?? nil
            }
            switch asked {
            case "committed"?: return
            case "aborted"?: throw lostSave(Self.notWritten)
            default: throw lostSave(Self.notKnown)
            }
        }
        if let number = id.flatMap({ Int64($0) }) { ownTransactions.insert(number) }
        if id != nil { noteWritten() }
    }

    public func readingCascades<T>(_ body: (any CascadeSource) throws -> T) throws -> T {
        try body(PostgresCascades(store: self))
    }

    /// Commits elsewhere, from the server's snapshot (`xmin:xmax:in-progress`):
    /// transaction ids assigned since the last look that are not this
    /// store's own, or ids in progress then and finished now, mean another
    /// connection wrote (to this database or another of the server: a
    /// false alarm only costs a re-read). The token counts such moments.
    public func changes(since token: Int?) throws -> StoreChanges {
        noteSnapshot(try inBatch ? nil : bridge.rows("SELECT pg_current_snapshot()::text").first?.first ?? nil)
        if !inBatch { revisitStandby() }
        // A new connection may have missed anything: everything shown is read again.
        if bridge.reconnections != reconnectionsSeen {
            reconnectionsSeen = bridge.reconnections
            changesElsewhere += 1
            lastSnapshotEnd = nil
        }
        return StoreChanges(token: changesElsewhere, changedElsewhere: token.map { $0 != changesElsewhere } ?? false)
    }

    private func noteSnapshot(_ snapshot: String?) {
        guard let snapshot else { return }
        let parts = snapshot.split(separator: ":", omittingEmptySubsequences: false)
        if parts.count == 3, let end = Int64(parts[1]) {
            let running = Set(parts[2].split(separator: ",").compactMap { Int64($0) })
            if let last = lastSnapshotEnd {
                let assigned = max(0, end - last)
                let own = ownTransactions.filter { $0 >= last && $0 < end }.count + ownSubtransactions
                let finished = runningElsewhere.subtracting(running)
                if assigned > Int64(own) + Int64(running.filter { $0 >= last }.count) || !finished.isEmpty {
                    changesElsewhere += 1
                }
            }
            lastSnapshotEnd = end
            ownSubtransactions = 0
            runningElsewhere = running.subtracting(ownTransactions)
            ownTransactions = ownTransactions.filter { $0 >= end }
        }
    }

    /// After another connection altered the schema: the collections read again.
    public func reloadSchemaIfChanged() throws -> Bool {
        guard try fingerprint() != schemaFingerprint else { return false }
        try readSchema()
        return true
    }

    /// The schema's tables, columns, types and constraints in one text.
    func fingerprint() throws -> String { try catalogLook().fingerprint }

    /// `fingerprint`, and whether a COMMIT can refuse what its statements
    /// did (`commitsCanFail`), in one round trip.
    func catalogLook() throws -> (fingerprint: String, commitsCanFail: Bool) {
        let row = try bridge.rows("""
            SELECT md5(coalesce(string_agg(c.relname || '.' || a.attname || ':' || a.atttypid::text || ':' || a.attnotnull::text
                || ':' || a.attnum::text, ',' ORDER BY c.oid, a.attnum), '')
                || (SELECT coalesce(string_agg(con.conname, ',' ORDER BY con.oid), '') FROM pg_constraint con
                    WHERE con.connamespace = n.oid)
                -- A check moved to commit (or back) is read again too (`commitsCanFail`).
                || (SELECT count(*) FROM pg_trigger WHERE tginitdeferred)::text
                -- So is a trigger made or dropped (`changesOtherRows`).
                || (SELECT coalesce(string_agg(oid::text, ',' ORDER BY oid), '') FROM pg_trigger WHERE NOT tgisinternal))::text,
                (EXISTS (SELECT 1 FROM pg_trigger WHERE tginitdeferred)
                 OR current_setting('default_transaction_isolation') = 'serializable')::text
            FROM pg_namespace n
            LEFT JOIN pg_class c ON c.relnamespace = n.oid AND c.relkind IN ('r', 'p', 'v', 'm', 'f')
            LEFT JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
            WHERE n.nspname = $1::text GROUP BY n.oid
            """, [schema]).first
        return (row?.first.flatMap { $0 } ?? "", row?.last.flatMap { $0 } != "false")
    }
}

extension PostgresStore {
    /// The checks kept for COMMIT run now, in a savepoint rolled back after
    /// (which also puts back each constraint's mode and the checks' queue).
    public func commitRefusal() throws -> StoreError? {
        guard bridge.inTransaction, let error = try checkedNow() else { return nil }
        guard PostgresErrorText.fields(of: error) != nil else { throw PostgresErrorText.translate(error, table: nil) }
        return PostgresErrorText.translate(error, table: table(holding: error)) as? StoreError
            ?? .database(PostgresErrorText.reason(error))
    }

    /// What `SET CONSTRAINTS ALL IMMEDIATE` refused (the first check kept
    /// for COMMIT that fails; the server stops at one), run in a savepoint
    /// rolled back after, so nothing else changes; nil when all pass.
    private func checkedNow() throws -> (any Error)? {
        try bridge.execute("SAVEPOINT navsh_check_now")
        var refused: (any Error)?
        do {
            try bridge.execute("SET CONSTRAINTS ALL IMMEDIATE")
        } catch {
            refused = error
        }
        try bridge.execute("ROLLBACK TO SAVEPOINT navsh_check_now")
        try bridge.execute("RELEASE SAVEPOINT navsh_check_now")
        return refused
    }

    /// The table whose constraint `error` names (a refusal at COMMIT
    /// names no statement's table), so its fields are named as a write's are.
    func table(holding error: any Error) -> PostgresTable? {
        guard let name = PostgresErrorText.fields(of: error)?.constraintName else { return nil }
        return tables.values.first { $0.constraints[name] != nil || $0.references[name] != nil || $0.checks[name] != nil }
    }

    /// Checks kept for COMMIT (inside `atomically`, every DEFERRABLE
    /// constraint) run now, in a savepoint: the first refusal names its
    /// field and value (the server stops at one). The constraints are
    /// deferred again afterwards, as `atomically` left them.
    public func unresolvedReferences(in collection: CollectionSchema) throws -> [UnresolvedReference] {
        guard inBatch else { return [] }
        let refused = try checkedNow()
        try bridge.execute("SET CONSTRAINTS ALL DEFERRED")
        guard let error = refused else { return [] }
        guard let fields = PostgresErrorText.fields(of: error), fields.sqlState == "23503",
              let detail = fields.detail, let column = PostgresErrorText.keyColumns(in: detail).first,
              let open = detail.range(of: ")=("), let close = detail.range(of: ") is not present") else {
            throw PostgresErrorText.translate(error, table: tables[collection.name])
        }
        let value = String(detail[open.upperBound..<close.lowerBound])
        guard let refusal = PostgresErrorText.translate(error, table: tables[collection.name]) as? StoreError else { return [] }
        return [UnresolvedReference(field: column, value: value, error: refusal)]
    }
}

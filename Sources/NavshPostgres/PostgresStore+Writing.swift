import NavshCore
import NavshSQL

/// Writes: each one short transaction (a savepoint inside a batch), checked
/// against what its caller read, with constraint errors naming the field.
///
/// The check is the row's `xmin` (the transaction that last wrote it) when
/// this store read it and the caller expects what it read: `UPDATE … WHERE
/// key = $1 AND xmin = $2`, which no concurrent writer can pass. Any other
/// expectation (a part of the row, an undo's values) compares every field
/// given exactly (`PostgresColumn.sameSQL`). Zero rows: the row is re-read
/// and reported gone or changed, as on SQLite.
extension PostgresStore {
    public func insert(_ values: [String: Value], into collection: CollectionSchema) throws -> Record {
        let table = try writable(collection)
        let names = try orderedNames(values.keys, in: collection)
        var parameters = Parameters()
        let bound = try names.map { name in try parameters.bind(values[name] ?? .null, as: try table.column(name)) }
        let returning = " RETURNING " + (try table.key.map { try table.column($0).readSQL }).joined(separator: ", ")
        // A key given for an identity column GENERATED ALWAYS (an import of
        // the table's own export) is written as given, as `restore` writes
        // it: the server refused it, and the file could not come back.
        let overriding = table.hasAlwaysIdentity ? " OVERRIDING SYSTEM VALUE" : ""
        let sql = names.isEmpty ? "INSERT INTO \(table.quotedName) DEFAULT VALUES" + returning
            : "INSERT INTO \(table.quotedName) (\(names.map(\.pgIdentifier).joined(separator: ", ")))" + overriding
                + " VALUES (" + bound.joined(separator: ", ") + ")" + returning
        return try write(table, values: values) {
            // No error and no row: a BEFORE trigger returned NULL.
            guard let row = try bridge.rows(sql, parameters.values).first else {
                throw StoreError.ignoredByTrigger("insert", table: collection.name)
            }
            let id = try id(row[...], table)
            return try stored(id, collection) ?? Record(id: id, values: values)
        }
    }

    public func update(_ id: RecordID, in collection: CollectionSchema, changes: [String: Value],
                       expecting: [String: Value]?) throws -> Record {
        let table = try writable(collection)
        guard !changes.isEmpty else { return try stored(id, collection) ?? Record(id: id, values: [:]) }
        let names = try orderedNames(changes.keys, in: collection)
        var assigned = Parameters()
        let assignments = try names.map { name in
            "\(name.pgIdentifier) = \(try assigned.bind(changes[name] ?? .null, as: try table.column(name)))"
        }.joined(separator: ", ")
        /// The UPDATE, checked by the row's version (`xmin`, when one is
        /// known for the values expected) or by every value it held.
        func update(byVersion: Bool) throws -> (sql: String, parameters: [String?]) {
            var parameters = assigned
            let condition = try unchanged(id, table, collection, expecting, &parameters, byVersion: byVersion)
            return ("UPDATE \(table.relation) SET \(assignments) WHERE \(condition)", parameters.values)
        }
        /// Whether the row still holds what the save expected, checked as the UPDATE was.
        func stillAsExpected(byVersion: Bool) throws -> (sql: String, parameters: [String?]) {
            var parameters = Parameters()
            let condition = try unchanged(id, table, collection, expecting, &parameters, byVersion: byVersion)
            return ("SELECT 1::text FROM \(table.relation) WHERE \(condition)", parameters.values)
        }
        let byVersion = try update(byVersion: true)
        let newID = self.id(id, table, after: changes)
        if !inBatch && !commitsCanFail {
            // One statement, committing as it ends: one round trip. Checked by
            // value (built only then) when the version check touched nothing:
            // written since it was read, but maybe holding the same values.
            let returning = " RETURNING " + (try self.returning(table, collection))
            for checkedByVersion in [true, false] {
                let statement = checkedByVersion ? byVersion : try update(byVersion: false)
                if !checkedByVersion && statement.sql == byVersion.sql { break }
                let check = expecting == nil ? nil : { try stillAsExpected(byVersion: checkedByVersion) }
                if let row = try committed(statement.sql + returning, statement.parameters, unlessLost: check,
                                           table: table, values: changes) {
                    return try storedRow(row, newID, table, collection)
                }
            }
            throw try whyNot(id, collection, action: "update", holding: try stillAsExpected(byVersion: false))
        }
        return try write(table, values: changes) {
            // Written since it was read (xmin moved) but holding the same values: still what the caller saw.
            if try bridge.rows(byVersion.sql + " RETURNING 1", byVersion.parameters).isEmpty {
                let byValue = try update(byVersion: false)
                if try byValue.sql == byVersion.sql || bridge.rows(byValue.sql + " RETURNING 1", byValue.parameters).isEmpty {
                    throw try whyNot(id, collection, action: "update", holding: try stillAsExpected(byVersion: false))
                }
            }
            return try stored(newID, collection) ?? Record(id: newID, values: changes)
        }
    }

    @discardableResult
    public func delete(_ id: RecordID, from collection: CollectionSchema, expecting: [String: Value]?) throws -> [CascadeEffect] {
        let table = try writable(collection)
        var parameters = Parameters()
        var byValue = Parameters()
        let condition = try unchanged(id, table, collection, expecting, &parameters)
        let valueCondition = try unchanged(id, table, collection, expecting, &byValue, byVersion: false)
        return try write(table, values: [:]) {
            // Read in the delete's own transaction: exactly what it takes.
            let effects = try CascadeWalk(PostgresCascades(store: self)).effects(ofDeleting: id, in: collection.name)
            let delete = "DELETE FROM \(table.relation) WHERE "
            if try bridge.rows(delete + condition + " RETURNING 1", parameters.values).isEmpty,
               try condition == valueCondition || bridge.rows(delete + valueCondition + " RETURNING 1", byValue.values).isEmpty {
                throw try whyNot(id, collection, action: "delete",
                                 holding: ("SELECT 1::text FROM \(table.relation) WHERE \(valueCondition)", byValue.values))
            }
            return try CascadeWalk(PostgresCascades(store: self)).afterDelete(effects)
        }
    }

    public func restore(_ record: Record, into collection: CollectionSchema) throws {
        let table = try writable(collection)
        let fields = collection.fields.filter { !$0.isGenerated }
        var parameters = Parameters()
        let values = try fields.map { try parameters.bind(record[$0.name], as: try table.column($0.name)) }
        // An identity column GENERATED ALWAYS takes the row's own key back only when told to.
        let overriding = table.hasAlwaysIdentity ? " OVERRIDING SYSTEM VALUE" : ""
        let sql = "INSERT INTO \(table.quotedName) (\(fields.map(\.name.pgIdentifier).joined(separator: ", ")))"
            + overriding + " VALUES (\(values.joined(separator: ", ")))"
        _ = try write(table, values: record.values) { try bridge.execute(sql, parameters.values) }
    }

    /// `move N M`: the manual-order field set to 1, 2, 3… along `ids`, in one
    /// transaction. A UNIQUE position column is first parked below its
    /// lowest value, so no two rows ever hold one number.
    public func renumber(_ ids: [RecordID], field: String, in collection: CollectionSchema) throws {
        let table = try writable(collection)
        let name = try orderedNames([field], in: collection)[0]
        let column = try table.column(name)
        try write(table, values: [:]) {
            if try isUnique(name, in: table) {
                let lowest = try bridge.rows("SELECT least(min(\(name.pgIdentifier)), 0)::text FROM \(table.relation)")
                    .first?.first.flatMap { $0 }.flatMap { Int64($0) } ?? 0
                guard lowest > Int64.min + Int64(ids.count) + 1 else { throw StoreError.unsupported("\(name) cannot be renumbered") }
                for (i, id) in ids.enumerated() {
                    var parameters = Parameters()
                    let value = try parameters.bind(.integer(lowest - 1 - Int64(i)), as: column)
                    let condition = try matching(id, table, &parameters)
                    try bridge.execute("UPDATE \(table.relation) SET \(name.pgIdentifier) = \(value) WHERE \(condition)",
                                       parameters.values)
                }
            }
            for (i, id) in ids.enumerated() {
                var parameters = Parameters()
                let value = try parameters.bind(.integer(Int64(i + 1)), as: column)
                let condition = try matching(id, table, &parameters)
                try bridge.execute("UPDATE \(table.relation) SET \(name.pgIdentifier) = \(value) WHERE \(condition)"
                                   + " AND \(name.pgIdentifier) IS DISTINCT FROM \(value)", parameters.values)
            }
        }
    }

    /// Whether a unique index covers `column` (alone or with others).
    private func isUnique(_ column: String, in table: PostgresTable) throws -> Bool {
        try !bridge.rows("""
            SELECT 1::text FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
            WHERE i.indrelid = CAST($1::text AS regclass) AND i.indisunique AND a.attname = $2::text
            """, [table.quotedName, column]).isEmpty
    }

    /// The row's key and, when `expected` is given, that it still holds it:
    /// by its xmin when `expected` is the row as this store last read it
    /// whole (`byVersion`), else every given field compared exactly.
    func unchanged(_ id: RecordID, _ table: PostgresTable, _ collection: CollectionSchema, _ expected: [String: Value]?,
                   _ parameters: inout Parameters, byVersion: Bool = true) throws -> String {
        var condition = try matching(id, table, &parameters)
        guard let expected else { return condition }
        if byVersion, let version = versions.version(table.name, id, holding: expected) {
            return condition + " AND xmin = CAST(\(parameters.bind(version)) AS xid)"
        }
        for field in collection.fields where !field.isGenerated {
            guard let value = expected[field.name], let column = table.columns[field.name] else { continue }
            let text = try column.parameter(value)
            condition += " AND " + column.sameSQL(text.map { parameters.bind($0) })
        }
        return condition
    }

    /// After a write that touched no row: the row is gone, or it changed.
    /// Why a write touched no row: the row is gone, or changed, or (the
    /// query `holding` finds it still as expected) a trigger returned NULL.
    func whyNot(_ id: RecordID, _ collection: CollectionSchema, action: String,
                holding: (sql: String, parameters: [String?])) throws -> StoreError {
        guard let row = try stored(id, collection) else { return .recordMissing }
        if try !bridge.rows(holding.sql, holding.parameters).isEmpty { return .ignoredByTrigger(action, table: collection.name) }
        return .conflict(current: row)
    }

    /// The identity after `changes` (a key field among them re-keys the row).
    func id(_ id: RecordID, _ table: PostgresTable, after changes: [String: Value]) -> RecordID {
        guard id.isPrimaryKey, id.parts.count == table.key.count else { return id }
        var parts = id.parts
        for (i, column) in table.key.enumerated() { if let value = changes[column] { parts[i] = value } }
        return RecordID(parts: parts, isPrimaryKey: true)
    }

    /// Field names in declared order, refusing any the table does not have:
    /// only names from the schema ever reach SQL.
    func orderedNames(_ names: some Sequence<String>, in collection: CollectionSchema) throws -> [String] {
        let wanted = Set(names)
        let known = collection.fields.map(\.name).filter { wanted.contains($0) }
        guard known.count == wanted.count else {
            throw StoreError.unknownFields(wanted.subtracting(known).sorted())
        }
        return known
    }

    /// One transaction of its own (or a savepoint inside a batch); on
    /// failure it rolls back and the error names the fields. The
    /// transaction's id is noted, so `changes(since:)` does not take this
    /// write for someone else's. A COMMIT whose answer was lost with the
    /// connection is looked up after reconnecting: the write is reported
    /// done only if it committed.
    func write<T>(_ table: PostgresTable, values: [String: Value], _ body: () throws -> T) throws -> T {
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
                    _ = try? bridge.execute("ROLLBACK TO SAVEPOINT navsh_write")
                    _ = try? bridge.execute("RELEASE SAVEPOINT navsh_write")
                }
                throw PostgresErrorText.translate(error, table: table, values: values)
            }
        }
        do {
            return try transaction(table, values: values, body)
        } catch is LostBeforeCommit {
            // The server rolled it back with the connection: nothing was
            // written, so it runs once more on a new connection.
            guard mayRunAgain() else { throw lostSave("nothing was written") }
            do {
                return try transaction(table, values: values, body)
            } catch is LostBeforeCommit {
                throw lostSave("nothing was written")
            }
        }
    }

    /// A write's statements lost with the connection before its COMMIT was sent.
    private struct LostBeforeCommit: Error {}

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
    private func transaction<T>(_ table: PostgresTable, values: [String: Value], _ body: () throws -> T) throws -> T {
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
                _ = try? bridge.execute("ROLLBACK")
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
                return try transaction.flatMap { id in
                    try bridge.rows("SELECT pg_xact_status(CAST($1::text AS xid8))::text", [String(id)]).first?.first ?? nil
                }
            }
            switch status {
            case "committed": break
            case "aborted": throw lostSave("nothing was written")
            default: throw lostSave(Self.notKnown)
            }
        }
        return result
    }

    /// A save whose answer could not be had: whether it was written is not known.
    static let notKnown = "whether it was written is not known (the server cannot be asked now); reload to see"

    /// A save the connection's loss took with it, in one line: why the
    /// connection went, what became of the save (`outcome`), and whether
    /// the store is connected again, so the session adds no notice of its own.
    func lostSave(_ outcome: String) -> StoreError {
        let again = bridge.isConnected ? "reconnected" : "navsh connects again at the next command"
        return .connectionLost("\(bridge.loss.text) while saving; \(outcome); \(again)")
    }

    /// What an UPDATE returns: every field read as a record reads it, the
    /// new xmin, and the transaction's id (this store's own).
    func returning(_ table: PostgresTable, _ collection: CollectionSchema) throws -> String {
        let columns = try collection.fields.map { try table.column($0.name).readSQL }
        return (columns + ["xmin::text", "pg_current_xact_id()::text"]).joined(separator: ", ")
    }

    /// The row an UPDATE … RETURNING `returning` gave, noted with its xmin.
    func storedRow(_ row: [String?], _ id: RecordID, _ table: PostgresTable, _ collection: CollectionSchema) throws -> Record {
        guard row.count == collection.fields.count + 2 else { throw StoreError.malformedRow(table: table.name, problem: "came back short") }
        var values: [String: Value] = [:]
        for (i, field) in collection.fields.enumerated() { values[field.name] = try table.column(field.name).value(row[i]) }
        if let version = row[collection.fields.count] {
            versions.note(table.name, id, version: version, values: values)
            versions.setShown(table.name, id, version: version)  // this store's own write is no change elsewhere
        }
        return Record(id: id, values: values)
    }

    /// Runs one statement as a transaction of its own: outside a
    /// transaction a statement commits as it ends, so a save costs one round
    /// trip (postgres-nio sends a statement only after the last one's
    /// answer: a BEGIN and a COMMIT would be two more). Returns its first row
    /// (nil: it touched none); the row's last cell is the transaction's id,
    /// noted as this store's own.
    ///
    /// When the answer is lost with the connection, the write is reported
    /// done only if it is sure: a new connection asks `unlessLost` (the
    /// statement's own condition: is the row still as the save expected?).
    /// Still so: nothing was written. Otherwise, or with nothing to ask, it
    /// may have committed or not, and the error says so.
    /// Known not written (the row still as expected, the old server
    /// process gone), the statement is run once more on the new connection
    /// when `mayRunAgain` (`again` false: this is that run).
    func committed(_ sql: String, _ parameters: [String?],
                   unlessLost check: (() throws -> (sql: String, parameters: [String?]))?,
                   again: Bool = true, table: PostgresTable, values: [String: Value]) throws -> [String?]? {
        let row: [String?]?
        do {
            row = try bridge.rows(sql, parameters).first
        } catch {
            guard PostgresErrorText.isConnectionLoss(error) else {
                throw PostgresErrorText.translate(error, table: table, values: values)
            }
            // Asked whatever Ctrl-C said (bounded), and only once the old
            // server process can no longer commit the statement.
            guard let asked = try check?() else { throw lostSave(Self.notKnown) }
            let unchanged = try? bridge.rechecking {
                try bridge.endLostBackend()
                return try !bridge.rows(asked.sql, asked.parameters).isEmpty
            }
            switch unchanged {
            case true?:
                guard again, mayRunAgain() else { throw lostSave("nothing was written") }
                return try committed(sql, parameters, unlessLost: check, again: false, table: table, values: values)
            case false?: throw lostSave("the row has changed since, by this save or by another; reload to see which")
            case nil: throw lostSave(Self.notKnown)
            }
        }
        if let transaction = row?.last.flatMap({ $0 }).flatMap({ Int64($0) }) { ownTransactions.insert(transaction) }
        return row
    }

    /// Notes this transaction's id as this store's own (for `changes(since:)`).
    @discardableResult
    func noteOwnTransaction() throws -> Int64? {
        let id = try bridge.rows("SELECT pg_current_xact_id()::text").first?.first.flatMap { $0 }.flatMap { Int64($0) }
        if let id { ownTransactions.insert(id) }
        return id
    }
}

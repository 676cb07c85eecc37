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
        let names = try collection.declaredOrder(of: values.keys)
        var parameters = Parameters()
        let bound = try names.map { name in try parameters.bind(values[name] ?? .null, as: try table.column(name)) }
        let returning = " RETURNING " + (try table.key.map { try table.column($0).readSQL }).joined(separator: ", ")
        // A key given for an identity column GENERATED ALWAYS (an import of
        // the table's own export) is written as given, as `restore` writes
        // it: the server refused it, and the file could not come back.
        let overriding = table.hasAlwaysIdentity ? " OVERRIDING SYSTEM VALUE" : ""
        let sql = names.isEmpty ? "INSERT INTO \(table.quotedName) DEFAULT VALUES" + returning
            : "INSERT INTO \(table.quotedName) (\(names.map(\.quotedIdentifier).joined(separator: ", ")))" + overriding
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
        return try onceMoreAfterFailover { try update(id, table, collection, changes: changes, expecting: expecting) }
    }

    /// A save's statements, built from what the store knows now (after a
    /// failover, no xmin: every check by values).
    private func update(_ id: RecordID, _ table: PostgresTable, _ collection: CollectionSchema, changes: [String: Value],
                        expecting: [String: Value]?) throws -> Record {
        let names = try collection.declaredOrder(of: changes.keys)
        var assigned = Parameters()
        let assignments = try names.map { name in
            "\(name.quotedIdentifier) = \(try assigned.bind(changes[name] ?? .null, as: try table.column(name)))"
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
        /// After a lost answer, on the new connection: whether the row holds
        /// what this save wrote, still what it expected, or neither.
        func verdict() throws -> LostWrite {
            var ours = Parameters()
            let holdsOurs = try unchanged(newID, table, collection, changes, &ours, byVersion: false)
            if try !bridge.rows("SELECT 1::text FROM \(table.relation) WHERE \(holdsOurs)", ours.values).isEmpty { return .landed }
            // Nothing expected: a row not holding ours may have been written over since.
            guard expecting != nil else { return .changed(lostSave(Self.notKnown)) }
            let before = try stillAsExpected(byVersion: false)
            if try !bridge.rows(before.sql, before.parameters).isEmpty { return .notWritten }
            return .changed(try whyNot(id, collection, action: "update", holding: before))
        }
        lastUpdateReachedOtherRows = false
        // A table whose update may change other rows is saved in a
        // transaction that counts them: one statement could not.
        if !inBatch && !commitsCanFail && !table.changesOtherRows {
            // One statement, committing as it ends: one round trip. Checked by
            // value (built only then) when the version check touched nothing:
            // written since it was read, but maybe holding the same values.
            let returning = " RETURNING " + (try self.returning(table, collection))
            for checkedByVersion in [true, false] {
                let statement = checkedByVersion ? byVersion : try update(byVersion: false)
                if !checkedByVersion && statement.sql == byVersion.sql { break }
                do {
                    if let row = try committed(statement.sql + returning, statement.parameters, verdict: verdict,
                                               table: table, values: changes) {
                        return try storedRow(row, newID, table, collection)
                    }
                } catch is LandedUnanswered {
                    return try stored(newID, collection) ?? Record(id: newID, values: changes)
                }
            }
            throw try whyNot(id, collection, action: "update", holding: try stillAsExpected(byVersion: false))
        }
        return try write(table, values: changes, verdict: verdict) {
            let before = table.changesOtherRows ? try changedSoFar() : 0
            var written = try bridge.rows(byVersion.sql + " RETURNING xmin::text", byVersion.parameters)
            if written.isEmpty {
                // Written since it was read (xmin moved) but holding the same values: still what the caller saw.
                let byValue = try update(byVersion: false)
                if byValue.sql != byVersion.sql { written = try bridge.rows(byValue.sql + " RETURNING xmin::text", byValue.parameters) }
                if written.isEmpty { throw try whyNot(id, collection, action: "update", holding: try stillAsExpected(byVersion: false)) }
            }
            // A savepoint's write has an xmin of its own: this store's, no change elsewhere.
            if let version = written.first?.first ?? nil { versions.setShown(table.name, newID, version: version) }
            if table.changesOtherRows { lastUpdateReachedOtherRows = try changedSoFar() - before > written.count }
            // Read again: an AFTER trigger may have changed, deleted or re-keyed the row.
            return try stored(newID, collection) ?? Record(id: newID, values: changes)
        }
    }

    @discardableResult
    public func delete(_ id: RecordID, from collection: CollectionSchema, expecting: [String: Value]?) throws -> [CascadeEffect] {
        let table = try writable(collection)
        return try onceMoreAfterFailover { try delete(id, table, collection, expecting: expecting) }
    }

    private func delete(_ id: RecordID, _ table: PostgresTable, _ collection: CollectionSchema,
                        expecting: [String: Value]?) throws -> [CascadeEffect] {
        var parameters = Parameters()
        var byValue = Parameters()
        let condition = try unchanged(id, table, collection, expecting, &parameters)
        let valueCondition = try unchanged(id, table, collection, expecting, &byValue, byVersion: false)
        func verdict() throws -> LostWrite {
            guard try stored(id, collection) != nil else { return .landed }
            var parameters = Parameters()
            let holding = try unchanged(id, table, collection, expecting, &parameters, byVersion: false)
            let sql = "SELECT 1::text FROM \(table.relation) WHERE \(holding)"
            if try !bridge.rows(sql, parameters.values).isEmpty { return .notWritten }
            return .changed(try whyNot(id, collection, action: "delete", holding: (sql, parameters.values)))
        }
        return try write(table, values: [:], verdict: verdict) {
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

    public func restore(_ record: Record, into collection: CollectionSchema) throws -> RecordID {
        let table = try writable(collection)
        let fields = collection.fields.filter { !$0.isGenerated }
        var parameters = Parameters()
        let values = try fields.map { try parameters.bind(record[$0.name], as: try table.column($0.name)) }
        // An identity column GENERATED ALWAYS takes the row's own key back only when told to.
        let overriding = table.hasAlwaysIdentity ? " OVERRIDING SYSTEM VALUE" : ""
        let sql = "INSERT INTO \(table.quotedName) (\(fields.map(\.name.quotedIdentifier).joined(separator: ", ")))"
            + overriding + " VALUES (\(values.joined(separator: ", ")))"
        // A trigger that drops the row leaves it gone: said, not taken for put back.
        try write(table, values: record.values) {
            if try bridge.execute(sql, parameters.values) != 1 { throw StoreError.ignoredByTrigger("insert", table: table.name) }
        }
        return record.id
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

    /// The rows this transaction inserted, updated or deleted so far, in
    /// every table: the server counts them for the transaction as it goes.
    func changedSoFar() throws -> Int {
        let sql = "SELECT coalesce(sum(n_tup_ins + n_tup_upd + n_tup_del), 0)::text FROM pg_stat_xact_all_tables"
        return try bridge.rows(sql).first?.first.flatMap { $0 }.flatMap { Int($0) } ?? 0
    }

    /// Each table's rows inserted, updated and deleted by this transaction,
    /// for a dry run's report; a table of another schema, which a trigger
    /// wrote, by its schema too. The server counts each write of a row, so
    /// two saves of one row are two updates, and a savepoint rolled back
    /// keeps its count.
    public func rowsWrittenInTransaction() throws -> RowsTouched {
        let rows = try bridge.rows("""
            SELECT CASE WHEN schemaname = $1::text THEN relname ELSE schemaname || '.' || relname END::text,
                   n_tup_ins::text, n_tup_upd::text, n_tup_del::text FROM pg_stat_xact_user_tables
            WHERE n_tup_ins + n_tup_upd + n_tup_del > 0
            """, [schema])
        return RowsTouched(tables: rows.compactMap { row in
            guard row.count == 4, let name = row[0] else { return nil }
            let counts = row[1...].map { $0.flatMap { Int($0) } ?? 0 }
            return RowsTouched.Table(name: name, inserted: counts[0], updated: counts[1], deleted: counts[2])
        })
    }

    /// The identity after `changes` (a key field among them re-keys the row).
    func id(_ id: RecordID, _ table: PostgresTable, after changes: [String: Value]) -> RecordID {
        guard id.isPrimaryKey, id.parts.count == table.key.count else { return id }
        var parts = id.parts
        for (i, column) in table.key.enumerated() { if let value = changes[column] { parts[i] = value } }
        return RecordID(parts: parts, isPrimaryKey: true)
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
}

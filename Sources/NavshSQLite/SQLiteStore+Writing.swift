import Foundation
import GRDB
import NavshCore
import NavshSQL

/// Writes: each one transaction (a savepoint inside a batch), checked
/// against the values its caller read, with constraint errors that name the
/// field.
extension SQLiteStore {
    // Every write says OR ABORT: it overrides a column's own ON CONFLICT
    // REPLACE or IGNORE, which would otherwise let a save delete another
    // row unreported, or be dropped while reported as done.
    public func insert(_ values: [String: Value], into collection: CollectionSchema) throws -> NavshCore.Record {
        let key = try writableKey(for: collection)
        let names = try collection.declaredOrder(of: values.keys)
        let sql = names.isEmpty
            ? "INSERT OR ABORT INTO \(key.quotedTable) DEFAULT VALUES RETURNING \(key.keySQL)"
            : "INSERT OR ABORT INTO \(key.quotedTable) (\(names.map(\.quotedIdentifier).joined(separator: ", "))) "
                + "VALUES (\(names.map { values[$0]!.sqlPlaceholder }.joined(separator: ", "))) RETURNING \(key.keySQL)"
        let arguments = SQLArguments(names.map { values[$0]! })
        return try write(collection, values: values) { db in
            guard let row = try RowReader.fetchOne(db, sql: sql, arguments: arguments) else {
                // No error and no row: a trigger's RAISE(IGNORE) (OR ABORT rules out the rest).
                throw StoreError.ignoredByTrigger("insert", table: collection.name)
            }
            let id = try key.id(from: row)
            return try stored(id, collection, db) ?? NavshCore.Record(id: id, values: values)
        }
    }

    public func update(
        _ id: RecordID, in collection: CollectionSchema, changes: [String: Value], expecting: [String: Value]?
    ) throws -> NavshCore.Record {
        let key = try writableKey(for: collection)
        guard !changes.isEmpty else {
            return try read { db in try stored(id, collection, db) } ?? NavshCore.Record(id: id, values: [:])
        }
        let names = try collection.declaredOrder(of: changes.keys)
        let assigned = names.compactMap { changes[$0] }
        let keyCondition = try key.matching(id)
        let checked = expecting.map { Self.checked($0, in: collection) } ?? []
        let shape = UpdateShape(
            table: collection.name, key: keyCondition.sql,
            assigned: names, assignedPlaceholders: assigned.map(\.sqlPlaceholder),
            matched: checked.map(\.0), matchedForms: checked.map { UpdateShape.form(of: $0.1) })
        let arguments = UpdateShape.arguments(assigned: assigned, key: keyCondition.arguments, matched: checked.map(\.1))
        // The row is read again in the save's transaction, not returned by
        // the UPDATE: SQLite keeps a RETURNING's rows in a temporary table
        // (a page zeroed and a b-tree opened per save), which cost 8,000
        // instructions more an edit than the read by key; and a re-read
        // sees what AFTER triggers and ON UPDATE actions did to the row.
        lastUpdateReachedOtherRows = false
        return try write(collection, values: changes) { db in
            let before = db.totalChangesCount
            try updateStatements.run(shape, updateSQL(shape, key, keyCondition: keyCondition.sql, checked: checked), in: db) {
                try RowReader.execute(db, $0, arguments: arguments)
            }
            if db.changesCount == 0 { throw try whyNot(id, collection, db, expected: expecting, action: "update") }
            lastUpdateReachedOtherRows = db.totalChangesCount - before > 1
            let newID = key.id(id, after: changes)
            return try stored(newID, collection, db) ?? NavshCore.Record(id: newID, values: changes)
        }
    }

    /// A batch save's rows in one savepoint and one call into the database:
    /// each row's UPDATE as a save's (the same kept statements), without
    /// a savepoint of its own; a row whose check fails is left as it is.
    public func updateRows(_ writes: [RowWrite], in collection: CollectionSchema) throws -> [RowWrite?] {
        let key = try writableKey(for: collection)
        var at = 0
        lastUpdateReachedOtherRows = false
        do {
            return try write(collection, values: [:]) { db in
                let before = db.totalChangesCount
                var written: [RowWrite?] = []
                written.reserveCapacity(writes.count)
                var count = 0
                for (index, row) in writes.enumerated() {
                    at = index
                    let names = try collection.declaredOrder(of: row.changes.keys)
                    let assigned = names.compactMap { row.changes[$0] }
                    let keyCondition = try key.matching(row.id)
                    let checked = Self.checked(row.expecting, in: collection)
                    let shape = UpdateShape(
                        table: collection.name, key: keyCondition.sql,
                        assigned: names, assignedPlaceholders: assigned.map(\.sqlPlaceholder),
                        matched: checked.map(\.0), matchedForms: checked.map { UpdateShape.form(of: $0.1) })
                    let arguments = UpdateShape.arguments(assigned: assigned, key: keyCondition.arguments,
                                                          matched: checked.map(\.1))
                    try updateStatements.run(shape, updateSQL(shape, key, keyCondition: keyCondition.sql, checked: checked),
                                             in: db) {
                        try RowReader.execute(db, $0, arguments: arguments)
                    }
                    guard db.changesCount > 0 else {
                        written.append(nil)
                        continue
                    }
                    count += 1
                    let newID = key.id(row.id, after: row.changes)
                    // As stored: a NUMERIC column keeps 3.0 as 3, which undo
                    // expects. Text in a TEXT column and a whole number in an
                    // INTEGER one are kept as sent, and not read again.
                    guard !names.allSatisfy({ Self.keptAsSent(row.changes[$0] ?? .null, collection.field(named: $0)) }) else {
                        written.append(RowWrite(id: newID, changes: row.changes, expecting: [:]))
                        continue
                    }
                    let stored = try stored(newID, collection, db)
                    written.append(RowWrite(id: newID, changes: names.reduce(into: [:]) {
                        $0[$1] = stored?.value(of: $1) ?? row.changes[$1]
                    }, expecting: [:]))
                }
                lastUpdateReachedOtherRows = db.totalChangesCount - before > count
                return written
            }
        } catch let error as StoreError {
            throw RowWriteFailure(index: at, error: error)
        }
    }

    /// Whether SQLite stores `value` in `field` exactly as sent, by the
    /// column's affinity: NULL anywhere, text as TEXT, a whole number as INTEGER.
    static func keptAsSent(_ value: Value, _ field: Field?) -> Bool {
        switch (value, field?.kind) {
        case (.null, _), (.text, .text?), (.integer, .integer?): return true
        default: return false
        }
    }

    /// The UPDATE for a save of this shape, made the first time and kept
    /// (`updateStatements`) until the schema is read again.
    private func updateSQL(_ shape: UpdateShape, _ key: TableKey, keyCondition: String,
                           checked: [(String, Value)]) -> String {
        let assignments = zip(shape.assigned, shape.assignedPlaceholders).map { "\($0.quotedIdentifier) = \($1)" }
        var condition = keyCondition
        if !checked.isEmpty {
            condition += " AND " + ExactMatch.all(checked.map { (column: $0.0.quotedIdentifier, value: $0.1) }).sql
        }
        return "UPDATE OR ABORT \(key.quotedTable) SET \(assignments.joined(separator: ", ")) WHERE \(condition)"
    }

    @discardableResult
    public func delete(_ id: RecordID, from collection: CollectionSchema, expecting: [String: Value]?) throws -> [CascadeEffect] {
        let key = try writableKey(for: collection)
        let condition = try unchanged(id, key, collection, expecting)
        return try write(collection, values: [:]) { db in
            // Read in the delete's own transaction: exactly what it takes.
            let reader = CascadeWalk(try SQLiteCascades(store: self, db: db))
            let effects = try reader.effects(ofDeleting: id, in: collection.name)
            try db.execute(sql: "DELETE FROM \(key.quotedTable) WHERE \(condition.sql)", arguments: condition.arguments.statementArguments)
            if db.changesCount == 0 { throw try whyNot(id, collection, db, expected: expecting, action: "delete") }
            return try reader.afterDelete(effects)
        }
    }

    public func readingCascades<T>(_ body: (any CascadeSource) throws -> T) throws -> T {
        try read { db in try body(SQLiteCascades(store: self, db: db)) }
    }

    public func restore(_ record: NavshCore.Record, into collection: CollectionSchema) throws -> RecordID {
        let key = try writableKey(for: collection)
        let stored = collection.fields.filter { !$0.isGenerated }
        let columns = stored.map(\.name.quotedIdentifier)
        let values = stored.map { record[$0.name] }
        func insert(_ columns: [String], _ values: [Value]) -> String {
            "INSERT OR ABORT INTO \(key.quotedTable) (\(columns.joined(separator: ", "))) "
                + "VALUES (\(values.map(\.sqlPlaceholder).joined(separator: ", ")))"
        }
        // A trigger that drops the row leaves it gone: said, not taken for put back.
        func inserted(_ db: Database) throws {
            if db.changesCount != 1 { throw StoreError.ignoredByTrigger("insert", table: collection.name) }
        }
        return try write(collection, values: record.values) { db in
            // A table without a rowid alias column gets its rowid back by
            // name, unless another row took it since: SQLite gives the rowid
            // of a row deleted last to the next row added. The row then gets
            // a new one, and its values are what name it.
            if case .rowid(let expression) = key.kind, let rowid = record.id.rowid, !columns.contains(expression) {
                let taken = try RowReader.fetchOne(db, sql: "SELECT 1 FROM \(key.quotedTable) WHERE \(expression) = ?",
                                                   arguments: SQLArguments([.integer(rowid)])) != nil
                if !taken {
                    try db.execute(sql: insert([expression] + columns, [.integer(rowid)] + values),
                                   arguments: SQLArguments([.integer(rowid)] + values).statementArguments)
                    try inserted(db)
                    return record.id
                }
                try db.execute(sql: insert(columns, values), arguments: SQLArguments(values).statementArguments)
                try inserted(db)
                return RecordID(parts: [.integer(db.lastInsertedRowID)], isPrimaryKey: false)
            }
            try db.execute(sql: insert(columns, values), arguments: SQLArguments(values).statementArguments)
            try inserted(db)
            return record.id
        }
    }

    /// The row's identity plus, when `expected` is given, an exact match
    /// (storage class and bytes, see `ExactMatch`) of every stored field's
    /// expected value.
    func unchanged(
        _ id: RecordID, _ key: TableKey, _ collection: CollectionSchema, _ expected: [String: Value]?
    ) throws -> (sql: String, arguments: SQLArguments) {
        var condition = try key.matching(id)
        guard let expected else { return condition }
        let matches = Self.checked(expected, in: collection)
        guard !matches.isEmpty else { return condition }
        let all = ExactMatch.all(matches.map { (column: $0.field.quotedIdentifier, value: $0.value) })
        condition.sql += " AND " + all.sql
        condition.arguments += all.values
        return condition
    }

    /// The values a write checks the row against, in declared order: every
    /// stored field of `expected` (a generated column is computed, not kept).
    static func checked(_ expected: [String: Value], in collection: CollectionSchema) -> [(field: String, value: Value)] {
        // One pass, the fields not copied into a filtered array first.
        var checked: [(field: String, value: Value)] = []
        checked.reserveCapacity(expected.count)
        for field in collection.fields where !field.isGenerated {
            if let value = expected[field.name] { checked.append((field.name, value)) }
        }
        return checked
    }

    /// The row as stored now, read on the write's own connection (outside
    /// any owner's scope: a row moved out of a list still exists); nil when
    /// it is gone.
    func stored(_ id: RecordID, _ collection: CollectionSchema, _ db: Database) throws -> NavshCore.Record? {
        let condition = try key(for: collection).matching(id)
        return try select(db, Self.unscoped(collection), where: condition.sql, arguments: condition.arguments,
                          suffix: "LIMIT 1", []).first
    }

    /// The collection without its owner's scope and its filters: every
    /// row of the table. The same schema when it has neither (a change
    /// would give it a new memo of its list columns, `derived`).
    static func unscoped(_ collection: CollectionSchema) -> CollectionSchema {
        guard collection.scope != nil || !collection.filters.isEmpty else { return collection }
        var unscoped = collection
        unscoped.scope = nil
        unscoped.filters = []
        return unscoped
    }

    /// After a write that touched no row: the row is gone, or it changed.
    /// Why a write checked against `expected` touched no row, read in its
    /// transaction: the row is gone, or changed, or (still holding every
    /// value expected) a trigger ignored the write.
    func whyNot(_ id: RecordID, _ collection: CollectionSchema, _ db: Database,
                expected: [String: Value]?, action: String) throws -> StoreError {
        let key = try key(for: collection)
        let condition = try key.matching(id)
        // Moved out of an owner's list is changed, not gone.
        guard let row = try select(db, Self.unscoped(collection), where: condition.sql, arguments: condition.arguments,
                                   suffix: "LIMIT 1", []).first else {
            return .recordMissing
        }
        let matched = try unchanged(id, key, collection, expected)
        if try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM \(key.quotedTable) WHERE \(matched.sql))",
                             arguments: matched.arguments.statementArguments) == true {
            return .ignoredByTrigger(action, table: collection.name)
        }
        return .conflict(current: Record(id: id, values: row.values))
    }

    /// The key of a table whose rows can be written; refuses, with the
    /// reason, a table whose rows cannot be told apart.
    func writableKey(for collection: CollectionSchema) throws -> TableKey {
        let key = try key(for: collection)
        if let reason = key.readOnlyReason { throw StoreError.readOnly(reason) }
        return key
    }

    /// One transaction; on failure it rolls back and the error names the fields.
    func write<T>(
        _ collection: CollectionSchema, values: [String: Value], _ body: (Database) throws -> T
    ) throws -> T {
        func translated(_ db: Database) throws -> T {
            do {
                return try body(db)
            } catch let error as DatabaseError {
                throw SQLiteErrorText.translate(
                    error, table: collection.name, fields: collection.fields.map(\.name), db: db, values: values)
            }
        }
        do {
            // BEGIN, COMMIT and savepoints as cached statements: a save is
            // prepared once per session, not three statements per save.
            return try database.inDatabase { db in
                let (begin, end, undo) = inBatch
                    ? ("SAVEPOINT navsh_write", "RELEASE navsh_write", "ROLLBACK TO navsh_write")
                    : ("BEGIN IMMEDIATE TRANSACTION", "COMMIT TRANSACTION", "ROLLBACK TRANSACTION")
                try db.cachedStatement(sql: begin).execute()
                do {
                    let result = try translated(db)
                    do {
                        try db.cachedStatement(sql: end).execute()
                    } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_FOREIGNKEY {
                        // COMMIT refused a reference kept for it (DEFERRABLE INITIALLY
                        // DEFERRED): named by the row that holds it, before the
                        // rollback takes it; SQLite's own words name nothing.
                        throw (try? Self.firstUnresolvedReference(db, in: tables)).flatMap { $0 } ?? error
                    }
                    return result
                } catch {
                    // SQLite may have rolled the transaction back itself.
                    if db.isInsideTransaction {
                        try? db.cachedStatement(sql: undo).execute()
                        if inBatch { try? db.cachedStatement(sql: end).execute() }
                    }
                    throw error
                }
            }
        } catch let error as DatabaseError {
            throw tablesMoved(error) ?? SQLiteErrorText.translate(error, table: collection.name, fields: collection.fields.map(\.name))
        }
    }
}

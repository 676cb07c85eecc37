import Foundation
import GRDB
import NavshCore

/// Any SQLite file as a navsh store: tables are collections, columns fields.
/// One serialized connection (a `DatabaseQueue`) with a busy timeout, so two
/// navsh processes can share a file; every write is one transaction.
public final class SQLiteStore: Store {
    public let displayName: String
    public internal(set) var collections: [CollectionSchema]
    let database: DatabaseQueue
    internal(set) var keys: [String: TableKey]
    private let cancellation = QueryCancellation()
    /// Inside `beginBatch`/`endBatch`: writes use savepoints in the open transaction.
    var inBatch = false
    /// What the app spec added at open (`table owners`, `column cars.model`), to be told.
    public let schemaAdditions: [String]
    /// The spec and year the collections were presented with, to present
    /// them again after another connection changes the schema.
    let spec: AppSpec?
    let thisYear: Int
    /// SQLite's `PRAGMA schema_version` when the collections were read.
    var schemaVersion = 0

    /// Asked while a statement runs; returning true stops it (the command
    /// fails with "interrupted" and nothing is written). The prompt wires it
    /// to Ctrl-C.
    public var isCancelled: () -> Bool {
        get { cancellation.isCancelled }
        set { cancellation.isCancelled = newValue }
    }

    /// How long a write waits for another process's lock before giving up.
    public static let busyTimeout: TimeInterval = 5

    /// Opens an existing file, or creates one (in WAL mode) when `create` is
    /// set. An existing file keeps its journal mode: switching it would be a
    /// lasting change to someone else's file.
    /// With `spec`, it is checked against the file (a `SpecProblem` leaves
    /// the file unchanged), the tables and columns it marks `create: true`
    /// are made when missing (never dropped), and each collection is
    /// presented as the spec says.
    ///
    /// With `dryRun`, the script's transaction starts here, before a spec's
    /// additions, so they roll back with everything else (`beginBatch` is
    /// then already done). `thisYear` checks a spec's `this year` defaults.
    public init(path: String, create: Bool = false, spec: AppSpec? = nil, dryRun: Bool = false,
                thisYear: Int = CivilTime.now().year) throws {
        let exists = FileManager.default.fileExists(atPath: path)
        if !exists && !create { throw StoreOpenError.missing(path: path) }
        self.spec = spec
        self.thisYear = thisYear
        var configuration = Configuration()
        configuration.busyMode = .timeout(Self.busyTimeout)
        configuration.foreignKeysEnabled = true
        configuration.label = "navsh"
        // --atomic and --dry-run keep one transaction open across commands.
        configuration.allowsUnsafeTransactions = true
        let cancellation = self.cancellation
        configuration.prepareDatabase { db in cancellation.install(on: db) }
        do {
            database = try DatabaseQueue(path: path, configuration: configuration)
            if !exists {
                try database.writeWithoutTransaction { try $0.execute(sql: "PRAGMA journal_mode = WAL") }
            }
            if dryRun {
                try database.writeWithoutTransaction { try $0.beginTransaction(.immediate) }
                inBatch = true
            }
            let opened = try SchemaFromSpec.open(database, spec: spec, inTransaction: dryRun, thisYear: thisYear)
            collections = opened.collections
            schemaAdditions = opened.added
            keys = Dictionary(opened.tables.map { ($0.collection.name, $0.key) }, uniquingKeysWith: { a, _ in a })
            schemaVersion = try database.read { try Int.fetchOne($0, sql: "PRAGMA schema_version") ?? 0 }
        } catch let error as DatabaseError {
            throw StoreOpenError.unreadable(path: path, reason: error.message ?? "\(error)")
        } catch let error as StoreError {
            throw StoreOpenError.unreadable(path: path, reason: error.description)
        }
        displayName = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
    }

    // MARK: Reading

    public func count(of collection: CollectionSchema) throws -> Int {
        let key = try key(for: collection)
        let scope = scoped(collection, nil)
        return try read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM \(key.quotedTable)" + (scope.sql.map { " WHERE " + $0 } ?? ""),
                             arguments: scope.arguments) ?? 0
        }
    }

    public func records(of collection: CollectionSchema, offset: Int, limit: Int) throws -> [NavshCore.Record] {
        try select(collection, where: nil, arguments: [], suffix: "LIMIT ? OFFSET ?", [limit, offset], firstPosition: offset)
    }

    public func listRecords(of collection: CollectionSchema, offset: Int, limit: Int) throws -> [NavshCore.Record] {
        try select(collection, fields: ListPreview.fields(of: collection), reading: .preview, where: nil, arguments: [],
                   suffix: "LIMIT ? OFFSET ?", [limit, offset], firstPosition: offset)
    }

    public func record(of collection: CollectionSchema, id: RecordID) throws -> NavshCore.Record? {
        if try key(for: collection).readOnlyReason != nil {
            // Rows that cannot be told apart are named by their position.
            guard case .rowid(let position) = id, position >= 1, position <= Int64(Int.max) else { return nil }
            let offset = Int(position) - 1
            return try select(collection, where: nil, arguments: [], suffix: "LIMIT 1 OFFSET ?", [offset],
                              firstPosition: offset).first
        }
        let condition = try key(for: collection).matching(id)
        return try select(collection, where: condition.sql, arguments: condition.arguments, suffix: "LIMIT 1", []).first
    }

    public func position(of id: RecordID, in collection: CollectionSchema) throws -> Int? {
        // Counting the rows before one in a field's order needs that field's
        // value and NULL rules; callers manage without a number there.
        guard collection.order == nil, collection.groupField == nil else { return nil }
        let key = try key(for: collection)
        if key.readOnlyReason != nil, case .rowid(let position) = id, position >= 1, position <= Int64(Int.max) {
            return Int(position) - 1
        }
        let before = try key.before(id, descending: collection.newRowsOnTop)
        let condition = scoped(collection, before)
        return try read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM \(key.quotedTable) WHERE \(condition.sql ?? "1")",
                             arguments: condition.arguments)
        }
    }

    public func ids(of collection: CollectionSchema) throws -> [RecordID] {
        let key = try writableKey(for: collection)
        let filter = scoped(collection, nil)
        let sql = "SELECT \(key.keySQL) FROM \(key.quotedTable)" + (filter.sql.map { " WHERE \($0)" } ?? "")
            + " ORDER BY \(orderBy(collection, key))"
        return try read { db in try RowReader.fetchAll(db, sql: sql, arguments: filter.arguments).map(key.id(from:)) }
    }

    public func renumber(_ ids: [RecordID], field: String, in collection: CollectionSchema) throws {
        let key = try writableKey(for: collection)
        let name = try orderedNames([field], in: collection)[0].sqlIdentifier
        try write(collection, values: [:]) { db in
            // A UNIQUE position column cannot pass through a state where two
            // rows hold the same number: park every row below the lowest
            // value first, then number them.
            if try Self.isUnique(field, in: key.table, db),
               let lowest = try Int64.fetchOne(db, sql: "SELECT min(min(\(name)), 0) FROM \(key.quotedTable)"),
               lowest > Int64.min + Int64(ids.count) + 1 {
                for (i, id) in ids.enumerated() {
                    let condition = try key.matching(id)
                    var arguments: StatementArguments = [lowest - 1 - Int64(i)]
                    arguments += condition.arguments
                    try db.execute(sql: "UPDATE OR ABORT \(key.quotedTable) SET \(name) = ? WHERE \(condition.sql)",
                                   arguments: arguments)
                }
            }
            for (i, id) in ids.enumerated() {
                let condition = try key.matching(id)
                let same = ExactMatch.sql(name, .integer(Int64(i + 1)))
                var arguments: StatementArguments = [i + 1]
                arguments += same.arguments
                arguments += condition.arguments
                try db.execute(sql: "UPDATE OR ABORT \(key.quotedTable) SET \(name) = ? WHERE NOT \(same.sql) AND \(condition.sql)",
                               arguments: arguments)
            }
        }
    }

    /// Whether a UNIQUE index or constraint covers `column` (alone or with others).
    static func isUnique(_ column: String, in table: String, _ db: Database) throws -> Bool {
        let indexes = try Row.fetchAll(db, sql: "SELECT name FROM pragma_index_list(?) WHERE \"unique\" = 1",
                                       arguments: [table])
        for index in indexes {
            let name: String = index["name"]
            let columns = try String.fetchAll(db, sql: "SELECT name FROM pragma_index_info(?)", arguments: [name])
            if columns.contains(where: { $0.lowercased() == column.lowercased() }) { return true }
        }
        return false
    }

    public func find(
        _ text: String, in field: String, of collection: CollectionSchema, match: TextMatch, limit: Int
    ) throws -> [NavshCore.Record] {
        if let reason = try key(for: collection).readOnlyReason { throw StoreError.other(reason) }
        let column = field.sqlIdentifier
        if match == .exact {
            return try select(collection, where: "\(column) = ? COLLATE NOCASE", arguments: [text],
                              suffix: "LIMIT ?", [limit])
        }
        let escaped = text.replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_")
        let pattern = (match == .contains ? "%" : "") + escaped + "%"
        return try select(collection, where: "\(column) LIKE ? ESCAPE '\\'", arguments: [pattern],
                          suffix: "LIMIT ?", [limit])
    }

    // MARK: Writing

    // Every write says OR ABORT: it overrides a column's own ON CONFLICT
    // REPLACE or IGNORE, which would otherwise let a save delete another
    // row unreported, or be dropped while reported as done.
    public func insert(_ values: [String: Value], into collection: CollectionSchema) throws -> RecordID {
        let key = try writableKey(for: collection)
        let names = try orderedNames(values.keys, in: collection)
        let sql = names.isEmpty
            ? "INSERT OR ABORT INTO \(key.quotedTable) DEFAULT VALUES RETURNING \(key.keySQL)"
            : "INSERT OR ABORT INTO \(key.quotedTable) (\(names.map(\.sqlIdentifier).joined(separator: ", "))) "
                + "VALUES (\(names.map { values[$0]!.sqlPlaceholder }.joined(separator: ", "))) RETURNING \(key.keySQL)"
        let arguments = StatementArguments(names.map { values[$0]!.databaseValue })
        return try write(collection, values: values) { db in
            guard let row = try RowReader.fetchOne(db, sql: sql, arguments: arguments) else {
                throw StoreError.other("the insert returned no row")
            }
            return try key.id(from: row)
        }
    }

    public func update(
        _ id: RecordID, in collection: CollectionSchema, changes: [String: Value], expecting: [String: Value]?
    ) throws {
        guard !changes.isEmpty else { return }
        let key = try writableKey(for: collection)
        let names = try orderedNames(changes.keys, in: collection)
        let condition = try unchanged(id, key, collection, expecting)
        let assignments = names.map { "\($0.sqlIdentifier) = \(changes[$0]!.sqlPlaceholder)" }.joined(separator: ", ")
        var arguments = StatementArguments(names.map { changes[$0]!.databaseValue })
        arguments += condition.arguments
        try write(collection, values: changes) { db in
            try db.execute(sql: "UPDATE OR ABORT \(key.quotedTable) SET \(assignments) WHERE \(condition.sql)",
                           arguments: arguments)
            if db.changesCount == 0 { throw try whyNot(id, collection, db) }
        }
    }

    @discardableResult
    public func delete(_ id: RecordID, from collection: CollectionSchema, expecting: [String: Value]?) throws -> [CascadeEffect] {
        let key = try writableKey(for: collection)
        let condition = try unchanged(id, key, collection, expecting)
        return try write(collection, values: [:]) { db in
            // Read in the delete's own transaction: exactly what it takes.
            let reader = CascadeReader(store: self, db: db)
            let effects = try reader.effects(ofDeleting: id, in: collection.name)
            try db.execute(sql: "DELETE FROM \(key.quotedTable) WHERE \(condition.sql)", arguments: condition.arguments)
            if db.changesCount == 0 { throw try whyNot(id, collection, db) }
            return try reader.afterDelete(effects)
        }
    }

    public func blockingReferences(ofDeleting id: RecordID, in collection: CollectionSchema) throws -> [BlockingReference] {
        try read { db in try CascadeReader(store: self, db: db).blockers(ofDeleting: id, in: collection.name) }
    }

    public func cascades(ofDeleting id: RecordID, in collection: CollectionSchema) throws -> [CascadeEffect] {
        try read { db in try CascadeReader(store: self, db: db).effects(ofDeleting: id, in: collection.name) }
    }

    public func restore(_ record: NavshCore.Record, into collection: CollectionSchema) throws {
        let key = try writableKey(for: collection)
        let stored = collection.fields.filter { !$0.isGenerated }
        var columns = stored.map(\.name.sqlIdentifier)
        var values = stored.map { record[$0.name] }
        // A table without a rowid alias column gets its rowid back by name.
        if case .rowid(let expression) = key.kind, case .rowid(let rowid) = record.id, !columns.contains(expression) {
            columns.insert(expression, at: 0)
            values.insert(.integer(rowid), at: 0)
        }
        let sql = "INSERT OR ABORT INTO \(key.quotedTable) (\(columns.joined(separator: ", "))) "
            + "VALUES (\(values.map(\.sqlPlaceholder).joined(separator: ", ")))"
        try write(collection, values: record.values) { db in
            try db.execute(sql: sql, arguments: StatementArguments(values.map(\.databaseValue)))
        }
    }

    /// Runs SQL as given (schemas for tests and fuzzing); navsh itself never
    /// builds SQL from user input.
    public func execute(_ sql: String) throws {
        try database.write { try $0.execute(sql: sql) }
    }

    /// Rows this connection has inserted, updated or deleted since it opened
    /// (SQLite's total_changes): lets the fuzzer prove no command wrote
    /// without a save.
    public func rowsWrittenByThisConnection() throws -> Int {
        try database.read { try Int.fetchOne($0, sql: "SELECT total_changes()") ?? 0 }
    }

    public func changeToken() throws -> Int {
        try database.read { try Int.fetchOne($0, sql: "PRAGMA data_version") ?? 0 }
    }

    public func beginBatch() throws {
        try database.writeWithoutTransaction { try $0.beginTransaction(.immediate) }
        inBatch = true
    }

    public func endBatch(commit: Bool) throws {
        inBatch = false
        try database.writeWithoutTransaction { db in
            guard db.isInsideTransaction else { return }
            if commit { try db.commit() } else { try db.rollback() }
        }
    }

    /// The row's identity plus, when `expected` is given, an exact match
    /// (storage class and bytes, see `ExactMatch`) of every stored field's
    /// expected value.
    private func unchanged(
        _ id: RecordID, _ key: TableKey, _ collection: CollectionSchema, _ expected: [String: Value]?
    ) throws -> (sql: String, arguments: StatementArguments) {
        var condition = try key.matching(id)
        guard let expected else { return condition }
        let matches = collection.fields.filter { !$0.isGenerated }.compactMap { field in
            expected[field.name].map { ExactMatch.sql(field.name.sqlIdentifier, $0) }
        }
        guard !matches.isEmpty else { return condition }
        let all = ExactMatch.all(matches[...])
        condition.sql += " AND " + all.sql
        condition.arguments += all.arguments
        return condition
    }

    /// After a write that touched no row: the row is gone, or it changed.
    private func whyNot(_ id: RecordID, _ collection: CollectionSchema, _ db: Database) throws -> StoreError {
        let condition = try key(for: collection).matching(id)
        var unscoped = collection  // moved out of an owner's list is changed, not gone
        unscoped.scope = nil
        guard let row = try select(db, unscoped, where: condition.sql, arguments: condition.arguments,
                                   suffix: "LIMIT 1", []).first else {
            return .recordMissing
        }
        return .conflict(current: Record(id: id, values: row.values))
    }

    // MARK: Helpers

    func key(for collection: CollectionSchema) throws -> TableKey {
        guard let key = keys[collection.name] else {
            throw StoreError.other("no table named \(collection.name)")
        }
        return key
    }

    /// The key of a table whose rows can be written; refuses, with the
    /// reason, a table whose rows cannot be told apart.
    private func writableKey(for collection: CollectionSchema) throws -> TableKey {
        let key = try key(for: collection)
        if let reason = key.readOnlyReason { throw StoreError.readOnly(reason) }
        return key
    }

    /// Field names in declared order, refusing any the table does not have:
    /// only names from the schema ever reach SQL.
    private func orderedNames(_ names: some Sequence<String>, in collection: CollectionSchema) throws -> [String] {
        let wanted = Set(names)
        let known = collection.fields.map(\.name).filter { wanted.contains($0) }
        guard known.count == wanted.count else {
            throw StoreError.other("unknown fields: \(wanted.subtracting(known).sorted().joined(separator: ", "))")
        }
        return known
    }

    /// A condition joined with the collection's scope (an owner's cars), if any.
    func scoped(
        _ collection: CollectionSchema, _ condition: (sql: String, arguments: StatementArguments)?
    ) -> (sql: String?, arguments: StatementArguments) {
        guard let scope = collection.scope else { return (condition?.sql, condition?.arguments ?? []) }
        let scopeSQL = "\(scope.field.sqlIdentifier) IS \(scope.value.sqlPlaceholder)"
        var arguments = StatementArguments([scope.value.databaseValue])
        guard let condition else { return (scopeSQL, arguments) }
        arguments += condition.arguments
        return ("\(scopeSQL) AND (\(condition.sql))", arguments)
    }

    /// The spec's order field, then the key; without one, the key, newest
    /// last (or first, when new rows go on top).
    func orderBy(_ collection: CollectionSchema, _ key: TableKey) -> String {
        // Sections come first: a list grouped by party lists each party's rows together.
        let group = collection.groupField.flatMap { collection.field(named: $0) }.map { $0.name.sqlIdentifier + ", " } ?? ""
        guard let order = collection.order, collection.field(named: order.field) != nil else {
            return group + key.orderBy(descending: collection.newRowsOnTop)
        }
        return group + order.field.sqlIdentifier + (order.descending ? " DESC" : "") + ", "
            + key.orderBy(descending: order.descending)
    }

    func read<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try database.read(body)
        } catch {
            throw ConstraintTranslator.translate(error, table: "", fields: [])
        }
    }

    /// One transaction; on failure it rolls back and the error names the fields.
    private func write<T>(
        _ collection: CollectionSchema, values: [String: Value], _ body: (Database) throws -> T
    ) throws -> T {
        func translated(_ db: Database) throws -> T {
            do {
                return try body(db)
            } catch let error as DatabaseError {
                throw ConstraintTranslator.translate(
                    error, table: collection.name, fields: collection.fields.map(\.name), db: db, values: values)
            }
        }
        do {
            guard inBatch else { return try database.write(translated) }
            return try database.writeWithoutTransaction { db in
                var result: T?
                try db.inSavepoint {
                    result = try translated(db)
                    return .commit
                }
                return result!
            }
        } catch let error as DatabaseError {
            throw ConstraintTranslator.translate(error, table: collection.name, fields: collection.fields.map(\.name))
        }
    }
}

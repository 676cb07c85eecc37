import Foundation
import GRDB
import GRDBSQLite
import NavshCore
import NavshSQL

/// Any SQLite file as a navsh store: tables are collections, columns fields.
/// One serialized connection (a `DatabaseQueue`) with a busy timeout, so two
/// navsh processes can share a file; every write is one transaction.
public final class SQLiteStore: Store, NestedTransactions {
    public let displayName: String
    /// The collections as the core presents them (`presentation` applied to each table read).
    public private(set) var collections: [CollectionSchema] = []
    /// Each table as the schema says, before presentation.
    var tables: [CollectionSchema] = [] {
        didSet { collections = tables.map(presentation) }
    }
    public var presentation: (CollectionSchema) -> CollectionSchema = { $0 } {
        didSet { collections = tables.map(presentation) }
    }
    let database: DatabaseQueue
    internal(set) var keys: [String: TableKey] = [:]
    let cancellation = QueryCancellation()
    /// Inside `transaction` or `atomically`: writes use savepoints in the open transaction.
    package var inBatch = false
    /// `PRAGMA data_version`, prepared once (`changes(since:)`).
    var dataVersion: Statement?
    /// `readingAsOne`'s BEGIN and COMMIT, prepared once and stepped directly.
    var snapshotStatements: (begin: Statement, end: Statement)?
    /// Inside `readingAsOne` until its look for changes begins the snapshot.
    var snapshotWanted = false
    /// A read ran alone in this `readingAsOne` before its snapshot began.
    var readAloneBeforeSnapshot = false
    /// `readingAsOne` began a transaction, which it ends.
    var snapshotBegun = false
    /// SQLite's `PRAGMA schema_version` when the collections were read.
    var schemaVersion = 0
    /// The foreign keys a delete's cascade follows, read for `schemaVersion`.
    var cascadeCatalog: SQLiteCascades.Catalog?
    /// Set when the file opened read-only or immutable (`ReadOnlyOpen`):
    /// how, and that every write is refused.
    public private(set) var readOnlyNote: String?
    /// What the schema held that navsh does not show, and why (a view that
    /// no longer compiles): said once when the file opens, so nothing
    /// disappears in silence.
    public private(set) var leftOutNote: String?
    /// A list cell's select-list entries per column name (`selectColumns`);
    /// they depend only on the name.
    var previewColumns: [String: [String]] = [:]
    /// A save's UPDATE per shape of save (`UpdateShape`), for this schema.
    var updateStatements = SmallCache<UpdateShape, PreparedSQL>()
    /// `SELECT` lists per key, fields and reading (`selectList`).
    var selectLists = SmallCache<SelectListShape, String>()
    /// Whole `SELECT`s per shape of read (`QueryShape`): a record opened by
    /// key, the row a save wrote, the next page.
    var queries = SmallCache<QueryShape, PreparedSQL>()
    /// `Store.lastUpdateReachedOtherRows`: the last save's UPDATE changed
    /// more rows than its own (SQLite's count of changes includes what
    /// triggers and foreign-key actions did).
    public internal(set) var lastUpdateReachedOtherRows = false

    /// `atomically` defers every reference to the commit (`defer_foreign_keys`).
    public var checksReferencesAtEachStatement: Bool { false }
    /// The `RowChangeTally` started (`countRowChanges`), while it is kept:
    /// writes then run through GRDB, whose statements tell it of each row.
    weak var rowChangeTally: RowChangeTally?
    /// Rows inserted without GRDB's events, per `atomically` level open,
    /// not yet told to the tally (`countInserts`).
    var countedInserts: [[(table: String, rowID: Int64)]] = []

    /// Asked while a statement runs; returning true stops it (the command
    /// fails with "interrupted" and nothing is written). The prompt wires it
    /// to Ctrl-C.
    public var isCancelled: () -> Bool {
        get { cancellation.isCancelled }
        set {
            cancellation.isCancelled = newValue
            lockWait.isCancelled = newValue
        }
    }
    /// How statements wait for another process's lock (`LockWait`).
    let lockWait = LockWait(timeout: SQLiteStore.busyTimeout)
    /// Called once a statement has waited half a second for another
    /// process's lock: the prompt says that it waits, and that Ctrl-C stops it.
    public var onLockWait: (() -> Void)? {
        get { lockWait.onWait }
        set { lockWait.onWait = newValue }
    }
    /// How long a statement waits for another process's lock (`busyTimeout` unless set).
    public var lockTimeout: Double {
        get { lockWait.timeout }
        set { lockWait.timeout = newValue }
    }
    /// Never asked: SQLite stops at the first request, there is no cancel to wait for.
    public var isCancelledAgain: () -> Bool = { false }

    /// How long a write waits for another process's lock before giving up.
    public static let busyTimeout: TimeInterval = StoreError.lockWaitLimit

    /// Opens an existing file, or creates one (in WAL mode) when `create` is
    /// set. An existing file keeps its journal mode: switching it would be a
    /// lasting change to someone else's file. An app spec is applied by the
    /// core afterwards (`AppSpec.apply(to:thisYear:)`). A `dryRun` store
    /// changes no byte of the file (`DryRunOpen`).
    public init(path: String, create: Bool = false, dryRun: Bool = false) throws {
        let exists = FileManager.default.fileExists(atPath: path)
        if !exists && !create { throw StoreOpenError.missing(path: path) }
        if dryRun { try DryRunOpen.check(path: path) }
        // A log holding commits not yet in the file stays as it is; an empty
        // one, or none, is removed at close as SQLite always does.
        let keepsLog = dryRun && ReadOnlyOpen.isWAL(path) && ReadOnlyOpen.holdsBytes(path + "-wal")
        let wal = dryRun && ReadOnlyOpen.isWAL(path)
        var configuration = Configuration()
        let lockWait = self.lockWait
        configuration.busyMode = .callback { lockWait.retry($0) }
        configuration.foreignKeysEnabled = true
        configuration.label = "navsh"
        // --atomic and --dry-run keep one transaction open across commands.
        configuration.allowsUnsafeTransactions = true
        let cancellation = self.cancellation
        configuration.prepareDatabase { db in
            if dryRun { try DryRunOpen.prepare(db, wal: wal, keepsLog: keepsLog) }
            cancellation.install(on: db)
            CaseFoldedMatch.install(on: db)
            ExactMatch.install(on: db)
        }
        displayName = Self.displayName(forPath: path)
        do {
            let literal = LiteralPath.of(path)
            (database, readOnlyNote) = exists ? try ReadOnlyOpen.open(path: literal, configuration: configuration)
                : (try DatabaseQueue(path: literal, configuration: configuration), nil)
            if !exists {
                try database.writeWithoutTransaction { try $0.execute(sql: "PRAGMA journal_mode = WAL") }
            }
            try read { try readSchema($0) }
        } catch {
            throw StoreOpenError(error, path: path)
        }
    }

    /// The file's name without directory or extension (`shop` for
    /// `data/shop.sqlite`), as `URL(fileURLWithPath:)` would give it, without
    /// Foundation's URL, which resolves a relative path against the working
    /// directory first (a fortieth of start-up).
    public static func displayName(forPath path: String) -> String {
        var name = Substring(path)
        while name.count > 1, name.hasSuffix("/") { name = name.dropLast() }
        if name != "/", let slash = name.lastIndex(of: "/") { name = name[name.index(after: slash)...] }
        if let dot = name.lastIndex(of: "."), dot != name.startIndex, name.index(after: dot) != name.endIndex {
            name = name[..<dot]
        }
        return String(name)
    }

    /// Closes the file: as its last connection, SQLite checkpoints the WAL
    /// and removes it, as the sqlite3 CLI does when it quits. An error here
    /// (a statement still running) leaves that to the process's end.
    public func close() {
        // A statement kept outside GRDB's cache would keep the file open.
        dataVersion = nil
        snapshotStatements = nil
        queries.removeAll()
        updateStatements.removeAll()
        try? database.close()
    }

    /// Reads the tables, their keys and the schema version (at open, after
    /// creating tables or columns, and after a change elsewhere).
    func readSchema(_ db: Database) throws {
        var leftOut: [String] = []
        let read = try SQLiteSchemaReader.read(db, leftOut: &leftOut)
        leftOutNote = leftOut.isEmpty ? nil : "left out: " + leftOut.joined(separator: "; ")
        updateStatements.removeAll()
        selectLists.removeAll()
        queries.removeAll()
        schemaVersion = try RowReader.fetchOne(db, sql: "PRAGMA schema_version", arguments: [], cached: false)
            .map { CatalogRow($0, []).int(at: 0) } ?? 0
        keys = Dictionary(read.map { ($0.collection.name, $0.key) }, uniquingKeysWith: { a, _ in a })
        tables = read.map { table in
            var collection = table.collection
            collection.writeRefusal = readOnlyNote
            return collection
        }
    }

    /// Runs SQL as given (schemas for tests and fuzzing); navsh itself never
    /// builds SQL from user input.
    public func execute(_ sql: String) throws {
        try database.write { try $0.execute(sql: sql) }
    }

    /// Every row of every table as one ASCII text: lets the fuzzer prove no
    /// command wrote without a save. SQLite's change count cannot, as it
    /// keeps the rows of a statement whose savepoint was rolled back. Each
    /// value is written exactly: text and blobs by their bytes, reals by their bits.
    public func contentFingerprint() throws -> String {
        func exact(_ value: DatabaseValue) -> String {
            switch value.storage {
            case .null: return "n"
            case .int64(let n): return "i\(n)"
            case .double(let d): return "r\(d.bitPattern)"
            case .string(let text): return "t" + text.utf8.map { String($0, radix: 16) }.joined(separator: ".")
            case .blob(let data): return "b" + data.map { String($0, radix: 16) }.joined(separator: ".")
            }
        }
        return try database.read { db in
            let tables = try String.fetchAll(db, sql: """
                SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name
                """)
            return try tables.map { table in
                let rows = try Row.fetchAll(db, sql: "SELECT * FROM \(table.quotedDatabaseIdentifier)")
                return exact(table.databaseValue) + ":" + rows.map { $0.databaseValues.map(exact).joined(separator: " ") }
                    .joined(separator: "\n")
            }.joined(separator: "\n")
        }
    }

    /// Calls `observer` with every statement SQLite runs on this store's
    /// connection (nil stops): how tests and profiling see what a command costs.
    public func traceStatements(_ observer: ((String) -> Void)?) {
        database.inDatabase { db in
            if let observer {
                db.trace(options: .statement) { observer($0.description) }
            } else {
                db.trace(options: .statement, nil)
            }
        }
    }

    // MARK: Helpers

    func key(for collection: CollectionSchema) throws -> TableKey {
        guard let key = keys[collection.name] else {
            throw StoreError.noTable(collection.name)
        }
        return key
    }

    /// How SQLite spells the statements `NavshSQL` builds.
    var dialect: SQLiteDialect { SQLiteDialect() }

    /// What `scoped` binds for an owner's scope (before any filter's).
    func scopeArguments(_ collection: CollectionSchema) -> SQLArguments {
        collection.scope.map { $0.value.isNull ? SQLArguments() : SQLArguments([$0.value]) } ?? SQLArguments()
    }

    /// The collection's scope and filters, and `condition`, as one WHERE
    /// clause (nil when there is none) with its arguments.
    func scoped(
        _ collection: CollectionSchema, _ condition: (sql: String, arguments: SQLArguments)?
    ) throws -> (sql: String?, arguments: SQLArguments) {
        let filters = try FilterSQL.scoped(collection, dialect)?.sqlite
        guard let condition else { return (filters?.sql, filters?.arguments ?? []) }
        guard var filters else { return (condition.sql, condition.arguments) }
        filters.arguments += condition.arguments
        return (filters.sql + " AND (" + condition.sql + ")", filters.arguments)
    }

    /// The spec's order field, then the key; without one, the key, newest
    /// last (or first, when new rows go on top).
    func orderBy(_ collection: CollectionSchema, _ key: TableKey) -> String {
        let terms = orderTerms(collection, key)
        return terms.isEmpty ? "NULL" : KeysetSQL.orderBy(terms, dialect)
    }

    /// What rows are ordered by, in turn (`KeysetSQL.orderTerms`); none
    /// for a table without a key (rows in the order SQLite gives them).
    func orderTerms(_ collection: CollectionSchema, _ key: TableKey) -> [OrderTerm] {
        let keyTerms = key.terms.map {
            OrderTerm(expression: $0, descending: false, nullable: false, field: "", collection: collection.name)
        }
        return KeysetSQL.orderTerms(collection, key: keyTerms, qualifier: nil, outer: key.quotedTable, dialect)
    }
}

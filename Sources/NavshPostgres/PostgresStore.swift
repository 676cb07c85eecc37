import Foundation
import NavshCore
import NavshSQL

/// A PostgreSQL schema as a navsh store: its tables and views are the
/// collections, rows are named by primary key. One connection behind a
/// synchronous bridge (`PostgresBridge`); outside `transaction` and
/// `atomically` each write is its own short transaction and each read
/// commits at once, so no transaction or row lock waits on a person.
public final class PostgresStore: Store, NestedTransactions {
    public let displayName: String
    public let target: PostgresTarget
    /// The schema whose tables are shown.
    public let schema: String
    public private(set) var collections: [CollectionSchema] = []
    var tables: [String: PostgresTable] = [:]
    var tableOrder: [String] = []
    var foreignKeys: [PostgresForeignKey] = []
    public var presentation: (CollectionSchema) -> CollectionSchema = { $0 } {
        didSet { present() }
    }
    let bridge: PostgresBridge
    /// With `--read-from standby`: a second connection, to a standby when
    /// the cluster has one, for lists and records (`reads`).
    let readBridge: PostgresBridge?
    /// The primary's WAL position after this store's last write, until the
    /// standby has replayed it: a user reads their own writes.
    var unreplayed: String?
    /// While the standby lags: when to ask it again (reads go to the primary meanwhile).
    var lagAskedAgain: Date?
    /// When the read connection last looked for a standby (`revisitStandby`).
    var standbyLookedFor = Date()
    /// How often it looks again while it reads from the primary; tests shorten it.
    public var standbyRevisit: TimeInterval = 10
    /// Inside `transaction`, `atomically` or `consistently`: writes use savepoints.
    package var inBatch = false
    /// Cursors declared so far: each `forEachRun` names its own.
    var cursors = 0
    /// What the schema's catalog looked like when the collections were read.
    var schemaFingerprint = ""
    /// Whether a transaction's COMMIT can refuse what its statements did:
    /// the database has a constraint or constraint trigger checked at
    /// commit (INITIALLY DEFERRED), or transactions are SERIALIZABLE by
    /// default. A save is then BEGIN, UPDATE, COMMIT, so that a refusal at
    /// COMMIT is this save's error: postgres-nio hands out an implicitly
    /// committed UPDATE's rows at its CommandComplete, before the commit, and
    /// takes an error after it for a broken connection, so a one-statement
    /// save would be reported done when its commit failed.
    var commitsCanFail = true
    /// `Store.lastUpdateReachedOtherRows`: the last save's transaction
    /// changed more rows than its UPDATE wrote (triggers, ON UPDATE actions).
    public internal(set) var lastUpdateReachedOtherRows = false
    /// For `changes(since:)`: the transaction ids this connection used, and
    /// the counter of commits seen from elsewhere.
    var ownTransactions: Set<Int64> = []
    var lastSnapshotEnd: Int64?
    /// The xmin of each row as last read whole, with the values read.
    var versions = RowVersions()
    /// Savepoints this store wrote in since the last look: each took a transaction id of its own.
    var ownSubtransactions = 0
    /// Transactions of other connections in progress at the last look.
    var runningElsewhere: Set<Int64> = []
    var changesElsewhere = 0
    /// `bridge.reconnections` at the last look.
    var reconnectionsSeen = 0
    /// `serverPlace` and the connections it was made from: the session asks
    /// before every command, and making it anew was a twentieth of an edit.
    private var placeMade: (connects: (Int, Int, Int), place: ServerPlace?)?

    public var isCancelled: () -> Bool {
        get { bridge.isCancelled }
        set {
            bridge.isCancelled = newValue
            readBridge?.isCancelled = newValue
        }
    }
    public var isCancelledAgain: () -> Bool {
        get { bridge.isCancelledAgain }
        set {
            bridge.isCancelledAgain = newValue
            readBridge?.isCancelledAgain = newValue
        }
    }
    /// How long a cancelled statement's end may take before its connection
    /// is given up (`PostgresBridge.cancelGrace`); tests shorten it.
    public var cancelGrace: TimeInterval {
        get { bridge.cancelGrace }
        set { bridge.cancelGrace = newValue }
    }
    /// How long making a connection may take (`PostgresBridge.connectTimeout`).
    public var connectTimeout: TimeInterval {
        get { bridge.connectTimeout }
        set { bridge.connectTimeout = newValue }
    }

    /// Connects and reads the schema (`target.schema`, else the first schema
    /// of the search path that exists).
    /// `connectTimeout`: how long making a connection may take, its login
    /// included, now and whenever it is made again.
    /// `timeZone`: the session's; UTC, as navsh's times are (`now`, a time
    /// typed without an offset), and as a timestamptz then reads (`+00`).
    /// `readingFromStandby`: lists and records come from a standby of the
    /// cluster (the primary when it has none); saves go to the primary and
    /// are checked there, so a standby's lag shows as a conflict.
    public init(target: PostgresTarget, timeZone: String? = "UTC",
                connectTimeout: TimeInterval = 10, readingFromStandby: Bool = false) throws {
        self.target = target
        var writer = target
        var reader: PostgresBridge?
        if readingFromStandby {
            if [.any, .preferStandby, .standby, .readOnly].contains(target.sessionAttributes) { writer.sessionAttributes = .readWrite }
            var standby = target
            standby.sessionAttributes = .preferStandby
            reader = PostgresBridge(target: standby)
            reader?.connectTimeout = target.connectTimeout ?? connectTimeout
        }
        readBridge = reader
        bridge = PostgresBridge(target: writer)
        bridge.connectTimeout = target.connectTimeout ?? connectTimeout
        // A row lock held by another session is waited for as long as
        // SQLite waits for a file's lock, then refused as busy.
        var settings = [("DateStyle", "ISO, YMD"), ("IntervalStyle", "postgres"), ("extra_float_digits", "1"),
                        ("lock_timeout", "\(Int(StoreError.lockWaitLimit * 1000))ms")]
        if let timeZone, timeZone.allSatisfy({ $0.isLetter || $0.isNumber || "/_+-".contains($0) }) {
            settings.append(("TimeZone", timeZone))
        }
        // One statement, one round trip at each connection.
        bridge.setup = ["SELECT " + settings.map { "set_config(\($0.pgLiteral), \($1.pgLiteral), false)" }.joined(separator: ", ")]
        let chosen: String
        if let named = target.schema {
            guard try bridge.rows("SELECT 1::text FROM pg_namespace WHERE nspname = $1", [named]).first != nil else {
                throw PostgresOpenError.noSchema(named)
            }
            chosen = named
        } else {
            chosen = try bridge.rows("SELECT coalesce(current_schema(), 'public')::text").first?.first.flatMap { $0 } ?? "public"
        }
        schema = chosen
        // Names in SQL are always quoted and unqualified: the search path finds them in this schema.
        bridge.setup.append("SET search_path = \(chosen.quotedIdentifier), pg_catalog")
        try bridge.execute("SET search_path = \(chosen.quotedIdentifier), pg_catalog")
        readBridge?.setup = bridge.setup
        // Connected now, so a standby that cannot be reached is said at start.
        _ = try readBridge?.rows("SELECT 1::text")
        // The schema asked for names the data (`--schema shop`: shop), else the database does.
        displayName = target.schema == nil ? target.database : chosen
        bridge.onNewHistory = { [weak self] in self?.forgetHistory() }
        try readSchema()
    }

    /// Reads the tables, keys and foreign keys again.
    func readSchema() throws {
        let read = try PostgresSchemaReader.read(bridge, schema: schema)
        tables = Dictionary(read.tables.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        tableOrder = read.tables.map(\.name)
        foreignKeys = read.foreignKeys
        (schemaFingerprint, commitsCanFail) = try catalogLook()
        present()
    }

    private func present() {
        collections = tableOrder.compactMap { tables[$0]?.collection }.map(presentation)
    }

    /// Runs SQL as given, several statements at once, on this store's
    /// connection (tests, seeding examples); navsh itself never builds SQL
    /// from user input. Errors in the server's words.
    public func execute(_ sql: String) throws {
        do {
            try bridge.script(sql)
        } catch {
            throw StoreError.database(PostgresErrorText.reason(error))
        }
    }

    /// Answers this store has waited for from the server so far (statements
    /// sent together count once).
    public var roundTrips: Int { bridge.roundTrips }
    public var connectionsLost: Int { bridge.reconnections + (readBridge?.reconnections ?? 0) }
    public var isConnected: Bool { bridge.isConnected }

    /// Closes the connections.
    public func close() {
        bridge.close()
        readBridge?.close()
    }

    /// The server the connection is on (`db2:5432`), and its history: the
    /// session says where a lost connection came back.
    public var serverPlace: ServerPlace? {
        // A read bridge may come and go (a standby found again): it counts by identity too.
        let connects = (bridge.connects, readBridge?.connects ?? -1, readBridge.map { ObjectIdentifier($0).hashValue } ?? 0)
        if let placeMade, placeMade.connects == connects { return placeMade.place }
        let place = bridge.server.map { server in
            ServerPlace(name: "\(server.endpoint)", history: server.history,
                        role: server.isStandby ? "standby" : server.isReadOnly ? "read-only" : "primary",
                        servers: target.endpoints.map(\.description),
                        readsFrom: readBridge?.server.map { reading in
                            "\(reading.endpoint), " + (reading.isStandby && reading.endpoint != server.endpoint ? "standby" : "primary")
                        })
        }
        placeMade = (connects, place)
        return place
    }

    /// After a failover (a new timeline) or a server restored from a
    /// backup: the xmins read before name other versions now, so every
    /// check is by values and every row shown is read again.
    func forgetHistory() {
        versions = RowVersions()
        ownTransactions = []
        runningElsewhere = []
        lastSnapshotEnd = nil
        changesElsewhere += 1
    }

    // MARK: Helpers

    func table(_ collection: CollectionSchema) throws -> PostgresTable {
        guard let table = tables[collection.name] else { throw StoreError.noTable(collection.name) }
        return table
    }

    func writable(_ collection: CollectionSchema) throws -> PostgresTable {
        let table = try table(collection)
        if let reason = table.readOnlyReason { throw StoreError.readOnly(reason) }
        return table
    }

    /// Where reads go: the standby with `--read-from standby`, once it has
    /// replayed this store's last write (else the primary, for this read);
    /// the primary inside a transaction, whose reads are part of it.
    var reads: PostgresBridge {
        guard let readBridge, !inBatch, !bridge.inTransaction else { return bridge }
        if let lsn = unreplayed {
            // Waited for once; a standby that stays behind is asked again every few seconds.
            if let next = lagAskedAgain, Date() < next { return bridge }
            guard readBridge.hasReplayed(lsn, waiting: lagAskedAgain == nil ? 1 : 0) else {
                lagAskedAgain = Date().addingTimeInterval(5)
                return bridge
            }
            unreplayed = nil
            lagAskedAgain = nil
        }
        return readBridge
    }

    /// Reading from the primary for want of a standby (none answered, or
    /// the one read from was promoted): every ten seconds the read
    /// connection is closed, so the next read looks for a standby again
    /// (a lost one rejoined as a standby).
    func revisitStandby() {
        guard let readBridge, let reading = readBridge.server, readBridge.isConnected,
              reading.endpoint == bridge.server?.endpoint || !reading.isStandby,
              target.endpoints.count > 1, Date().timeIntervalSince(standbyLookedFor) >= standbyRevisit else { return }
        standbyLookedFor = Date()
        readBridge.close()
    }

    /// After a write, with a standby to read from: where the primary's WAL is now.
    func noteWritten() {
        guard readBridge != nil else { return }
        unreplayed = (try? bridge.rows("SELECT pg_current_wal_lsn()::text").first?.first) ?? nil
    }

    /// A read, its errors said in the core's terms.
    func rows(_ sql: String, _ parameters: Parameters) throws -> [[String?]] {
        do {
            return try reads.rows(sql, parameters.values)
        } catch {
            throw PostgresErrorText.translate(error, table: nil)
        }
    }
}

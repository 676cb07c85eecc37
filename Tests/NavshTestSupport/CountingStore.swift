import NavshCore
import Testing

/// Wraps a real store and counts the reads that reach it, so tests can check
/// how much a command reads (a save must re-read one row, not the page).
public final class CountingStore: Store {
    public let base: any Store
    public private(set) var pageReads = 0
    public private(set) var rowsRead = 0
    public private(set) var recordReads = 0
    public private(set) var counts = 0
    /// The most rows a keyset read stepped over past the anchor it started from.
    public private(set) var mostSkipped = 0
    /// Full counts (`count(of:)`), which look at every row.
    public private(set) var fullCounts = 0

    public init(_ base: any Store) { self.base = base }

    public func resetCounters() {
        (pageReads, rowsRead, recordReads, counts, fullCounts) = (0, 0, 0, 0, 0)
        mostSkipped = 0
        (referenceReads, batchReferenceReads) = (0, 0)
    }

    public var displayName: String { base.displayName }
    public func close() { base.close() }
    public var collections: [CollectionSchema] { base.collections }

    public func count(of collection: CollectionSchema, within budget: ReadBudget?) throws -> Int? {
        counts += 1
        if budget == nil { fullCounts += 1 }
        return try base.count(of: collection, within: budget)
    }

    /// Every page read comes here, list pages and reads by offset too (an
    /// offset is a skip from the list's start: `mostSkipped` tells it).
    public func rows(of collection: CollectionSchema, from start: RowStart, limit: Int, fields: RowFields) throws -> RowRun {
        try beforeReadingRows?()
        let run = try base.rows(of: collection, from: start, limit: limit, fields: fields)
        pageReads += 1
        rowsRead += run.rows.count
        mostSkipped = max(mostSkipped, start.skip)
        return run
    }

    public func cursors(of collection: CollectionSchema, after: ListCursor?, every spacing: Int,
                        count: Int) throws -> [ListCursor] {
        try base.cursors(of: collection, after: after, every: spacing, count: count)
    }

    public func anchorSpacing(for collection: CollectionSchema) -> Int { base.anchorSpacing(for: collection) }

    public func find(_ text: String, in field: String, of collection: CollectionSchema, match: TextMatch, limit: Int,
                     within budget: ReadBudget?) throws -> Bounded<[Record]> {
        try base.find(text, in: field, of: collection, match: match, limit: limit, within: budget)
    }

    /// When set, reading a row by identity fails, as a read after a commit
    /// may (the file became unreadable): writes still reach the real store.
    public var failsRecordReads = false
    /// When set, reading a row by identity throws this instead (an error
    /// no store translated, as a driver's own may be).
    public var recordReadError: (any Error)?

    public func record(of collection: CollectionSchema, _ lookup: RecordLookup) throws -> Record? {
        switch lookup {
        case .id:
            if failsRecordReads { throw StoreError.database("disk I/O error") }
            if let recordReadError { throw recordReadError }
            recordReads += 1
            rowsRead += 1
        case .reference:
            referenceReads += 1
        case .key:
            keyReads += 1
        }
        return try base.record(of: collection, lookup)
    }

    /// Rows looked up one by one by their key (`record(of: .key)`).
    public private(set) var keyReads = 0
    /// Reads of many keys at once (`records(of:amongKeys:)`).
    public private(set) var batchKeyReads = 0

    public func records(of collection: CollectionSchema, amongKeys keys: [[Value]]) throws -> [Record] {
        batchKeyReads += 1
        return try base.records(of: collection, amongKeys: keys)
    }

    /// Rows read one by one through a reference (`record(of:referencedBy:field:)`).
    public private(set) var referenceReads = 0
    /// Reads of many references at once (`records(of:referencedBy:field:reading:)`).
    public private(set) var batchReferenceReads = 0

    public func records(of collection: CollectionSchema, referencedBy values: [Value], field: String?,
                        reading fields: [String]) throws -> [Record?] {
        batchReferenceReads += 1
        return try base.records(of: collection, referencedBy: values, field: field, reading: fields)
    }

    public func position(of id: RecordID, in collection: CollectionSchema) throws -> Int? {
        try base.position(of: id, in: collection)
    }

    public func insert(_ values: [String: Value], into collection: CollectionSchema) throws -> Record {
        try base.insert(values, into: collection)
    }

    /// Rows written one at a time (`update`), not as a set.
    public private(set) var rowUpdates = 0

    public func update(
        _ id: RecordID, in collection: CollectionSchema, changes: [String: Value], expecting: [String: Value]?
    ) throws -> Record {
        rowUpdates += 1
        return try base.update(id, in: collection, changes: changes, expecting: expecting)
    }

    public func delete(_ id: RecordID, from collection: CollectionSchema, expecting: [String: Value]?) throws -> [CascadeEffect] {
        try base.delete(id, from: collection, expecting: expecting)
    }

    public func readingCascades<T>(_ body: (any CascadeSource) throws -> T) throws -> T {
        try base.readingCascades(body)
    }

    public func atomically<T>(deferringReferences: Bool, _ body: () throws -> T) throws -> T {
        try base.atomically(deferringReferences: deferringReferences, body)
    }

    public func writeBatch(_ batch: BatchWrite, in collection: CollectionSchema) throws -> BatchWrite.Outcome? {
        try base.writeBatch(batch, in: collection)
    }

    public func restore(_ record: Record, into collection: CollectionSchema) throws -> RecordID {
        try base.restore(record, into: collection)
    }

    public func changes(since token: Int?) throws -> StoreChanges { try base.changes(since: token) }
    public var connectionsLost: Int { base.connectionsLost }
    public var checksReferencesAtEachStatement: Bool { base.checksReferencesAtEachStatement }
    public var isConnected: Bool { base.isConnected }

    public func changedRows(among shown: [String: [RecordID]]) throws -> [String: Set<RecordID>]? {
        try base.changedRows(among: shown)
    }
    public var presentation: (CollectionSchema) -> CollectionSchema {
        get { base.presentation }
        set { base.presentation = newValue }
    }
    public func columnNames(of table: String) throws -> [String] { try base.columnNames(of: table) }
    public func create(_ additions: [SchemaAddition]) throws { try base.create(additions) }
    public var isCancelled: () -> Bool {
        get { base.isCancelled }
        set { base.isCancelled = newValue }
    }
    public var isCancelledAgain: () -> Bool {
        get { base.isCancelledAgain }
        set { base.isCancelledAgain = newValue }
    }
    /// Runs right before a page of rows is read: another process's write
    /// after a command's look for changes elsewhere, and before its read.
    public var beforeReadingRows: (() throws -> Void)?
    /// Runs right before `ids(of:)` or `orderValues` reads: lets a test put another
    /// process's write at the exact moment a race would.
    public var beforeReadingIDs: (() throws -> Void)?
    /// Runs right after `orderValues` read: another process's write between
    /// a `move`'s read of the order and its write.
    public var afterReadingIDs: (() throws -> Void)?

    public func consistently<T>(_ body: () throws -> T) throws -> T { try base.consistently(body) }
    public func orderValues(of collection: CollectionSchema, field: String?) throws -> [(id: RecordID, value: Value)] {
        try beforeReadingIDs?()
        let values = try base.orderValues(of: collection, field: field)
        try afterReadingIDs?()
        return values
    }
    public func transaction<T>(rollback: Bool, _ body: () throws -> T) throws -> T {
        try base.transaction(rollback: rollback, body)
    }
}

extension SessionHarness {
    /// A session over a file made from `sql` that reads through a
    /// `CountingStore`, returned with it: for tests of how much a command
    /// reads, or of what it does when a read fails.
    public static func counting(_ sql: String, mode: Session.Mode = .script) throws -> (SessionHarness, CountingStore) {
        let database = try TemporaryDatabase(sql)
        let store = try database.store()
        let counting = CountingStore(store)
        return (try SessionHarness(database: database, store: store, mode: mode, readingThrough: counting), counting)
    }

    /// A session over a fresh store of `kind`, reading through a `CountingStore`.
    public static func counting(_ kind: StoreKind, _ sql: String, mode: Session.Mode = .script,
                                viewport: Viewport = Viewport()) throws -> (SessionHarness, CountingStore) {
        var counting: CountingStore?
        let h = try SessionHarness(kind, sql, mode: mode, viewport: viewport, readingThrough: { store in
            let wrapper = CountingStore(store)
            counting = wrapper
            return wrapper
        })
        return (h, try #require(counting))
    }
}

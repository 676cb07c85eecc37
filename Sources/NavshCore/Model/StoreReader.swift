/// What the core reads from storage: rows by page or by identity, what a
/// delete would take with it, and whether anything changed elsewhere. The
/// session and the frames hold a store as a `StoreReader`: writes are only
/// reachable through `JournaledStore`, which records each in the journal
/// (undo, dry runs), so no command can write without being journaled.
///
/// Reads are by page or by identity: nothing asks for a whole table, so a
/// million-row collection costs no more memory than a small one.
public protocol StoreReader: StoreWatching {
    /// A short name for the root frame (the file name, say).
    var displayName: String { get }
    /// Every table the store shows, as `presentation` presents it, in the
    /// store's order (SQLite: creation order).
    var collections: [CollectionSchema] { get }

    /// How many rows the collection holds (within its scope, if any). With
    /// a `budget`, nil when the count would take longer: a list's first
    /// page does not wait for a million-row count.
    func count(of collection: CollectionSchema, within budget: ReadBudget?) throws -> Int?
    /// Up to `limit` rows in the collection's order from `start`, each with
    /// its cursor: a keyset read, whose cost does not grow with how far down
    /// the list `start.after` is (see `ListCursor`). `fields` says whether
    /// each field is read exactly or as a list shows it (`ListPreview`):
    /// only the listed fields, long values cut, so a page's cost does not
    /// grow with the values.
    func rows(of collection: CollectionSchema, from start: RowStart, limit: Int, fields: RowFields) throws -> RowRun
    /// Every row of the collection in its order, handed to `body` `size`
    /// rows at a time, as one read. A store that can reads them by one
    /// statement: a list in an order no index gives is then sorted once,
    /// not once a page. Call it within `consistently` or a write.
    func forEachRun(of collection: CollectionSchema, fields: RowFields, size: Int,
                    _ body: ([Record]) throws -> Void) throws
    /// Anchors: the cursors right after every `spacing`-th row past `after`
    /// (rows spacing, 2·spacing, … counting the first row past it as 1),
    /// at most `count` of them, fewer when the list ends; no row's values
    /// are read. How the core reaches row N of a long list (`ListAnchors`),
    /// in one read however many it asks for.
    func cursors(of collection: CollectionSchema, after: ListCursor?, every spacing: Int, count: Int) throws -> [ListCursor]
    /// Rows between anchors for this collection's order: fewer where the
    /// store builds anchors cheaply (each far read then steps over fewer
    /// rows past its anchor), more where each anchor costs a statement.
    func anchorSpacing(for collection: CollectionSchema) -> Int
    /// The row `lookup` names, every field read exactly; nil when there is none.
    func record(of collection: CollectionSchema, _ lookup: RecordLookup) throws -> Record?
    /// The rows these values name, each as `record(of:referencedBy:field:)`
    /// finds it, in one read for them all (a list page's references): one
    /// entry per value, in order, nil where no row has it. Only `fields`
    /// need be read, as a list reads them (`ListPreview`).
    func records(of collection: CollectionSchema, referencedBy values: [Value], field: String?,
                 reading fields: [String]) throws -> [Record?]
    /// The rows whose declared key is among `keys`, compared as `record(of:
    /// .key)` compares one, every field read exactly; in any order, and
    /// none for a key the store cannot look up so. `records(of:keys:)`
    /// pairs them with their keys.
    func records(of collection: CollectionSchema, amongKeys keys: [[Value]]) throws -> [Record]
    /// How many rows come before this one in the collection's order; nil
    /// when the store cannot count it cheaply (an order by a field).
    func position(of id: RecordID, in collection: CollectionSchema) throws -> Int?
    /// Runs `body` as one read: every read in it sees the store as it was
    /// at one moment, whatever other connections commit meanwhile (an
    /// export of many pages). Writes do not belong in it.
    func consistently<T>(_ body: () throws -> T) throws -> T
    /// Runs a command that only reads (`Command.onlyReads`) in one
    /// snapshot with its look for changes made elsewhere: on SQLite one
    /// read transaction where there were two, each taking and releasing
    /// the file's locks (a tenth of a `page N`). A store whose
    /// transaction costs a round trip runs the body as it is. Never fails:
    /// a snapshot that cannot begin leaves each read its own.
    func readingAsOne<T>(_ body: () -> T) -> T
    /// Every row's identity and its value of `field` (NULL without one), in
    /// the collection's order: what a manual order is before `move`
    /// rewrites it, so that `undo` can put back the very values (gaps and all).
    func orderValues(of collection: CollectionSchema, field: String?) throws -> [(id: RecordID, value: Value)]
    /// Rows whose `field` matches `text`, ignoring case, in the collection's
    /// order. With a `budget` it stops when that runs out, saying so (Tab
    /// completion at every keystroke): an index on `field` that serves a
    /// prefix is used whole, else rows are scanned in key order.
    func find(_ text: String, in field: String, of collection: CollectionSchema, match: TextMatch, limit: Int,
              within budget: ReadBudget?) throws -> Bounded<[Record]>

    /// Runs `body` in one read with the store's foreign keys and rows as
    /// the cascade walk follows them: what a delete would take with it, and
    /// which references would refuse it (`cascades(ofDeleting:in:)`).
    func readingCascades<T>(_ body: (any CascadeSource) throws -> T) throws -> T

    /// The column names of the table (or view) called `table`, matched
    /// ignoring case; empty when there is none. For checking an app spec
    /// against the data before anything is created.
    func columnNames(of table: String) throws -> [String]

    /// One text value the field's column already holds (any row), nil when
    /// it holds none: how `set` learns the form dates are written in there
    /// (`DateTimeForm`), so one column never mixes two. One cheap read.
    func sampleText(of field: String, in collection: CollectionSchema) throws -> String?
}

/// How a store tells what other connections changed, and whether its
/// connection held: asked before commands, never to read rows for a page.
public protocol StoreWatching: AnyObject {
    /// What other connections or processes committed since `token` (from
    /// an earlier answer; nil for the first look): a new token, whether
    /// anything changed, and which rows when the store can tell. The token
    /// moves on another connection's commit only: this store's own writes
    /// leave it as it was (the session reads a change as "elsewhere").
    /// Cheap enough to ask before every command.
    func changes(since token: Int?) throws -> StoreChanges
    /// Of the rows shown (by collection name), those another connection
    /// changed or deleted since this store read them, asked in one query
    /// (a server compares each row's version, PostgreSQL's `xmin`). A
    /// collection missing from the answer could not be watched (a view):
    /// `changes(since:)` alone tells about it. Nil when the store cannot
    /// tell rows apart this way (SQLite, where the token is the check).
    func changedRows(among shown: [String: [RecordID]]) throws -> [String: Set<RecordID>]?
    /// How many times the connection to a server was lost and opened again
    /// (outside a transaction, so nothing of the session's was lost); 0 for
    /// a file. The session says each one in one line, whichever read or
    /// write found the connection gone.
    var connectionsLost: Int { get }
    /// False between a lost connection and the statement that opens it
    /// again (so a notice says "reconnected" only once it is true); always
    /// true for a file.
    var isConnected: Bool { get }
    /// The server the connection is on, one of a cluster's; nil for a file.
    var serverPlace: ServerPlace? { get }
    /// After another connection changed the schema (an outside `ALTER
    /// TABLE`): reads `collections` again and returns true. Asked when the
    /// change token moves.
    func reloadSchemaIfChanged() throws -> Bool
}

extension StoreWatching {
    public func changedRows(among shown: [String: [RecordID]]) throws -> [String: Set<RecordID>]? { nil }
    public var connectionsLost: Int { 0 }
    public var isConnected: Bool { true }
    public var serverPlace: ServerPlace? { nil }
    /// A store whose schema cannot change underneath it.
    public func reloadSchemaIfChanged() throws -> Bool { false }
}

extension StoreReader {
    /// The collection called `name`: exactly, else ignoring case (SQLite
    /// names ignore case) where that names one (PostgreSQL keeps `cc` and
    /// `CC` apart, and `open Cc` opened the first).
    public func collection(named name: String) -> CollectionSchema? {
        collections.first { $0.name == name }
            ?? CollectionSchema.only(collections.filter { $0.name.lowercased() == name.lowercased() })
    }

    /// Each collection's name → the title its list shows (a spec's `title:`).
    var collectionTitles: [String: String] {
        Dictionary(collections.map { ($0.name, $0.displayTitle) }) { first, _ in first }
    }

    /// The collection a reference names.
    public func collection(referencedBy reference: Reference) -> CollectionSchema? {
        collection(named: reference.collection)
    }

    /// Each read its own: right for any store.
    public func readingAsOne<T>(_ body: () -> T) -> T { body() }

    /// Page after page by keyset: right for any store.
    public func forEachRun(of collection: CollectionSchema, fields: RowFields, size: Int,
                           _ body: ([Record]) throws -> Void) throws {
        try forEachPage(of: collection, fields: fields, size: size, body)
    }

    /// `forEachRun` by keyset pages, each a statement: what a store falls
    /// back to where one statement cannot read the rows.
    public func forEachPage(of collection: CollectionSchema, fields: RowFields, size: Int,
                            _ body: ([Record]) throws -> Void) throws {
        var start = RowStart.first
        var read = 0
        while true {
            let run = try rows(of: collection, from: start, limit: size, fields: fields)
            try body(run.rows)
            read += run.rows.count
            guard run.rows.count == size else { return }
            start = run.cursors.last.map { RowStart(after: $0) } ?? RowStart(after: nil, skip: read)
        }
    }

    /// An anchor every 1,000 rows: each is a statement in most stores.
    public func anchorSpacing(for collection: CollectionSchema) -> Int { ListAnchors.defaultSpacing }

    /// A store that cannot tell: values are written in the standard form.
    public func sampleText(of field: String, in collection: CollectionSchema) throws -> String? { nil }

    /// One read per value: right for any store, cheaper where the store reads them together.
    public func records(of collection: CollectionSchema, referencedBy values: [Value], field: String?,
                        reading fields: [String]) throws -> [Record?] {
        try values.map { value in
            try record(of: collection, referencedBy: value, field: field).map { found in
                let kept = zip(found.names, found.cells).filter { fields.contains($0.0) }
                return Record(id: found.id, names: FieldNames(kept.map(\.0)), cells: kept.map { ListPreview.value($0.1) })
            }
        }
    }

    /// Every field of the rows from `start`, read exactly.
    public func records(of collection: CollectionSchema, from start: RowStart, limit: Int) throws -> RowRun {
        try rows(of: collection, from: start, limit: limit, fields: .all)
    }

    /// The rows from `start` as a list shows them.
    public func listRecords(of collection: CollectionSchema, from start: RowStart, limit: Int) throws -> RowRun {
        try rows(of: collection, from: start, limit: limit, fields: .listed)
    }

    /// Rows in the collection's order, `offset` counting from 0: a read
    /// that steps over every row before it.
    public func records(of collection: CollectionSchema, offset: Int, limit: Int) throws -> [Record] {
        try rows(of: collection, from: RowStart(after: nil, skip: offset), limit: limit, fields: .all).rows
    }

    /// Rows from `offset` as a list shows them.
    public func listRecords(of collection: CollectionSchema, offset: Int, limit: Int) throws -> [Record] {
        try rows(of: collection, from: RowStart(after: nil, skip: offset), limit: limit, fields: .listed).rows
    }
}

/// How a read takes each field of a row.
public enum RowFields: Sendable {
    /// Every field, its value exactly (a record frame, an export).
    case all
    /// The fields a list shows, long values cut (`ListPreview`).
    case listed
}

/// How `StoreReader.record` finds a row.
public enum RecordLookup: Sendable, Equatable {
    /// By its identity.
    case id(RecordID)
    /// By its primary key (its declared key columns in order, or the rowid
    /// of a table without one), within the collection's scope and filters:
    /// `open #42`, `delete #A,B`.
    case key([Value])
    /// As a reference names it (`open FIELD`, a reference's title): by its
    /// key when `field` is nil or names the key, else the first row whose
    /// `field` holds the value.
    case reference(Value, field: String?)
}

extension StoreReader {
    /// What deleting this row now would take with it (for the question
    /// before a delete; the delete itself reports what it really took).
    public func cascades(ofDeleting id: RecordID, in collection: CollectionSchema) throws -> [CascadeEffect] {
        try readingCascades { try CascadeWalk($0).effects(ofDeleting: id, in: collection.name) }
    }

    /// Rows whose references (not cascading) would make deleting this row
    /// fail: so a delete is refused up front, naming them.
    public func blockingReferences(ofDeleting id: RecordID, in collection: CollectionSchema) throws -> [BlockingReference] {
        try readingCascades { try CascadeWalk($0).blockers(ofDeleting: id, in: collection.name) }
    }

    /// What would refuse deleting these rows together, and the order that
    /// deletes rows referring to others of them first.
    public func deletePlan(deleting rows: [Record], in collection: CollectionSchema) throws -> DeletePlan {
        try readingCascades { try CascadeWalk($0).plan(deleting: rows, in: collection.name) }
    }

    /// Every row's identity in the collection's order: for rewriting a manual order.
    public func ids(of collection: CollectionSchema) throws -> [RecordID] {
        try orderValues(of: collection, field: nil).map(\.id)
    }

    public func count(of collection: CollectionSchema) throws -> Int {
        try count(of: collection, within: nil) ?? 0
    }

    public func record(of collection: CollectionSchema, id: RecordID) throws -> Record? {
        try record(of: collection, .id(id))
    }

    public func record(of collection: CollectionSchema, key: [Value]) throws -> Record? {
        try record(of: collection, .key(key))
    }

    public func record(of collection: CollectionSchema, referencedBy value: Value, field: String?) throws -> Record? {
        try record(of: collection, .reference(value, field: field))
    }

    public func find(_ text: String, in field: String, of collection: CollectionSchema, match: TextMatch,
                     limit: Int) throws -> [Record] {
        try find(text, in: field, of: collection, match: match, limit: limit, within: nil).value
    }
}

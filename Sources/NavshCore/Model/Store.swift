/// What the navigation core needs from storage. SQLite implements it today;
/// a shared server (PostgreSQL) can later, without touching the frames.
///
/// Reads are by page or by identity: nothing asks for a whole table, so a
/// million-row collection costs no more memory than a small one.
///
/// What every store promises (the conformance suite,
/// Tests/NavshStoreConformanceTests, checks each for every store kind):
/// - It speaks the core's terms only: collections and fields with a
///   `FieldKind` it chose from its own types, `Value`s, and `RecordID`s it
///   made (the core keeps and compares them, never builds one). Names from
///   the schema only ever reach its queries quoted; values only as parameters.
/// - Every write is all or nothing on its own, and inside `transaction` or
///   `atomically` part of that one transaction. A refused write throws a
///   `StoreError` naming the fields and changes nothing.
/// - Writes that carry `expecting` happen only if the row still holds those
///   values: this is how a save never overwrites a change made elsewhere.
/// - Its own writes never read as changes elsewhere (`changes(since:)`).
/// - The core applies an app spec; the store only creates what it is asked
///   (`create`) and shows collections through the core's `presentation`.
///
/// The protocol is synchronous, and the session calling it is synchronous
/// and single-threaded: one command runs at a time, each call finishes
/// before the next is made, and nothing else calls the store meanwhile. An
/// asynchronous client (PostgreSQL through postgres-nio) fills it behind a
/// synchronous bridge: the store owns an event loop group (one thread) and
/// its connection; each requirement starts the query on that loop and waits
/// for the result with `EventLoopFuture.wait()` (or a semaphore around an
/// `async` call). That wait blocks the calling thread, which is safe here
/// because the caller is the process's main thread, not a thread of the
/// loop or of Swift's cooperative pool: the loop's own thread is never the
/// one waiting, so it cannot deadlock, and no cooperative thread is held
/// hostage. While it waits, the bridge asks `isCancelled` every few tens of
/// milliseconds and, when it turns true, sends the server's cancel request
/// (a statement then fails as `StoreError.interrupted`). `transaction` and
/// `atomically` map to `BEGIN`/`COMMIT`/`ROLLBACK` and `SAVEPOINT` on that
/// one connection; `changes(since:)` can answer from a change feed
/// (`LISTEN`/`NOTIFY` fed by triggers, or logical decoding), naming rows.
public protocol Store: AnyObject {
    /// A short name for the root frame (the file name, say).
    var displayName: String { get }
    /// Every table the store shows, as `presentation` presents it, in the
    /// store's order (SQLite: creation order).
    var collections: [CollectionSchema] { get }

    /// How many rows the collection holds (within its scope, if any).
    func count(of collection: CollectionSchema) throws -> Int
    /// Rows in the collection's order, `offset` counting from 0.
    func records(of collection: CollectionSchema, offset: Int, limit: Int) throws -> [Record]
    /// Rows as a list shows them (`ListPreview`): only the listed fields,
    /// long values cut, so a page's cost does not grow with the values.
    func listRecords(of collection: CollectionSchema, offset: Int, limit: Int) throws -> [Record]
    /// The row with this identity, every field read exactly; nil when it is gone.
    func record(of collection: CollectionSchema, id: RecordID) throws -> Record?
    /// The row a reference names (`open FIELD`, a reference's title): by its
    /// key when `field` is nil (or names the key), else the first whose
    /// `field` holds `value`; nil when there is none.
    func record(of collection: CollectionSchema, referencedBy value: Value, field: String?) throws -> Record?
    /// How many rows come before this one in the collection's order; nil
    /// when the store cannot count it cheaply (an order by a field).
    func position(of id: RecordID, in collection: CollectionSchema) throws -> Int?
    /// Every row's identity in the collection's order: for rewriting a manual order.
    func ids(of collection: CollectionSchema) throws -> [RecordID]
    /// Sets `field` to 1, 2, 3… along `ids`, for the rows whose value differs, in one transaction.
    func renumber(_ ids: [RecordID], field: String, in collection: CollectionSchema) throws
    /// Rows whose `field` matches `text`, ignoring case, in the collection's order.
    func find(_ text: String, in field: String, of collection: CollectionSchema, match: TextMatch, limit: Int) throws -> [Record]

    /// Writes one new row in one transaction and returns it as stored, read
    /// in that transaction: its identity, and the store's defaults (and
    /// whatever triggers did) filled in for the fields left out. If the row
    /// is gone by the end of the write (a trigger removed it), the values
    /// given.
    @discardableResult
    func insert(_ values: [String: Value], into collection: CollectionSchema) throws -> Record
    /// Writes the changed fields of one row in one transaction and returns
    /// the row as stored, read in that transaction (under its new identity
    /// when the changes include its key). With `expecting` (the values the
    /// caller read), the write happens only if the stored row still holds
    /// them: otherwise it throws `StoreError.conflict` with the row as it is
    /// now, or `.recordMissing` if it is gone.
    @discardableResult
    func update(_ id: RecordID, in collection: CollectionSchema, changes: [String: Value],
                expecting: [String: Value]?) throws -> Record
    /// Deletes one row, with the same check as `update` when `expecting` is
    /// given, in one transaction; returns every other row the delete changed
    /// (cascades), read inside that transaction, so nothing it took is unknown.
    @discardableResult
    func delete(_ id: RecordID, from collection: CollectionSchema, expecting: [String: Value]?) throws -> [CascadeEffect]
    /// What deleting this row now would take with it (for the question
    /// before a delete; the delete itself reports what it really took).
    func cascades(ofDeleting id: RecordID, in collection: CollectionSchema) throws -> [CascadeEffect]
    /// Rows whose references (not cascading) would make deleting this row
    /// fail: so a delete is refused up front, naming them.
    func blockingReferences(ofDeleting id: RecordID, in collection: CollectionSchema) throws -> [BlockingReference]
    /// Runs `body` as one transaction (a savepoint inside a batch): every
    /// write in it commits, or none does. For writes that belong together,
    /// such as undoing a delete with everything that cascaded.
    func atomically<T>(_ body: () throws -> T) throws -> T
    /// Puts a row back with its identity (undoing a delete, or `save!` of a
    /// row deleted elsewhere).
    func restore(_ record: Record, into collection: CollectionSchema) throws

    /// What other connections or processes committed since `token` (from
    /// an earlier answer; nil for the first look): a new token, whether
    /// anything changed, and which rows when the store can tell. The token
    /// moves on another connection's commit only: this store's own writes
    /// leave it as it was (the session reads a change as "elsewhere").
    /// Cheap enough to ask before every command.
    func changes(since token: Int?) throws -> StoreChanges
    /// After another connection changed the schema (an outside `ALTER
    /// TABLE`): reads `collections` again and returns true. Asked when the
    /// change token moves.
    func reloadSchemaIfChanged() throws -> Bool

    /// How the core shows each collection (an app spec's labels, templates,
    /// order): the store applies it to every table it reads, at open and
    /// after `reloadSchemaIfChanged`, and keeps the results as
    /// `collections`. Setting it presents the current ones at once. The
    /// store never looks inside: the core, not the store, applies a spec.
    var presentation: (CollectionSchema) -> CollectionSchema { get set }
    /// The column names of the table (or view) called `table`, matched
    /// ignoring case; empty when there is none. For checking an app spec
    /// against the data before anything is created.
    func columnNames(of table: String) throws -> [String]
    /// Creates missing tables and columns from a portable description
    /// (never drops or changes one), all or none, then reads the schema
    /// again. Inside `atomically` or a batch it is part of that transaction.
    func create(_ additions: [SchemaAddition]) throws

    /// Asked while a statement runs; returning true stops it: the call
    /// throws `StoreError.interrupted` and writes nothing. The prompt wires it
    /// to Ctrl-C. A question the store asks, not a call into the store,
    /// because the flag is set by a signal handler, which may call nothing:
    /// SQLite asks it every thousand VM steps; a store behind a bridge asks
    /// it while it waits and then sends its server's cancel request.
    var isCancelled: () -> Bool { get set }

    /// Runs `body` with every write in it sharing one transaction (each
    /// write still all or nothing on its own, as a savepoint): for
    /// `--atomic` and `--dry-run` scripts. It commits when `body` returns,
    /// and rolls back when `body` throws (rethrowing its error) or, with
    /// `rollback: true` (a dry run), always. Not nested: `atomically` is
    /// the one that nests.
    func transaction<T>(rollback: Bool, _ body: () throws -> T) throws -> T
}

extension Store {
    /// A transaction that commits unless `body` throws.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try transaction(rollback: false, body)
    }

    /// A store whose schema cannot change underneath it.
    public func reloadSchemaIfChanged() throws -> Bool { false }

    /// Full rows cut down: right for any store, cheaper where the store reads less.
    public func listRecords(of collection: CollectionSchema, offset: Int, limit: Int) throws -> [Record] {
        try records(of: collection, offset: offset, limit: limit).map { ListPreview.of($0, in: collection) }
    }
}

/// The answer to `changes(since:)`.
public struct StoreChanges: Sendable, Equatable {
    /// To pass to the next `changes(since:)`.
    public var token: Int
    /// Another connection committed since the token asked about.
    public var changedElsewhere: Bool
    /// The rows those commits inserted, updated or deleted, by collection
    /// name, when the store knows them (a server's change feed); nil when
    /// it knows only that something changed (SQLite), and then any row
    /// may have.
    public var rows: [String: Set<RecordID>]?

    public init(token: Int, changedElsewhere: Bool, rows: [String: Set<RecordID>]? = nil) {
        self.token = token
        self.changedElsewhere = changedElsewhere
        self.rows = rows
    }
}

/// How `find` compares a field with the text; all ignore case.
public enum TextMatch: Sendable {
    case exact, prefix, contains
}

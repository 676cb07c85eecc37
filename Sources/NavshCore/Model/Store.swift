/// What the navigation core needs from storage: SQLite and PostgreSQL
/// implement it, so the frames never see which store they run on.
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
/// synchronous bridge: the client's handlers run on the calling (main)
/// thread, which itself writes their bytes to the socket and feeds them
/// what comes back until the answer is complete (`DirectTransport`; an
/// event loop thread waited on with a semaphore cost two thread hops a
/// statement). Blocking that thread is safe here because it is the
/// process's main thread, not one of Swift's cooperative pool: no
/// cooperative thread is held hostage, and nothing else waits on it.
/// While it waits, the bridge asks `isCancelled` every few tens of
/// milliseconds and, when it turns true, sends the server's cancel request
/// (a statement then fails as `StoreError.interrupted`). `transaction` and
/// `atomically` map to `BEGIN`/`COMMIT`/`ROLLBACK` and `SAVEPOINT` on that
/// one connection; `changes(since:)` can answer from a change feed
/// (`LISTEN`/`NOTIFY` fed by triggers, or logical decoding), naming rows.
public protocol Store: StoreReader {
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
    /// now, or `.recordMissing` if it is gone. If the written row is not
    /// found by its key at the end of the write (a trigger deleted or
    /// re-keyed it), the record holds only the values given.
    @discardableResult
    func update(_ id: RecordID, in collection: CollectionSchema, changes: [String: Value],
                expecting: [String: Value]?) throws -> Record
    /// Deletes one row, with the same check as `update` when `expecting` is
    /// given, in one transaction; returns every other row the delete changed
    /// (cascades), read inside that transaction, so nothing it took is unknown.
    @discardableResult
    func delete(_ id: RecordID, from collection: CollectionSchema, expecting: [String: Value]?) throws -> [CascadeEffect]
    /// Runs `body` as one transaction (a savepoint inside a batch): every
    /// write in it commits, or none does. For writes that belong together,
    /// such as undoing a delete with everything that cascaded. With
    /// `deferringReferences`, references are checked when the outermost
    /// transaction commits (rows that refer to each other come back
    /// together); without, each statement is checked as it runs, as a
    /// lone write's is (a save checked together with a read of other rows).
    func atomically<T>(deferringReferences: Bool, _ body: () throws -> T) throws -> T
    /// Puts a row back with its identity (undoing a delete, or `save!` of a
    /// row deleted elsewhere), and returns the identity it has now: its own,
    /// or on SQLite a new rowid where another row took its own since.
    @discardableResult
    func restore(_ record: Record, into collection: CollectionSchema) throws -> RecordID
    /// Writes many new rows (an import), inside the caller's `atomically`:
    /// each row all or nothing on its own; one a constraint refuses goes to
    /// `refused` with its index and the error naming its fields, and the
    /// others still go in, so every bad row is found in one pass. A row is
    /// a value per field of `collection`, in its order, nil where the row
    /// gives none (the column's default): no dictionary per row, which was
    /// a fifth of an import's time. Returns the identity of each row
    /// written, in order. A row a trigger ignored is refused, as a single
    /// insert is (`StoreError.ignoredByTrigger`). A refusal that ended the
    /// caller's transaction (a trigger's `RAISE(ROLLBACK)`) is passed to
    /// `refused`, then thrown: nothing more can be written in it. A store
    /// without a faster way inherits one `insert` per row.
    func insertRows(_ rows: [[Value?]], into collection: CollectionSchema,
                    refused: (Int, StoreError) -> Void) throws -> [RecordID]
    /// Writes each of `writes` to its row, inside the caller's `atomically`
    /// (a batch save): each checked against its `expecting` as `update`
    /// checks it. Returns, in order, each row as written (its identity
    /// after the write and the values stored in the fields written), or
    /// nil where the check failed and nothing was written to that row. A
    /// store refusal throws `RowWriteFailure` with the row's index. A store
    /// without a faster way inherits one `update` per row.
    func updateRows(_ writes: [RowWrite], in collection: CollectionSchema) throws -> [RowWrite?]
    /// A batch save, delete or undo in a few statements, inside the caller's `atomically`:
    /// nil when the store has no set-based way for it (a store error, a
    /// trigger that ignored a row, a key being written), so the caller
    /// writes the rows one by one and names the one refused.
    func writeBatch(_ batch: BatchWrite, in collection: CollectionSchema) throws -> BatchWrite.Outcome?
    /// References in `collection` that name no row and that the database
    /// checks only at COMMIT (inside `atomically`, every foreign key, or one
    /// DEFERRABLE INITIALLY DEFERRED): each as its field, the value as text
    /// and the refusal, asked before an import commits or rolls back, so a
    /// dry run finds what the COMMIT would refuse and a bad row is named by
    /// its line. Empty when nothing is unresolved.
    func unresolvedReferences(in collection: CollectionSchema) throws -> [UnresolvedReference]

    /// How the core shows each collection (an app spec's labels, templates,
    /// order): the store applies it to every table it reads, at open and
    /// after `reloadSchemaIfChanged`, and keeps the results as
    /// `collections`. Setting it presents the current ones at once. The
    /// store never looks inside: the core, not the store, applies a spec.
    var presentation: (CollectionSchema) -> CollectionSchema { get set }
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

    /// Asked after a store behind a bridge sent its server's cancel and
    /// while it waits for the cancel's effect: true (Ctrl-C pressed again)
    /// stops waiting at once, the connection given up as lost. A store that
    /// stops on the first request (SQLite) never asks it.
    var isCancelledAgain: () -> Bool { get set }

    /// Runs `body` with every write in it sharing one transaction (each
    /// write still all or nothing on its own, as a savepoint): for
    /// `--atomic` and `--dry-run` scripts. It commits when `body` returns,
    /// and rolls back when `body` throws (rethrowing its error) or, with
    /// `rollback: true` (a dry run), always. Not nested: `atomically` is
    /// the one that nests.
    func transaction<T>(rollback: Bool, _ body: () throws -> T) throws -> T
    /// Inside `transaction(rollback: true)`: what a COMMIT now would refuse
    /// (a foreign key or trigger the database checks only at COMMIT), nil
    /// when it would pass. A dry run asks it after each command that wrote,
    /// as the real run commits each command on its own; the check itself
    /// changes nothing.
    func commitRefusal() throws -> StoreError?
    /// Whether the last `update` changed rows besides its own (triggers,
    /// cascades): lists may then show rows that are no longer so.
    var lastUpdateReachedOtherRows: Bool { get }
    /// Whether a reference is checked as each statement ends, even inside
    /// `atomically`: PostgreSQL's, unless DEFERRABLE. SQLite's wait for the
    /// commit there. Undo then puts rows in a loop back in one statement,
    /// or with a reference left empty and set after.
    var checksReferencesAtEachStatement: Bool { get }
    /// Ends the connection as the process is about to end: a SQLite file's
    /// last connection checkpoints its WAL, a server's says goodbye. Nothing
    /// is used after it. The process then exits without tearing down its
    /// objects one by one (`Navsh.leave`).
    func close()
}


/// A reference `Store.unresolvedReferences` found: `field` holds `value`
/// (as text), which names no row.
public struct UnresolvedReference: Equatable, Sendable {
    public var field: String
    public var value: String
    public var error: StoreError

    public init(field: String, value: String, error: StoreError) {
        self.field = field
        self.value = value
        self.error = error
    }
}

extension Store {
    /// A store that cannot tell says no.
    public var lastUpdateReachedOtherRows: Bool { false }

    /// A store that says nothing is taken to check each statement.
    public var checksReferencesAtEachStatement: Bool { true }

    /// A store that checks everything as it is written has nothing left for COMMIT.
    public func commitRefusal() throws -> StoreError? { nil }

    /// A store that checks every reference as it is written has none left.
    public func unresolvedReferences(in collection: CollectionSchema) throws -> [UnresolvedReference] { [] }

    public func insertRows(_ rows: [[Value?]], into collection: CollectionSchema,
                           refused: (Int, StoreError) -> Void) throws -> [RecordID] {
        var inserted: [RecordID] = []
        for (index, cells) in rows.enumerated() {
            do {
                inserted.append(try insert(collection.values(of: cells), into: collection).id)
            } catch let error as StoreError {
                guard case .constraint = error else { throw error }
                refused(index, error)
            }
        }
        return inserted
    }

    public func writeBatch(_ batch: BatchWrite, in collection: CollectionSchema) throws -> BatchWrite.Outcome? { nil }

    public func updateRows(_ writes: [RowWrite], in collection: CollectionSchema) throws -> [RowWrite?] {
        var written: [RowWrite?] = []
        for (index, write) in writes.enumerated() {
            do {
                let stored = try update(write.id, in: collection, changes: write.changes, expecting: write.expecting)
                written.append(RowWrite(id: stored.id, changes: write.changes.keys.reduce(into: [:]) {
                    $0[$1] = stored.value(of: $1) ?? write.changes[$1]
                }, expecting: [:]))
            } catch StoreError.conflict, StoreError.recordMissing {
                written.append(nil)
            } catch let error as StoreError {
                throw RowWriteFailure(index: index, error: error)
            }
        }
        return written
    }

    /// A transaction that commits unless `body` throws.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try transaction(rollback: false, body)
    }
}

/// One row of a batch write: its identity, the values to write, and the
/// values it must still hold for the write to happen.
public struct RowWrite: Sendable {
    public var id: RecordID
    public var changes: [String: Value]
    public var expecting: [String: Value]

    public init(id: RecordID, changes: [String: Value], expecting: [String: Value]) {
        self.id = id
        self.changes = changes
        self.expecting = expecting
    }
}

/// A batch write the store refused at its row `index`: nothing of it is kept.
public struct RowWriteFailure: Error {
    public var index: Int
    public var error: StoreError

    public init(index: Int, error: StoreError) {
        self.index = index
        self.error = error
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

extension Store {
    /// `atomically(deferringReferences: true, body)`: writes that may refer
    /// to each other (an import, an undo with its cascades).
    public func atomically<T>(_ body: () throws -> T) throws -> T {
        try atomically(deferringReferences: true, body)
    }
}

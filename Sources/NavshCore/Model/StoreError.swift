/// Failures a store reports in terms the core can explain to a person.
/// Stores translate their own errors (GRDB's DatabaseError) into these.
/// Their words live in Errors/StoreErrorText.swift.
public enum StoreError: Error, Equatable, Sendable {
    public enum Constraint: String, Sendable {
        case notNull = "NOT NULL"
        case unique = "UNIQUE"
        case check = "CHECK"
        case foreignKey = "FOREIGN KEY"
        case primaryKey = "PRIMARY KEY"
        /// A trigger's RAISE(ABORT, …): `detail` is its message.
        case trigger = "trigger"
        case other = "constraint"
    }

    /// A write refused by a constraint. `fields` names the fields involved
    /// when they can be known; `detail` is the store's own words.
    case constraint(Constraint, fields: [String], detail: String)
    /// The row is gone (deleted by someone else since it was read).
    case recordMissing
    /// The row changed since it was read; `current` is how it is now.
    case conflict(current: Record)
    /// The store cannot be written (read-only file, permissions).
    case readOnly(String)
    /// Another connection holds the lock longer than `lockWaitLimit`.
    case busy
    /// A server's rows another session has locked, longer than `lockWaitLimit`:
    /// a trial read "the store is locked" while one row was.
    case rowsLocked
    /// Stopped on request (Ctrl-C) before it finished; nothing was written.
    case interrupted
    /// The connection to the store's server went during the call (a
    /// restart, the network, a server that stopped answering). `detail` is
    /// the whole story in one line: that it was lost, what became of the
    /// work, and whether the store is connected again; so the session says
    /// it once, not again as its "reconnected" notice.
    case connectionLost(String)
    /// The database's own words for a failure no case here names (a
    /// server's error, SQLite's message).
    case database(String)
    /// No table or view of this name (dropped elsewhere since it was read).
    case noTable(String)
    /// Fields the table does not have.
    case unknownFields([String])
    /// A row's identity of a shape this table cannot take (a key of another width).
    case identityDoesNotFit(table: String)
    /// A list position of a shape this list cannot take.
    case listPositionDoesNotFit
    /// A row came back in a shape navsh did not ask for; `problem` says how.
    case malformedRow(table: String, problem: String)
    /// The list's rows changed between the reads of one page.
    case changedWhileRead(String)
    /// A transaction was asked for inside another.
    case transactionAlreadyOpen
    /// A dry run's COMMIT would be refused, for `reason`.
    case commitRefused(String)
    /// The server could not be reached or refused the connection.
    case cannotConnect(target: String, reason: String)
    /// The rows kept for undo could not be written or read back.
    case undoStorage(String)
    /// Something this store or table cannot do, and why (`find` in a table
    /// without a key, `--listen` on a file).
    case unsupported(String)
}

extension StoreError {
    /// A write that touched no row although the row was there as expected:
    /// a BEFORE trigger dropped it (SQLite's `RAISE(IGNORE)`, a PostgreSQL
    /// trigger function returning NULL). Said as the trigger's, not as a
    /// change elsewhere, whose conflict table and `save!` could not help. `action` is "update",
    /// "delete" or "insert".
    public static func ignoredByTrigger(_ action: String, table: String) -> StoreError {
        .constraint(.trigger, fields: [], detail: "a trigger on \(table) ignored the \(action)")
    }
}

extension StoreError {
    /// Seconds a statement waits for a lock another process or session
    /// holds before it is refused as `busy`: the same on every store.
    public static let lockWaitLimit: Double = 5
}

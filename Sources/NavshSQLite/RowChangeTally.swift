import GRDB

/// Every row this connection's writes inserted, updated or deleted, by table,
/// including what foreign-key cascades and triggers did: one write the
/// journal records as one change may touch many rows (deleting an owner
/// deletes its cars), and a dry run's report must say so.
///
/// Counts come from SQLite's per-row change events (GRDB's
/// `TransactionObserver`), each row once per kind of change: three saves of
/// two rows, or a save whose trigger updates the row again, are two rows
/// updated, not three or six writes. Events of a savepoint rolled back (a failed
/// command inside a batch) are dropped by GRDB; a whole transaction rolled
/// back is not un-counted, so read `counts` before a dry run's transaction rolls back,
/// or compare two readings around one write. SQLite reports no row events for
/// WITHOUT ROWID tables (its update hook does not cover them).
public final class RowChangeTally: TransactionObserver {
    public struct Counts: Equatable, Sendable {
        public var inserted = 0, updated = 0, deleted = 0
        public var total: Int { inserted + updated + deleted }
    }

    /// Rows touched so far, by table name.
    public var counts: [String: Counts] {
        rows.mapValues { Counts(inserted: $0.inserted.count, updated: $0.updated.count, deleted: $0.deleted.count) }
    }

    /// The rowids changed, by table and kind of change.
    private var rows: [String: (inserted: Set<Int64>, updated: Set<Int64>, deleted: Set<Int64>)] = [:]

    init() {}

    public func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { true }

    /// Inserts in place: a copy of the table's sets taken out and put back
    /// copied every set on every row, and a dry run of 1M rows ran for minutes.
    public func databaseDidChange(with event: DatabaseEvent) {
        let rowID = event.rowID
        switch event.kind {
        case .insert: rows[event.tableName, default: ([], [], [])].inserted.insert(rowID)
        case .update: rows[event.tableName, default: ([], [], [])].updated.insert(rowID)
        case .delete: rows[event.tableName, default: ([], [], [])].deleted.insert(rowID)
        }
    }

    /// A row an INSERT wrote into `table`, counted without GRDB's event:
    /// an import into a table with no trigger steps its inserts directly,
    /// since GRDB's bookkeeping per statement made a dry run cost half as
    /// much again as the import.
    func countInsert(into table: String, rowID: Int64) {
        rows[table, default: ([], [], [])].inserted.insert(rowID)
    }

    public func databaseDidCommit(_ db: Database) {}
    public func databaseDidRollback(_ db: Database) {}
}

extension SQLiteStore {
    /// Starts counting the rows this store's writes touch from now on, for as
    /// long as the returned tally is kept.
    public func countRowChanges() -> RowChangeTally {
        let tally = RowChangeTally()
        rowChangeTally = tally
        database.add(transactionObserver: tally, extent: .observerLifetime)
        return tally
    }
}

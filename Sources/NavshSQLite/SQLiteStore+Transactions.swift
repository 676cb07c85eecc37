import GRDB
import GRDBSQLite
import NavshCore
import NavshSQL

/// Transactions a caller holds open across calls: a consistent read
/// (`consistently`), a script's or dry run's (`transaction`), and what its
/// COMMIT would refuse.
extension SQLiteStore {
    public func consistently<T>(_ body: () throws -> T) throws -> T {
        // Inside a script's transaction the reads already share one.
        if inBatch { return try body() }
        try database.writeWithoutTransaction { try $0.beginTransaction(.deferred) }
        inBatch = true
        defer {
            inBatch = false
            try? database.writeWithoutTransaction { db in if db.isInsideTransaction { try db.rollback() } }
        }
        return try body()
    }

    public func transaction<T>(rollback: Bool, _ body: () throws -> T) throws -> T {
        try outermost(TransactionSteps(
            begin: { _ in
                do {
                    try self.database.writeWithoutTransaction { try $0.beginTransaction(.immediate) }
                } catch {
                    throw SQLiteErrorText.translate(error, table: "", fields: [])
                }
            },
            undo: { _ in try? self.end(commit: false) },
            end: { _ in try self.end(rollback: rollback) }), body)
    }

    /// Ends a caller's transaction: a dry run (`rollback`) is refused
    /// first when its COMMIT would have been.
    private func end(rollback: Bool) throws {
        if rollback, let refusal = try commitRefusal() {
            try? end(commit: false)
            throw StoreError.commitRefused("\(refusal)")
        }
        do {
            try end(commit: !rollback)
        } catch {
            // Named by the row that holds the reference, before the rollback takes it.
            let named = (try? commitRefusal()).flatMap { $0 }
            // A COMMIT SQLite refused leaves the transaction open: rolled back
            // here, so "nothing was written" holds, and the connection's close
            // at exit does not roll it back through GRDB's hooks half torn
            // down (a crash, signal 11, one run in fifteen).
            try? end(commit: false)
            if let named { throw named }
            // A check kept for COMMIT (a deferred foreign key) in the words of any refusal.
            throw SQLiteErrorText.translate(error, table: "", fields: [])
        }
    }

    /// A dry run ends in ROLLBACK, so the checks SQLite keeps for COMMIT
    /// (a FOREIGN KEY DEFERRABLE INITIALLY DEFERRED, `PRAGMA
    /// defer_foreign_keys`) never run: SQLite's count of references still
    /// unresolved says whether COMMIT would have refused the script.
    public func commitRefusal() throws -> StoreError? {
        try database.writeWithoutTransaction { db in
            guard Self.hasUnresolvedReferences(db) else { return nil }
            return try Self.firstUnresolvedReference(db, in: collections)
                ?? .constraint(.foreignKey, fields: [], detail: "a reference names no row, checked at commit")
        }
    }

    /// Whether the open transaction holds references SQLite will refuse at
    /// COMMIT (its count of deferred foreign keys not yet resolved).
    static func hasUnresolvedReferences(_ db: Database) -> Bool {
        var current: Int32 = 0, highest: Int32 = 0
        guard sqlite3_db_status(db.sqliteConnection, SQLITE_DBSTATUS_DEFERRED_FKS, &current, &highest, 0) == SQLITE_OK
        else { return false }
        return current != 0
    }

    /// Commits or rolls back the open transaction, unless SQLite already
    /// rolled it back itself (after some errors it does).
    private func end(commit: Bool) throws {
        try database.writeWithoutTransaction { db in
            guard db.isInsideTransaction else { return }
            if commit { try db.commit() } else { try db.rollback() }
        }
    }
}

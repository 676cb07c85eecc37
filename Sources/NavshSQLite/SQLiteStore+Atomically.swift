import GRDB
import NavshCore
import NavshSQL

extension SQLiteStore {
    /// One transaction around several writes (each still its own savepoint):
    /// a transaction of its own, or a savepoint inside a script's batch.
    /// With `deferringReferences`, references are checked when the
    /// outermost transaction commits, not after each statement: rows that
    /// refer to each other in a cycle can only come back together. Without,
    /// nothing about checking changes (a savepoint inside a script's batch
    /// that turned `defer_foreign_keys` on counted its statements' references
    /// apart from the batch's, and a dry run took one resolved for unresolved).
    /// The connection is held between statements rather than inside one
    /// closure because every write takes the queue itself.
    public func atomically<T>(deferringReferences: Bool, _ body: () throws -> T) throws -> T {
        try nested(TransactionSteps(
            begin: { outermost in
                do {
                    try self.database.writeWithoutTransaction { db in
                        if outermost { try db.beginTransaction(.immediate) } else { try db.execute(sql: "SAVEPOINT navsh_atomically") }
                        if deferringReferences { try db.execute(sql: "PRAGMA defer_foreign_keys = ON") }
                    }
                } catch {
                    // A lock held past the wait: said as a write's is, not in SQLite's words.
                    throw SQLiteErrorText.translate(error, table: "", fields: [])
                }
                self.countedInserts.append([])
            },
            undo: { outermost in
                // Rolled back: the rows it inserted are no change to count.
                self.countedInserts.removeLast()
                try? self.database.writeWithoutTransaction { db in
                    if outermost {
                        if db.isInsideTransaction { try db.rollback() }
                    } else {
                        try db.execute(sql: "ROLLBACK TO navsh_atomically; RELEASE navsh_atomically")
                    }
                }
            },
            end: { outermost in
                let inserted = self.countedInserts.removeLast()
                try self.database.writeWithoutTransaction { db in
                    do {
                        if outermost { try db.commit() } else { try db.execute(sql: "RELEASE navsh_atomically") }
                    } catch {
                        // Named by the row that holds the reference, before the
                        // rollback takes it, as a lone write's COMMIT names it.
                        let named = (error as? DatabaseError)?.extendedResultCode == .SQLITE_CONSTRAINT_FOREIGNKEY
                            ? (try? Self.firstUnresolvedReference(db, in: self.tables)).flatMap { $0 } : nil
                        // A refused COMMIT (a deferred foreign key) leaves the transaction open: nothing of it stays.
                        if outermost && db.isInsideTransaction { try? db.rollback() }
                        if let named { throw named }
                        throw SQLiteErrorText.translate(error, table: "", fields: [])
                    }
                }
                self.countInserts(inserted)
            }), body)
    }

    /// Rows inserted without GRDB's events (`insertRows`), told to the dry
    /// run's tally once no enclosing savepoint can take them back, as GRDB
    /// drops the events of a savepoint rolled back.
    func countInserts(_ rows: [(table: String, rowID: Int64)]) {
        guard !rows.isEmpty else { return }
        if countedInserts.isEmpty {
            for row in rows { rowChangeTally?.countInsert(into: row.table, rowID: row.rowID) }
        } else {
            countedInserts[countedInserts.count - 1] += rows
        }
    }
}

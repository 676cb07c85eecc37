import GRDB
import GRDBSQLite
import NavshCore

/// Reaching the connection: reads with and without a transaction around
/// them, and the errors of both in navsh's words.
extension SQLiteStore {
    /// Reads of several statements that must see one snapshot: a deferred
    /// transaction (begun and ended by cached statements), or the one a
    /// script's batch or `consistently` already holds. Not GRDB's `read`,
    /// which adds `PRAGMA query_only` on and off around every read: navsh's
    /// reads are its own SELECTs, and those four statements were a sixth of
    /// an edit's work.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try database.inDatabase { db in
                try beginSnapshotIfShared(db)
                if db.isInsideTransaction { return try body(db) }
                try db.cachedStatement(sql: "BEGIN DEFERRED TRANSACTION").execute()
                defer { if db.isInsideTransaction { try? db.cachedStatement(sql: "COMMIT TRANSACTION").execute() } }
                return try body(db)
            }
        } catch {
            throw tablesMoved(error) ?? SQLiteErrorText.translate(error, table: "", fields: [])
        }
    }

    /// A read of one statement: SQLite runs it in a snapshot of its own, so
    /// it needs no transaction around it.
    func readAlone<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try database.inDatabase { db in
                try beginSnapshotIfShared(db)
                return try body(db)
            }
        } catch {
            throw tablesMoved(error) ?? SQLiteErrorText.translate(error, table: "", fields: [])
        }
    }

    /// A wait for a lock that Ctrl-C ended, said as an interruption; or a
    /// statement that failed because the tables changed while it waited
    /// for another process's lock, after the look before the command could
    /// not see it (the lock was held then): said so, not as SQLite's "no
    /// such column: qty". The schema is not read again
    /// here: the next command's look finds the change and says what it was.
    func tablesMoved(_ error: any Error) -> StoreError? {
        guard let error = error as? DatabaseError else { return nil }
        // A wait for another process's lock that Ctrl-C ended: interrupted,
        // not "locked by another process".
        if error.resultCode == .SQLITE_BUSY && lockWait.endedByCancel { return .interrupted }
        guard error.resultCode == .SQLITE_ERROR else { return nil }
        lockWait.waits = false
        defer { lockWait.waits = true }
        guard let now = (try? database.inDatabase({ try Int.fetchOne($0, sql: "PRAGMA schema_version") })) ?? nil,
              now != schemaVersion else { return nil }
        return .database("the tables changed elsewhere while this waited for another process's lock; "
                      + "nothing was done: run it again")
    }
}

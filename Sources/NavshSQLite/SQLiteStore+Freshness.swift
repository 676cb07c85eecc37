import GRDB
import GRDBSQLite
import NavshCore

/// What another process committed: `changes(since:)`, the look before each
/// command, and `readingAsOne`, the snapshot a command that only reads
/// shares with that look.
extension SQLiteStore {
    /// SQLite's `PRAGMA data_version`, which moves on another connection's
    /// commit; it cannot say which rows changed.
    /// Asked once per command: one cached statement, no transaction around it.
    public func changes(since token: Int?) throws -> StoreChanges {
        // Asked before every command: one statement kept prepared and
        // stepped here (GRDB's generic fetchOne, its statement cache's
        // lookup by text and its argument check cost three times the
        // statement itself).
        //
        // It does not wait for a lock another process holds (a write in a
        // rollback-journal file): every command, even one that reads
        // nothing, waited the busy timeout here, and a read waited it twice.
        // Busy, it throws, and the session takes it as no news: what reads
        // the store next waits for the lock as ever.
        // The look is the first statement of `readingAsOne`'s snapshot.
        if snapshotWanted { readAloneBeforeSnapshot = true }
        let now = try readAlone { db -> Int in
            let statement = try dataVersion ?? db.makeStatement(sql: "PRAGMA data_version")
            dataVersion = statement
            let handle = statement.sqliteStatement
            lockWait.waits = false
            defer {
                sqlite3_reset(handle)
                lockWait.waits = true
            }
            let code = sqlite3_step(handle)
            guard code == SQLITE_ROW else {
                throw DatabaseError(resultCode: ResultCode(rawValue: code), message: db.lastErrorMessage, sql: statement.sql)
            }
            return Int(sqlite3_column_int64(handle, 0))
        }
        return StoreChanges(token: now, changedElsewhere: token.map { $0 != now } ?? false)
    }

    /// The command's look for changes (`changes(since:)`) begins a deferred
    /// transaction, its first statement taking the file's locks and looking
    /// at the file once for the whole command. Not marked as a batch, so a
    /// write inside it, which `onlyReads` rules out, fails to begin its own
    /// transaction rather than joining this one. BEGIN and COMMIT are stepped
    /// directly: through GRDB's cache and `execute` they cost more than the
    /// second transaction they spare.
    public func readingAsOne<T>(_ body: () -> T) -> T {
        // Inside another: its snapshot, begun or about to be, serves both.
        guard !inBatch, !snapshotWanted, !snapshotBegun else { return body() }
        snapshotWanted = true
        readAloneBeforeSnapshot = false
        defer {
            snapshotWanted = false
            if snapshotBegun {
                snapshotBegun = false
                endSnapshot()
            }
        }
        return body()
    }

    /// Inside `readingAsOne` with no look before it (a script's command that
    /// uses nothing read before): a read of one statement needs no snapshot,
    /// so the second statement begins one, which the rest then share.
    func beginSnapshotIfShared(_ db: Database) throws {
        guard snapshotWanted else { return }
        guard readAloneBeforeSnapshot else {
            readAloneBeforeSnapshot = true
            return
        }
        snapshotWanted = false
        snapshotBegun = try beginSnapshot(db)
    }

    /// BEGIN DEFERRED, unless a transaction is open: whether it began.
    private func beginSnapshot(_ db: Database) throws -> Bool {
        guard !db.isInsideTransaction else { return false }
        let statements = try snapshotStatements
            ?? (db.makeStatement(sql: "BEGIN DEFERRED TRANSACTION"), db.makeStatement(sql: "COMMIT TRANSACTION"))
        snapshotStatements = statements
        let handle = statements.begin.sqliteStatement
        defer { sqlite3_reset(handle) }
        return sqlite3_step(handle) == SQLITE_DONE
    }

    /// Ends `readingAsOne`'s transaction (unless SQLite already did): a
    /// read's COMMIT only lets the snapshot go, and a refused one is rolled back.
    private func endSnapshot() {
        try? readAlone { db in
            guard db.isInsideTransaction, let end = snapshotStatements?.end.sqliteStatement else { return }
            let code = sqlite3_step(end)
            sqlite3_reset(end)
            if code != SQLITE_DONE && db.isInsideTransaction { try db.rollback() }
        }
    }
}

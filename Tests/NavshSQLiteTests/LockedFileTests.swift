import Foundation
import GRDBSQLite
import NavshCore
import NavshSQLite
import NavshTestSupport
import Testing

/// Another process in the middle of a write to a rollback-journal file
/// holds a lock that blocks every read for as long as it lasts.
@Suite struct LockedFileTests {
    /// The look before each command (has another process committed?) does
    /// not wait for the lock: it waited the busy timeout (5 s) before every
    /// command, even one that reads nothing, and a read waited it twice
    /// (the trial's find). A read still waits once, then says so.
    @Test func theLookBeforeACommandDoesNotWaitForALockHeldElsewhere() throws {
        let h = try SessionHarness(Fixtures.items)
        // The other process: a connection of its own, mid-write.
        var other: OpaquePointer?
        try #require(sqlite3_open(h.database.path, &other) == SQLITE_OK)
        defer { sqlite3_close(other) }
        try #require(sqlite3_exec(other, "BEGIN EXCLUSIVE; UPDATE items SET value = 1 WHERE id = 1", nil, nil, nil) == SQLITE_OK)
        defer { sqlite3_exec(other, "ROLLBACK", nil, nil, nil) }
        let start = Date()
        let answer = h.run("where")
        #expect(answer.error == nil, "\(answer.error?.message ?? "")")
        // The failure this guards against is a wait of the whole busy timeout.
        #expect(Date().timeIntervalSince(start) < SQLiteStore.busyTimeout / 2, "answered without waiting for the lock")
    }

    /// What a list read before is not given out while the store cannot
    /// say whether it changed: another process committed, then locked the
    /// file again; `count` waits for the lock and says it is locked, instead
    /// of counting the rows it had read (the trial's find).
    @Test func aListDoesNotAnswerFromWhatItReadWhileTheStoreCannotSay() throws {
        let h = try SessionHarness(Fixtures.items)
        #expect(h.output("count").hasSuffix("5 rows\n"), "\(h.output("count"))")
        var other: OpaquePointer?
        try #require(sqlite3_open(h.database.path, &other) == SQLITE_OK)
        defer { sqlite3_close(other) }
        try #require(sqlite3_exec(other, "INSERT INTO items (name, value) VALUES ('Kite', 1)", nil, nil, nil) == SQLITE_OK)
        try #require(sqlite3_exec(other, "BEGIN EXCLUSIVE; UPDATE items SET value = 1 WHERE id = 1", nil, nil, nil) == SQLITE_OK)
        let counted = h.run("count")
        #expect(counted.error?.message.contains("locked by another process") == true, "\(counted.output)")
        sqlite3_exec(other, "ROLLBACK", nil, nil, nil)
        #expect(h.output("count").hasSuffix("6 rows\n"))
    }

    /// The tables change while a command waits for another process's lock,
    /// which the look before it could not wait for: the command says so in
    /// words and does nothing (it failed with SQLite's "no such column:
    /// value"; the trial's find), and the next command's look takes the
    /// tables as they are, saying what changed.
    @Test func tablesChangedWhileACommandWaitedAreSaidAndTakenByTheNext() throws {
        let h = try SessionHarness(Fixtures.items)
        h.run("show")
        var other: OpaquePointer?
        try #require(sqlite3_open(h.database.path, &other) == SQLITE_OK)
        defer { sqlite3_close(other) }
        try #require(sqlite3_exec(other, "BEGIN EXCLUSIVE; UPDATE items SET name = name WHERE id = 1", nil, nil, nil) == SQLITE_OK)
        // The other process drops the column and commits while navsh waits.
        var dropped = false
        h.store.isCancelled = {
            if !dropped {
                dropped = true
                sqlite3_exec(other, "ALTER TABLE items DROP COLUMN value; COMMIT", nil, nil, nil)
            }
            return false
        }
        defer { h.store.isCancelled = { false } }
        let waited = h.run("page 1")
        #expect(dropped)
        #expect(waited.error?.message.contains("the tables changed elsewhere while this waited for another process's lock; "
            + "nothing was done: run it again") == true, "\(waited.error?.message ?? waited.output)")
        let next = h.run("show")
        #expect(next.error == nil, "\(next.error?.message ?? "")")
        #expect(next.output.contains("removed value"), "\(next.output)")
    }

    /// A read waiting on another process's lock: Ctrl-C (the store's
    /// `isCancelled`) ends the wait at once, where SQLite's own busy timeout
    /// slept through it for five seconds (the tmux trial's find); a wait
    /// that goes on says once that it waits, then gives up as locked.
    @Test func aLockWaitEndsOnCtrlCAndSaysOnceThatItWaits() throws {
        let database = try TemporaryDatabase(Fixtures.items)
        let store = try SQLiteStore(path: database.path)
        let items = try #require(store.collections.first)
        var other: OpaquePointer?
        try #require(sqlite3_open(database.path, &other) == SQLITE_OK)
        defer { sqlite3_close(other) }
        try #require(sqlite3_exec(other, "BEGIN EXCLUSIVE; UPDATE items SET value = 1 WHERE id = 1", nil, nil, nil) == SQLITE_OK)
        var said = 0
        store.onLockWait = { said += 1 }
        var asked = 0
        store.isCancelled = {
            asked += 1
            return asked >= 3
        }
        // Ended by Ctrl-C: interrupted, not "locked by another process".
        #expect(throws: StoreError.interrupted) { try store.count(of: items) }
        #expect(asked == 3, "asked between sleeps, and the third answer stopped the wait")
        #expect(said == 0, "stopped long before half a second")

        store.isCancelled = { false }
        store.lockTimeout = 0.8
        #expect(throws: StoreError.busy) { try store.count(of: items) }
        #expect(said == 1, "said once, at half a second")
        sqlite3_exec(other, "ROLLBACK", nil, nil, nil)
        #expect(try store.count(of: items) == 5)
    }

    /// A trial's find: a move or a batch delete that waited out another
    /// process's write lock failed in SQLite's words, "storage error: SQLite
    /// error 5: database is locked - while executing `BEGIN IMMEDIATE …`".
    @Test func aTransactionThatCannotBeginSaysTheStoreIsLocked() throws {
        let database = try TemporaryDatabase(Fixtures.items)
        let store = try SQLiteStore(path: database.path)
        var other: OpaquePointer?
        try #require(sqlite3_open(database.path, &other) == SQLITE_OK)
        defer { sqlite3_close(other) }
        try #require(sqlite3_exec(other, "BEGIN IMMEDIATE", nil, nil, nil) == SQLITE_OK)
        defer { sqlite3_exec(other, "ROLLBACK", nil, nil, nil) }
        store.lockTimeout = 0.2
        #expect(throws: StoreError.busy) { try store.atomically { } }
        #expect(throws: StoreError.busy) { try store.transaction { } }
    }
}

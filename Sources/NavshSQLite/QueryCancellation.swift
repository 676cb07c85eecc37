import Dispatch
import GRDB
import GRDBSQLite

/// Lets a long statement be stopped from outside: SQLite calls the progress
/// handler every few hundred VM steps, and a true `isCancelled` aborts the
/// statement with SQLITE_INTERRUPT (a write rolls back). The check must be
/// cheap and signal-safe to read, like the Ctrl-C flag the prompt sets.
/// A read with a time budget sets `deadline` too: past it the statement
/// stops the same way, and `deadlinePassed` tells that stop from Ctrl-C.
final class QueryCancellation: @unchecked Sendable {
    var isCancelled: () -> Bool = { false }
    /// While a budgeted read runs: the uptime, in nanoseconds, it must end by.
    var deadline: UInt64?
    /// The last budgeted read was stopped by its deadline.
    private(set) var deadlinePassed = false

    /// Installs the handler on a connection; `self` must outlive it (the store keeps it).
    func install(on db: Database) {
        guard let connection = db.sqliteConnection else { return }
        sqlite3_progress_handler(connection, 1_000, { context in
            guard let context else { return 0 }
            return Unmanaged<QueryCancellation>.fromOpaque(context).takeUnretainedValue().shouldStop() ? 1 : 0
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    private func shouldStop() -> Bool {
        if isCancelled() { return true }
        if let deadline, DispatchTime.now().uptimeNanoseconds >= deadline {
            deadlinePassed = true
            return true
        }
        return false
    }

    /// Runs `body` with statements stopped `seconds` from now (none when nil).
    func within<T>(seconds: Double?, _ body: () throws -> T) rethrows -> T {
        deadlinePassed = false
        if let seconds {
            deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, seconds) * 1e9)
        }
        defer { deadline = nil }
        return try body()
    }
}

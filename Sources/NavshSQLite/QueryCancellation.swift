import GRDB
import GRDBSQLite

/// Lets a long statement be stopped from outside: SQLite calls the progress
/// handler every few hundred VM steps, and a true `isCancelled` aborts the
/// statement with SQLITE_INTERRUPT (a write rolls back). The check must be
/// cheap and signal-safe to read, like the Ctrl-C flag the prompt sets.
final class QueryCancellation: @unchecked Sendable {
    var isCancelled: () -> Bool = { false }

    /// Installs the handler on a connection; `self` must outlive it (the store keeps it).
    func install(on db: Database) {
        guard let connection = db.sqliteConnection else { return }
        sqlite3_progress_handler(connection, 1_000, { context in
            guard let context else { return 0 }
            return Unmanaged<QueryCancellation>.fromOpaque(context).takeUnretainedValue().isCancelled() ? 1 : 0
        }, Unmanaged.passUnretained(self).toOpaque())
    }
}

import CSQLiteOptions
import Foundation
import GRDB
import GRDBSQLite
import NavshCore

/// How a dry run opens a file so that no byte of it changes: its writes
/// stay in memory until the rollback, and nothing SQLite does on its own
/// (recovery, a checkpoint at close) rewrites the file either.
enum DryRunOpen {
    /// Refuses a file whose opening would rewrite it: a rollback journal
    /// left by a writer that stopped mid-transaction is played back into
    /// the file by the first reader.
    static func check(path: String) throws {
        guard holdsHotJournal(path + "-journal") else { return }
        throw StoreOpenError.unreadable(path: path, reason: "a transaction was left unfinished in it ("
            + "\(URL(fileURLWithPath: path).lastPathComponent)-journal), and rolling it back rewrites the file, "
            + "which a dry run never does: wait for the process writing it, or open it once without --dry-run")
    }

    /// Keeps the dry run's writes in memory: no page is written to the file
    /// or its write-ahead log before a commit, which never comes. With
    /// `keepsLog`, the file is not checkpointed at close, so commits still
    /// in its log stay there. A rollback-journal file's journal is kept in
    /// memory too: `PRAGMA journal_mode` is the connection's, not the file's.
    static func prepare(_ db: Database, wal: Bool, keepsLog: Bool) throws {
        try db.execute(sql: "PRAGMA cache_spill = OFF")
        if keepsLog {
            let code = navsh_sqlite_no_checkpoint_on_close(db.sqliteConnection)
            guard code == SQLITE_OK else {
                throw StoreError.unsupported("SQLite cannot be kept from checkpointing the file at close (code \(code))")
            }
        } else if !wal {
            try db.execute(sql: "PRAGMA journal_mode = MEMORY")
        }
    }

    /// A journal SQLite would roll back: there, not empty, and starting
    /// with the journal's magic number (a journal kept after a commit,
    /// `journal_mode = PERSIST`, has its header zeroed).
    static func holdsHotJournal(_ path: String) -> Bool {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        let magic: [UInt8] = [0xd9, 0xd5, 0x05, 0xf9, 0x20, 0xa1, 0x63, 0xd7]
        var header = [UInt8](repeating: 0, count: magic.count)
        let read = header.withUnsafeMutableBytes { pread(fd, $0.baseAddress, magic.count, 0) }
        return read == magic.count && header == magic
    }
}

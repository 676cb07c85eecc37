import Foundation
import GRDB

/// Opening a SQLite file navsh may not write (a read-only file, or one in a
/// read-only folder, where SQLite cannot make its journal): read-only, so
/// people can still browse, find and export, instead of failing with
/// "attempt to write a readonly database". A WAL file there whose `-shm`
/// SQLite cannot make is opened immutable (SQLite then takes no locks and
/// does not see changes others make while it is open). The store refuses
/// every write with `note`, which says which of the two it is.
enum ReadOnlyOpen {
    /// Why this existing file cannot be written; nil when it can.
    static func reason(for path: String) -> String? {
        let fileReadOnly = access(path, W_OK) != 0
        let folderReadOnly = access(folder(of: path), W_OK) != 0
        switch (fileReadOnly, folderReadOnly) {
        case (true, true): return "the file and its folder are read-only"
        case (true, false): return "the file is read-only"
        case (false, true): return "its folder is read-only"
        case (false, false): return nil
        }
    }

    /// The folder holding `path`, as `access` takes it. Not through `URL`:
    /// every open asks, and Foundation's first `URL` (a `FileManager`, its
    /// notification centre) was 4% of navsh's start-up.
    static func folder(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        return slash == path.utf8.startIndex ? "/" : String(path[..<slash])
    }

    /// The queue for `path`, and the note saying how it was opened (nil
    /// for a file opened for writing as usual).
    static func open(path: String, configuration: Configuration) throws -> (DatabaseQueue, String?) {
        guard let reason = reason(for: path) else { return (try DatabaseQueue(path: path, configuration: configuration), nil) }
        var configuration = configuration
        configuration.readonly = true
        let name = URL(fileURLWithPath: path).lastPathComponent
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            try queue.read { _ = try Int.fetchOne($0, sql: "SELECT count(*) FROM sqlite_master") }
            return (queue, "\(name) is open read-only (\(reason)); nothing can be changed")
        } catch {
            // WAL without a -shm SQLite can make: only an immutable open reads
            // it. Only WAL: a rollback-journal file that will not open is
            // locked by a writer or holds a hot journal, and read immutable
            // it showed the writer's uncommitted rows, torn.
            guard isWAL(path) else { throw unopened(error, path: path) }
            // An immutable open reads the file alone: commits still in its
            // log would be missing, the rows shown as they were before them
            //.
            if holdsBytes(path + "-wal") {
                throw StoreOpenError.unreadable(path: path, reason: "its write-ahead log (\(name)-wal) may hold commits "
                    + "not yet in the file, which SQLite cannot read from there (\(reason)): open it once as someone "
                    + "who may write its folder")
            }
            let queue = try DatabaseQueue(path: immutableURI(path), configuration: configuration)
            return (queue, "\(name) is open immutable (\(reason), and in WAL mode SQLite cannot share it from "
                    + "there, so changes made elsewhere while it is open are not seen); nothing can be changed")
        }
    }

    /// Why a rollback-journal file navsh may not write did not open, in
    /// words: SQLite's ("attempt to write a readonly database") did not say
    /// that a writer had died mid-transaction, nor what to do.
    static func unopened(_ error: any Error, path: String) -> any Error {
        guard let error = error as? DatabaseError else { return error }
        let name = URL(fileURLWithPath: path).lastPathComponent
        if error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED {
            return StoreOpenError.unreadable(path: path, reason: "another process is writing it and holds its lock; try again")
        }
        if error.resultCode == .SQLITE_READONLY, holdsBytes(path + "-journal") {
            return StoreOpenError.unreadable(path: path, reason: "a transaction was left unfinished in it (\(name)-journal), "
                + "and rolling it back needs write access: open it once as someone who may write it")
        }
        return error
    }

    /// Whether a file SQLite keeps beside the database (its journal, its
    /// WAL log) is there and not empty.
    static func holdsBytes(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_size > 0
    }

    /// Whether the file's header says WAL mode: its read and write version
    /// bytes (18 and 19) are 2.
    static func isWAL(_ path: String) -> Bool {
        let fd = Foundation.open(path, O_RDONLY)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var header = [UInt8](repeating: 0, count: 20)
        let read = header.withUnsafeMutableBytes { pread(fd, $0.baseAddress, 20, 0) }
        return read == 20 && header[18] == 2 && header[19] == 2
    }

    /// `file:/abs/path?immutable=1`, with the characters a URI reserves escaped.
    static func immutableURI(_ path: String) -> String {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        return "file:" + (absolute.addingPercentEncoding(withAllowedCharacters: allowed) ?? absolute) + "?immutable=1"
    }
}

import Foundation
import GRDB
import NavshCore
import NavshSQLite
import Testing

/// A real SQLite file in its own temporary folder, removed when the value is
/// released. Tests use these instead of any stand-in for storage.
public final class TemporaryDatabase {
    public let directory: String
    public let path: String

    /// Creates the file and runs `sql` (a schema and rows) in it.
    public init(_ sql: String, name: String = "test.sqlite") throws {
        directory = NSTemporaryDirectory() + "navsh-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        path = directory + "/" + name
        let queue = try DatabaseQueue(path: path)
        try queue.write { try $0.execute(sql: sql) }
        try queue.close()
    }

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
    }

    public func store() throws -> SQLiteStore {
        try SQLiteStore(path: path)
    }

    /// Reads rows straight from the file, bypassing navsh, as `[column: text]`.
    public func rows(_ sql: String) throws -> [[String: String]] {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in
            try Row.fetchAll(db, sql: sql).map { row in
                var values: [String: String] = [:]
                for (column, value) in row {
                    values[column] = value.isNull ? "NULL" : String(describing: value.storage.value ?? "")
                }
                return values
            }
        }
    }

    /// Each row's values as text, in the select list's order, NULL as
    /// `NULL`: what `StoreFixture.read` gives on every store.
    public func values(_ sql: String) throws -> [[String]] {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in
            try Row.fetchAll(db, sql: sql).map { row in
                row.databaseValues.map { $0.isNull ? "NULL" : String(describing: $0.storage.value ?? "") }
            }
        }
    }

    /// Every row of `table`, ordered by rowid (a WITHOUT ROWID table by its
    /// primary key), each as one line of text: a fingerprint to compare
    /// before and after a command.
    public func snapshot(_ table: String) throws -> [String] {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        let quoted = "\"" + table.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        return try queue.read { db in
            let withoutRowid = try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?",
                                                   arguments: [table])?.uppercased().contains("WITHOUT ROWID") ?? false
            let order = withoutRowid
                ? try String.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?) WHERE pk > 0 ORDER BY pk", arguments: [table])
                    .map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }.joined(separator: ", ")
                : "rowid"
            return try Row.fetchAll(db, sql: "SELECT * FROM \(quoted) ORDER BY \(order)").map(\.description)
        }
    }

    /// Runs `body` (a command that must write nothing) and expects `table`
    /// to hold exactly the rows it held before, at the caller's line.
    /// Returns what `body` returned; an error it throws is thrown on.
    public func expectUnchanged<T>(_ table: String, _ comment: Comment? = nil,
                                   sourceLocation: SourceLocation = #_sourceLocation,
                                   by body: () throws -> T) throws -> T {
        let before = try snapshot(table)
        let result = try body()
        #expect(try snapshot(table) == before, comment, sourceLocation: sourceLocation)
        return result
    }

    /// Switches the file to WAL mode (outside any transaction, as SQLite
    /// requires); the -wal and -shm files are gone once it is closed.
    public func useWAL() throws {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        try queue.writeWithoutTransaction { try $0.execute(sql: "PRAGMA journal_mode = WAL") }
    }

    public func execute(_ sql: String) throws {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        try queue.write { try $0.execute(sql: sql) }
    }

    /// Runs VACUUM, as another process would (outside a transaction, where
    /// SQLite allows it): it renumbers the rowids of a table without a
    /// declared integer key.
    public func vacuum() throws {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        try queue.inDatabase { try $0.execute(sql: "VACUUM") }
    }

    /// Puts the file in WAL mode (outside a transaction, where SQLite
    /// ignores the change) and returns the mode it is in after.
    @discardableResult
    public func useWriteAheadLog() throws -> String? {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.writeWithoutTransaction { try String.fetchOne($0, sql: "PRAGMA journal_mode = WAL") }
    }

    /// Runs `sql` with foreign keys unchecked, as another program may have
    /// written the file: for rows whose reference names no row.
    public func executeIgnoringForeignKeys(_ sql: String) throws {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = false
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        defer { try? queue.close() }
        try queue.write { try $0.execute(sql: sql) }
    }
}

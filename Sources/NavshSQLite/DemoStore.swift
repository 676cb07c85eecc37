import Foundation
import GRDB
import NavshCore

/// The store `navsh` opens when given no file: an "Items" collection in the
/// spirit of the Homepwner tutorial, created with sample rows on first run.
public enum DemoStore {
    /// `$XDG_DATA_HOME/navsh/demo.sqlite`, else `~/.local/share/navsh/demo.sqlite`.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let base: String
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            base = xdg
        } else {
            let home = environment["HOME"] ?? NSHomeDirectory()
            base = home + "/.local/share"
        }
        return base + "/navsh/demo.sqlite"
    }

    /// Opens the demo store at `path`, creating it first when missing; it
    /// is shown as `spec` says (`spec.apply(to:thisYear:)`). `now`
    /// (`YYYY-MM-DD HH:MM:SS`) dates the rows it creates.
    public static func open(at path: String, now: String) throws -> SQLiteStore {
        if !FileManager.default.fileExists(atPath: path) {
            try create(at: path, now: now)
        }
        return try SQLiteStore(path: path)
    }

    static func create(at path: String, now: String) throws {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        try FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        // Build under a temporary name, then rename: a crash never leaves a half-made store.
        let temporary = path + ".creating"
        try? FileManager.default.removeItem(atPath: temporary)
        do {
            let queue = try DatabaseQueue(path: temporary)
            try queue.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA journal_mode = WAL")
                try db.inTransaction {
                    try db.execute(sql: schema)
                    for item in samples {
                        try db.execute(
                            sql: "INSERT INTO Items (name, serial, value, created) VALUES (?, ?, ?, ?)",
                            arguments: [item.name, item.serial, item.value, now])
                    }
                    return .commit
                }
                try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
            }
            try queue.close()
            for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: temporary + suffix) }
            try FileManager.default.moveItem(atPath: temporary, toPath: path)
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw error
        }
    }

    static let schema = """
        CREATE TABLE Items (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL CHECK (length(trim(name)) > 0),
            serial TEXT UNIQUE,
            value INTEGER NOT NULL DEFAULT 0 CHECK (value >= 0),
            created TEXT NOT NULL DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now'))
        );
        """

    static let samples: [(name: String, serial: String?, value: Int)] = [
        ("Gort statue", "GS-1951", 120),
        ("Rusty spork", nil, 2),
        ("Hoverboard", "HB-2015", 950),
        ("Flux capacitor", "FC-1985", 1_210),
        ("木彫りの熊", "KB-0042", 45),
        ("Lucky cat 🐱", "LC-0888", 18),
        ("Café au lait bowl", nil, 12),
        ("Vintage typewriter", "VT-1937", 300),
    ]

    /// What the schema cannot say, as an app spec: labels, `created` set at
    /// insert and never edited, and a row that reads "name … $value  date".
    public static var spec: AppSpec {
        var items = CollectionSpec(name: "Items")
        items.rowDetails = ["{value:$}", "{created:date}"].compactMap { try? RowTemplate($0) }
        var name = FieldSpec(name: "name")
        name.label = "Name"
        name.required = true
        var serial = FieldSpec(name: "serial")
        serial.label = "Serial Number"
        var value = FieldSpec(name: "value")
        value.label = "Value"
        value.kind = .money
        value.minimum = .number(0)
        var created = FieldSpec(name: "created")
        created.label = "Date Created"
        created.readOnly = true
        created.format = .date
        items.fields = [name, serial, value, created]
        return AppSpec(collections: [items])
    }
}

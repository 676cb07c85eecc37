import GRDB
import NavshCore

/// The tables no collection stands for, named in the note a file opens
/// with, so none disappears in silence: virtual tables (FTS5, R*Tree), the
/// tables that store their data, and tables whose names are not UTF-8.
extension SQLiteSchemaReader {
    /// A phrase for each, from `PRAGMA main.table_list`'s rows (schema,
    /// name, type, …) and the CREATE statements of `sqlite_master`'s rows
    /// (name, is a view, sql, type).
    static func unlisted(tableList: [[Value]], masters: [[Value]]) -> [String] {
        var phrases: [String] = []
        var shadows = 0
        for row in tableList where row.count > 2 {
            guard case .text(let type) = row[2] else { continue }
            let name = row[1]
            if case .text(let text) = name, text.hasPrefix("sqlite_") { continue }
            switch type {
            case "virtual":
                let module = masters.first { $0.first == name }.flatMap { $0.count > 2 ? Self.module(of: $0[2]) : nil }
                phrases.append("virtual table \(ValueText.raw(name))" + (module.map { " (\($0))" } ?? "")
                               + ": navsh opens ordinary tables and views only")
            case "shadow":
                shadows += 1
            case "table", "view":
                if case .rawText = name {
                    phrases.append("\(type) \(ValueText.raw(name)): its name is not UTF-8, which navsh cannot name")
                }
            default:
                break
            }
        }
        if shadows > 0 {
            phrases.append("\(shadows) table\(shadows == 1 ? "" : "s") holding virtual tables' data")
        }
        return phrases
    }

    /// The table list's rows, for `unlisted` (names not UTF-8 kept as bytes).
    static func tableList(_ db: Database) throws -> [[Value]] {
        try RowReader.fetchAll(db, sql: "PRAGMA main.table_list", arguments: [], cached: false)
    }

    /// `fts5` of `CREATE VIRTUAL TABLE docs USING fts5(body)`.
    private static func module(of sql: Value) -> String? {
        guard case .text(let text) = sql, let using = text.range(of: " USING ", options: .caseInsensitive) else { return nil }
        let module = text[using.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        return module.isEmpty ? nil : String(module).lowercased()
    }
}

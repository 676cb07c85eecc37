import GRDB
import NavshCore

/// SQL that holds only when a column stores exactly a given value: the same
/// storage class and the same bytes. A plain `col IS ?` is not enough for a
/// conflict check: it compares with the column's collation (`NOCASE` takes
/// `GORT` for `Gort`, `RTRIM` takes `abc   ` for `abc`) and lets affinity
/// turn `'1'` into `1`, so a change made elsewhere would pass as no change.
enum ExactMatch {
    static func sql(_ column: String, _ value: Value) -> (sql: String, arguments: StatementArguments) {
        guard let type = value.storageClass else { return ("\(column) IS NULL", []) }
        return ("(typeof(\(column)) = '\(type)' AND \(column) COLLATE BINARY = \(value.sqlPlaceholder))",
                [value.databaseValue])
    }
}

extension Value {
    /// SQLite's `typeof()` name for the value; nil for NULL.
    var storageClass: String? {
        switch self {
        case .null: return nil
        case .integer: return "integer"
        case .real: return "real"
        case .text, .rawText: return "text"
        case .blob: return "blob"
        }
    }
}

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

    /// Conditions joined with AND as a balanced tree: a chain of 2,000 (one
    /// per column of a wide table) passes SQLite's expression depth limit
    /// (SQLITE_MAX_EXPR_DEPTH, 1,000); a balanced tree is 11 deep.
    static func all(
        _ conditions: ArraySlice<(sql: String, arguments: StatementArguments)>
    ) -> (sql: String, arguments: StatementArguments) {
        guard conditions.count > 1, let first = conditions.first else { return conditions.first ?? ("1", []) }
        if conditions.count == 2, let last = conditions.last {
            var arguments = first.arguments
            arguments += last.arguments
            return ("(\(first.sql) AND \(last.sql))", arguments)
        }
        let middle = conditions.startIndex + conditions.count / 2
        return all([all(conditions[..<middle]), all(conditions[middle...])][...])
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

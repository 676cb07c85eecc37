import GRDB
import NavshCore

/// SQL that holds only when a column stores exactly a given value: the same
/// storage class and the same bytes. A plain `col IS ?` is not enough for a
/// conflict check: it compares with the column's collation (`NOCASE` takes
/// `GORT` for `Gort`, `RTRIM` takes `abc   ` for `abc`) and lets affinity
/// turn `'1'` into `1`, so a change made elsewhere would pass as no change.
///
///
/// The SQL is written into one string, and the values into one array that
/// the caller makes into a `StatementArguments`: built piece by piece (a
/// string and a GRDB argument list per field, concatenated up the tree),
/// the check of a five-field row cost a sixth of a whole edit.
enum ExactMatch {
    typealias Condition = (sql: String, values: [Value])

    static func sql(_ column: String, _ value: Value) -> Condition {
        var condition: Condition = ("", [])
        append(column, value, to: &condition)
        return condition
    }

    /// Every `(column, value)` matched exactly, joined with AND as a
    /// balanced tree: a chain of 2,000 (one per column of a wide table)
    /// passes SQLite's expression depth limit (SQLITE_MAX_EXPR_DEPTH,
    /// 1,000); a balanced tree is 11 deep. "1" when there are none.
    static func all(_ matches: [(column: String, value: Value)]) -> Condition {
        guard !matches.isEmpty else { return ("1", []) }
        var condition: Condition = ("", [])
        condition.sql.reserveCapacity(matches.count * 64)
        condition.values.reserveCapacity(matches.count)
        func tree(_ range: Range<Int>) {
            if range.count == 1 {
                append(matches[range.lowerBound].column, matches[range.lowerBound].value, to: &condition)
                return
            }
            let middle = range.lowerBound + range.count / 2
            condition.sql += "("
            tree(range.lowerBound..<middle)
            condition.sql += " AND "
            tree(middle..<range.upperBound)
            condition.sql += ")"
        }
        tree(matches.indices)
        return condition
    }

    private static func append(_ column: String, _ value: Value, to condition: inout Condition) {
        guard let type = value.storageClass else {
            condition.sql += column
            condition.sql += " IS NULL"
            return
        }
        condition.sql += "(typeof("
        condition.sql += column
        condition.sql += ") = '"
        condition.sql += type
        condition.sql += "' AND "
        condition.sql += column
        condition.sql += " COLLATE BINARY = "
        condition.sql += value.sqlPlaceholder
        condition.sql += ")"
        condition.values.append(value)
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

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
/// the caller binds (`SQLArguments`): built piece by piece (a
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
        if let negative = zeroSign(value) {
            // SQL's = takes -0.0 for 0.0: the sign is asked of navsh_sign_bit
            // (a save passed over -0.0 changed to 0.0).
            condition.sql += "(typeof(" + column + ") = 'real' AND " + column + " = 0 AND "
                + signFunction + "(" + column + ") = " + (negative ? "1" : "0") + ")"
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

extension ExactMatch {
    /// `column` holds exactly the value bound at `read`: the same storage
    /// class and bytes, and a zero's sign (`ExactMatch`, with one SQL text
    /// for every value).
    static func sameAs(_ column: String, _ read: String) -> String {
        "(\(column) IS \(read) COLLATE BINARY AND typeof(\(column)) = typeof(\(read)) AND (typeof(\(read)) <> 'real' OR \(read) <> 0 "
            + "OR \(signFunction)(\(column)) = \(signFunction)(\(read))))"
    }

    /// Conditions joined by AND as a balanced tree, within SQLite's
    /// expression depth at two thousand columns; "1" when there are none.
    static func balanced(_ conditions: [String]) -> String {
        guard !conditions.isEmpty else { return "1" }
        func tree(_ range: Range<Int>) -> String {
            if range.count == 1 { return conditions[range.lowerBound] }
            let middle = range.lowerBound + range.count / 2
            return "(" + tree(range.lowerBound..<middle) + " AND " + tree(middle..<range.upperBound) + ")"
        }
        return tree(conditions.indices)
    }
}

extension ExactMatch {
    /// The SQL function telling -0.0 from 0.0, registered by `install(on:)`.
    static let signFunction = "navsh_sign_bit"

    /// Registers `navsh_sign_bit` on a connection (from `prepareDatabase`):
    /// 1 for a real whose sign bit is set, 0 for anything else.
    static func install(on db: Database) {
        db.add(function: DatabaseFunction(signFunction, argumentCount: 1, pure: true) { values in
            guard case .double(let number)? = values.first?.storage else { return 0 }
            return number.sign == .minus ? 1 : 0
        })
    }

    /// For a real zero, whether it is -0.0; nil for any other value. Such a
    /// value is matched by its sign, with nothing bound (`binds`).
    static func zeroSign(_ value: Value) -> Bool? {
        guard case .real(let number) = value, number == 0 else { return nil }
        return number.sign == .minus
    }

    /// Whether the condition for `value` binds it: NULL and real zeros are
    /// written into the SQL instead.
    static func binds(_ value: Value) -> Bool {
        value.storageClass != nil && zeroSign(value) == nil
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

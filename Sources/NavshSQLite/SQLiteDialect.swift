import NavshCore
import NavshSQL

/// How SQLite spells what `NavshSQL` builds: names quoted as they are (no
/// table is checked, SQLite says what is missing), case folded by LIKE and
/// NOCASE for ASCII and `navsh_fold` beyond it (`CaseFoldedMatch`).
struct SQLiteDialect: SQLDialect {
    var isDistinctFrom: String { "IS NOT" }
    var never: String { "0" }
    var trimFunction: String { "trim" }

    func relation(_ collection: String) -> String { collection.quotedIdentifier }
    func column(_ field: String, of collection: String) -> String { field.quotedIdentifier }
    func searchText(_ field: String, of collection: String) -> String { field.quotedIdentifier }
    func titleText(_ field: String, of collection: String) -> String {
        "coalesce(CAST(" + field.quotedIdentifier + " AS TEXT), '')"
    }

    func textTest(_ expression: SQLFragment, _ match: TextMatch, _ text: String) -> SQLFragment {
        CaseFoldedMatch.test(expression, match, text)
    }

    /// An untyped column holds what `set` stored: a number typed there is
    /// its text ('12345'), which SQL's `=` never equals to the number
    /// 12345, so both are looked for.
    func comparison(_ field: String, _ comparison: RowComparison, _ value: Value,
                    in collection: CollectionSchema) -> SQLFragment? {
        guard comparison == .equal || comparison == .notEqual, collection.field(named: field)?.kind == .any,
              let text = Self.untypedText(of: value) else { return nil }
        let column = field.quotedIdentifier
        let number = SQLFragment.value(value, field: field, of: collection.name)
        let asText = SQLFragment.value(.text(text), field: field, of: collection.name)
        return comparison == .equal
            ? "(\(column) = " + number + " OR \(column) = " + asText + ")"
            : "(\(column) IS NOT " + number + " AND \(column) IS NOT " + asText + ")"
    }

    /// The text `set` stores in an untyped column for a number typed as
    /// `value` reads (`12345`, `7.5`); nil for anything but a number.
    static func untypedText(of value: Value) -> String? {
        switch value {
        case .integer(let number): return String(number)
        case .real(let number) where number.isFinite: return ValueText.raw(value)
        default: return nil
        }
    }
}

extension SQLFragment {
    /// The fragment as SQLite's text, each value a `?` (a cast one for text
    /// holding a NUL), with its arguments in order.
    var sqlite: (sql: String, arguments: SQLArguments) {
        var sql = ""
        var arguments: [Value] = []
        for piece in pieces {
            switch piece {
            case .sql(let text): sql += text
            case .value(let value, _, _):
                sql += value.sqlPlaceholder
                arguments.append(value)
            case .text(let text):
                let value = Value.text(text)
                sql += value.sqlPlaceholder
                arguments.append(value)
            }
        }
        return (sql, SQLArguments(arguments))
    }
}

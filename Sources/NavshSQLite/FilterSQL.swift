import GRDB
import NavshCore

/// `find`, `where` and `sort` as SQL: names quoted, values bound.
extension SQLiteStore {
    static func sql(for filter: RowFilter, in collection: CollectionSchema) -> (String, [Value]) {
        switch filter {
        case .anyTextContains(let text):
            // Text fields, and untyped ones (they may hold text); blobs never.
            let columns = collection.fields.filter { $0.kind == .text || $0.kind == .any || $0.kind == .date
                || $0.kind == .datetime }
            var tests = columns.map { CaseFoldedMatch.sql($0.name.sqlIdentifier, .contains, text) }
            // A title of several fields, as the list shows it: `find Ivan
            // Østergaard` found no row while the list showed him (the trial's find).
            if let title = collection.titleParts.flatMap({ TitleSQL.expression($0) }) {
                tests.append(CaseFoldedMatch.sql(title, .contains, text))
            }
            guard !tests.isEmpty else { return ("0", []) }
            return ("(" + tests.map(\.sql).joined(separator: " OR ") + ")", tests.map(\.argument))
        case .contains(let field, let text):
            let test = CaseFoldedMatch.sql(field.sqlIdentifier, .contains, text)
            return (test.sql, [test.argument])
        case .titleContains(let field, let target, let text):
            // A title of several fields is matched whole, as the list shows it.
            let title = target.parts.flatMap { TitleSQL.expression($0) } ?? target.title.sqlIdentifier
            let test = CaseFoldedMatch.sql(title, .contains, text)
            return ("\(field.sqlIdentifier) IN (SELECT \(target.key.sqlIdentifier) FROM \(target.collection.sqlIdentifier)"
                    + " WHERE \(test.sql))", [test.argument])
        case .isNull(let field):
            return ("\(field.sqlIdentifier) IS NULL", [])
        case .isNotNull(let field):
            return ("\(field.sqlIdentifier) IS NOT NULL", [])
        case .compare(let field, let comparison, let value):
            let column = field.sqlIdentifier
            if comparison == .equal || comparison == .notEqual, collection.field(named: field)?.kind == .any,
               let text = untypedText(of: value) {
                // An untyped column holds what `set` stored: a number typed
                // there is its text ('12345'), which SQL's `=` never equals to
                // the number 12345: both are looked for (the trial's find).
                return comparison == .equal
                    ? ("(\(column) = ? OR \(column) = ?)", [value, .text(text)])
                    : ("(\(column) IS NOT ? AND \(column) IS NOT ?)", [value, .text(text)])
            }
            switch comparison {
            case .equal: return ("\(column) = ?", [value])
            case .notEqual: return ("\(column) IS NOT ?", [value])
            case .less: return ("\(column) < ?", [value])
            case .lessOrEqual: return ("\(column) <= ?", [value])
            case .greater: return ("\(column) > ?", [value])
            case .greaterOrEqual: return ("\(column) >= ?", [value])
            }
        }
    }


    /// A sort term: the field, or for a reference sorted by title the
    /// referenced row's title, read by a subquery on its key. The referenced
    /// table gets an alias, so a table referring to itself (an employee's
    /// manager) still names the outer row by its table.
    static func orderSQL(_ field: String, by title: ReferencedTitle?, in key: TableKey) -> String {
        guard let title else { return field.sqlIdentifier }
        return "(SELECT navsh_t.\(title.title.sqlIdentifier) FROM \(title.collection.sqlIdentifier) AS navsh_t"
            + " WHERE navsh_t.\(title.key.sqlIdentifier) = \(key.quotedTable).\(field.sqlIdentifier))"
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

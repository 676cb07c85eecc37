import GRDB
import NavshCore

/// `find` and `where` as SQL: names quoted, values bound.
extension SQLiteStore {
    static func sql(for filter: RowFilter, in collection: CollectionSchema) -> (String, [DatabaseValue]) {
        switch filter {
        case .anyTextContains(let text):
            // Text fields, and untyped ones (they may hold text); blobs never.
            let columns = collection.fields.filter { $0.kind == .text || $0.kind == .any || $0.kind == .date
                || $0.kind == .datetime }
            guard !columns.isEmpty else { return ("0", []) }
            let tests = columns.map { CaseFoldedMatch.sql($0.name.sqlIdentifier, .contains, text) }
            return ("(" + tests.map(\.sql).joined(separator: " OR ") + ")", tests.map(\.argument))
        case .contains(let field, let text):
            let test = CaseFoldedMatch.sql(field.sqlIdentifier, .contains, text)
            return (test.sql, [test.argument])
        case .isNull(let field):
            return ("\(field.sqlIdentifier) IS NULL", [])
        case .isNotNull(let field):
            return ("\(field.sqlIdentifier) IS NOT NULL", [])
        case .compare(let field, let comparison, let value):
            let column = field.sqlIdentifier
            switch comparison {
            case .equal: return ("\(column) = ?", [value.databaseValue])
            case .notEqual: return ("\(column) IS NOT ?", [value.databaseValue])
            case .less: return ("\(column) < ?", [value.databaseValue])
            case .lessOrEqual: return ("\(column) <= ?", [value.databaseValue])
            case .greater: return ("\(column) > ?", [value.databaseValue])
            case .greaterOrEqual: return ("\(column) >= ?", [value.databaseValue])
            }
        }
    }

}

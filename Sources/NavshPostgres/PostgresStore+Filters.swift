import Foundation
import NavshCore

/// `find` and `where` as SQL: names quoted, values bound, text matched with
/// ILIKE (ignoring case, as SQLite's LIKE does for ASCII and more).
extension PostgresStore {
    func sql(for filter: RowFilter, in collection: CollectionSchema, _ table: PostgresTable,
             _ parameters: inout Parameters) throws -> String {
        switch filter {
        case .anyTextContains(let text):
            let columns = collection.fields.filter { [.text, .any, .date, .datetime].contains($0.kind) }
                .compactMap { table.columns[$0.name] }
            guard !columns.isEmpty else { return "false" }
            let pattern = parameters.bind(Self.likePattern(text, anywhere: true))
            return "(" + columns.map { "\($0.readSQL) ILIKE \(pattern)" }.joined(separator: " OR ") + ")"
        case .contains(let field, let text):
            let column = try table.column(field)
            return "\(column.readSQL) ILIKE \(parameters.bind(Self.likePattern(text, anywhere: true)))"
        case .isNull(let field):
            return "\(try table.column(field).name.pgIdentifier) IS NULL"
        case .isNotNull(let field):
            return "\(try table.column(field).name.pgIdentifier) IS NOT NULL"
        case .compare(let field, let comparison, let value):
            let column = try table.column(field)
            let name = column.name.pgIdentifier
            if value.isNull {
                return comparison == .notEqual ? "\(name) IS NOT NULL" : comparison == .equal ? "\(name) IS NULL" : "false"
            }
            let bound = try parameters.bind(value, as: column)
            switch comparison {
            case .equal: return "\(name) = \(bound)"
            case .notEqual: return "\(name) IS DISTINCT FROM \(bound)"
            case .less: return "\(name) < \(bound)"
            case .lessOrEqual: return "\(name) <= \(bound)"
            case .greater: return "\(name) > \(bound)"
            case .greaterOrEqual: return "\(name) >= \(bound)"
            }
        }
    }

    /// A LIKE pattern matching `text` at the start (or anywhere), its own
    /// wildcards escaped with `\` (ILIKE's default escape).
    static func likePattern(_ text: String, anywhere: Bool) -> String {
        let escaped = text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_")
        return (anywhere ? "%" : "") + escaped + "%"
    }
}

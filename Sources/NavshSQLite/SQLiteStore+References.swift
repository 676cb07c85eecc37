import GRDB
import NavshCore
import NavshSQL

/// Reading the rows a page's references name, for their titles: one query
/// per few hundred values (`IN (…)`), never one per row.
extension SQLiteStore {
    /// Values bound in one query; far below SQLite's limit on parameters.
    static let valuesPerQuery = 500

    /// As `record(of:referencedBy:field:)` reads each: an integer naming the
    /// key (or no field) of a rowid table is a rowid; anything else is
    /// matched by the referenced column's value (as its foreign key would:
    /// `IN` compares by the column's collation, and can use its index), then
    /// the text left unmatched ignoring case.
    public func records(of collection: CollectionSchema, referencedBy values: [Value], field: String?,
                        reading fields: [String]) throws -> [NavshCore.Record?] {
        let key = try key(for: collection)
        if let reason = key.readOnlyReason { throw StoreError.readOnly(reason) }
        let keyField = collection.fields.first { $0.primaryKeyPosition == 1 }
        let namesKey = field == nil || field == keyField?.name
        if namesKey, keyField?.kind == .integer || keyField == nil, case .rowid(let expression) = key.kind,
           values.allSatisfy({ if case .integer = $0 { return true } else { return false } }) {
            let rows = try matching(values, column: expression, reading: fields, in: collection)
            let byRowid = Dictionary(rows.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
            return values.map { value in
                guard case .integer(let rowid) = value else { return nil }
                return byRowid[.rowid(rowid)]
            }
        }
        guard let column = (field ?? keyField?.name).flatMap({ collection.field(named: $0)?.name }) else {
            return values.map { _ in nil }
        }
        var rows = try matching(values, column: column.quotedIdentifier, reading: fields + [column], in: collection)
        // Text found by the column's own collation (its index) first; what
        // is left, ignoring case, as the single read matches it.
        let found = Set(rows.map { $0[column] })
        let unmatched = values.filter { value in
            if case .text = value { return !found.contains(value) } else { return false }
        }
        if !unmatched.isEmpty {
            rows += try matching(unmatched, column: column.quotedIdentifier + " COLLATE NOCASE", reading: fields + [column],
                                 in: collection)
        }
        var exact: [Value: NavshCore.Record] = [:], folded: [String: NavshCore.Record] = [:]
        for row in rows {
            let value = row[column]
            if exact[value] == nil { exact[value] = row }
            if case .text(let text) = value, folded[text.lowercased()] == nil { folded[text.lowercased()] = row }
        }
        return values.map { value in
            if let row = exact[value] { return row }
            if case .text(let text) = value { return folded[text.lowercased()] }
            return nil
        }
    }

    /// The rows whose `column` is one of `values`, a chunk of values per query.
    private func matching(_ values: [Value], column: String, reading fields: [String],
                          in collection: CollectionSchema) throws -> [NavshCore.Record] {
        var rows: [NavshCore.Record] = []
        var start = 0
        while start < values.count {
            let chunk = Array(values[start..<min(start + Self.valuesPerQuery, values.count)])
            let placeholders = chunk.map(\.sqlPlaceholder).joined(separator: ", ")
            rows += try select(collection, fields: ListPreview.declared(fields, in: collection), reading: .preview,
                               where: "\(column) IN (\(placeholders))",
                               arguments: SQLArguments(chunk), suffix: "", [])
            start += chunk.count
        }
        return rows
    }
}

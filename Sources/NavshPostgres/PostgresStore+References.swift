import Foundation
import NavshCore
import NavshSQL

/// Reading the rows a page's references name, for their titles: one query
/// for the page (`= ANY($1)` with the values as an array), not one per row.
extension PostgresStore {
    /// Values bound in one array; a page holds far fewer.
    static let valuesPerQuery = 1_000

    /// As `record(of:referencedBy:field:)` reads each: the referenced column
    /// (the key when `field` is nil) holding the value exactly; a text not
    /// found so is looked up alone, ignoring case, as the single read does.
    public func records(of collection: CollectionSchema, referencedBy values: [Value], field: String?,
                        reading fields: [String]) throws -> [Record?] {
        let table = try table(collection)
        if let reason = table.readOnlyReason { throw StoreError.readOnly(reason) }
        guard let name = (field ?? table.key.first).flatMap({ collection.field(named: $0)?.name }) else {
            return values.map { _ in nil }
        }
        let column = try table.column(name)
        let wanted = values.filter { !$0.isNull && Self.parses($0, as: column) }
        // A number is found by its value: a reference holding 1.50 names
        // the key 1.5, and was shown as naming no row.
        func matched(_ value: Value) -> Value {
            guard column.kind == .numeric || column.kind == .real,
                  let canonical = DecimalText.canonical(ValueText.raw(value)) else { return value }
            return .text(canonical)
        }
        var found: [Value: Record] = [:]
        var start = 0
        while start < wanted.count {
            let chunk = Array(wanted[start..<min(start + Self.valuesPerQuery, wanted.count)])
            var parameters = Parameters()
            let array = parameters.bind(try Self.arrayLiteral(chunk.map { try column.parameter($0) }))
            let rows = try records(collection, fields: ListPreview.declared(fields + [name], in: collection), preview: true,
                                   where: "\(name.quotedIdentifier) = ANY (CAST(\(array) AS \(column.castType)[]))", parameters)
            for row in rows where found[matched(row[name])] == nil { found[matched(row[name])] = row }
            start += chunk.count
        }
        return try values.map { value in
            if let row = found[matched(value)] { return trimmed(row, to: fields, in: collection) }
            guard case .text = value else { return nil }
            return try record(of: collection, referencedBy: value, field: field).map {
                Record(id: $0.id, values: $0.values.filter { fields.contains($0.key) }.mapValues(ListPreview.value))
            }
        }
    }

    /// Only `fields` of a row read with its referenced column too.
    private func trimmed(_ row: Record, to fields: [String], in collection: CollectionSchema) -> Record {
        let kept = Set(ListPreview.declared(fields, in: collection))
        return Record(id: row.id, values: row.values.filter { kept.contains($0.key) })
    }

    /// `{"a","b\"c",NULL}`: an array's text form, every element quoted.
    static func arrayLiteral(_ elements: [String?]) throws -> String {
        "{" + elements.map { element in
            guard let element else { return "NULL" }
            return "\"" + element.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }.joined(separator: ",") + "}"
    }
}

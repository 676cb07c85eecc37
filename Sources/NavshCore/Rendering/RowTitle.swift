/// What names a row in lists, breadcrumbs and messages: its title field,
/// else its rowid, so that every row can be told apart.
enum RowTitle {
    static func of(_ record: Record, in collection: CollectionSchema) -> String {
        text(collection.titleField.map { record[$0] }, id: record.id)
    }

    static func text(_ value: Value?, id: RecordID?) -> String {
        if let value, !value.isNull, value != .text("") {
            return ValueText.formatted(value, .plain)
        }
        switch id {
        case nil: return "(new)"
        case .rowid(let rowid)?: return "#\(rowid)"
        case .key(let values)?: return "#" + values.map(ValueText.raw).joined(separator: ",")
        }
    }
}

/// What a list row holds: only the fields a list shows, each cut to what a
/// cell can show, so a page costs the same however wide the table or large
/// its values (a 100 MB text lists as fast as a short one). Stores read
/// exactly this (`Store.listRecords`); the core computes it from a full row
/// to compare what a list showed with a row read since.
public enum ListPreview {
    /// Characters of a text a list keeps; a list cell never shows more.
    public static let characters = 512

    /// The fields a list row shows: title, details, templates, section and order.
    public static func fields(of collection: CollectionSchema) -> [String] {
        var names = [collection.titleField, collection.groupField, collection.order?.field].compactMap { $0 }
        names += collection.details.map(\.field)
        names += (collection.rowTitle.map { [$0] } ?? []).flatMap(\.fields)
        names += collection.rowDetails.flatMap(\.fields)
        var seen = Set<String>()
        return collection.fields.map(\.name).filter { name in
            names.contains { $0 == name || collection.field(named: $0)?.name == name } && seen.insert(name).inserted
        }
    }

    /// A longer text ends in `…` after `characters`; a longer blob reads as
    /// the text a list shows for it. Anything else is kept.
    public static func value(_ value: Value) -> Value {
        switch value {
        case .text(let text) where text.unicodeScalars.count > characters:
            return .text(String(String.UnicodeScalarView(text.unicodeScalars.prefix(characters))) + "…")
        case .blob(let bytes) where bytes.count > characters:
            return longBlob(bytes: Int64(bytes.count))
        default:
            return value
        }
    }

    /// A blob over the bound, known by its length only.
    public static func longBlob(bytes: Int64) -> Value { .text("<blob, \(bytes) bytes>") }

    /// The row as a list holds it.
    public static func of(_ record: Record, in collection: CollectionSchema) -> Record {
        var values: [String: Value] = [:]
        for name in fields(of: collection) { values[name] = value(record[name]) }
        return Record(id: record.id, values: values)
    }
}

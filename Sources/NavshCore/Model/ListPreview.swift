/// What a list row holds: only the fields a list shows, each cut to what a
/// cell can show, so a page costs the same however wide the table or large
/// its values (a 100 MB text lists as fast as a short one). Stores read
/// exactly this (`Store.listRecords`); the core computes it from a full row
/// to compare what a list showed with a row read since.
public enum ListPreview {
    /// Characters of a text a list keeps; a list cell never shows more.
    public static let characters = 512
    /// A text longer than this many bytes is cut (to `characters`). Bytes,
    /// not characters: SQLite counts characters only up to a NUL, and a
    /// store reads `bytes + 1` of a long text to know it was cut.
    public static let bytes = characters * 4

    /// The fields a list row reads: those it shows, and the declared key (a
    /// row without a title is named by it, `#KEY`).
    public static func readFields(of collection: CollectionSchema) -> [String] {
        declared(fields(of: collection) + collection.keyFields.map(\.name), in: collection)
    }

    /// The fields a list row shows: title, columns, section and order.
    public static func fields(of collection: CollectionSchema) -> [String] {
        collection.derived.value(\.listFields) { makeFields(of: collection) }
    }

    private static func makeFields(of collection: CollectionSchema) -> [String] {
        var names = [collection.titleField, collection.groupField, collection.order?.field].compactMap { $0 }
        names += collection.titleFields
        for column in collection.listColumns {
            switch column.content {
            case .field(let field, _): names.append(field.name)
            case .template(let template): names += template.fields
            }
        }
        return declared(names, in: collection)
    }

    /// The fields that make a row's title (reading a referenced row's title
    /// needs these only).
    public static func titleFields(of collection: CollectionSchema) -> [String] {
        declared([collection.titleField].compactMap { $0 } + collection.titleFields + collection.keyFields.map(\.name),
                 in: collection)
    }

    /// `names` (as typed in a spec: any case, or a label) as the collection's
    /// fields, in declared order, once each.
    public static func declared(_ names: [String], in collection: CollectionSchema) -> [String] {
        // A few names: compared in place, not hashed into a set; a field's
        // own name (nearly always) without copying the field to find it.
        var wanted: [String] = []
        wanted.reserveCapacity(names.count)
        for name in names {
            if collection.fields.contains(where: { $0.name == name }) {
                wanted.append(name)
            } else if let field = collection.field(named: name) {
                wanted.append(field.name)
            }
        }
        return collection.fields.compactMap { wanted.contains($0.name) ? $0.name : nil }
    }

    /// A text over `bytes` bytes is its first `characters` characters and
    /// `…`, decided by its first `bytes` bytes only (so a store can read just
    /// those); a longer blob reads as the text a list shows for it. Anything
    /// else is kept.
    /// Whether `value` is its own preview (`value` and a store's long-blob
    /// mark would give it back as it is): a number, NULL, a short text.
    /// Asked first, a page's cells are not copied out and written back.
    public static func keepsAsIs(_ value: Value) -> Bool {
        switch value {
        case .null, .integer, .real: return true
        case .text(let text): return text.utf8.count <= bytes
        case .rawText(let stored): return stored.count <= bytes
        case .blob: return false
        }
    }

    public static func value(_ value: Value) -> Value {
        switch value {
        case .text(let text) where text.utf8.count > bytes:
            return cut(Array(text.utf8.prefix(bytes)))
        case .rawText(let stored) where stored.count > bytes:
            return cut(Array(stored.prefix(bytes)))
        case .blob(let stored) where stored.count > characters:
            return longBlob(bytes: Int64(stored.count))
        default:
            return value
        }
    }

    /// The start of a long text: its first characters when its head is
    /// UTF-8 (a sequence cut at the end dropped), else the bytes as stored.
    private static func cut(_ head: [UInt8]) -> Value {
        for end in stride(from: head.count, through: max(0, head.count - 3), by: -1) {
            if let text = String(validating: head[..<end], as: UTF8.self) {
                return .text(String(String.UnicodeScalarView(text.unicodeScalars.prefix(characters))) + "…")
            }
        }
        return .rawText(head + Array("…".utf8))
    }

    /// A blob over the bound, known by its length only.
    public static func longBlob(bytes: Int64) -> Value { .text("<blob, \(bytes) bytes>") }

    /// The row as a list holds it.
    public static func of(_ record: Record, in collection: CollectionSchema) -> Record {
        var names: [String] = []
        for name in fields(of: collection) where !names.contains(name) { names.append(name) }
        return Record(id: record.id, names: FieldNames(names), cells: names.map { value(record[$0]) })
    }
}

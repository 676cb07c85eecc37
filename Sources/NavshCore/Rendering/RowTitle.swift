/// What names a row in lists, breadcrumbs and messages: its title field,
/// else its key as `#KEY` takes it back (`#12`, `#'3'`), so that every row
/// can be told apart and the name shown is the one to type.
enum RowTitle {
    /// `references` holds the titles of the rows reference fields name,
    /// when read (a list reads them for its page): a composite title made of
    /// references reads by them (`Grunge · Teen Spirit`), else by key (`#3 · #7`).
    /// The row as a refusal names rows that share a title: its `#KEY`
    /// (escaped, as `#KEY` takes it back), then its title.
    /// A row titled by its key is named once (`#12`, not `#12 #12`).
    static func keyed(_ record: Record, in collection: CollectionSchema) -> String {
        let title = of(record, in: collection)
        guard let key = collection.keyValues(of: record).map({ TextLayout.printable(ListFrame.keyText($0)) }),
              key != title else { return title }
        return key + " " + title
    }

    /// Rows as a refusal lists them: `keyed`, and where two share a title,
    /// after it the first other field that tells them apart (`#4 Margaret
    /// Park, Sales Support Agent`), so the list says who each is.
    static func told(apart records: [Record], in collection: CollectionSchema) -> [String] {
        let titles = records.map { of($0, in: collection) }
        let repeated = Set(titles.enumerated().filter { pair in titles.lastIndex(of: pair.element) != pair.offset }.map(\.element))
        let parts = Set(collection.compositeTitle?.fields ?? []).union(collection.rowTitle?.fields ?? [])
            .union(collection.titleField.map { [$0] } ?? [])
        let sharing = records.indices.filter { repeated.contains(titles[$0]) }
        let telling = collection.fields.first { field in
            // Not a reference: its value is another row's key, which tells nobody who this is.
            field.primaryKeyPosition == nil && !parts.contains(field.name) && field.kind != .blob && field.references == nil
                && Set(sharing.map { ValueText.raw(records[$0][field.name]) }).count > 1
        }
        return records.indices.map { index in
            let keyed = keyed(records[index], in: collection)
            guard repeated.contains(titles[index]), let telling else { return keyed }
            let value = records[index][telling.name]
            guard !value.isNull else { return keyed }
            return keyed + ", " + TextLayout.printable(bounded(ValueText.raw(value)))
        }
    }

    static func of(_ record: Record, in collection: CollectionSchema, references: ReferenceTitles = ReferenceTitles()) -> String {
        if let template = collection.rowTitle {
            let title = TextLayout.printable(bounded(template.render(record)))
            if !title.isEmpty { return title }
        }
        if let composite = collection.compositeTitle {
            let parts = composite.fields.compactMap { name in
                collection.field(named: name).flatMap { part(record[$0.name], of: $0, references: references) }
            }
            let title = bounded(parts.joined(separator: composite.separator))
            if !title.isEmpty { return title }
        }
        let value = collection.titleField.map { record[$0] }
        if let value, !value.isNull, !value.isEmptyText { return text(value, id: record.id) }
        // A table keyed by a declared column but identified by its rowid
        // (a TEXT PRIMARY KEY) was titled by the rowid, `#1`, which
        // `delete #1` read as the key: another row.
        if let key = collection.keyValues(of: record), !key.isEmpty, !key.contains(where: \.isNull) {
            return TextLayout.printable(bounded(ListFrame.keyText(key)))
        }
        // No `#KEY` reaches this row: a key part is NULL (a rowid table lets
        // a declared key hold one), or a view's rows have none. A name like
        // `#7` here was typed as a key and reached another row, so the name says what it is
        // instead.
        let unaddressed = collection.readOnlyReason != nil ? "row" : !collection.keyFields.isEmpty ? "rowid" : nil
        guard let unaddressed else { return text(nil, id: record.id) }
        return "(\(unaddressed) " + record.id.parts.map(ValueText.raw).joined(separator: ",") + ")"
    }

    /// One field of a composite title: a reference as its row's title, a key
    /// as `#KEY` takes it back (`#'3'` for the text 3, which `#3` would read
    /// as the number), anything else as shown; nil
    /// when empty.
    private static func part(_ value: Value, of field: Field, references: ReferenceTitles) -> String? {
        guard !value.isNull, !value.isEmptyText else { return nil }
        if field.references != nil, let title = references.title(of: field.name, value) { return title }
        if field.references != nil || field.primaryKeyPosition != nil { return ListFrame.keyText([value]) }
        return ValueText.formatted(value, .plain)
    }

    /// Longest title, in characters: a title names a row in a breadcrumb, a
    /// prompt and every message, so a 50 MB value must not become one.
    static let longest = 120

    /// `text` cut to `longest` characters, ending in an ellipsis when cut;
    /// looks at no more of a huge value than it keeps.
    static func bounded(_ text: String) -> String {
        guard text.utf8.count > longest else { return text }
        let kept = text.prefix(longest + 1)
        return kept.count > longest ? String(kept.prefix(longest - 1)) + "…" : text
    }

    static func text(_ value: Value?, id: RecordID?) -> String {
        if let value, !value.isNull, !value.isEmptyText {
            if case .text(let text) = value {
                // Most titles: short printable ASCII, shown as they are
                // after one pass over their bytes.
                let space = UInt8(ascii: " ")
                if text.utf8.count <= longest, text.utf8.withContiguousStorageIfAvailable({
                    $0.first != space && $0.last != space && PrintableASCII.end(of: $0) == $0.count
                }) == true { return text }
                // Spaces at either end in quotes, as a cell and a record show
                // them: `  spaced  ` read as an indented `spaced`.
                if text.utf8.first == space || text.utf8.last == space { return ValueText.quoted(bounded(text)) }
                return TextLayout.printable(bounded(text))
            }
            return bounded(ValueText.formatted(value, .plain))
        }
        guard let id else { return "(new)" }
        return "#" + id.parts.map(ValueText.raw).joined(separator: ",")
    }
}

/// The titles of the rows that reference fields name, read for a page at
/// once: field name → stored value → that row's title (or `#7 (missing)`).
struct ReferenceTitles {
    var titles: [String: [Value: String]] = [:]

    func title(of field: String, _ value: Value) -> String? { titles[field]?[value] }
}

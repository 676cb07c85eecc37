/// What names a row in lists, breadcrumbs and messages: its title field,
/// else its identity as the store gives it (`#12`), so that every row can be told apart.
enum RowTitle {
    static func of(_ record: Record, in collection: CollectionSchema) -> String {
        if let template = collection.rowTitle {
            let title = TextLayout.printable(bounded(template.render(record)))
            if !title.isEmpty { return title }
        }
        return text(collection.titleField.map { record[$0] }, id: record.id)
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

    /// The list's right-hand columns: the spec's detail template, or the detail fields.
    static func details(_ record: Record, in collection: CollectionSchema) -> [String] {
        if !collection.rowDetails.isEmpty {
            return collection.rowDetails.map { TextLayout.printable($0.render(record)) }
        }
        return collection.details.map { ValueText.formatted(record[$0.field], $0.format) }
    }

    static func text(_ value: Value?, id: RecordID?) -> String {
        if let value, !value.isNull, value != .text("") {
            if case .text(let text) = value { return TextLayout.printable(bounded(text)) }
            return bounded(ValueText.formatted(value, .plain))
        }
        guard let id else { return "(new)" }
        return "#" + id.parts.map(ValueText.raw).joined(separator: ",")
    }
}

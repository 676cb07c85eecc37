/// A row's title made of several fields, when no single field names a row:
/// a person's first and last name (`Ada Lovelace`), or a key and the first
/// fields (`#7 · 2026-11-21`; a join table's two references by their rows'
/// titles, `Grunge · Teen Spirit`).
public struct CompositeTitle: Sendable, Equatable {
    public var fields: [String]
    public var separator: String

    public init(fields: [String], separator: String) {
        self.fields = fields
        self.separator = separator
    }
}

/// How a collection's rows are titled when no app spec says (`row:`), from
/// the schema alone, so that a list of invoices or of join rows reads as
/// something people recognise rather than a city or a bare number.
enum DefaultTitle {
    /// A text column named like these titles a row, before any other.
    static let titleWords = ["name", "title", "label"]

    /// A given field.
    static func field(_ name: String) -> (field: String?, composite: CompositeTitle?) { (name, nil) }

    /// In order: a text column named `name`, `title` or `label` (any case);
    /// a first and last name pair; a text column whose name ends in one of
    /// those words (`TrackName`, `album_title`); the first text column that
    /// is neither part of the key nor a reference; else the key and the
    /// first fields, joined.
    static func of(_ fields: [Field]) -> (field: String?, composite: CompositeTitle?) {
        let text = fields.filter { ($0.kind == .text || $0.kind == .any) && $0.references == nil }
        if let named = text.first(where: { titleWords.contains(normalized($0.name)) }) { return (named.name, nil) }
        if let first = text.first(where: { ["firstname", "givenname"].contains(normalized($0.name)) }),
           let last = text.first(where: { ["lastname", "surname", "familyname"].contains(normalized($0.name)) }) {
            return (first.name, CompositeTitle(fields: [first.name, last.name], separator: " "))
        }
        if let suffixed = text.first(where: { field in titleWords.contains { endsInWord(field.name, $0) } }) {
            return (suffixed.name, nil)
        }
        if let plain = text.first(where: { $0.primaryKeyPosition == nil }) { return (plain.name, nil) }
        let key = fields.filter { $0.primaryKeyPosition != nil }
            .sorted { ($0.primaryKeyPosition ?? 0) < ($1.primaryKeyPosition ?? 0) }
        let rest = fields.filter { $0.primaryKeyPosition == nil && $0.kind != .blob }
        let parts = (key + rest.prefix(max(0, 2 - key.count))).map(\.name)
        guard parts.count > 1 else { return (parts.first, nil) }
        let searchable = fields.first { parts.contains($0.name) && ($0.kind == .text || $0.kind == .any) }
        return (searchable?.name, CompositeTitle(fields: parts, separator: " · "))
    }

    /// Lowercased, without `_`, `-` or spaces: `First_Name` → `firstname`.
    static func normalized(_ name: String) -> String {
        String(name.lowercased().filter { $0 != "_" && $0 != "-" && $0 != " " })
    }

    /// Whether `name` ends in `word` as a word of its own: after `_`, `-`,
    /// a space, or starting with a capital (`TrackName`, not `surname`).
    static func endsInWord(_ name: String, _ word: String) -> Bool {
        guard name.count > word.count, name.lowercased().hasSuffix(word) else { return false }
        let start = name.index(name.endIndex, offsetBy: -word.count)
        let before = name[name.index(before: start)]
        return ["_", "-", " "].contains(before) || (name[start].isUppercase && before.isLowercase)
    }
}

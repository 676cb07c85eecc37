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

    /// Columns that describe a row rather than name it: many rows share a
    /// status, a type or a city. One titles a row only when nothing better
    /// does, or when it is what the table is about (`address` in `address`).
    static let describingWords = ["status", "state", "type", "kind", "category", "address", "city", "country",
                                  "postalcode", "zip", "zipcode", "phone", "fax", "district", "region", "currency",
                                  "date", "time", "timestamp", "at", "created", "updated", "modified",
                                  "hash", "password", "token", "secret", "salt", "uuid", "guid", "ip", "payload", "json",
                                  "note", "notes", "comment", "comments", "remark", "remarks", "memo", "description"]
    /// What an address, a city or a phone is often said with, run together
    /// in a lowercase name (`billingaddress`, as PostgreSQL folds BillingAddress).
    static let describingQualifiers = ["billing", "shipping", "ship", "home", "work", "mailing", "delivery"]

    /// First names and last names, as schemas spell them.
    static let firstNames = ["firstname", "givenname", "forename", "fname"]
    static let lastNames = ["lastname", "surname", "familyname", "lname"]

    /// A given field.
    static func field(_ name: String) -> (field: String?, composite: CompositeTitle?) { (name, nil) }

    /// In order: a text column named `name` (any case); a first and last
    /// name pair (an employee is Margaret Park, not her job `Title`); a text
    /// column named `title` or `label`; one whose name ends in one of those
    /// words (`TrackName`, `album_title`, or `trackname` as PostgreSQL
    /// folds it); the first text column that is
    /// neither part of the key, a reference, nor a describing column (a
    /// status, a type, an address); a describing column named as its table;
    /// else the key and the first fields, joined (`#98 · Luís Gonçalves`).
    static func of(_ fields: [Field], table: String = "") -> (field: String?, composite: CompositeTitle?) {
        let text = fields.filter { ($0.kind == .text || $0.kind == .any) && $0.references == nil }
        if let named = text.first(where: { normalized($0.name) == "name" }) { return (named.name, nil) }
        if let first = text.first(where: { firstNames.contains(normalized($0.name)) }),
           let last = text.first(where: { lastNames.contains(normalized($0.name)) }) {
            return (first.name, CompositeTitle(fields: [first.name, last.name], separator: " "))
        }
        if let named = text.first(where: { titleWords.contains(normalized($0.name)) }) { return (named.name, nil) }
        if let suffixed = text.first(where: { field in titleWords.contains { endsInWord(field.name, $0) } })
            ?? text.first(where: { field in titleWords.contains { endsInFoldedWord(field.name, $0) } }) {
            return (suffixed.name, nil)
        }
        let plain = text.filter { $0.primaryKeyPosition == nil }
        if let naming = plain.first(where: { !describes($0) }) { return (naming.name, nil) }
        let subject = singular(normalized(table))
        if !subject.isEmpty, let own = plain.first(where: { singular(normalized($0.name)) == subject }) {
            return (own.name, nil)
        }
        let key = fields.filter { $0.primaryKeyPosition != nil }
            .sorted { ($0.primaryKeyPosition ?? 0) < ($1.primaryKeyPosition ?? 0) }
        // A reference or a date says more of a row than its status or city.
        let rest = fields.filter { $0.primaryKeyPosition == nil && $0.kind != .blob }
        let ranked = rest.filter { !describes($0) } + rest.filter(describes)
        let parts = (key + ranked.prefix(max(0, 2 - key.count))).map(\.name)
        guard parts.count > 1 else { return (parts.first, nil) }
        let searchable = fields.first { parts.contains($0.name) && ($0.kind == .text || $0.kind == .any) }
        return (searchable?.name, CompositeTitle(fields: parts, separator: " · "))
    }

    /// Whether the column describes a row (a status, a type, an address)
    /// rather than names it: its name is, or ends in, a describing word.
    static func describes(_ field: Field) -> Bool {
        let name = normalized(field.name)
        return describingWords.contains { word in
            name == word || endsInWord(field.name, word)
                || describingQualifiers.contains { name == $0 + word }
        }
    }

    /// A word without a plural `s` or `es` (`addresses` → `address`), enough to match a table to its column.
    static func singular(_ word: String) -> String {
        if word.hasSuffix("sses") || word.hasSuffix("ches") || word.hasSuffix("xes") { return String(word.dropLast(2)) }
        if word.hasSuffix("ies") { return String(word.dropLast(3)) + "y" }
        if word.hasSuffix("s") && !word.hasSuffix("ss") { return String(word.dropLast()) }
        return word
    }

    /// Lowercased, without `_`, `-` or spaces: `First_Name` → `firstname`.
    static func normalized(_ name: String) -> String {
        String(name.lowercased().filter { $0 != "_" && $0 != "-" && $0 != " " })
    }

    /// Whether a name run together in lowercase ends in `word`, as
    /// PostgreSQL folds an unquoted `TrackName` to `trackname`. Asked after
    /// `endsInWord`, which tells `surname` from `TrackName`, has found nothing.
    static func endsInFoldedWord(_ name: String, _ word: String) -> Bool {
        name.count >= word.count + 2 && name.hasSuffix(word)
            && name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) }
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

/// `#KEY`: naming a row by its primary key, whatever its position, so a
/// script's `open #42` means the same row tomorrow (`open N` means the row
/// shown as N). A composite key is written `#A,B`; a part holding a comma
/// is quoted (`#'Smith, J',3`).
extension ListFrame {
    static func isKey(_ text: String) -> Bool { text.hasPrefix("#") }

    /// The row of this list (its scope and filters apply) whose key `text`
    /// names; a key typed as a title shows it, escaped (`#\x1B[31m`), finds
    /// the row whose key holds what the escapes stand for (it found none).
    /// When both are rows (a key holding `\x1B` as text, another holding
    /// ESC), both are shown alike, so neither is taken: it is refused
    /// (the literal one was opened or deleted for the other).
    func record(keyed text: String, in store: any StoreReader, thisYear: @autoclosure () -> Int) throws -> Record {
        try Self.typedOrEscaped(text, { try record(keyedExactly: $0, in: store, thisYear: thisYear()) }) { typed, escaped in
            CommandError.rows(.keyNamesTwoRows(text, titles: [typed, escaped].map { RowTitle.of($0, in: collection) }))
        }
    }

    /// The row `find` finds for `text` as typed or, when `text` holds
    /// escapes (`\x1B`, `\t`), for what they stand for; when the two are
    /// different rows, which are shown alike, `ambiguous`'s error. Shared
    /// by `#KEY` and `open TITLE`.
    static func typedOrEscaped(_ text: String, _ find: (String) throws -> Record,
                               ambiguous: (Record, Record) throws -> any Error) throws -> Record {
        let asTyped = Result { try find(text) }
        guard let stored = TextLayout.unescaped(text) else { return try asTyped.get() }
        let asEscaped = try? find(stored)
        switch (asTyped, asEscaped) {
        case (.success(let typed), let escaped?) where typed.id != escaped.id:
            throw try ambiguous(typed, escaped)
        case (.success(let typed), _):
            return typed
        case (.failure, let escaped?):
            return escaped
        case (.failure(let error), nil):
            throw error
        }
    }

    private func record(keyedExactly text: String, in store: any StoreReader, thisYear: @autoclosure () -> Int) throws -> Record {
        // A view's rows are named by their place in the list, which no key can promise.
        if collection.readOnlyReason != nil { throw CommandError.rows(.keylessRows(collection: collection.name)) }
        let fields = collection.keyFields
        let notAKey = CommandError.rows(.notAKey(text, collection: collection.name, keyFields: fields.map(\.name)))
        guard let parts = Self.quotedKeyParts(String(text.dropFirst())), parts.count == max(1, fields.count) else {
            throw notAKey
        }
        let values: [Value]
        // A part that is no value of its column's type (`abc` in an INTEGER
        // key, which SQLite stores as text all the same) is looked for as
        // the text it is: a list names such a row `#abc`. Not found, it is no key at all (`#1 Hits`
        // is then a title).
        var asStoredText = false
        if fields.isEmpty {
            guard let rowid = Int64(parts[0].text.trimmingSpaces) else { throw notAKey }
            values = [.integer(rowid)]
        } else {
            values = try zip(parts, fields).map { part, field in
                // An untyped key column may hold 1 and '1' as two rows: a
                // number typed bare is the number (as the JSON output writes
                // it, `"key": [1]`), a quoted one the text.
                if field.kind == .any {
                    return part.quoted ? .text(part.text) : Self.untypedKeyNumber(part.text) ?? .text(part.text)
                }
                do {
                    return try ValueParser.parse(part.text, for: field, thisYear: thisYear(), comparing: true)
                } catch {
                    guard !part.text.isEmpty, field.kind != .blob else { throw notAKey }
                    asStoredText = true
                    return .text(part.text)
                }
            }
        }
        guard let record = try store.record(of: collection, key: values) else {
            if asStoredText { throw notAKey }
            var whole = collection
            (whole.filters, whole.scope) = ([], nil)
            let elsewhere = (collection.filters.isEmpty && collection.scope == nil) ? nil : try store.record(of: whole, key: values)
            // A bare number names only the number, however often it runs:
            // the text it spells is named quoted, which the list shows.
            let spelt = zip(parts, fields).map { part, field in field.kind == .any && !part.quoted ? Value.text(part.text) : nil }
            if elsewhere == nil, spelt.contains(where: { $0 != nil }) {
                let asText = zip(values, spelt).map { $1 ?? $0 }
                if asText != values, try store.record(of: whole, key: asText) != nil {
                    throw CommandError.rows(.keyIsText(text, asText: Self.keyText(asText), collection: collection.name))
                }
            }
            throw CommandError.rows(.noRowWithKey(text, collection: collection.name, outsideThisList: elsewhere != nil))
        }
        return record
    }

    /// The number a part of an untyped key spells (`5`, ` 2.5 `), nil for
    /// other text: `open #5` and an import's CSV `5` name the number.
    static func untypedKeyNumber(_ text: String) -> Value? {
        let bare = text.trimmingSpaces
        if let n = Int64(bare) { return .integer(n) }
        if let d = Double(bare), d.isFinite, bare.contains(where: \.isNumber) { return .real(d) }
        return nil
    }

    /// A row's key as `#KEY` takes it back: parts joined by commas, a text
    /// part quoted when it would otherwise read as a number, hold a comma or
    /// a quote, or be empty (`#q"r` was shown unquoted, and `open #q"r`
    /// refused it).
    static func keyText(_ parts: [Value]) -> String {
        "#" + parts.map { part in
            let raw = ValueText.raw(part)
            guard case .text(let text) = part,
                  text.isEmpty || text.contains(",") || text.contains("'") || text.contains("\"")
                    || Double(text.trimmingSpaces) != nil
            else { return raw }
            return text.contains("'") ? "\"" + text + "\"" : "'" + text + "'"
        }.joined(separator: ",")
    }

    /// `A,B` → ["A", "B"], each with whether it was quoted (`#'1'` is text,
    /// `#1` a number); a quoted part may hold commas, or be the empty text
    /// (`#''`, as `keyText` writes it). nil when a quote is left open or a
    /// part is empty unquoted.
    static func quotedKeyParts(_ text: String) -> [(text: String, quoted: Bool)]? {
        var parts: [(text: String, quoted: Bool)] = []
        var current = ""
        var quoted = false
        var quote: Character?
        for character in text {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                quoted = true
            } else if character == "," {
                parts.append((current, quoted))
                (current, quoted) = ("", false)
            } else {
                current.append(character)
            }
        }
        parts.append((current, quoted))
        guard quote == nil, !parts.contains(where: { $0.text.isEmpty && !$0.quoted }) else { return nil }
        return parts
    }
}

/// `#KEY`: naming a row by its primary key, whatever its position, so a
/// script's `open #42` means the same row tomorrow (`open N` means the row
/// shown as N). A composite key is written `#A,B`; a part holding a comma
/// is quoted (`#'Smith, J',3`).
extension ListFrame {
    static func isKey(_ text: String) -> Bool { text.hasPrefix("#") }

    /// The row of this list (its scope and filters apply) whose key `text` names.
    func record(keyed text: String, in store: any StoreReader, thisYear: Int) throws -> Record {
        // A view's rows are named by their place in the list, which no key can promise.
        if collection.readOnlyReason != nil { throw CommandError.rows(.keylessRows(collection: collection.name)) }
        let fields = collection.keyFields
        let notAKey = CommandError.rows(.notAKey(text, collection: collection.name, keyFields: fields.map(\.name)))
        guard let parts = Self.keyParts(String(text.dropFirst())), parts.count == max(1, fields.count) else {
            throw notAKey
        }
        let values: [Value]
        if fields.isEmpty {
            guard let rowid = Int64(parts[0].trimmingSpaces) else { throw notAKey }
            values = [.integer(rowid)]
        } else {
            values = try zip(parts, fields).map { part, field in
                do {
                    return try ValueParser.parse(part, for: field, thisYear: thisYear, comparing: true)
                } catch {
                    throw notAKey
                }
            }
        }
        guard let record = try store.record(of: collection, key: values) else {
            var whole = collection
            (whole.filters, whole.scope) = ([], nil)
            let elsewhere = (collection.filters.isEmpty && collection.scope == nil) ? nil : try store.record(of: whole, key: values)
            throw CommandError.rows(.noRowWithKey(text, collection: collection.name, outsideThisList: elsewhere != nil))
        }
        return record
    }

    /// `A,B` → ["A", "B"]; a quoted part may hold commas. nil when a quote is
    /// left open or a part is empty.
    static func keyParts(_ text: String) -> [String]? {
        var parts: [String] = []
        var current = ""
        var quote: Character?
        for character in text {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if character == "," {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        parts.append(current)
        guard quote == nil, !parts.contains(where: \.isEmpty) else { return nil }
        return parts
    }
}

/// A reference field set the way people name rows: `set artist AC/DC` (by
/// the referenced row's title, one match) or `set artist #5` (by its key),
/// besides the stored value itself (`set artist_id 5`).
extension RecordFrame {
    /// The value to store for `text` typed after `set FIELD`, when FIELD is
    /// a reference; nil to read it as any value of the field's kind.
    /// `valueIsKey`: an import's value is the stored one, as `export` wrote
    /// it, whatever titles the referenced rows have; and a title it names
    /// must be whole (an import does not guess from part of one).
    static func referenceValue(_ text: String, for field: Field, in store: any StoreReader,
                               thisYear: @autoclosure () -> Int, valueIsKey: Bool = false) throws -> Value? {
        guard let reference = field.references,
              let target = store.collection(referencedBy: reference)
        else { return nil }
        let trimmed = text.trimmingSpaces
        let row: Record
        if ListFrame.isKey(trimmed) {
            row = try ListFrame(collection: target).record(keyed: trimmed, in: store, thisYear: thisYear())
        } else {
            func named(_ row: Record) -> String { RowTitle.keyed(row, in: target) }
            /// Rows other than the one `value` names whose whole title is what was typed.
            func titled(besides value: Value) throws -> [Record] {
                guard let titleField = target.titleField else { return [] }
                return try store.find(trimmed, in: titleField, of: target, match: .exact, limit: 6,
                                      within: .numberAsTitle).value
                    .filter { (try? stored($0, of: target, for: reference)) != value }
            }
            // A value of the field's own kind is the stored value (`set artist_id 5`),
            // unless it is another row's whole title too (a band named "2"):
            // then neither is taken (the key was, silently).
            if let value = try? ValueParser.parse(text, for: field, thisYear: thisYear()), field.kind != .text, field.kind != .any {
                let keyed = try store.record(of: target, referencedBy: value, field: reference.field)
                if keyed != nil && valueIsKey { return nil }
                let others = try titled(besides: value)
                guard !others.isEmpty else { return nil }
                // No row has it for a key, and one row for its whole title (an
                // album called "1999"): that row (it was refused).
                if keyed == nil, others.count == 1 { return try stored(others[0], of: target, for: reference) }
                throw CommandError.fields(.keyOrTitle(field: field.shownName, typed: trimmed,
                                                      keyed: keyed.map(named), titled: others.prefix(5).map(named)))
            }
            // A text a referenced row stores (a TEXT key such as `DE`) names
            // that row, as `export` writes it, whatever titles hold it: it was
            // matched as part of a title first, and `DE` took Bangladesh
            // (an import of navsh's own export changed the data). Another row's whole title is
            // refused as for a number.
            if field.kind == .text || field.kind == .any,
               let keyed = try store.record(of: target, referencedBy: .text(trimmed), field: reference.field),
               try stored(keyed, of: target, for: reference) == .text(trimmed) {
                let others = valueIsKey ? [] : try titled(besides: .text(trimmed))
                guard !others.isEmpty else { return .text(trimmed) }
                throw CommandError.fields(.keyOrTitle(field: field.shownName, typed: trimmed,
                                                      keyed: named(keyed), titled: others.prefix(5).map(named)))
            }
            guard let titleField = target.titleField else { return nil }
            // A title of several fields (`{FirstName} {LastName}`) is matched whole.
            if let whole = try ListFrame(collection: target).wholeTitleMatch(trimmed, titleField: titleField, in: store) {
                return try Self.stored(whole, of: target, for: reference)
            }
            // Up to six, as for a partial match: the refusal lists five and says there are more.
            let exact = try store.find(trimmed, in: titleField, of: target, match: .exact, limit: 6)
            let matches = exact.isEmpty && !valueIsKey
                ? try store.find(trimmed, in: titleField, of: target, match: .contains, limit: 6) : exact
            guard !matches.isEmpty else {
                // Not a title: a text key typed as itself stays a value (`set tag_id t050`).
                if field.kind == .text || field.kind == .any { return nil }
                // A few titles sharing the typed start, for a near miss (`Jane Peacok`).
                let nearby = try store.find(String(trimmed.prefix(3)), in: titleField, of: target, match: .prefix, limit: 50)
                    .map { RowTitle.of($0, in: target) }
                throw CommandError.fields(.noReferencedRow(field: field.shownName, collection: target.name, typed: trimmed,
                                                           nearest: Nearest.name(to: trimmed, among: nearby)))
            }
            // Titles that differ from each other only in case (`Ann`, `ann`):
            // the one typed exactly is meant.
            let typedExactly = exact.count > 1 ? exact.filter { RowTitle.of($0, in: target) == trimmed } : []
            guard matches.count == 1 || typedExactly.count == 1 else {
                throw CommandError.fields(.severalReferencedRows(field: field.shownName, typed: trimmed,
                    // Each with the key `#KEY` takes, which tells rows of one title apart.
                    titles: RowTitle.told(apart: Array(matches.prefix(5)), in: target), more: matches.count > 5,
                    alike: Set(matches.map { RowTitle.of($0, in: target) }).count == 1))
            }
            row = typedExactly.first ?? matches[0]
        }
        return try stored(row, of: target, for: reference)
    }

    /// What a reference stores to name `row`: the referenced column, else its key.
    private static func stored(_ row: Record, of target: CollectionSchema, for reference: Reference) throws -> Value? {
        if let column = reference.field { return row[column] }
        if let key = target.fields.first(where: { $0.primaryKeyPosition == 1 }) { return row[key.name] }
        return row.id.parts.first
    }
}

/// A value in a report of edits (`changes`, a conflict's table, a dry run's
/// report): a reference reads as the title of the row it names
/// (`Customer: Ann Lee → Bo Chen`), since an id says nothing to a person;
/// money as the screen shows it; any other value, or a reference naming
/// no row, as stored.
enum ReferenceText {
    static func of(_ value: Value, _ field: Field?, in store: any StoreReader) -> String {
        referenced(value, field, in: store).map { RowTitle.of($0.row, in: $0.collection) } ?? plain(value, field)
    }

    /// Two values of one field, as a report shows an edit: two rows of the
    /// same title are told apart by their keys (`#3 Sales Support Agent →
    /// #4 Sales Support Agent`), where titles alone read as no change.
    static func pair(_ old: Value, _ new: Value, _ field: Field?, in store: any StoreReader) -> (String, String) {
        let before = referenced(old, field, in: store), after = referenced(new, field, in: store)
        func title(_ found: (collection: CollectionSchema, row: Record)?, _ value: Value) -> String {
            found.map { RowTitle.of($0.row, in: $0.collection) } ?? plain(value, field)
        }
        let (a, b) = (title(before, old), title(after, new))
        guard a == b, old != new, let before, let after else {
            return (before.map { told($0, titled: a, in: store) } ?? a, after.map { told($0, titled: b, in: store) } ?? b)
        }
        return (RowTitle.keyed(before.row, in: before.collection), RowTitle.keyed(after.row, in: after.collection))
    }

    /// One value, as `pair` shows it: a row whose title other rows share
    /// is told apart by its key (`→ #2001 Queen`, where `→ Queen` said not which).
    static func told(_ value: Value, _ field: Field?, in store: any StoreReader) -> String {
        guard let found = referenced(value, field, in: store) else { return plain(value, field) }
        return told(found, titled: RowTitle.of(found.row, in: found.collection), in: store)
    }

    /// A row by its title, or where other rows share that title, by its key
    /// and a field that tells them apart (`#9 Steve Johnson, 1980-01-01`):
    /// `Jane Peacock → Steve Johnson` did not say which Steve.
    private static func told(_ found: (collection: CollectionSchema, row: Record), titled title: String,
                             in store: any StoreReader) -> String {
        guard let titleField = found.collection.titleField,
              let alike = try? store.find(title, in: titleField, of: found.collection, match: .exact, limit: 6)
                .filter({ RowTitle.of($0, in: found.collection) == title }),
              alike.count > 1 else { return title }
        let rows = alike.contains { $0.id == found.row.id } ? alike : [found.row] + alike
        let told = RowTitle.told(apart: rows, in: found.collection)
        return rows.firstIndex { $0.id == found.row.id }.map { told[$0] } ?? RowTitle.keyed(found.row, in: found.collection)
    }

    /// The row a reference names, nil for another value or no such row.
    private static func referenced(_ value: Value, _ field: Field?,
                                   in store: any StoreReader) -> (collection: CollectionSchema, row: Record)? {
        guard let reference = field?.references, !value.isNull else { return nil }
        return (try? RecordFrame.referencedRecord(reference, value, in: store)).flatMap { $0 }
    }

    /// Money, amounts and booleans as the screen shows them (`$1,210.50`,
    /// `17.90`, `yes`); other values as stored.
    private static func plain(_ value: Value, _ field: Field?) -> String {
        if let field, !value.isNull {
            switch field.format {
            case .money, .minimumDecimals, .yesNo: return ValueText.formatted(value, field.format)
            default: break
            }
        }
        return ValueText.raw(value)
    }
}

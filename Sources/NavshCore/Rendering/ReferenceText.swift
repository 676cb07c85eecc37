/// A value in a report of edits (`changes`, a conflict's table, a dry run's
/// report): a reference reads as the title of the row it names
/// (`Customer: Ann Lee → Bo Chen`), since an id says nothing to a person;
/// money as the screen shows it; any other value, or a reference naming
/// no row, as stored.
enum ReferenceText {
    static func of(_ value: Value, _ field: Field?, in store: any StoreReader) -> String {
        guard let reference = field?.references, !value.isNull,
              let (collection, row) = (try? RecordFrame.referencedRecord(reference, value, in: store)).flatMap({ $0 })
        else {
            // Money as the screen shows it (`$1,210.50`); other values as stored.
            if let field, field.format == .money, !value.isNull { return ValueText.formatted(value, .money) }
            return ValueText.raw(value)
        }
        return RowTitle.of(row, in: collection)
    }
}

/// One write this session made, with what it replaced: enough to undo it
/// (as a conflict-checked write) and to report it after a dry run.
enum Change {
    /// `before` and `after` hold the changed fields only.
    case updated(CollectionSchema, id: RecordID, title: String, before: [String: Value], after: [String: Value])
    /// The row as stored right after the insert.
    case inserted(CollectionSchema, Record)
    /// The row as it was when deleted, and every row the delete took with it.
    case deleted(CollectionSchema, Record, cascade: [CascadeEffect])
    /// `move N M`: the rows' order before and after, in a manual-order field.
    case reordered(CollectionSchema, Reorder)
    /// `import FILE`: the rows as stored, inserted in one transaction.
    case imported(CollectionSchema, [Record], file: String)
    /// `undo` of an import: those rows deleted again, in one transaction.
    case unimported(CollectionSchema, [Record], file: String)

    var collection: CollectionSchema {
        switch self {
        case .updated(let c, _, _, _, _), .inserted(let c, _), .deleted(let c, _, _),
             .reordered(let c, _), .imported(let c, _, _), .unimported(let c, _, _): return c
        }
    }

    /// `update items › Gort statue: value 120 → 150`, for dry-run reports;
    /// a reference by the titles of the rows it named (`Customer Ann Lee →
    /// Bo Chen`), read from `store` (as it is when the write was made).
    func summary(in store: any StoreReader) -> String {
        switch self {
        case .updated(let c, _, let title, let before, let after):
            // A long text bounded, with its length: whole, a dry run of an
            // edit to a 5 MB value printed 5 MB (a trial's find).
            func side(_ value: Value, _ field: Field) -> String {
                ValueText.lengthNote(value) != nil ? ValueText.boundedWithLength(value) : ReferenceText.of(value, field, in: store)
            }
            let fields = c.fields.filter { after[$0.name] != nil }.map { field in
                "\(field.shownName) \(side(before[field.name] ?? .null, field)) → " + side(after[field.name] ?? .null, field)
            }
            return "update \(c.name) › \(title): " + fields.joined(separator: ", ")
        case .inserted(let c, let record):
            return "insert \(c.name) › \(RowTitle.of(record, in: c))"
        case .deleted(let c, let record, let cascade):
            return "delete \(c.name) › \(RowTitle.of(record, in: c))" + CascadeEffect.phrase(cascade, titles: store.collectionTitles)
        case .reordered(let c, let move):
            return "move \(c.name) › \(move.title): row \(move.from) → \(move.to)"
        case .imported(let c, let rows, let file):
            return "import \(c.name): \(ListLayout.grouped(rows.count)) row\(rows.count == 1 ? "" : "s") from \(file)"
        case .unimported(let c, let rows, let file):
            return "delete \(c.name): the \(ListLayout.grouped(rows.count)) row\(rows.count == 1 ? "" : "s") imported from \(file)"
        }
    }
}

/// A `move N M` as written: every row's place in the manual order before it
/// (with the value it held, gaps and all, so undo puts back exactly that)
/// and the rows' order after it (numbered 1, 2, 3…).
struct Reorder {
    let field: String
    let title: String
    let from: Int
    let to: Int
    let before: [(id: RecordID, value: Value)]
    let after: [RecordID]
}

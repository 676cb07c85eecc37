/// One write this session made, with what it replaced: enough to undo it
/// (as a conflict-checked write) and to report it after a dry run.
enum Change {
    /// `before` and `after` hold the changed fields only; `named` holds the
    /// title of the row each reference in `before` named at the save, which
    /// undo checks before it writes that reference back.
    case updated(CollectionSchema, id: RecordID, title: String, before: [String: Value], after: [String: Value],
                 named: [String: String] = [:])
    /// The row as stored right after the insert.
    case inserted(CollectionSchema, Record)
    /// The row as it was when deleted, and every row the delete took with it.
    case deleted(CollectionSchema, Record, cascade: [CascadeEffect])
    /// `move N M`: the rows' order before and after, in a manual-order field.
    case reordered(CollectionSchema, Reorder)
    /// `import FILE`: the rows as stored, inserted in one transaction.
    case imported(CollectionSchema, ImportedRows, file: String)
    /// `undo` of an import: those rows deleted again, in one transaction.
    case unimported(CollectionSchema, ImportedRows, file: String)

    var collection: CollectionSchema {
        switch self {
        case .updated(let c, _, _, _, _, _), .inserted(let c, _), .deleted(let c, _, _),
             .reordered(let c, _), .imported(let c, _, _), .unimported(let c, _, _): return c
        }
    }

    /// `update items › Gort statue: value 120 → 150`, for dry-run reports;
    /// a reference by the titles of the rows it named (`Customer Ann Lee →
    /// Bo Chen`), read from `store` (as it is when the write was made).
    func summary(in store: any StoreReader) -> String {
        switch self {
        case .updated(let c, _, let title, let before, let after, _):
            // A long text bounded, with its length: whole, a dry run of an
            // edit to a 5 MB value printed 5 MB (a trial's find).
            func side(_ value: Value, _ shown: String) -> String {
                ValueText.lengthNote(value) != nil ? ValueText.boundedWithLength(value) : shown
            }
            let fields = c.fields.filter { after[$0.name] != nil }.map { field in
                let (old, new) = (before[field.name] ?? .null, after[field.name] ?? .null)
                let shown = ReferenceText.pair(old, new, field, in: store)
                return "\(field.shownName) \(side(old, shown.0)) → " + side(new, shown.1)
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

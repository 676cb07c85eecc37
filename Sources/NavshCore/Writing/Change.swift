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
    case reordered(CollectionSchema, field: String, title: String, from: Int, to: Int,
                   before: [RecordID], after: [RecordID])

    var collection: CollectionSchema {
        switch self {
        case .updated(let c, _, _, _, _), .inserted(let c, _), .deleted(let c, _, _),
             .reordered(let c, _, _, _, _, _, _): return c
        }
    }

    /// `update items › Gort statue: value 120 → 150`, for dry-run reports.
    var summary: String {
        switch self {
        case .updated(let c, _, let title, let before, let after):
            let fields = c.fields.map(\.name).filter { after[$0] != nil }.map { name in
                "\(name) \(ValueText.raw(before[name] ?? .null)) → \(ValueText.raw(after[name] ?? .null))"
            }
            return "update \(c.name) › \(title): " + fields.joined(separator: ", ")
        case .inserted(let c, let record):
            return "insert \(c.name) › \(RowTitle.of(record, in: c))"
        case .deleted(let c, let record, let cascade):
            return "delete \(c.name) › \(RowTitle.of(record, in: c))" + CascadeEffect.phrase(cascade)
        case .reordered(let c, _, let title, let from, let to, _, _):
            return "move \(c.name) › \(title): row \(from) → \(to)"
        }
    }
}

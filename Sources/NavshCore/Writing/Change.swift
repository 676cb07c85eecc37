/// One write this session made, with what it replaced: enough to undo it
/// (as a conflict-checked write) and to report it after a dry run.
enum Change {
    /// `before` and `after` hold the changed fields only; `named` holds the
    /// title of the row each reference in `before` named at the save, which
    /// undo checks before it writes that reference back.
    case updated(CollectionSchema, id: RecordID, title: String, before: [String: Value], after: [String: Value],
                 named: [String: String] = [:])
    /// A batch save (`open *`) or `import --update` of `file`: fields written
    /// to many rows in one transaction, each row's values before and after.
    case updatedRows(CollectionSchema, [RowUpdate], file: String? = nil)
    /// A batch delete (`delete` after `open *`): each row as it was, with
    /// what it took with it, in one transaction.
    case deletedRows(CollectionSchema, [DeletedRow])
    /// `undo` of a batch delete: the rows put back, in one transaction.
    case restoredRows(CollectionSchema, [Record])
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

    /// The rows it wrote as a dry run counts them: each row of a batch,
    /// else one.
    var rowCount: Int {
        switch self {
        case .updatedRows(_, let rows, _): return rows.count
        case .deletedRows(_, let rows): return rows.count
        case .restoredRows(_, let rows): return rows.count
        default: return 1
        }
    }

    var collection: CollectionSchema {
        switch self {
        case .updated(let c, _, _, _, _, _), .updatedRows(let c, _, _), .deletedRows(let c, _), .restoredRows(let c, _),
             .inserted(let c, _), .deleted(let c, _, _),
             .reordered(let c, _), .imported(let c, _, _), .unimported(let c, _, _): return c
        }
    }

    /// `update items › Gort statue: value 120 → 150`, for dry-run reports,
    /// a line a row: a batch's rows each read as a single write would. A
    /// reference reads by the titles of the rows it named (`Customer Ann Lee
    /// → Bo Chen`), read from `store` as it is when the write was made.
    /// With `wording`, a batch's first rows only, then a line counting the rest.
    func summaries(in store: any StoreReader, wording limit: Int? = nil) -> [String] {
        func worded<Row>(_ rows: [Row], _ c: CollectionSchema, _ line: (Row) -> String) -> [String] {
            guard let limit, rows.count > limit else { return rows.map(line) }
            let more = rows.count - limit
            return rows.prefix(limit).map(line) + ["… and \(ListLayout.grouped(more)) more row\(more == 1 ? "" : "s") of \(c.name)"]
        }
        switch self {
        case .updatedRows(let c, let rows, _):
            return worded(rows, c) { Self.update(c, $0.title(in: c), $0.before, $0.after, in: store) }
        case .deletedRows(let c, let rows):
            return worded(rows, c) {
                "delete \(c.name) › \(RowTitle.of($0.record, in: c))" + CascadeEffect.phrase($0.cascade, titles: store.collectionTitles, besides: c.name)
            }
        case .restoredRows(let c, let rows):
            return worded(rows, c) { "insert \(c.name) › \(RowTitle.of($0, in: c))" }
        default:
            return [summary(in: store)]
        }
    }

    /// The write in one line; a batch's in one line a row (`summaries`).
    func summary(in store: any StoreReader) -> String {
        switch self {
        case .updated(let c, _, let title, let before, let after, _):
            return Self.update(c, title, before, after, in: store)
        case .updatedRows, .deletedRows, .restoredRows:
            return summaries(in: store).joined(separator: "; ")
        case .inserted(let c, let record):
            return "insert \(c.name) › \(RowTitle.of(record, in: c))"
        case .deleted(let c, let record, let cascade):
            return "delete \(c.name) › \(RowTitle.of(record, in: c))" + CascadeEffect.phrase(cascade, titles: store.collectionTitles, besides: c.name)
        case .reordered(let c, let move):
            return "move \(c.name) › \(move.title): row \(move.from) → \(move.to)"
        case .imported(let c, let rows, let file):
            return "import \(c.name): \(ListLayout.grouped(rows.count)) row\(rows.count == 1 ? "" : "s") from \(file)"
        case .unimported(let c, let rows, let file):
            return "delete \(c.name): the \(ListLayout.grouped(rows.count)) row\(rows.count == 1 ? "" : "s") imported from \(file)"
        }
    }
}

extension Change {
    /// `update items › Gort statue: value 120 → 150`.
    static func update(_ c: CollectionSchema, _ title: String, _ before: [String: Value], _ after: [String: Value],
                       in store: any StoreReader) -> String {
        // A long text bounded, with its length: whole, a dry run of an
        // edit to a 5 MB value printed 5 MB.
        func side(_ value: Value, _ shown: String) -> String {
            ValueText.lengthNote(value) != nil ? ValueText.boundedWithLength(value) : shown
        }
        let fields = c.fields.filter { after[$0.name] != nil }.map { field in
            let (old, new) = (before[field.name] ?? .null, after[field.name] ?? .null)
            let shown = ReferenceText.pair(old, new, field, in: store)
            return "\(field.shownName) \(side(old, shown.0)) → " + side(new, shown.1)
        }
        return "update \(c.name) › \(title): " + fields.joined(separator: ", ")
    }
}

/// One row of a batch save: its identity after the write, the row as read,
/// and the fields written. Its title and values before are derived when
/// asked, so a save of 100,000 rows builds nothing a row for its journal.
struct RowUpdate {
    let id: RecordID
    /// The row as it was read before the write.
    let row: Record
    /// The fields written, with their values as stored.
    let after: [String: Value]
    /// How the row is named when not by its title as read (an import's line).
    var name: String? = nil

    /// The written fields' values before the write.
    var before: [String: Value] {
        var before = [String: Value](minimumCapacity: after.count)
        for field in after.keys { before[field] = row[field] }
        return before
    }

    func title(in collection: CollectionSchema) -> String {
        name ?? RowTitle.of(row, in: collection)
    }

    /// The values that named the row after the write (`identifying`):
    /// undo checks them too, as another row may hold its rowid by then.
    func naming(in collection: CollectionSchema) -> [String: Value] {
        collection.identifying(written.values)
    }

    /// The row as the write left it.
    var written: Record {
        var written = row
        for (field, value) in after { written.set(field, to: value) }
        written.id = id
        return written
    }

    /// The write taken back: from the row as written to the values it held,
    /// still named by the title it had when saved.
    func inverse(in collection: CollectionSchema) -> RowUpdate {
        RowUpdate(id: id, row: written, after: before, name: title(in: collection))
    }
}

/// One row of a batch delete, as it was, and what went with it.
struct DeletedRow {
    let record: Record
    let cascade: [CascadeEffect]
}

/// A `move N M` as written: every row of the manual order with its number
/// before it, gaps and all, so undo puts back exactly that, and after it.
struct Reorder {
    let field: String
    let title: String
    let from: Int
    let to: Int
    let before: [(id: RecordID, value: Value)]
    let after: [(id: RecordID, value: Value)]
    /// The numbers the field takes (`MoveCommand.allowed`).
    var allowed: ClosedRange<Int64> = .min ... .max

    /// The move taken back.
    var inverse: Reorder {
        Reorder(field: field, title: title, from: to, to: from, before: after, after: before, allowed: allowed)
    }
}

extension UndoCommand {
    /// A batch save taken back as one `Store.writeBatch`, each row checked
    /// on what the save wrote and on the values naming it: a 100,000-row undo
    /// was an UPDATE a row. The places of the rows found changed, the first
    /// few; nil when the rows differ in their fields or the store writes row by row.
    static func setBased(_ rows: [RowUpdate], in collection: CollectionSchema, store: any Store) throws -> [Int]? {
        guard let first = rows.first else { return nil }
        let fields = collection.fields.map(\.name)
        let naming = first.naming(in: collection)
        let assigned = fields.filter { first.after[$0] != nil }
        let checked = fields.filter { first.after[$0] != nil || naming[$0] != nil }
        let alike = rows.allSatisfy { row in
            row.after.count == assigned.count && assigned.allSatisfy { row.after[$0] != nil }
        }
        guard alike else { return nil }
        // Checked by key and values, not by the list the save was made in:
        // the save itself may have moved its rows out of it.
        let table = collection.wholeTable
        let batch = BatchWrite(
            ids: rows.map(\.id), checked: checked,
            held: checked.map { field in rows.map { $0.after[field] ?? $0.row[field] } },
            assigned: assigned, values: rows.map { row in assigned.map { row.row[$0] } },
            list: table)
        switch try store.writeBatch(batch, in: collection) {
        case nil: return nil
        case .written?: return []
        case .refused(let places)?: return places
        }
    }
}

extension UndoCommand {
    /// The fields a batch save wrote, in the table's order: an import's
    /// rows may each have had other fields written.
    static func written(_ rows: [RowUpdate], in collection: CollectionSchema) -> [Field] {
        var names = Set<String>()
        for row in rows { names.formUnion(row.after.keys) }
        return collection.fields.filter { names.contains($0.name) }
    }

    /// `Undo the save of composer on 42 rows of tracks?`, for an undo of
    /// many rows at once; nil for one row, which is asked nothing.
    static func question(_ change: Change) -> String? {
        let rows = ListLayout.grouped(change.rowCount) + " rows"
        switch change {
        case .updatedRows(let collection, let updates, let file) where updates.count > 1:
            let fields = written(updates, in: collection).map(\.shownName).joined(separator: ", ")
            let what = file.map { "the import of " + TextLayout.printable($0) + ": " } ?? "the save of "
            return "Undo \(what)\(fields) on \(rows) of \(collection.displayTitle)?"
        case .deletedRows(let collection, let deleted) where deleted.count > 1:
            return "Undo the delete of \(rows) of \(collection.displayTitle) (put them back)?"
        case .imported(let collection, let imported, let file) where imported.count > 1:
            return "Undo the import of \(ListLayout.grouped(imported.count)) rows from \(TextLayout.printable(file)) "
                + "into \(collection.displayTitle) (delete them)?"
        default:
            return nil
        }
    }
}

extension RecordFrame {
    /// `save!` of a row gone from under its key: puts it back with the
    /// edits, unless another row holds every value the user was shown
    /// besides the key. That row may be this one re-keyed elsewhere
    /// (`UPDATE … SET id = id + 1000`), and putting it back would make the
    /// record exist twice; so nothing is written and the error names the
    /// row. A second `save!` with the same row named puts it back all the
    /// same: the table may hold equal rows (a log, line items), and now
    /// its user has been told. (A row re-keyed and changed at once matches
    /// nothing here: no store can tell it from a delete, which is why every
    /// message says "deleted or re-keyed".)
    func putBack(_ id: RecordID, changes: [String: Value], in session: any CommandContext) throws -> (Record, warning: String) {
        if let twin = try rowHolding(buffer.base, besides: id, in: session.store), twin.id != twinShown {
            twinShown = twin.id
            let key = collection.keyValues(of: twin).map(ListFrame.keyText) ?? RowTitle.text(nil, id: twin.id)
            throw CommandError.writes(.putBackWouldDuplicate(title: crumb, twin: key))
        }
        // Under the key it has with the edits (a key field may be among them).
        let putBack = Record(id: collection.identity(of: id, after: changes), values: buffer.current)
        return try session.writer.restore(putBack, into: collection)
    }

    /// The first row other than `id` whose every non-key field holds what
    /// `values` holds (a stored NULL for a NULL), read as any filtered list
    /// is; nil when there is none or nothing but the key to compare (a join
    /// table's rows are their keys). Blobs are left out: no filter compares them.
    private func rowHolding(_ values: [String: Value], besides id: RecordID, in store: any StoreReader) throws -> Record? {
        var twins = collection
        twins.filters = collection.fields.compactMap { field -> RowFilter? in
            guard field.primaryKeyPosition == nil, field.kind != .blob, let value = values[field.name] else { return nil }
            return value.isNull ? .isNull(field: field.name) : .compare(field: field.name, .equal, value)
        }
        guard !twins.filters.isEmpty else { return nil }
        return try store.records(of: twins, from: .first, limit: 2).rows.first { $0.id != id }
    }
}

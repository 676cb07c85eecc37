/// How a list follows this session's own writes: they are shown as they
/// happen (a table view animating its own edits), unlike writes made
/// elsewhere, which wait for the next `show` and are marked.
extension ListFrame {
    /// A delete took these rows with it: rows it deleted leave what was
    /// shown; a reference it cleared is shown cleared.
    func take(_ cascade: [CascadeEffect]) {
        let mine = cascade.filter { $0.collection == collection.name }
        guard !mine.isEmpty else { return }
        forget(Set(mine.filter { $0.action == .deleted }.map(\.record.id)))
        for effect in mine {
            if let after = effect.after { patch(after) }
        }
    }

    /// This session wrote many rows (an import, a batch saved elsewhere): the
    /// rows shown take what it wrote, so a change made elsewhere later marks
    /// only its own rows, not these too.
    /// `undone`: an undo put back the rows as they were read before it.
    func takeBatch(_ rows: [RowUpdate], in written: CollectionSchema, undone: Bool = false) {
        // The page's few rows looked for among the batch's: no index of 100,000 rows built.
        guard written.name == collection.name, let shown = shownPage?.rows, !shown.isEmpty else { return }
        let shownIDs = Set(shown.map(\.id))
        for update in rows {
            if undone {
                if shownIDs.contains(update.id) { patch(update.row, was: update.id) }
            } else if shownIDs.contains(update.row.id) {
                patch(update.written, was: update.row.id)
            }
        }
    }

    /// `undo` took back `change`: the rows shown take what it wrote.
    func takeUndo(of change: Change, pageSize: Int, in store: any StoreReader) {
        switch change {
        case .inserted(let collection, let record) where collection.name == self.collection.name:
            forget([record.id])  // undone: it leaves the rows shown
        case .reordered(let collection, _) where collection.name == self.collection.name:
            renumberShown(pageSize: pageSize, in: store)
        case .updated(let collection, let id, _, let before, _, _) where collection.name == self.collection.name:
            // This session's own write: the row shown takes it, as after a save.
            let key = collection.identity(of: id, after: before)
            if let fresh = try? store.record(of: collection, id: key) { patch(fresh, was: id) } else { invalidate() }
        case .updatedRows(let written, let rows, _) where written.name == collection.name:
            // The rows shown take back what they held: read again, each
            // looked as if another process had changed it.
            takeBatch(rows, in: written, undone: true)
            invalidate()
        case .deleted(let deleted, let record, let cascade)
            where deleted.name == collection.name || cascade.contains(where: { $0.collection == collection.name }):
            // The rows it put back return under the numbers they were shown
            // with; references it put back are this session's writes too.
            let mine = cascade.filter { $0.collection == collection.name }
            putBack((deleted.name == collection.name ? [record.id] : [])
                + mine.filter { $0.action == .deleted }.map(\.record.id))
            for effect in mine where effect.action != .deleted { patch(effect.record) }
        default:
            if collection.name == change.collection.name { invalidate() }
        }
    }

    /// This session wrote `change` from another frame (a `find` or `where`
    /// list above this one, or a record opened from it): the rows shown
    /// take it as the list it was made in did, and the list reads its rows
    /// again when next shown. It kept its rows as they were, so `show` and
    /// `count` missed the write and `open N` blamed it on another process
    ///.
    func takeOwnWrite(of change: Change, in store: any StoreReader) {
        switch change {
        case .updated(let collection, let id, _, let before, _, _) where collection.name == self.collection.name:
            let was = collection.identity(of: id, after: before)
            if let fresh = try? store.record(of: collection, id: id) { patch(fresh, was: was) }
            if rowsMayMove(changing: before.keys) { rowsMovedByThisSession() } else { invalidate() }
        case .deleted(let deleted, let record, let cascade)
            where deleted.name == collection.name || cascade.contains(where: { $0.collection == collection.name }):
            if deleted.name == collection.name { forget([record.id]) }
            take(cascade)
            invalidate()
        case .updatedRows(let written, let rows, _) where written.name == collection.name:
            takeBatch(rows, in: written)
            rowsMovedByThisSession()
        default:
            // A row added (new, an import) or moved: rows after it change numbers.
            if collection.name == change.collection.name { rowsMovedByThisSession() }
        }
    }
}

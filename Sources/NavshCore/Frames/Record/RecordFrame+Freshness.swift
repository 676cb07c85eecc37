/// How a record frame follows writes made elsewhere and this session's undo.
extension RecordFrame {
    /// Re-reads the row at the prompt and says what changed (`prefix` names
    /// the frame when it is not on top). A clean frame takes the stored row,
    /// so its user sees every value a later save expects; a frame with
    /// edits keeps its base (save checks it) and is warned once per change.
    /// `tookFresh` is true when the frame now shows values its user has
    /// not yet been told of.
    func refresh(from store: any StoreReader, prefix: String) -> (notice: String, tookFresh: Bool) {
        guard let id else { return ("", false) }
        let fresh: Record?
        do {
            fresh = try store.record(of: collection, id: id)
        } catch {
            return ("", false)  // unreadable now: keep what was shown; save checks again
        }
        guard let fresh else {
            guard !deletedElsewhereNoticed else { return ("", false) }
            deletedElsewhereNoticed = true
            return (prefix + "\(TextLayout.printable(crumb)) is gone from under its key (deleted or re-keyed elsewhere; save! puts it back, cancel leaves it)\n",
                    false)
        }
        let changed = collection.fields.filter { fresh[$0.name] != buffer.base[$0.name] ?? .null }
        guard !changed.isEmpty else { return ("", false) }
        if isDirty {
            // Your edits stay on the values you were shown; save will be refused.
            guard noticedElsewhere != fresh else { return ("", false) }
            noticedElsewhere = fresh
            let names = changed.map(\.shownName).joined(separator: ", ")
            return (prefix + "\(names) changed elsewhere; save will be refused (reload takes their values and keeps your edits)\n",
                    false)
        }
        let lines = changed.map { field in
            prefix + "\(field.shownName): \(ValueText.raw(buffer.base[field.name] ?? .null))"
                + " → \(ValueText.raw(fresh[field.name])) (changed elsewhere)\n"
        }
        markSaved(fresh)
        return (lines.joined(), true)
    }

    /// `undo` took back a save of this row: a clean frame takes the values
    /// the undo wrote, and only those.
    func takeUndo(of change: Change) {
        guard case .updated(let collection, let id, _, let before, _) = change,
              collection.name == self.collection.name, !isDirty, self.id == id
        else { return }
        markSaved(Record(id: collection.identity(of: id, after: before), values: buffer.base.merging(before) { _, b in b }))
    }
}

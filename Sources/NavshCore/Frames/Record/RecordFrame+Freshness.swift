/// How a record frame follows writes made elsewhere and this session's undo.
extension RecordFrame {
    /// Re-reads the row at the prompt and says what changed (`prefix` names
    /// the frame when it is not on top). A clean frame takes the stored row,
    /// so its user sees every value a later save expects; a frame with
    /// edits keeps its base (save checks it) and is warned once per change.
    /// `tookFresh` is true when the frame now shows values its user has
    /// not yet been told of.
    func refresh(from store: any StoreReader, prefix: String) -> (notice: String, tookFresh: Bool) {
        guard let id else {
            // A batch is not read again unasked (a million rows): said once instead.
            guard let batch, !batchChangeNoticed else { return ("", false) }
            batchChangeNoticed = true
            return (prefix + "rows may have changed elsewhere since \(batch.readBy): reload reads its list again, "
                        + "and save or delete checks each\n", false)
        }
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
        let changed = collection.fields.filter { fresh[$0.name] != buffer.row.value(of: $0.name) ?? .null }
        guard !changed.isEmpty else { return ("", false) }
        // Each side bounded, with its length when cut: whole, a one-letter
        // change to a 5 MB text wrote 10 MB to the terminal.
        func line(_ field: Field) -> String {
            let was = ValueText.boundedWithLength(buffer.row.value(of: field.name) ?? .null)
            let now = ValueText.boundedWithLength(fresh[field.name])
            // Two values that print alike (é as one character or two) are
            // said to differ: alike, the notice read as a change of nothing.
            let alike = was == now ? "; it looks alike but is not the same value" : ""
            return prefix + "\(field.shownName): \(was) → \(now) (changed elsewhere\(alike))\n"
        }
        guard isDirty else {
            let lines = changed.map(line)
            markSaved(fresh)
            return (lines.joined(), true)
        }
        // A field not edited here takes the stored value, shown as a clean
        // frame's would be, and the edits stay: a save then writes over it
        // without conflict. An edited field keeps the value its user was
        // shown, and the save is refused.
        // A change to the values that name the row (its key, or all of them
        // without one) clashes as an edited field's does.
        let naming = collection.identifying(buffer.base)
        let untouched = changed.filter { !buffer.isChanged($0.name) && naming[$0.name] == nil }
        let clashing = changed.filter { buffer.isChanged($0.name) || naming[$0.name] != nil }
        // Said, not a reason to stop the command typed: a save writes only
        // the edited fields, so it cannot overwrite these values.
        let taken = untouched.map(line).joined()
        if !untouched.isEmpty { rebase(on: fresh, fields: untouched) }
        guard !clashing.isEmpty, noticedElsewhere != fresh else { return (taken, false) }
        noticedElsewhere = fresh
        let names = clashing.map(\.shownName).joined(separator: ", ")
        return (taken + prefix
                + "\(names) changed elsewhere; save will be refused (reload takes their values and keeps your edits)\n",
                false)
    }

    /// The stored values of `fields`, which this frame did not edit, become
    /// the values it started from; its edits stay.
    private func rebase(on fresh: Record, fields: [Field]) {
        var base = buffer.base
        for field in fields { base[field.name] = fresh[field.name] }
        let edits = buffer.changes
        buffer = EditBuffer(row: Record(id: buffer.row.id, values: base))
        for (field, value) in edits { buffer.set(field, to: value) }
    }

    /// Columns added elsewhere since the frame read its row (`old` is the
    /// schema it read with): their stored values join the values it shows
    /// and a save checks, edits kept. A trial saw such a column shown as
    /// "(null)" while it held its default, and told "save will be refused",
    /// after which the save passed.
    func takeAddedFields(since old: CollectionSchema, from store: any StoreReader) {
        guard let id else { return }
        let added = collection.fields.filter { old.field(named: $0.name) == nil }
        guard !added.isEmpty, let fresh = try? store.record(of: collection, id: id) else { return }
        var base = buffer.base
        for field in added { base[field.name] = fresh[field.name] }
        let edits = buffer.changes
        buffer = EditBuffer(base: base)
        for (field, value) in edits { buffer.set(field, to: value) }
    }

    /// `undo` took back a save of this row: a clean frame takes the values
    /// the undo wrote, and only those.
    func takeUndo(of change: Change) {
        guard case .updated(let collection, let id, _, let before, _, _) = change,
              collection.name == self.collection.name, !isDirty, self.id == id
        else { return }
        markSaved(Record(id: collection.identity(of: id, after: before), values: buffer.base.merging(before) { _, b in b }))
    }
}

/// A record frame standing for every row of a list (`open *`): its edits
/// are written to each row in one transaction.
extension RecordFrame {
    /// The rows a save of this batch changes: those not holding every edit already.
    var rowsToChange: [RowEdit] {
        batch?.edits(buffer.changes, replacing: buffer.replacing) ?? []
    }

    /// `Save Composer on 42 rows of Track?`, asked at the prompt before a
    /// save of a batch of more than one row. A save the rows as stored now would
    /// refuse is not asked about: it runs, and its refusal names them.
    func batchSaveQuestion(in store: any StoreReader) throws -> String? {
        guard let batch, isDirty else { return nil }
        // A batch of many rows asks though one row needs the edit: an
        // adversary's 1 of 4 saved unasked, where 2 of 4 asked.
        let count = rowsToChange.count
        guard count > 0, batch.rows.count > 1 else { return nil }
        try checkKeyNotShared(by: count)
        let now = try RowBatch.read(batch.list, captions: batch.captions, from: store)
        let edited = Set(buffer.changes.keys).union(buffer.replacing.keys)
        var changed = false
        let (left, _) = batch.compared(to: now) { was, current in
            if !changed { changed = edited.contains { current[$0] != was[$0] } }
        }
        if changed || !left.isEmpty { return nil }
        // The rows and what they get: "Save price on 66,486 rows" named
        // neither the value nor how many rows the batch held.
        let rows = ListLayout.grouped(count) + (count < batch.rows.count ? " of \(ListLayout.grouped(batch.rows.count))" : "")
            + " rows of \(collection.displayTitle)"
        guard unsavedFields.count == 1, let name = unsavedFields.first, let field = collection.field(named: name) else {
            return "Save \(unsavedLabels.joined(separator: ", ")) on \(rows)?"
        }
        if let replacement = buffer.replacing[name] {
            return "Replace" + TextLayout.printable(Self.shortened(String(replacement.described.dropFirst("replace".count))))
                + " in \(field.shownName) on \(rows)?"
        }
        let value = buffer.value(of: name)
        if value.isNull { return "Unset \(field.shownName) on \(rows)?" }
        let shown = TextLayout.printable(Self.shortened(ReferenceText.told(value, field, in: store)))
        return "Set \(field.shownName) to \(shown) on \(rows)?"
    }

    /// A value as a question names it: whole up to a line's third.
    static func shortened(_ text: String) -> String {
        text.count <= 40 ? text : String(text.prefix(39)) + "…"
    }

    /// Runs a batch write whose refusal may name the rows changed elsewhere:
    /// the prompt's notice that they may have changed would then only repeat it.
    func noticingChanges<T>(_ write: () throws -> T) throws -> T {
        do {
            return try write()
        } catch let error as CommandError {
            if case .writes(.batchChangedBeforeSave) = error { batchChangeNoticed = true }
            throw error
        }
    }

    /// Refuses one value set to a one-field key on `count` rows: a
    /// trial's `set track_id 7` on 40 rows asked its question, then failed.
    func checkKeyNotShared(by count: Int) throws {
        guard count > 1, collection.keyFields.count == 1, let key = collection.keyFields.first,
              let value = buffer.changes[key.name], !value.isNull else { return }
        throw CommandError.writes(.batchWouldShareKey(field: key.shownName, value: TextLayout.printable(ValueText.bounded(value)), rows: count))
    }

    /// Writes the edits to every row that needs them, in one transaction,
    /// each row checked against the values it held at `open *`.
    func saveBatch(_ batch: RowBatch, in session: any CommandContext) throws -> String {
        guard isDirty else { return "no changes to save in \(crumb)" }
        // A fix script run again finds no rows left to fix: done, as an UPDATE of no rows is.
        guard !batch.rows.isEmpty else { return "saved nothing: the batch holds no rows" }
        try checkRequired()
        let (changing, unchanged) = batch.split(buffer.changes, replacing: buffer.replacing)
        try checkKeyNotShared(by: changing.count)
        let held = unchanged.count
        // A replace leaves a row without its text as it is: that row held nothing to change, not the new value.
        let already = held == 0 ? ""
            // "It" is the value set: 33,514 rows held it, not them.
            : buffer.replacing.isEmpty ? " (\(ListLayout.grouped(held)) held \(buffer.changes.count == 1 ? "it" : "them") already)"
            : " (\(ListLayout.grouped(held)) needed no change)"
        guard !changing.isEmpty else {
            return "no row needs saving: all \(batch.count) hold \(unsavedLabels.joined(separator: ", ")) already"
        }
        let store = session.store
        let checking: (() throws -> Void)? = hasChosenReferences ? { [unowned self] in try checkChosenReferences(in: store) } : nil
        let fields = unsavedLabels.joined(separator: ", ")
        // The rows left as they are must still hold what they held: the
        // save says they held it already.
        let kept = buffer.changes.isEmpty ? ([], [], [])
            : (rows: unchanged.map { batch.rows[$0] }, fields: Array(buffer.changes.keys), places: unchanged)
        let (saved, keptElsewhere) = try noticingChanges {
            try session.writer.updateRows(changing, of: batch.list, in: collection, unchanged: kept, watching: true,
                                          since: batch.readBy, checking: checking)
        }
        // The list the batch came from shows what the save wrote, as after
        // a record's save: each row written was marked changed elsewhere.
        if case .updatedRows(let written, let rows, _)? = session.writer.journal.last,
           let list = session.frames.last(where: { $0 is ListFrame }) as? ListFrame {
            list.takeBatch(rows, in: written)
        }
        // Every list of the table reads its rows again: a batch may move
        // rows of a sorted list, or take them out of a filtered one.
        session.readListsAgain(of: collection.name)
        if session.writer.lastWriteReachedOtherRows { session.readListsAgain() }
        // The save pops the frame: its edits are written, its rows no longer as read.
        buffer.revert()
        return "saved \(fields) on \(ListLayout.grouped(saved)) row\(saved == 1 ? "" : "s") "
            + "of \(collection.displayTitle)" + already + keptText(keptElsewhere)
    }

    /// The changes made elsewhere a batch save kept, in one clause, as a
    /// record's save says them: "; Milliseconds was changed elsewhere on 3 rows, kept".
    private func keptText(_ kept: [(field: String, rows: Int)]) -> String {
        let named = kept.map { (name: collection.field(named: $0.field)?.shownName ?? TextLayout.printable($0.field), rows: $0.rows) }
        switch named.count {
        case 0: return ""
        case 1: return "; \(named[0].name) was changed elsewhere on \(RowBatch.rowCount(named[0].rows)), kept"
        default: return "; changed elsewhere and kept: " + named.map { "\($0.name) on \(RowBatch.rowCount($0.rows))" }.joined(separator: ", ")
        }
    }

    /// `reload` of a batch: the list's rows read again, edits kept.
    func reloadBatch(_ batch: RowBatch, in session: any CommandContext) throws -> String {
        var fresh = try RowBatch.read(batch.list, captions: batch.captions, from: session.store)
        fresh.readBy = "reload"
        let edits = buffer.changes
        let replacements = buffer.replacing
        self.batch = fresh
        batchChangeNoticed = false
        buffer = EditBuffer(base: fresh.shared, unshared: Set(fresh.spread.keys))
        for (field, value) in edits { buffer.set(field, to: value) }
        for (field, replacement) in replacements { buffer.replace(field, replacement) }
        let kept = unsavedLabels.isEmpty ? "" : "; kept your edits to " + unsavedLabels.joined(separator: ", ")
        let was = fresh.rows.count == batch.rows.count ? "" : " (were \(ListLayout.grouped(batch.rows.count)))"
        return "reloaded \(fresh.count)" + was + kept + "\n"
            + reloadNotes(from: batch, to: fresh, setting: edits, replacing: replacements, in: session.store)
    }

    /// What a batch reload took from elsewhere, so the next save writes over
    /// no value unseen: each row whose edited field changed there, the fields
    /// taken, and the rows that left or joined the list.
    private func reloadNotes(from old: RowBatch, to fresh: RowBatch, setting edits: [String: Value],
                             replacing: [String: TextReplacement], in store: any StoreReader) -> String {
        /// Per field, how many rows and the first few of them, each as it
        /// was read before and as it is now.
        struct Named {
            var count = 0
            var first: [(was: Record, now: Record)] = []
            mutating func add(_ was: Record, _ now: Record) {
                count += 1
                if first.count < RecordFrame.rowsNamed { first.append((was, now)) }
            }
        }
        var collided: [String: Named] = [:], taken: [String: Named] = [:], missed: [String: Named] = [:]
        let (left, joined) = old.compared(to: fresh) { was, row in
            // A field added since the old read holds no value read there to compare.
            for field in collection.fields where was.value(of: field.name) != nil && row[field.name] != was[field.name] {
                if let mine = edits[field.name], row[field.name] != mine {
                    collided[field.name, default: Named()].add(was, row)
                } else if let replacement = replacing[field.name] {
                    // The replace now applies to their value, or finds nothing in it: shown, as a set's is.
                    if replacement.applied(to: row[field.name]) != nil {
                        collided[field.name, default: Named()].add(was, row)
                    } else {
                        missed[field.name, default: Named()].add(was, row)
                    }
                } else if edits[field.name] == nil {
                    taken[field.name, default: Named()].add(was, row)
                }
            }
        }
        let name = { (row: Record) in TextLayout.printable(RowTitle.keyed(row, in: self.collection)) }
        func few<Row>(_ rows: [Row], of count: Int, _ text: (Row) -> String) -> String {
            rows.map(text).joined(separator: "; ") + (count > rows.count ? "; and \(ListLayout.grouped(count - rows.count)) more" : "")
        }
        var out = ""
        for field in collection.fields {
            // A reference by the title of the row it names, as the record shows it.
            let shown = { (row: Record) in
                TextLayout.truncate(field.references == nil ? ValueText.bounded(row[field.name], field.format)
                                        : ReferenceText.of(row[field.name], field, in: store), to: 40)
            }
            let change = { (rows: (was: Record, now: Record)) -> String in
                guard field.references != nil else { return shown(rows.was) + " → " + shown(rows.now) }
                let (was, now) = ReferenceText.pair(rows.was[field.name], rows.now[field.name], field, in: store)
                return TextLayout.truncate(was, to: 40) + " → " + TextLayout.truncate(now, to: 40)
            }
            let theirs = { (rows: (was: Record, now: Record)) in name(rows.now) + ", theirs " + shown(rows.now) }
            if let rows = collided[field.name] {
                let yours = replacing[field.name] != nil ? "your replace applies to theirs" : "yours kept"
                out += "  both changed \(field.shownName) on \(RowBatch.rowCount(rows.count)) (\(yours)): "
                    + few(rows.first, of: rows.count, theirs) + "\n"
            }
            if let rows = missed[field.name] {
                out += "  both changed \(field.shownName) on \(RowBatch.rowCount(rows.count)) "
                    + "(your replace finds nothing in theirs): " + few(rows.first, of: rows.count, theirs) + "\n"
            }
            if let rows = taken[field.name] {
                // Each row's value before and now, as a record's reload says it.
                out += "  \(field.shownName) changed elsewhere on \(RowBatch.rowCount(rows.count)) (taken): "
                    + few(rows.first, of: rows.count) { name($0.now) + ", " + change($0) } + "\n"
            }
        }
        if !left.isEmpty {
            out += "  left the list: " + few(left.prefix(Self.rowsNamed).map { old.rows[$0] }, of: left.count, name) + "\n"
        }
        if !joined.isEmpty {
            out += "  joined the list: " + few(joined.prefix(Self.rowsNamed).map { fresh.rows[$0] }, of: joined.count, name) + "\n"
        }
        return out
    }

    /// Rows a reload names before it counts the rest.
    static let rowsNamed = 5

    /// `changes` in a batch: per field, what the rows hold now → the edit,
    /// and how many rows it changes (`composer: 2 values → Jimmy Page (3
    /// rows; 1 holds it already)`); with `rows`, each row's old → new.
    func batchChanges(_ batch: RowBatch, rows: Bool, in store: any StoreReader) -> String {
        var out = ""
        for name in unsavedFields {
            guard let field = collection.field(named: name) else { continue }
            let changing: Int, edit: String
            if let replacement = buffer.replacing[name] {
                changing = batch.edits([:], replacing: [name: replacement]).count
                edit = replacement.described
            } else {
                let new = buffer.value(of: name)
                let old = batch.spread[name]?.counted
                    ?? ReferenceText.told(batch.shared[name] ?? .null, field, in: store)
                let (before, after) = ChangesCommand.brief(old, ReferenceText.told(new, field, in: store))
                changing = batch.edits([name: new]).count
                edit = before + " → " + after
            }
            let holding = batch.rows.count - changing
            let left = buffer.replacing[name] == nil ? "\(holding == 1 ? "holds" : "hold") it already" : "without it"
            let count = "\(ListLayout.grouped(changing)) of \(batch.count)"
                + (holding == 0 ? "" : "; \(ListLayout.grouped(holding)) \(left)")
            out += "  \(field.shownName): \(edit) (\(count))\n"
        }
        guard rows else { return out }
        for edit in rowsToChange {
            let fields = collection.fields.filter { edit.changes[$0.name] != nil }
            out += "  " + TextLayout.printable(RowTitle.keyed(edit.row, in: collection)) + ": " + fields.map { field in
                let (old, new) = ReferenceText.pair(edit.row[field.name], edit.changes[field.name] ?? .null, field, in: store)
                let (before, after) = ChangesCommand.brief(old, new)
                return "\(field.shownName) \(before) → \(after)"
            }.joined(separator: ", ") + "\n"
        }
        return out
    }
}

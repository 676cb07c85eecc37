extension RecordFrame {
    /// Writes this frame's edits in one transaction and makes it clean,
    /// without popping it. The write happens only if the stored row still
    /// holds the values the frame read (unless `force`). The frame and the
    /// list below take the row as the write returned it (read inside its
    /// transaction): no second read (an insert re-reads its page later).
    func save(force: Bool = false, in session: any CommandContext) throws -> String {
        if let batch { return try saveBatch(batch, in: session) }
        let writer = session.writer
        let parent = session.frames.firstIndex { $0 === self }.flatMap { $0 > 0 ? session.frames[$0 - 1] as? ListFrame : nil }
        try checkRequired()
        // A reference set by this session is written only if its key still
        // names the row it named when set (checked in the write's transaction);
        // `save!` writes it as it stands.
        let store = session.store
        let checking: (() throws -> Void)? = force || !hasChosenReferences ? nil : { [unowned self] in
            try checkChosenReferences(in: store)
        }
        guard let id else {
            // A draft's shown defaults (the schema's and the spec's) are written too.
            let sent = buffer.current
            let saved = try writer.insert(sent, into: collection, checking: checking)
            markSaved(saved)
            // Its key, which `open #KEY` takes, and its number in the list:
            // "as row 4" alone was read as the key (id 501).
            // In a `find` or `where` list the row may match nothing: no number
            // then (it was its number in the whole table).
            let filtered = parent.map { !$0.collection.filters.isEmpty } ?? false
            let position = filtered ? nil : (try? session.store.position(of: saved.id, in: collection)).flatMap { $0 }
            parent?.rowsMovedByThisSession(addedAt: position)
            let key = collection.keyValues(of: saved).map { TextLayout.printable(ListFrame.keyText($0)) }
            let named = key.map { $0 == crumb ? "" : " as \($0)" } ?? ""
            return "saved \(crumb)\(named)\(position.map { " (row \($0 + 1))" } ?? "")" + storedOtherwise(sent, saved)
        }
        guard isDirty else { return "no changes to save in \(crumb)" }
        let title = crumb
        let changes = buffer.changes
        let saved: Record
        var kept = ""
        do {
            // `save!` overwrites the row its user was shown ("theirs" in the
            // conflict table), checked like any save, so undo puts theirs back;
            // with no table shown yet, the row as read.
            let expected = force ? (conflictShown?.values ?? buffer.base) : buffer.base
            do {
                saved = try writer.update(id, in: collection, title: title, changes: changes, base: expected,
                                         checking: checking)
            } catch StoreError.conflict(let current) where !force {
                // Changed elsewhere only in fields this frame did not edit:
                // written over the row as it is now, their values kept.
                guard let merged = merged(with: current) else { throw StoreError.conflict(current: current) }
                saved = try writer.update(id, in: collection, title: title, changes: changes, base: merged,
                                         checking: checking)
                kept = keptElsewhere(current, store: store)
            }
        } catch StoreError.conflict(let current) {
            let again = force && conflictShown != nil
            conflictShown = current
            throw ConflictReport(frame: self, current: current, store: session.store, again: again)
        } catch StoreError.constraint(.foreignKey, let fields, let detail) where fields.isEmpty {
            // No written reference names a missing row (the store would have
            // said which): rows that refer to this one by a value the save
            // changes forbid it. Named as a delete's refusal names them (it
            // said "a reference does not match, or other rows still refer to
            // this one").
            let blockers = (try? session.store.blockingReferences(ofDeleting: id, in: collection)) ?? []
            guard !blockers.isEmpty else { throw StoreError.constraint(.foreignKey, fields: fields, detail: detail) }
            throw CommandError.writes(.changeBlocked(title: title, by: blockers))
        } catch StoreError.recordMissing {
            guard force else {
                throw CommandError.writes(.deletedBeforeSave(title: title))
            }
            let (restored, warning) = try putBack(id, changes: changes, in: session)
            markSaved(restored)
            parent?.patch(restored, was: id)
            return "saved \(title) (put back under its key: it had been deleted or re-keyed elsewhere)\(warning)"
        }
        // Stored values over the written ones: a store that found the row gone
        // after the write (a trigger) returns only what was written.
        markSaved(saved.fieldCount >= collection.fields.count ? saved
                  : Record(id: saved.id, values: buffer.current.merging(saved.values) { _, stored in stored }))
        // A trigger deleted or re-keyed the row as it was saved: lists of
        // its table read their rows again rather than show one the file no
        // longer holds (they showed the written values, the rest blank).
        if saved.fieldCount < collection.fields.count {
            session.readListsAgain(of: collection.name)
            return "saved \(title) (a trigger then deleted or re-keyed the row)"
        }
        // A trigger or a cascade changed other rows too: every list reads its
        // rows again (they showed the rows as before, a spawned row missing).
        if writer.lastUpdateReachedOtherRows { session.readListsAgain() }
        // The row as shown takes the saved values: this session changed
        // it, so `open N` on its number opens it, not "changed elsewhere".
        parent?.patch(saved, was: id)
        // A change to the field rows are ordered by can move the row, and one
        // to a filtered field can take it out of a `find`/`where` list: the
        // page is read again when next shown (a script's `open 3` after
        // saving row 3 of a sorted list, shown nothing since, still named
        // the row as shown, but that was the old values: refused as
        // changed elsewhere).
        if let parent, parent.rowsMayMove(changing: changes.keys) { parent.rowsMovedByThisSession() }
        followRekey(from: id, to: saved.id, changes: changes, in: session)
        return "saved \(title)" + storedOtherwise(changes, saved) + kept
    }

    /// What a save expects of a row changed elsewhere: the values shown in
    /// the fields edited here, and the row as it is now in the rest; nil
    /// when an edited field changed too, which is a conflict.
    func merged(with current: Record) -> [String: Value]? {
        // The values that name the row must be those shown: a rowid passed
        // to another row (a VACUUM elsewhere) names a row never shown.
        for (field, shown) in collection.identifying(buffer.base) where current[field] != shown { return nil }
        var expected = current.values
        for (field, _) in buffer.changes {
            let shown = buffer.base[field] ?? .null
            guard current[field] == shown else { return nil }
            expected[field] = shown
        }
        return expected
    }

    /// The changes made elsewhere that a merged save kept, in one clause:
    /// "; value was changed elsewhere to 130, kept".
    func keptElsewhere(_ current: Record, store: any StoreReader) -> String {
        let base = buffer.base
        let changed = collection.fields.filter { !buffer.isChanged($0.name) && current[$0.name] != base[$0.name] ?? .null }
        func shown(_ field: Field) -> String {
            let value = current[field.name]
            return field.references == nil ? ValueText.boundedWithLength(value) : ReferenceText.of(value, field, in: store)
        }
        switch changed.count {
        case 0: return ""
        case 1: return "; \(changed[0].shownName) was changed elsewhere to \(shown(changed[0])), kept"
        default:
            return "; changed elsewhere and kept: " + changed.map { "\($0.shownName) \(shown($0))" }.joined(separator: ", ")
        }
    }

    /// The fields the store kept otherwise than they were sent, said with
    /// the save: a numeric(12,2) rounding 1234.565 to 1234.57, a trigger
    /// upper-casing a name. The save said only "saved", and `changes` had
    /// shown the value sent. A number stored in another
    /// form (3 as 3.0) is the same number, and no news.
    func storedOtherwise(_ sent: [String: Value], _ saved: Record) -> String {
        let notes = collection.fields.compactMap { field -> String? in
            guard let value = sent[field.name], let stored = saved.value(of: field.name),
                  !Self.same(value, stored) else { return nil }
            return "\(field.shownName) stored as \(TextLayout.printable(ValueText.raw(stored)))"
        }
        return notes.isEmpty ? "" : " (" + notes.joined(separator: ", ") + ")"
    }

    private static func same(_ sent: Value, _ stored: Value) -> Bool {
        if sent == stored { return true }
        let (a, b) = (ValueText.raw(sent), ValueText.raw(stored))
        if a == b { return true }
        // Digits written out compare digit by digit (12345678901234567890 is
        // not the real 1.2345678901234567e19 a NUMERIC column keeps; 3.0 is 3;
        // 1e-400 is the 0.000…1 an exact decimal keeps).
        if let x = DecimalText.canonical(a), let y = DecimalText.canonical(b) { return x == y }
        // Two numbers, one written with an exponent (1e19): the same if equal.
        if case .text = sent { return false }
        if case .text = stored { return false }
        guard let x = Double(a), let y = Double(b) else { return false }
        return x == y
    }

    /// A save re-keyed the row (a WITHOUT ROWID table's key changed): every
    /// frame that knew it by its old key follows it to the new one, so no
    /// later `open`, `save` or `save!` takes it for deleted or puts it back.
    private func followRekey(from old: RecordID, to new: RecordID, changes: [String: Value], in session: any CommandContext) {
        guard new != old else { return }
        for frame in session.frames where frame !== self {
            if let list = frame as? ListFrame, list.collection.name == collection.name {
                list.invalidate()
            } else if let record = frame as? RecordFrame, record.collection.name == collection.name, record.id == old {
                record.rekey(to: new, keyValues: changes.filter { name, _ in
                    collection.field(named: name)?.primaryKeyPosition != nil
                })
            }
        }
    }

    /// Fields the app spec marks required must have a value to be saved.
    /// Every constraint navsh can check that the buffer breaks, named at
    /// once: a required field left empty, a value outside its field's
    /// choices, range or lengths (one kept from the row, or a draft's
    /// default). The store is asked only when all of them hold.
    func checkRequired() throws {
        var broken: [CommandError] = []
        for field in collection.fields where !field.isReadOnly && field.isConstrained {
            // A batch's field left alone keeps each row's own value, which
            // the buffer does not hold where the rows differ.
            if batch != nil && !buffer.isChanged(field.name) { continue }
            let value = buffer.value(of: field.name)
            if field.isRequired, value.isNull || value == .text("") {
                broken.append(.fields(.required(field.shownName)))
                continue
            }
            // A stored row's other values are the store's: a range an app
            // spec sets may be newer than the rows.
            guard id == nil && batch == nil || buffer.isChanged(field.name) else { continue }
            do {
                try ValueParser.check(value, for: field)
            } catch {
                broken.append(error)
            }
        }
        guard let first = broken.first else { return }
        guard broken.count > 1 else { throw first }
        throw CommandError.fields(.bufferBreaks(broken.map(\.description)))
    }
}

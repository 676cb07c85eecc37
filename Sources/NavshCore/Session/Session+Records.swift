extension Session {
    func set(_ name: String, _ text: String?) throws -> Response {
        let frame = try topFrame(RecordFrame.self)
        let field = try editableField(name, in: frame)
        guard let text else { throw missingValue(field) }
        frame.buffer.set(field.name, to: try ValueParser.parse(text, for: field, thisYear: clock().year))
        return Response()
    }

    /// `set` with an already-split value (from a field editor or a script's next line).
    func execute(setting field: String, to text: String) -> Response {
        run { try set(field, text) }
    }

    func edit(_ name: String) throws -> Response {
        let frame = try topFrame(RecordFrame.self)
        let field = try editableField(name, in: frame)
        if field.kind == .blob {
            throw CommandError("\(field.name) holds binary data (BLOB), which cannot be edited as text")
        }
        let value = frame.buffer.value(of: field.name)
        let initial: String
        switch value {
        case .null: initial = ""
        case .text(let text): initial = text
        default: initial = ValueText.raw(value)
        }
        // The line editor pre-fills the value as text to change: one it cannot
        // show as it is stored would be saved back altered by a mere Enter.
        // (A script's value line replaces the value, so scripts may edit it.)
        if mode == .interactive {
            if case .blob = value {
                throw CommandError("\(field.name) holds binary data, which cannot be edited as text; "
                    + "set \(field.name) VALUE replaces it")
            }
            if case .rawText = value {
                throw CommandError("\(field.name) holds bytes that are not UTF-8, which the line editor cannot show as "
                    + "stored; set \(field.name) VALUE replaces the value")
            }
            if initial.unicodeScalars.contains(where: TextLayout.isControl) {
                throw CommandError("\(field.name) holds control characters (line breaks, tabs, escapes), which the "
                    + "line editor cannot show as stored; set \(field.name) VALUE replaces the value")
            }
            if initial.count > Self.longestEditableValue {
                throw CommandError("\(field.name) holds \(initial.count) characters, too long for the line editor "
                    + "(at most \(Self.longestEditableValue)); set \(field.name) VALUE replaces the value")
            }
        }
        return Response(edit: FieldEdit(
            field: field.name, prompt: field.prompt.map { $0 + " " } ?? field.displayLabel + ": ",
            initial: initial, hadValue: !value.isNull, placeholder: field.placeholder))
    }

    /// `set FIELD` with no value: says what the field takes, offering only
    /// the ways to empty it that it accepts.
    private func missingValue(_ field: Field) -> CommandError {
        var ways: [String] = []
        if !field.isNotNull { ways.append("unset \(field.name) makes it NULL") }
        if (field.kind == .text || field.kind == .any) && !field.isRequired && field.choices.isEmpty {
            ways.append("set \(field.name) \"\" makes it empty")
        }
        return CommandError("set \(field.name): missing value; usage: set \(field.name) VALUE"
            + (ways.isEmpty ? "" : "; " + ways.joined(separator: ", ")))
    }

    /// Longest value `edit` pre-fills at the prompt.
    static let longestEditableValue = 4_096

    func unset(_ name: String) throws -> Response {
        let frame = try topFrame(RecordFrame.self)
        let field = try editableField(name, in: frame)
        if field.isNotNull {
            throw CommandError("\(field.name) cannot be NULL (NOT NULL); set it to a value instead")
        }
        frame.buffer.set(field.name, to: .null)
        return Response()
    }

    func changes() throws -> Response {
        let frame = try topFrame(RecordFrame.self)
        let fields = frame.unsavedFields
        guard !fields.isEmpty else { return Response(output: "no unsaved changes\n") }
        let lines = fields.map { name in
            let old = frame.buffer.base[name].map(ValueText.raw) ?? (frame.isDraft ? "(default)" : ValueText.null)
            return "  \(name): \(old) → \(ValueText.raw(frame.buffer.value(of: name)))\n"
        }
        return Response(output: lines.joined())
    }

    func revert(_ name: String?) throws -> Response {
        let frame = try topFrame(RecordFrame.self)
        guard let name else {
            frame.buffer.revert()
            return Response()
        }
        guard let field = frame.collection.field(named: name) else { throw unknownField(name, in: frame) }
        guard frame.buffer.isChanged(field.name) else {
            return Response(output: "\(field.name) has no unsaved edit\n")
        }
        frame.buffer.revert(field.name)
        return Response()
    }

    func save(force: Bool) throws -> Response {
        let frame = try topFrame(RecordFrame.self)
        let message = try write(frame, force: force)
        pop()
        return Response(output: message + "\n")
    }

    /// Writes a record frame's edits in one transaction and makes the frame
    /// clean, without popping it. The write happens only if the stored row
    /// still holds the values the frame read (unless `force`). The list below
    /// learns of the change by re-reading the saved row only (an insert
    /// re-reads its page later).
    func write(_ frame: RecordFrame, force: Bool = false) throws -> String {
        let collection = frame.collection
        let parent = stack.firstIndex { $0 === frame }.flatMap { $0 > 0 ? stack[$0 - 1] as? ListFrame : nil }
        try checkRequired(frame)
        guard let id = frame.id else {
            // A draft's shown defaults (the schema's and the spec's) are written too.
            var values = frame.buffer.base
            for (field, value) in frame.buffer.changes { values[field] = value }
            let newID = try store.insert(values, into: collection)
            parent?.invalidate()
            let (stored, warning) = readBack(newID, in: collection)
            let saved = stored ?? Record(id: newID, values: values)
            frame.markSaved(saved)
            remember(.inserted(collection, saved))
            let row = (try? store.position(of: newID, in: collection)).flatMap { $0 }.map { " as row \($0 + 1)" } ?? ""
            return "saved \(frame.crumb)\(row)\(warning)"
        }
        guard frame.isDirty else { return "no changes to save in \(frame.crumb)" }
        let title = frame.crumb
        let changes = frame.buffer.changes
        do {
            try store.update(id, in: collection, changes: changes, expecting: force ? nil : frame.buffer.base)
        } catch StoreError.conflict(let current) {
            throw ConflictReport(frame: frame, current: current)
        } catch StoreError.recordMissing {
            guard force else {
                throw CommandError("\(title) was deleted elsewhere; nothing was saved (save! puts it back with your edits, cancel discards them)")
            }
            var values = frame.buffer.base
            for (field, value) in changes { values[field] = value }
            // Put back under the key it has with the edits (a key field may be among them).
            let putBackID = Self.identity(id, after: changes, in: collection)
            try store.restore(Record(id: putBackID, values: values), into: collection)
            let (stored, warning) = readBack(putBackID, in: collection)
            let restored = stored ?? Record(id: putBackID, values: values)
            frame.markSaved(restored)
            remember(.inserted(collection, restored))
            parent?.patch(restored, was: id)
            return "saved \(title) (put back: it had been deleted elsewhere)\(warning)"
        }
        let before = changes.keys.reduce(into: [String: Value]()) { $0[$1] = frame.buffer.base[$1] ?? .null }
        // A WITHOUT ROWID table's key may be among the changes: the row is found by its new key.
        let savedID = Self.identity(id, after: changes, in: collection)
        remember(.updated(collection, id: savedID, title: title, before: before, after: changes))
        let (stored, warning) = readBack(savedID, in: collection)
        if stored == nil, !warning.isEmpty {
            // Written but not read back: what was written is the new starting point.
            var values = frame.buffer.base
            for (field, value) in changes { values[field] = value }
            frame.markSaved(Record(id: savedID, values: values))
        }
        if let saved = stored {
            frame.markSaved(saved)
            // A change to the field rows are ordered by can move the row: re-read the page.
            if let order = collection.order, changes[order.field] != nil { parent?.invalidate() } else { parent?.patch(saved, was: id) }
        }
        if savedID != id { follow(id, to: savedID, with: changes, in: collection, except: frame) }
        return "saved \(title)\(warning)"
    }

    /// Reads a row just written. The write is committed, so a failure here
    /// is a warning on the "saved" line, never a report that nothing was saved.
    private func readBack(_ id: RecordID, in collection: CollectionSchema) -> (record: Record?, warning: String) {
        do {
            return (try store.record(of: collection, id: id), "")
        } catch {
            return (nil, " (warning: reading it back failed: \(error); reload shows it)")
        }
    }

    /// Takes the stored row as the new starting point and re-applies the
    /// user's edits on top; reports the fields both sides changed.
    func reload() throws -> Response {
        let frame = try topFrame(RecordFrame.self)
        guard let id = frame.id else { throw CommandError("a new record has nothing stored to reload") }
        guard let current = try store.record(of: frame.collection, id: id) else {
            throw CommandError("\(frame.crumb) was deleted elsewhere (save! puts it back with your edits, cancel discards them)")
        }
        let old = frame.buffer
        let collisions = frame.collection.fields.map(\.name).filter { name in
            old.isChanged(name) && current[name] != old.base[name] ?? .null && current[name] != old.value(of: name)
        }
        frame.markSaved(current)
        for (field, value) in old.changes { frame.buffer.set(field, to: value) }
        var output = "reloaded \(frame.crumb)"
        if !frame.unsavedFields.isEmpty { output += "; kept your edits to " + frame.unsavedFields.joined(separator: ", ") }
        output += "\n"
        for name in collisions {
            output += "  both changed \(name): theirs \(ValueText.raw(current[name])), yours \(ValueText.raw(old.value(of: name))) (yours kept)\n"
        }
        return Response(output: output)
    }

    /// A row's identity after an update: a changed primary-key field changes a `.key` identity.
    static func identity(_ id: RecordID, after changes: [String: Value], in collection: CollectionSchema) -> RecordID {
        guard case .key(var values) = id else { return id }
        for field in collection.fields {
            if let position = field.primaryKeyPosition, position <= values.count, let value = changes[field.name] {
                values[position - 1] = value
            }
        }
        return .key(values)
    }

    /// A save re-keyed a row (a WITHOUT ROWID table's key changed): every
    /// frame that knew it by its old key follows it to the new one, so no
    /// later `open`, `save` or `save!` takes it for deleted or puts it back.
    private func follow(_ old: RecordID, to new: RecordID, with changes: [String: Value],
                        in collection: CollectionSchema, except saver: RecordFrame) {
        for frame in stack where frame !== saver {
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
    func checkRequired(_ frame: RecordFrame) throws {
        for field in frame.collection.fields where field.isRequired {
            let value = frame.buffer.value(of: field.name)
            if value.isNull || value == .text("") {
                throw CommandError("\(field.name) is required; set \(field.name) VALUE, then save again")
            }
        }
    }

    /// Records a write for `undo` and for the dry-run report.
    func remember(_ change: Change) {
        journal.append(change)
        undoable.append(change)
    }

    /// Saves every frame with unsaved edits, innermost first; stops at the
    /// first refusal, leaving that frame and those below it unsaved.
    func saveAll() throws -> String {
        var output = ""
        for case let frame as RecordFrame in stack.reversed() where frame.isDirty {
            output += try write(frame) + "\n"
        }
        return output
    }

    func cancel() throws -> Response {
        _ = try topFrame(RecordFrame.self)
        let output = discardNotice(from: stack.count - 1)
        pop()
        return Response(output: output)
    }

    func deleteRecord(confirmed: Bool) throws -> Response {
        let frame = try topFrame(RecordFrame.self)
        try checkDeletable(frame.collection)
        guard let id = frame.id else {
            throw CommandError("this record is not saved yet; cancel discards it")
        }
        try checkNothingBlocks(deleting: id, titled: frame.crumb, in: frame.collection)
        if mode == .interactive && !confirmed {
            return try askToDelete(id, in: frame.collection, then: .deleteRecord) {
                "Delete \(frame.crumb) from \(frame.collection.displayTitle)?\($0)"
            }
        }
        let cascade: [CascadeEffect]
        do {
            cascade = try deleteAsAsked(id, in: frame.collection, expecting: frame.buffer.base)
        } catch StoreError.conflict {
            throw CommandError("\(frame.crumb) changed elsewhere since you opened it; nothing was deleted (reload shows it)")
        } catch StoreError.constraint(.foreignKey, _, _) {
            throw CommandError("cannot delete \(frame.crumb): other rows refer to it now (FOREIGN KEY); nothing was deleted")
        }
        remember(.deleted(frame.collection, Record(id: id, values: frame.buffer.base), cascade: cascade))
        pop()
        (top as? ListFrame)?.forget([id])
        invalidateLists(of: cascade)
        return Response(output: "deleted \(frame.crumb)\(CascadeEffect.phrase(cascade, .done))\n")
    }

    // MARK: Helpers

    /// The question before a delete, naming what goes with the row; what it
    /// named is kept, so that the answer holds for that only.
    func askToDelete(_ id: RecordID, in collection: CollectionSchema, then: Command,
                     _ prompt: (String) -> String) throws -> Response {
        let preview = try store.cascades(ofDeleting: id, in: collection)
        askedCascade = (id, collection.name, Self.marks(preview))
        return Response(question: Question(confirm: prompt(CascadeEffect.phrase(preview, .question)), then: then))
    }

    /// Deletes one row. After a question, only if the delete takes exactly
    /// the rows the question named: compared inside the delete's own
    /// transaction, which is rolled back when more (or other) rows went.
    func deleteAsAsked(_ id: RecordID, in collection: CollectionSchema,
                       expecting: [String: Value]) throws -> [CascadeEffect] {
        guard let asked = askedCascade, asked.id == id, asked.collection == collection.name else {
            return try store.delete(id, from: collection, expecting: expecting)
        }
        askedCascade = nil
        return try store.atomically {
            let taken = try store.delete(id, from: collection, expecting: expecting)
            guard Self.marks(taken) == asked.rows else {
                let rows = taken.isEmpty ? "no other row" : CascadeEffect.rows(taken)
                throw CommandError("what the delete takes with it changed since the question (it would now change "
                    + "\(rows)); nothing was deleted (delete again to be asked anew)")
            }
            return taken
        }
    }

    private static func marks(_ effects: [CascadeEffect]) -> Set<String> {
        Set(effects.map { "\($0.collection)\u{0}\($0.record.id)\u{0}\($0.action == .deleted)" })
    }

    /// Refuses a delete that references which do not cascade would stop,
    /// naming them, before any question is asked.
    func checkNothingBlocks(deleting id: RecordID, titled title: String, in collection: CollectionSchema) throws {
        let blockers = try store.blockingReferences(ofDeleting: id, in: collection)
        guard blockers.isEmpty else {
            throw CommandError("cannot delete \(title): \(BlockingReference.phrase(blockers)); nothing was deleted")
        }
    }

    /// Lists showing rows a delete took with it read again; the rows it
    /// deleted leave what they showed.
    func invalidateLists(of cascade: [CascadeEffect]) {
        for case let list as ListFrame in stack {
            let gone = cascade.filter { $0.collection == list.collection.name && $0.action == .deleted }.map(\.record.id)
            if cascade.contains(where: { $0.collection == list.collection.name }) { list.forget(Set(gone)) }
            // A cleared reference is this session's write: the row shown takes it.
            for effect in cascade where effect.collection == list.collection.name {
                if let after = effect.after { list.patch(after) }
            }
        }
    }

    func checkDeletable(_ collection: CollectionSchema) throws {
        if !collection.isDeletable {
            throw CommandError("rows of \(collection.name) cannot be deleted (the app spec says deletable: false)")
        }
    }

    private func editableField(_ name: String, in frame: RecordFrame) throws -> Field {
        if let reason = frame.collection.readOnlyReason {
            throw CommandError(reason)
        }
        guard let field = frame.collection.field(named: name) else { throw unknownField(name, in: frame) }
        if field.isReadOnly {
            throw CommandError("\(field.name) is read-only; the fields you can set are \(editableNames(frame))")
        }
        return field
    }

    private func unknownField(_ name: String, in frame: RecordFrame) -> CommandError {
        CommandError("unknown field '\(TextLayout.printable(name))'; the fields you can set are \(editableNames(frame))")
    }

    private func editableNames(_ frame: RecordFrame) -> String {
        let names = frame.collection.editableFields.map(\.name)
        return names.isEmpty ? "none" : names.joined(separator: ", ")
    }
}

extension Session {
    func set(_ name: String, _ text: String) throws -> Response {
        let frame = try topFrame(RecordFrame.self)
        let field = try editableField(name, in: frame)
        frame.buffer.set(field.name, to: try ValueParser.parse(text, for: field))
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
        return Response(edit: FieldEdit(
            field: field.name, prompt: field.displayLabel + ": ", initial: initial, hadValue: !value.isNull))
    }

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

    func save() throws -> Response {
        let frame = try topFrame(RecordFrame.self)
        let message = try write(frame)
        pop()
        return Response(output: message + "\n")
    }

    /// Writes a record frame's edits in one transaction and makes the frame
    /// clean, without popping it. The list below learns of the change by
    /// re-reading the saved row only (an insert re-reads its page later).
    func write(_ frame: RecordFrame) throws -> String {
        let collection = frame.collection
        let parent = stack.firstIndex { $0 === frame }.flatMap { $0 > 0 ? stack[$0 - 1] as? ListFrame : nil }
        guard let id = frame.id else {
            let newID = try store.insert(frame.buffer.changes, into: collection)
            parent?.invalidate()
            if let saved = try store.record(of: collection, id: newID) { frame.markSaved(saved) }
            let row = try store.position(of: newID, in: collection).map { " as row \($0 + 1)" } ?? ""
            return "saved \(frame.crumb)\(row)"
        }
        guard frame.isDirty else { return "no changes to save in \(frame.crumb)" }
        try store.update(id, in: collection, changes: frame.buffer.changes)
        let title = frame.crumb
        if let saved = try store.record(of: collection, id: id) {
            frame.markSaved(saved)
            parent?.patch(saved)
        }
        return "saved \(title)"
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
        guard let id = frame.id else {
            throw CommandError("this record is not saved yet; cancel discards it")
        }
        if mode == .interactive && !confirmed {
            return Response(question: Question(
                confirm: "Delete \(frame.crumb) from \(frame.collection.name)?", then: .deleteRecord))
        }
        try store.delete(id, from: frame.collection)
        pop()
        (top as? ListFrame)?.invalidate()
        return Response(output: "deleted \(frame.crumb)\n")
    }

    // MARK: Helpers

    private func editableField(_ name: String, in frame: RecordFrame) throws -> Field {
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

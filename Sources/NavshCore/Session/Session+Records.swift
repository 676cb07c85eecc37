extension Session {
    func set(_ name: String, _ text: String) throws -> Response {
        let frame = try topFrame(RecordFrame.self)
        let field = try editableField(name, in: frame)
        frame.buffer.set(field.name, to: try ValueParser.parse(text, for: field))
        return Response()
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
        let collection = frame.collection
        guard let id = frame.id else {
            let newID = try store.insert(frame.buffer.changes, into: collection)
            let saved = try store.record(of: collection, id: newID)
            pop()
            (top as? ListFrame)?.invalidate()
            let title = saved.map { RowTitle.of($0, in: collection) } ?? frame.crumb
            let row = try store.position(of: newID, in: collection).map { " as row \($0 + 1)" } ?? ""
            return Response(output: "saved \(title)\(row)\n")
        }
        guard frame.isDirty else {
            pop()
            return Response(output: "no changes to save in \(frame.crumb)\n")
        }
        try store.update(id, in: collection, changes: frame.buffer.changes)
        pop()
        // Only the saved row is read again; the rest of the page is still current.
        if let list = top as? ListFrame, let saved = try store.record(of: collection, id: id) {
            list.patch(saved)
        }
        return Response(output: "saved \(frame.crumb)\n")
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
                prompt: "Delete \(frame.crumb) from \(frame.collection.name)? [y/N] ", onYes: .deleteRecord))
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

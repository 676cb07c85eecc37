extension Session {
    func back(force: Bool) throws -> Response {
        guard stack.count > 1 else {
            throw CommandError("already at the first frame; quit leaves navsh")
        }
        // A collection whose app spec says `back: save` saves on the way out (Homepwner).
        if !force, let record = top as? RecordFrame, record.collection.backPolicy == .save {
            if record.isDirty {
                let message = try write(record)
                pop()
                return Response(output: message + "\n")
            }
            // Nothing was set in the new item: leaving drops it, and says so.
            if record.isDraft {
                let title = TextLayout.printable(record.crumb)
                pop()
                return Response(output: "discarded \(title) (new, nothing was set in it)\n")
            }
        }
        if !force, let refusal = guardUnsaved(from: stack.count - 1, retry: .back(force: true), escape: "back!") {
            return refusal
        }
        let output = discardNotice(from: stack.count - 1)
        pop()
        return Response(output: output)
    }

    func goToTop(force: Bool) throws -> Response {
        guard stack.count > 1 else { return Response() }
        if !force, let refusal = guardUnsaved(from: 1, retry: .top(force: true), escape: "back! on each frame") {
            return refusal
        }
        let output = discardNotice(from: 1)
        popToRoot()
        return Response(output: output)
    }

    func quit(force: Bool) throws -> Response {
        if !force, let refusal = guardUnsaved(from: 0, retry: .quit(force: true), escape: "quit!") {
            return refusal
        }
        let output = discardNotice(from: 0)
        discardAllEdits()
        var response = finish()
        response.output = output
        return response
    }

    /// nil when the frames from `index` up hold no unsaved edits; otherwise a
    /// question (interactive) or an error (script) naming every such frame.
    func guardUnsaved(from index: Int, retry: Command, escape: String) -> Response? {
        let unsaved = unsavedWork(from: index)
        guard !unsaved.isEmpty else { return nil }
        switch mode {
        case .script:
            let list = unsaved.map(\.description).joined(separator: "; ")
            return .failure(CommandError("unsaved edits in \(list); save or cancel them first, or use \(escape) to discard"))
        case .interactive:
            return Response(question: Question(unsaved: unsaved, then: retry))
        }
    }

    func unsavedWork(from index: Int) -> [UnsavedWork] {
        stack.indices.filter { $0 >= index }.compactMap { i in
            let fields = stack[i].unsavedFields
            return fields.isEmpty ? nil : UnsavedWork(path: path(upTo: i), fields: fields.map(TextLayout.printable))
        }
    }

    /// Says what a forced pop threw away, so nothing is lost silently.
    func discardNotice(from index: Int) -> String {
        unsavedWork(from: index).map { "discarded edits in \($0.description)\n" }.joined()
    }

    func historyText() -> String {
        guard let entries = historyEntries() else {
            return "no history: only lines typed at the interactive prompt are kept\n"
        }
        let width = String(entries.count).count
        return entries.enumerated().map { i, line in
            String(i + 1).leftPadded(to: width + 2) + "  " + TextLayout.printable(line) + "\n"
        }.joined()
    }

    func renderStack() -> String {
        stack.indices.map { i in
            let frame = stack[i]
            var line = String(i + 1).leftPadded(to: 3) + "  " + TextLayout.printable(frame.crumb)
            if frame.isDirty { line += "*  unsaved: " + frame.unsavedFields.joined(separator: ", ") }
            return line + "\n"
        }.joined()
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        String(repeating: " ", count: max(0, width - count)) + self
    }
}

/// The stack of frames and the guard on unsaved work: the part of the
/// session every command shares.
extension Session {
    var top: any Frame { stack[stack.count - 1] }

    /// The frame as a given type, or the error a wrong frame deserves (the
    /// parser already routes commands by frame, so this is a safety net).
    func topFrame<F>(_ type: F.Type) throws -> F {
        guard let frame = top as? F else {
            throw CommandError.navigation(.wrongFrame(here: top.kind))
        }
        return frame
    }

    func push(_ frame: any Frame) {
        stack.append(frame)
    }

    /// Pushes `frame` and shows it; when it cannot be read (Ctrl-C on a slow
    /// `find`, a file gone) the frame is taken off again, so "nothing
    /// changed" is true of the stack too.
    func pushShowing(_ frame: any Frame) throws -> String {
        stack.append(frame)
        do {
            return try show(frame)
        } catch {
            if stack.last === frame { stack.removeLast() }
            throw error
        }
    }

    /// Removes the top frame; the root frame always stays.
    func pop() {
        if stack.count > 1 { stack.removeLast() }
    }

    /// Pops a record frame at the end of `save`, `cancel` or `back`; at the
    /// prompt, a list it returns to is shown at once with the row just left
    /// marked, so the user sees where they are (scripts stay quiet). Never
    /// throws: what was saved is saved, whether or not the list reads.
    func popShowingReturn(below message: String) -> String {
        let left = (top as? RecordFrame)?.id
        pop()
        // The list returned to is shown at the prompt, from a record (the
        // row left marked `>`) or from a `find` or `where` in it (which
        // showed only the prompt; the new user's find).
        guard mode == .interactive else { return message }
        if let list = top as? ListFrame {
            if let left { list.returnedFrom = left }
            return (try? show(list, below: message)) ?? message
        }
        // A record returned to (from a row its reference opened) is shown
        // too, edits and all: the prompt's crumb alone left its user guessing.
        return top is RecordFrame ? (try? show(top, below: message)) ?? message : message
    }

    func popToRoot() {
        stack.removeLast(stack.count - 1)
    }

    func finish() -> Response {
        isFinished = true
        return Response(quits: true)
    }

    /// Reads what a frame shows, then lays it out for the viewport, or,
    /// when the runner asked for data, hands the frame out as data instead.
    func show(_ frame: any Frame) throws -> String {
        try show(frame, below: "")
    }

    /// `message`, then the frame. A full page below a confirmation pushed
    /// the confirmation off the screen: the frame gets the lines the message
    /// leaves, broken at spaces as the terminal's width needs. A paged
    /// frame keeps its pages and gives up its title line, then its last
    /// rows: a shorter page moved every page's rows and count.
    func show(_ frame: any Frame, below message: String) throws -> String {
        var view = viewport()
        var message = message
        var drawing = PageDrawing.whole
        if let rows = view.rows, !(message + shownAbove).isEmpty {
            message = TextLayout.wrappingLines(message, width: view.columns)
            let above = TextLayout.wrappingLines(shownAbove, width: view.columns)
            // Lines as the terminal shows them: a word wider than the
            // terminal (a title of 200 letters) wraps where no space breaks it.
            let taken = (message + above).split(separator: "\n").reduce(0) { lines, line in
                lines + max(1, (DisplayWidth.of(String(line)) + view.columns - 1) / max(view.columns, 1))
            }
            let room = Viewport(columns: view.columns, rows: rows - taken)
            if frame is any PagedFrame { drawing = PageDrawing(room: room.pageSize) } else { view = room }
        }
        return message + (try render(frame, in: view, drawing: drawing))
    }

    private func render(_ frame: any Frame, in view: Viewport, drawing: PageDrawing = .whole) throws -> String {
        let loaded = try (frame as? any PagedFrame)?.load(from: store, pageSize: view.pageSize, drawing: drawing)
            ?? frame.load(from: store, pageSize: view.pageSize)
        if frame is any PagedFrame { showedPage = true }
        guard laysOutFrames else { return "" }
        guard framesAsData else { return loaded.render(columns: view.columns) }
        let depth = stack.firstIndex { $0 === frame } ?? stack.count - 1
        let path = stack[...depth].map(\.crumb)
        if let data = try shownData(of: frame, path: path, pageSize: view.pageSize) { framesShown.append(data) }
        return ""
    }

    func path(upTo index: Int) -> String {
        stack[...index].map { TextLayout.printable($0.crumb) }.joined(separator: " › ")
    }

    /// nil when the frames from `index` up hold no unsaved edits; otherwise a
    /// question (interactive) or an error (script) naming every such frame.
    func guardUnsaved(from index: Int, retry: any Command, escape: String) -> Response? {
        let unsaved = unsavedWork(from: index)
        guard !unsaved.isEmpty else { return nil }
        switch mode {
        case .script:
            return .failure(.navigation(.unsavedEdits(unsaved, escape: escape)))
        case .interactive:
            return Response(question: Question(unsaved: unsaved, then: retry))
        }
    }

    func unsavedWork(from index: Int) -> [UnsavedWork] {
        stack.indices.filter { $0 >= index }.compactMap { i in
            let fields = stack[i].unsavedLabels
            return fields.isEmpty ? nil : UnsavedWork(path: path(upTo: i), fields: fields)
        }
    }

    /// Says what a forced pop threw away, so nothing is lost silently.
    func discardNotice(from index: Int) -> String {
        unsavedWork(from: index).map { "discarded edits in \($0.description)\n" }.joined()
    }

    /// Saves every frame with unsaved edits, innermost first; stops at the
    /// first refusal, leaving that frame and those below it unsaved.
    func saveAll() throws -> String {
        var output = ""
        for case let frame as RecordFrame in stack.reversed() where frame.isDirty {
            output += try frame.save(in: self) + "\n"
        }
        return output
    }

    /// `undo` took back `change`: lists of that collection show what it
    /// wrote, and a clean record frame showing the undone row takes the
    /// values the undo wrote, and only those: anything else that changed
    /// there is not shown to its user, so a later save is still checked
    /// against the values the frame showed.
    /// Every list on the stack (of `table` only, when given) reads its rows
    /// again when next shown or counted: a write's triggers or cascades
    /// changed rows none of them can follow one by one.
    func readListsAgain(of table: String? = nil) {
        for case let list as ListFrame in stack where table.map({ list.collection.name == $0 }) ?? true {
            list.invalidate()
        }
    }

    /// A command wrote `changes`: every list but the one it was made in
    /// (the last list on the stack, which followed its own write) takes
    /// them, and every record frame's chosen references.
    func framesTakeOwnWrites(_ changes: ArraySlice<Change>) {
        let acting = stack.lastIndex(where: { $0 is ListFrame })
        for (index, frame) in stack.enumerated() {
            if let list = frame as? ListFrame, index != acting {
                for change in changes { list.takeOwnWrite(of: change, in: store) }
            } else if let record = frame as? RecordFrame, !record.chosenReferences.isEmpty {
                for change in changes { record.takeOwnWrite(of: change, in: store) }
            }
        }
    }

    func framesTakeUndo(of change: Change) {
        for frame in stack {
            (frame as? ListFrame)?.takeUndo(of: change, pageSize: viewport().pageSize, in: store)
            (frame as? RecordFrame)?.takeUndo(of: change)
        }
    }
}

/// `changes`, at any frame: every unsaved edit in the stack, old → new.
/// The record on top alone lists its fields; several records (or a list
/// above them) name each record's frame path first.
struct ChangesCommand: OptionalArgumentCommand {
    static let forms = [CommandForm("changes", CommandForm.anywhere, .optional("--rows"), usage: "changes [--rows]",
                                    "list the unsaved edits in every frame, old → new; --rows, each row of a batch",
                                    example: "changes")]

    /// `--rows`: a batch's edits row by row.
    let byRow: Bool
    /// A word other than `--rows`, refused when run.
    private let unexpected: String?

    init(_ argument: String?) {
        byRow = argument == "--rows"
        unexpected = byRow ? nil : argument
    }

    static let onlyReports = true

    func run(in session: any CommandContext, confirmed: Bool) throws -> Response {
        if let unexpected { throw CommandError.grammar(.unexpectedArgument(command: "changes", got: unexpected)) }
        let edited = session.frames.indices.compactMap { i in
            (session.frames[i] as? RecordFrame).flatMap { $0.isDirty ? (i, $0) : nil }
        }
        guard !edited.isEmpty else { return Response(output: "no unsaved changes\n") }
        if edited.count == 1, edited[0].0 == session.frames.count - 1 {
            return Response(output: lines(edited[0].1, session.store))
        }
        return Response(output: edited.map { i, frame in
            session.path(upTo: i) + ":\n" + lines(frame, session.store)
        }.joined())
    }

    private func lines(_ frame: RecordFrame, _ store: any StoreReader) -> String {
        if let batch = frame.batch { return frame.batchChanges(batch, rows: byRow, in: store) }
        return Self.lines(frame, store)
    }

    private static func lines(_ frame: RecordFrame, _ store: any StoreReader) -> String {
        frame.unsavedFields.map { name in
            let field = frame.collection.field(named: name)
            let stored = frame.buffer.row.value(of: name)
            var (old, new) = ReferenceText.pair(stored ?? .null, frame.buffer.value(of: name), field, in: store)
            if stored == nil { old = frame.isDraft ? "(default)" : ValueText.null }
            let (before, after) = brief(old, new, lengths: (frame.buffer.row.value(of: name).flatMap(Self.length),
                                                            Self.length(frame.buffer.value(of: name))))
            return "  \(field?.shownName ?? TextLayout.printable(name)): \(before) → \(after)\n"
        }.joined()
    }

    /// The widest side shown of a long value: `show FIELD` prints it whole.
    static let sideWidth = 60

    /// Two long values cut where they start to differ, so the edit is in
    /// sight (the trial's 13 wrapped lines for a sentence appended to a
    /// 644-character note), each side with its full length when cut.
    /// `lengths`: the values' own lengths where they are text, so a cut side
    /// counts the value's characters, not its display's quotes and escapes
    /// (the trial saw 412 for a 410-character name that ends in a space).
    static func brief(_ old: String, _ new: String, lengths: (Int?, Int?) = (nil, nil)) -> (String, String) {
        // Two versions give one row: new cut where it starts to differ from old.
        let cut = DifferenceWindow.rows([old, new], width: sideWidth, context: 20).rows[0]
        func side(_ whole: String, _ shown: String, _ length: Int?) -> String {
            shown == whole ? whole : shown + " (\(ValueText.grouped(String(length ?? whole.count))) characters)"
        }
        return (side(old, cut[0], lengths.0), side(new, cut[1], lengths.1))
    }

    /// A text value's length in characters, as a record frame counts it; nil for other values.
    static func length(_ value: Value) -> Int? {
        if case .text(let text) = value { return text.unicodeScalars.count }
        return nil
    }
}

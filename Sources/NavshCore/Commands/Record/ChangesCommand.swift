/// `changes`: the unsaved edits, old → new.
struct ChangesCommand: PlainCommand {
    static let forms = [CommandForm("changes", [.record], .none, usage: "changes",
                                    "list the unsaved edits, old → new", example: "changes")]

    init() {}

    func run(in session: Session, confirmed: Bool) throws -> Response {
        let frame = try session.topFrame(RecordFrame.self)
        let fields = frame.unsavedFields
        guard !fields.isEmpty else { return Response(output: "no unsaved changes\n") }
        let lines = fields.map { name in
            let old = frame.buffer.base[name].map(ValueText.raw) ?? (frame.isDraft ? "(default)" : ValueText.null)
            return "  \(name): \(old) → \(ValueText.raw(frame.buffer.value(of: name)))\n"
        }
        return Response(output: lines.joined())
    }
}

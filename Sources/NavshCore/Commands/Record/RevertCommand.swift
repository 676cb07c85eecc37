/// `revert [FIELD]`: drops unsaved edits to one field, or to all.
struct RevertCommand: Command {
    static let forms = [CommandForm("revert", [.record], .fieldWords("field", required: false), usage: "revert [FIELD]",
                                    "undo unsaved edits to FIELD, or to all", example: "revert value")]

    let typed: TypedField

    init(form: CommandForm, arguments: Arguments) {
        typed = TypedField(arguments, form: form, count: .atMostOne, what: "field")
    }

    func run(in session: any CommandContext, confirmed: Bool) throws -> Response {
        let frame = try session.topFrame(RecordFrame.self)
        guard typed.first != nil else {
            guard frame.isDirty else { return Response(output: "nothing to revert\n") }
            frame.buffer.revert()
            return Response()
        }
        let name = try typed.name(in: frame.collection)
        guard let field = frame.collection.field(named: name) else { throw frame.unknownField(name) }
        guard frame.buffer.isChanged(field.name) else {
            return Response(output: "nothing to revert: \(field.shownName) has no unsaved edit\n")
        }
        frame.buffer.revert(field.name)
        return Response()
    }

    /// The fields with edits, or every field when there are none.
    static func complete(_ rest: String, in session: any CommandContext) -> Completion {
        guard let frame = session.top as? RecordFrame, let word = Completion.fieldWord(rest) else { return .none }
        let unsaved = frame.unsavedFields
        let fields = unsaved.isEmpty ? frame.collection.fields : unsaved.compactMap { frame.collection.field(named: $0) }
        return Completion.fields(fields, word)
    }
}

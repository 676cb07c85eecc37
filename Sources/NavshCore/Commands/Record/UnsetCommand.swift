/// `unset FIELD`: makes a field NULL in the edit buffer.
struct UnsetCommand: Command {
    static let forms = [CommandForm("unset", [.record], .required("field"), usage: "unset FIELD",
                                    "set a field to NULL in the edit buffer", example: "unset serial")]

    let field: String

    init(form: CommandForm, arguments: Arguments) {
        field = arguments.first
    }

    var editsTheRecord: Bool { true }

    func run(in session: Session, confirmed: Bool) throws -> Response {
        let frame = try session.topFrame(RecordFrame.self)
        let field = try frame.editableField(self.field)
        if field.isNotNull {
            throw CommandError.fields(.cannotBeNull(field.name))
        }
        frame.buffer.set(field.name, to: .null)
        return Response()
    }

    static func complete(_ rest: String, in session: Session) -> Completion {
        guard let frame = session.top as? RecordFrame, !rest.contains(" "), !rest.contains("\t") else { return .none }
        return Completion.editableFields(of: frame, rest)
    }
}

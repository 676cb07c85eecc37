/// `save` writes the edits in one conflict-checked transaction and goes
/// back; `save!` writes over changes made elsewhere (and puts back a row
/// deleted elsewhere).
struct SaveCommand: Command {
    static let forms = [
        CommandForm("save", [.record], .none, usage: "save",
                    "write the edits in one transaction, go back", example: "save"),
        CommandForm("save!", [.record], .none, usage: "save!",
                    "save over changes made elsewhere", example: "save!"),
    ]

    let force: Bool

    init(form: CommandForm, arguments: Arguments) {
        force = form.name.hasSuffix("!")
    }

    var editsTheRecord: Bool { true }

    func run(in session: Session, confirmed: Bool) throws -> Response {
        let frame = try session.topFrame(RecordFrame.self)
        let message = try frame.save(force: force, in: session)
        session.pop()
        return Response(output: message + "\n")
    }
}

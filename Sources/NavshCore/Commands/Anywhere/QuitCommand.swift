/// `quit` leaves navsh, keeping unsaved edits safe; `quit!` discards them,
/// saying what went.
struct QuitCommand: Command {
    static let forms = [
        CommandForm("quit", CommandForm.anywhere, .none, usage: "quit",
                    "leave navsh, keeping unsaved edits safe", example: "quit"),
        CommandForm("quit!", CommandForm.anywhere, .none, usage: "quit!",
                    "leave navsh, discarding unsaved edits", example: "quit!"),
    ]

    let force: Bool

    init(form: CommandForm, arguments: Arguments) {
        force = form.name.hasSuffix("!")
    }

    init(force: Bool) {
        self.force = force
    }

    func run(in session: Session, confirmed: Bool) throws -> Response {
        if !(force || confirmed),
           let refusal = session.guardUnsaved(from: 0, retry: QuitCommand(force: true), escape: "quit!") {
            return refusal
        }
        let output = session.discardNotice(from: 0)
        session.discardAllEdits()
        var response = session.finish()
        response.output = output
        return response
    }
}

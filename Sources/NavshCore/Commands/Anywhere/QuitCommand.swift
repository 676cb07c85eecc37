/// `quit` leaves navsh, keeping unsaved edits safe; `quit!` discards them,
/// saying what went.
struct QuitCommand: ForcibleCommand {
    static let forms = CommandForm.forcible(
        "quit", CommandForm.anywhere, "leave navsh, keeping unsaved edits safe", forced: "leave navsh, discarding unsaved edits")

    let force: Bool

    func run(in session: any CommandContext, confirmed: Bool) throws -> Response {
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

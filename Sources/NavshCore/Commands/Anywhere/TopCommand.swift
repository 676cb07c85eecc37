/// `top` goes back to the first frame, keeping unsaved edits safe; `top!`
/// discards them, saying what went.
struct TopCommand: ForcibleCommand {
    static let forms = CommandForm.forcible(
        "top", CommandForm.anywhere, "go back to the first frame, keeping unsaved edits safe",
        forced: "go back to the first frame, discarding unsaved edits")

    let force: Bool

    func run(in session: any CommandContext, confirmed: Bool) throws -> Response {
        guard session.frames.count > 1 else { return Response() }
        if !(force || confirmed), let refusal = session.guardUnsaved(from: 1, retry: TopCommand(force: true), escape: "top!") {
            return refusal
        }
        let output = session.discardNotice(from: 1)
        session.popToRoot()
        return Response(output: output)
    }
}

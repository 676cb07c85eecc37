/// `top` goes back to the first frame, keeping unsaved edits safe.
struct TopCommand: PlainCommand {
    static let forms = [CommandForm("top", CommandForm.anywhere, .none, usage: "top",
                                    "go back to the first frame, keeping edits safe", example: "top")]

    init() {}

    func run(in session: any CommandContext, confirmed: Bool) throws -> Response {
        guard session.frames.count > 1 else { return Response() }
        if !confirmed, let refusal = session.guardUnsaved(from: 1, retry: TopCommand(), escape: "back! on each frame") {
            return refusal
        }
        let output = session.discardNotice(from: 1)
        session.popToRoot()
        return Response(output: output)
    }
}

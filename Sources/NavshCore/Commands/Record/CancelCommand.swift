/// `cancel` discards the edits and goes back, saying what was discarded.
struct CancelCommand: PlainCommand {
    static let forms = [CommandForm("cancel", [.record], .none, usage: "cancel",
                                    "discard the edits and go back", example: "cancel")]

    init() {}

    func run(in session: any CommandContext, confirmed: Bool) throws -> Response {
        let frame = try session.topFrame(RecordFrame.self)
        // Going back still happens: only the discarding had nothing to do.
        let output = frame.isDirty ? session.discardNotice(from: session.frames.count - 1) : "nothing to cancel\n"
        return Response(output: session.popShowingReturn(below: output))
    }
}

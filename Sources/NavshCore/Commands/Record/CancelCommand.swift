/// `cancel` discards the edits and goes back, saying what was discarded.
struct CancelCommand: PlainCommand {
    static let forms = [CommandForm("cancel", [.record], .none, usage: "cancel",
                                    "discard the edits and go back", example: "cancel")]

    init() {}

    func run(in session: Session, confirmed: Bool) throws -> Response {
        _ = try session.topFrame(RecordFrame.self)
        let output = session.discardNotice(from: session.stack.count - 1)
        return Response(output: output + session.popShowingReturn())
    }
}

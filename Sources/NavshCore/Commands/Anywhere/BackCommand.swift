/// `back` pops the top frame, keeping unsaved edits safe (a question, or in
/// a script an error); `back!` pops it discarding them, saying what went.
struct BackCommand: ForcibleCommand {
    static let forms = CommandForm.forcible(
        "back", CommandForm.anywhere, "go back one frame, keeping unsaved edits safe", forced: "go back one frame, discarding unsaved edits")

    let force: Bool

    func run(in session: any CommandContext, confirmed: Bool) throws -> Response {
        let force = self.force || confirmed
        guard session.frames.count > 1 else {
            throw CommandError.navigation(.atFirstFrame)
        }
        // A collection whose app spec says `back: save` saves on the way out (Homepwner).
        if !force, let record = session.top as? RecordFrame, record.collection.backPolicy == .save {
            if record.isDirty {
                let message = try record.save(in: session)
                return Response(output: session.popShowingReturn(below: message + "\n"))
            }
            // Nothing was set in the new item: leaving drops it, and says so.
            if record.isDraft {
                let title = TextLayout.printable(record.crumb)
                session.pop()
                return Response(output: "discarded \(title) (new, nothing was set in it)\n")
            }
        }
        let top = session.frames.count - 1
        if !force, let refusal = session.guardUnsaved(from: top, retry: BackCommand(force: true), escape: "back!") {
            return refusal
        }
        let output = session.discardNotice(from: top)
        return Response(output: session.popShowingReturn(below: output))
    }
}

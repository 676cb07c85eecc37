/// `save` writes the edits in one conflict-checked transaction and goes
/// back; `save!` writes over changes made elsewhere (and puts back a row
/// deleted elsewhere).
struct SaveCommand: ForcibleCommand {
    static let forms = CommandForm.forcible(
        "save", [.record], "write the edits in one transaction, go back", forced: "save over changes made elsewhere")

    let force: Bool

    var editsTheRecord: Bool { true }

    /// The store checks the write against what the frame read; a script's
    /// save shows nothing read before.
    func usesNothingReadBefore(in session: Session) -> Bool { true }

    func run(in session: Session, confirmed: Bool) throws -> Response {
        let frame = try session.topFrame(RecordFrame.self)
        let message = try frame.save(force: force, in: session)
        return Response(output: message + "\n" + session.popShowingReturn())
    }
}

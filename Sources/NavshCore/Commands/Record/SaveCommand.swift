/// `save` writes the edits in one conflict-checked transaction and goes
/// back; `save!` writes over changes made elsewhere (and puts back a row
/// deleted elsewhere).
struct SaveCommand: ForcibleCommand {
    static let forms = CommandForm.forcible(
        "save", [.record], "write the edits in one transaction, go back", forced: "save over changes made elsewhere")

    let force: Bool

    /// A batch is saved row by row checked, never over changes elsewhere.
    static func summary(of form: CommandForm, in frame: any Frame) -> String? {
        guard (frame as? RecordFrame)?.batch != nil else { return form.summary }
        return form.name == "save" ? "write the edits to every row in one transaction, go back" : nil
    }

    var editsTheRecord: Bool { true }

    /// The store checks the write against what the frame read; a script's
    /// save shows nothing read before.
    func usesNothingReadBefore(in session: any CommandContext) -> Bool { true }

    func run(in session: any CommandContext, confirmed: Bool) throws -> Response {
        let frame = try session.topFrame(RecordFrame.self)
        if force && frame.batch != nil { throw CommandError.writes(.batchCannotOverwrite) }
        // A batch of several rows asks once at the prompt; a script never reads an answer.
        if session.mode == .interactive, !confirmed, let question = try frame.batchSaveQuestion(in: session.store) {
            // A reference renamed elsewhere refuses the save: before the question, not after its yes.
            try frame.checkChosenReferences(in: session.store)
            return Response(question: Question(confirm: question, then: self,
                                               declined: "nothing was saved; the edits are kept (cancel discards them)"))
        }
        let message: String
        do {
            message = try frame.save(force: force, in: session)
        } catch let error where !(error is CommandError) && !(error is ConflictReport) {
            // The store refused it because the table's columns changed
            // elsewhere (a dropped column failed every later save): the
            // frames take the schema now and say so, and the next save can pass.
            if let notice = session.schemaChangedElsewhere() {
                throw CommandError.writes(.schemaChangedBeforeSave(notice: TextLayout.printable(notice)))
            }
            // The table itself dropped elsewhere: no save can pass (the reason
            // was blank and the advice to save again wrong).
            guard session.store.collections.contains(where: { $0.name == frame.collection.name }) else {
                throw CommandError.writes(.tableGoneBeforeSave(table: frame.collection.name))
            }
            throw error
        }
        return Response(output: session.popShowingReturn(below: message + "\n"))
    }
}

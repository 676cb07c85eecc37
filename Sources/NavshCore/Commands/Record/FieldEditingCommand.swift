/// A command that changes one field of the top record (`unset FIELD`,
/// `edit FIELD`): it runs only on a field its user may change, and it edits
/// the record, so it never runs on values its user has not seen yet.
protocol FieldEditingCommand: Command {
    /// The field's name, read from the words typed once the fields are
    /// known: a label of several words is one field (`FieldPhrase`).
    func fieldName(in collection: CollectionSchema) throws -> String
    func edit(_ field: Field, of frame: RecordFrame, in session: any CommandContext) throws -> Response
}

extension FieldEditingCommand {
    var editsTheRecord: Bool { true }

    static func isOffered(in frame: any Frame) -> Bool { (frame as? RecordFrame)?.collection.unwritableReason == nil }

    func run(in session: any CommandContext, confirmed: Bool) throws -> Response {
        let name = try fieldName(in: session.topFrame(RecordFrame.self).collection)
        let (frame, field) = try RecordFrame.editing(name, in: session)
        return try edit(field, of: frame, in: session)
    }

    /// Field names the user may set.
    static func complete(_ rest: String, in session: any CommandContext) -> Completion {
        guard let frame = session.top as? RecordFrame, let word = Completion.fieldWord(rest) else { return .none }
        return Completion.editableFields(of: frame, word)
    }
}

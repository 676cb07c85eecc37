/// A command that changes one field of the top record (`unset FIELD`,
/// `edit FIELD`): it runs only on a field its user may change, and it edits
/// the record, so it never runs on values its user has not seen yet.
protocol FieldEditingCommand: OneArgumentCommand {
    var field: String { get }
    init(field: String)
    func edit(_ field: Field, of frame: RecordFrame, in session: Session) throws -> Response
}

extension FieldEditingCommand {
    init(_ argument: String) { self.init(field: argument) }

    var editsTheRecord: Bool { true }

    static func isOffered(in frame: any Frame) -> Bool { (frame as? RecordFrame)?.collection.unwritableReason == nil }

    func run(in session: Session, confirmed: Bool) throws -> Response {
        let (frame, field) = try RecordFrame.editing(self.field, in: session)
        return try edit(field, of: frame, in: session)
    }

    /// Field names the user may set.
    static func complete(_ rest: String, in session: Session) -> Completion {
        guard let frame = session.top as? RecordFrame, let word = Completion.fieldWord(rest) else { return .none }
        return Completion.editableFields(of: frame, word)
    }
}

/// `unset FIELD`: makes a field NULL in the edit buffer.
struct UnsetCommand: FieldEditingCommand {
    static let forms = [CommandForm("unset", [.record], .required("field"), usage: "unset FIELD",
                                    "set a field to NULL in the edit buffer", example: "unset serial")]

    let field: String

    func edit(_ field: Field, of frame: RecordFrame, in session: Session) throws -> Response {
        if field.isNotNull {
            throw CommandError.fields(.cannotBeNull(field.shownName))
        }
        return frame.assign(.null, to: field)
    }
}

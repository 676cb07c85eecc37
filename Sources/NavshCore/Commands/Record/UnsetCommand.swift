/// `unset FIELD`: makes a field NULL in the edit buffer.
struct UnsetCommand: FieldEditingCommand {
    static let forms = [CommandForm("unset", [.record], .fieldWords("field", required: true), usage: "unset FIELD",
                                    "set a field to NULL in the edit buffer", example: "unset serial")]

    let field: TypedField

    init(form: CommandForm, arguments: Arguments) {
        field = TypedField(arguments, form: form, count: .one, what: "field")
    }

    func fieldName(in collection: CollectionSchema) throws -> String { try field.name(in: collection) }

    func edit(_ field: Field, of frame: RecordFrame, in session: any CommandContext) throws -> Response {
        if field.isNotNull {
            throw CommandError.fields(.cannotBeNull(field.shownName))
        }
        return frame.assign(.null, to: field)
    }
}

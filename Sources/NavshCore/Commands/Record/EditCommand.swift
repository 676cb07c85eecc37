/// `edit FIELD`: hands the runner a line editor pre-filled with the value
/// (in a script, the next line is the value); what is typed comes back
/// through `Session.finishEdit`.
struct EditCommand: FieldEditingCommand {
    static let forms = [CommandForm("edit", [.record], .required("field"), usage: "edit FIELD",
                                    "edit a field's value on a pre-filled line", example: "edit name")]

    /// Longest value `edit` pre-fills at the prompt.
    static let longestEditableValue = 4_096

    let field: String

    func edit(_ field: Field, of frame: RecordFrame, in session: Session) throws -> Response {
        if field.kind == .blob {
            throw CommandError.fields(.blobField(field.shownName))
        }
        let value = frame.buffer.value(of: field.name)
        let initial: String
        switch value {
        case .null: initial = ""
        case .text(let text): initial = text
        default: initial = ValueText.raw(value)
        }
        // The line editor pre-fills the value as text to change: one it cannot
        // show as it is stored would be saved back altered by a mere Enter.
        // (A script's value line replaces the value, so scripts may edit it.)
        if session.mode == .interactive { try Self.checkEditable(value, initial, field) }
        return Response(edit: FieldEdit(
            field: field.name, prompt: field.prompt.map { $0 + " " } ?? field.displayLabel + ": ",
            initial: initial, hadValue: !value.isNull, placeholder: field.placeholder))
    }

    private static func checkEditable(_ value: Value, _ initial: String, _ field: Field) throws {
        if case .blob = value {
            throw CommandError.fields(.blobValue(field.shownName))
        }
        if case .rawText = value {
            throw CommandError.fields(.notUTF8(field.shownName))
        }
        if initial.unicodeScalars.contains(where: TextLayout.isControl) {
            throw CommandError.fields(.controlCharacters(field.shownName))
        }
        if initial.count > longestEditableValue {
            throw CommandError.fields(.tooLongToEdit(field.shownName, characters: initial.count, limit: longestEditableValue))
        }
    }
}

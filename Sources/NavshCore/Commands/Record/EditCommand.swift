/// `edit FIELD`: hands the runner a line editor pre-filled with the value
/// (in a script, the next line is the value); what is typed comes back
/// through `Session.finishEdit`. At the prompt, a value a line cannot hold
/// (several lines, wider than the terminal, longer than the line editor
/// keeps), or `edit FIELD --editor`, goes to the user's `$VISUAL` /
/// `$EDITOR` instead (`FieldEdit.external`), like psql's `\e`: the runner
/// owns the terminal, so it runs the editor; the text comes back the same
/// way, with the same checks.
struct EditCommand: FieldEditingCommand {
    static let forms = [CommandForm("edit", [.record], .wordAndRest("field"), usage: "edit FIELD [--editor]",
                                    "edit a field's value on a pre-filled line, or in $EDITOR", example: "edit name")]

    /// Longest value `edit` pre-fills at the prompt.
    static let longestEditableValue = 4_096

    /// The words typed: the field, then `--editor` or nothing.
    let typed: Arguments
    let usage: String

    init(form: CommandForm, arguments: Arguments) {
        typed = arguments
        usage = form.usage
    }

    func fieldName(in collection: CollectionSchema) throws -> String {
        try Self.read(typed, in: collection, usage: usage).field
    }

    /// The field, and whether `--editor` (the user's editor even for a short value) followed it.
    static func read(_ typed: Arguments, in collection: CollectionSchema,
                     usage: String) throws(CommandError) -> (field: String, inEditor: Bool) {
        let (field, rest) = try FieldPhrase.split(typed, in: collection)
        switch rest?.trimmingSpaces {
        case nil, "": return (field, false)
        case "--editor": return (field, true)
        default: throw .grammar(.argumentCount(command: "edit", .one, what: "field", usage: usage))
        }
    }

    func edit(_ field: Field, of frame: RecordFrame, in session: any CommandContext) throws -> Response {
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
        let prompt = field.prompt.map { $0 + " " } ?? field.displayLabel + ": "
        var external = false
        // The line editor pre-fills the value as text to change: one it cannot
        // show as it is stored would be saved back altered by a mere Enter.
        // (A script's value line replaces the value, so scripts may edit it.)
        if session.mode == .interactive {
            let inEditor = try Self.read(typed, in: frame.collection, usage: usage).inEditor
            external = inEditor || Self.needsEditor(initial, width: session.viewport().columns - DisplayWidth.of(prompt))
            try Self.checkEditable(value, initial, field, external: external)
        }
        var edit = FieldEdit(field: field.name, prompt: prompt, initial: initial, hadValue: !value.isNull,
                             placeholder: field.placeholder)
        edit.external = external
        return Response(edit: edit)
    }

    /// A value one line cannot hold goes to the user's editor: several
    /// lines, wider than the terminal after the prompt, or longer than the
    /// line editor pre-fills.
    static func needsEditor(_ text: String, width: Int) -> Bool {
        text.contains("\n") || text.count > longestEditableValue || DisplayWidth.of(text) > max(width, 1)
    }

    private static func checkEditable(_ value: Value, _ initial: String, _ field: Field, external: Bool) throws {
        if case .blob = value {
            throw CommandError.fields(.blobValue(field.shownName))
        }
        if case .rawText = value {
            throw CommandError.fields(.notUTF8(field.shownName))
        }
        // A file holds line breaks and tabs as they are; other control characters
        // (an escape sequence) would act on the terminal the editor runs in.
        let allowed: Set<Unicode.Scalar> = external ? ["\n", "\t", "\r"] : []
        if initial.unicodeScalars.contains(where: { TextLayout.isControl($0) && !allowed.contains($0) }) {
            throw CommandError.fields(.controlCharacters(field.shownName))
        }
        if !external && initial.count > longestEditableValue {
            throw CommandError.fields(.tooLongToEdit(field.shownName, characters: initial.count, limit: longestEditableValue))
        }
    }
}

/// `replace FIELD OLD NEW`: every occurrence of the text OLD in a text
/// field becomes NEW, as plain text. In a batch each row's own value
/// changes; in a record, the one value.
struct ReplaceCommand: FieldEditingCommand {
    static let forms = [CommandForm("replace", [.record], .upTo(3, "field, old text and new text"),
                                    usage: "replace FIELD OLD NEW",
                                    "replace the text OLD with NEW in a field (every row of a batch)",
                                    example: "replace composer Plnt Plant")]

    let words: [String]

    init(form: CommandForm, arguments: Arguments) {
        words = arguments.words
    }

    func fieldName(in collection: CollectionSchema) throws -> String {
        guard words.count == 3 else {
            let missing = ["a field, the old text and the new text", "the old text and the new text", "the new text"]
            throw CommandError.grammar(.missingArgument(command: "replace", what: missing[min(words.count, 2)],
                                                        usage: "replace FIELD OLD NEW"))
        }
        return words[0]
    }

    func edit(_ field: Field, of frame: RecordFrame, in session: any CommandContext) throws -> Response {
        guard field.kind == .text || field.kind == .any else {
            throw CommandError.fields(.replaceNeedsText(field.shownName))
        }
        let replacement = TextReplacement(old: words[1], new: words[2])
        guard !replacement.old.isEmpty else { throw CommandError.fields(.replaceNeedsText(field.shownName)) }
        // One value to replace in: a record's, or a value set for every row of a batch.
        guard let batch = frame.batch, !frame.buffer.isChanged(field.name) || frame.buffer.replacing[field.name] != nil else {
            guard let value = replacement.applied(to: frame.buffer.value(of: field.name)) else {
                throw CommandError.fields(.textNotFound(field.shownName, ValueText.raw(.text(replacement.old)), rows: nil))
            }
            return try frame.assign(checked(value, field), to: field)
        }
        // Each row's value as the replacements typed before left it.
        let earlier = frame.buffer.replacing[field.name]
        var changed = 0
        for row in batch.rows {
            let now = earlier.flatMap { $0.applied(to: row[field.name]) } ?? row[field.name]
            guard let value = replacement.applied(to: now) else { continue }
            do {
                _ = try checked(value, field)
            } catch CommandError.fields(let error) {
                // Which row: a replace that fits most rows may not fit one.
                throw CommandError.fields(.replacedInRow(title: RowTitle.keyed(row, in: frame.collection), error))
            }
            changed += 1
        }
        // A fix script run twice finds no rows the second time: it is done, not wrong.
        guard changed > 0 || batch.rows.isEmpty else {
            throw CommandError.fields(.textNotFound(field.shownName, ValueText.raw(.text(replacement.old)), rows: batch.rows.count))
        }
        frame.buffer.replace(field.name, replacement)
        return Response(output: "\(field.shownName): replaces \(ValueText.raw(.text(replacement.old))) in "
                        + "\(ListLayout.grouped(changed)) of \(batch.count)\n")
    }

    /// The new text as `set` would take it: a choice must stay a choice,
    /// and a `char(4)` key four characters. Only choices were checked, so a
    /// replace that lengthened a key was refused by the server at save.
    private func checked(_ value: Value, _ field: Field) throws -> Value {
        guard case .text(let text) = value else { return value }
        return try ValueParser.parse(text, for: field)
    }
}

/// `show` in a record prints it again; `show FIELD` prints one field's
/// whole value (a record shows long values cut to a preview), its lines
/// kept and every control character escaped.
struct ShowFieldCommand: Command {
    static let forms = [CommandForm("show", [.record], .fieldWords("field", required: false), usage: "show [FIELD]",
                                    "print this record again, or FIELD's whole value", example: "show notes")]

    let typed: TypedField

    init(form: CommandForm, arguments: Arguments) {
        typed = TypedField(arguments, form: form, count: .atMostOne, what: "field")
    }

    static func summary(of form: CommandForm, in frame: any Frame) -> String? {
        (frame as? RecordFrame)?.batch != nil ? "print the batch again, or the value FIELD's rows share" : form.summary
    }

    static let onlyReports = true

    func run(in session: any CommandContext, confirmed: Bool) throws -> Response {
        let frame = try session.topFrame(RecordFrame.self)
        guard typed.first != nil else { return Response(output: try session.show(frame)) }
        let name = try typed.name(in: frame.collection)
        guard let field = frame.collection.field(named: name) else { throw frame.unknownField(name) }
        // A replacement, and a batch's rows that differ, hold no one value:
        // each is said as the screen says it.
        if let replacement = frame.buffer.replacing[field.name] {
            return Response(output: TextLayout.printable(replacement.described) + "\n")
        }
        if let batch = frame.batch, !frame.buffer.isChanged(field.name), let spread = batch.spreadText(field, in: session.store) {
            return Response(output: TextLayout.printable(spread) + "\n")
        }
        let value = frame.buffer.value(of: field.name)
        switch value {
        case .null:
            return Response(output: ValueText.null + "\n")
        case .blob(let bytes):
            // Hex, 32 bytes a line: what a terminal can show of binary data.
            let hex = stride(from: 0, to: bytes.count, by: 32).map { start in
                bytes[start..<min(start + 32, bytes.count)].map { byte in
                    let digits = String(byte, radix: 16)
                    return digits.count == 1 ? "0" + digits : digits
                }.joined() + "\n"
            }.joined()
            return Response(output: "(\(bytes.count) byte\(bytes.count == 1 ? "" : "s") of binary data)\n" + hex)
        case .text(let text):
            return Response(output: TextLayout.printableLines(text) + (text.hasSuffix("\n") ? "" : "\n"))
        default:
            return Response(output: TextLayout.printableLines(ValueText.raw(value)) + "\n")
        }
    }

    static func complete(_ rest: String, in session: any CommandContext) -> Completion {
        guard let frame = session.top as? RecordFrame, let word = Completion.fieldWord(rest) else { return .none }
        return Completion.fields(frame.collection.fields, word)
    }
}

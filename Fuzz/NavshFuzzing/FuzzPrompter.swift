import NavshCore

/// The fuzz input as the driver's prompter: each question and field editor
/// takes the input's next line, as a script's value line would (bytes, in
/// script mode) or as typed at the prompt; input that ran out is the end of
/// input. Everything shown must be printable.
struct FuzzPrompter: Prompter {
    var lines: ArraySlice<[UInt8]>
    let mode: Session.Mode

    func show(_ output: String) {
        FuzzTargets.checkPrintable(output)
    }

    func report(_ error: CommandError) {
        FuzzTargets.checkPrintable(error.message)
    }

    mutating func ask(_ question: Question, repeated: Bool) -> String? {
        FuzzTargets.checkPrintable(question.prompt)
        return lines.popFirst().map { String(decoding: $0, as: UTF8.self) }
    }

    mutating func edit(_ edit: FieldEdit) -> FieldInput {
        FuzzTargets.checkPrintable(edit.prompt)
        guard let line = lines.popFirst() else {
            return mode == .script ? .unavailable(.line(.valueLineMissing(field: edit.field))) : .typed(nil)
        }
        return mode == .script ? .line(line) : .typed(String(decoding: line, as: UTF8.self))
    }
}

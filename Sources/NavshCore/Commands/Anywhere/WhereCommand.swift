/// `where`: the stack of frames, one line each, with their unsaved fields.
struct WhereCommand: PlainCommand {
    /// In a list, `where` also filters (`WhereFilterCommand`), and alone prints this.
    static let forms = [CommandForm("where", [.collections, .record], .none, usage: "where",
                                    "print the stack of frames", example: "where")]

    init() {}

    static let onlyReports = true

    func run(in session: any CommandContext, confirmed: Bool) throws -> Response {
        let output = session.frames.indices.map { i in
            let frame = session.frames[i]
            var line = String(i + 1).leftPadded(to: 3) + "  " + TextLayout.printable(frame.crumb)
            if frame.isDirty { line += "*  unsaved: " + frame.unsavedLabels.joined(separator: ", ") }
            return line + "\n"
        }.joined()
        return Response(output: output)
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        String(repeating: " ", count: max(0, width - count)) + self
    }
}

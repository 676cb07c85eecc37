/// The one place every text a session hands out is made safe for a
/// terminal. Values are escaped where they are rendered, but names from the
/// schema (tables, columns), trigger and constraint messages, spec labels and
/// typed words reach messages by many paths; escaping them all again at the
/// exit means no path can forget. Escaping is idempotent: `\x1B` has no
/// control character left in it.
extension TextLayout {
    /// `printable`, keeping line breaks: for multi-line output.
    public static func printableLines(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0) && $0 != "\n" }) else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { printable(String($0)) }.joined(separator: "\n")
    }
}

extension Response {
    /// This response with every text printable: output keeps its lines;
    /// prompts are one line each. An error needs nothing here: its
    /// `message` is escaped where it is worded (Errors/CommandError.swift).
    func terminalSafe() -> Response {
        var safe = self
        safe.output = TextLayout.printableLines(output)
        if let question { safe.question = question.withPrompt(TextLayout.printable(question.prompt)) }
        if var edit {
            edit.prompt = TextLayout.printable(edit.prompt)
            edit.placeholder = edit.placeholder.map(TextLayout.printable)
            safe.edit = edit
        }
        return safe
    }
}

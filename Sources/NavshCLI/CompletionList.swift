import NavshCore

/// Laying out completion candidates under the line, like a shell's `ls`:
/// the prompt's look, so it lives with the prompt and not in the line editor.
enum CompletionList {
    /// As many as the session offers at most: a longer list is read by nobody.
    static let limit = Completion.titleLimit

    /// The labels of the last completion, for the listing that follows it.
    final class Labels {
        var current: [String: String] = [:]
    }

    /// Candidates in columns, filled down then across, fitted to `width`
    /// by display width (CJK titles take two columns a character).
    /// Notes (`… and 6,926 more`) come last, one a line, never cut.
    static func columns(_ all: [String], width: Int) -> String {
        let words = all.filter { !Completion.isNote($0) }
        let notes = all.filter(Completion.isNote)
        let shown = words.prefix(limit).map { TextLayout.printable($0) }
        let widest = shown.map { DisplayWidth.of($0) }.max() ?? 0
        let columnWidth = widest + 2
        let perLine = max(1, min(shown.count, (width + 2) / max(1, columnWidth)))
        let lines = (shown.count + perLine - 1) / perLine
        var out = ""
        for line in 0..<lines {
            var text = ""
            for column in 0..<perLine {
                let i = column * lines + line
                guard i < shown.count else { break }
                text += column == perLine - 1 || (column + 1) * lines + line >= shown.count
                    ? shown[i] : TextLayout.left(shown[i], columnWidth)
            }
            out += text + "\n"
        }
        if words.count > limit { out += "… and \(words.count - limit) more (type more letters)\n" }
        return out + notes.map { TextLayout.printable($0) + "\n" }.joined()
    }
}

/// The one place every text a session hands out is made safe for a
/// terminal. Values are escaped where they are rendered, but names from the
/// schema (tables, columns), trigger and constraint messages, spec labels and
/// typed words reach messages by many paths; escaping them all again at the
/// exit means no path can forget. Escaping is idempotent: `\x1B` has no
/// control character left in it.
extension TextLayout {
    /// `printable`, keeping line breaks: for multi-line output.
    public static func printableLines(_ text: String) -> String {
        guard containsControl(text, allowingNewlines: true) else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { printable(String($0)) }.joined(separator: "\n")
    }

    /// Whether `text` holds a scalar `isControl` names (a line break aside,
    /// when allowed), read from its UTF-8 bytes: a page of output is
    /// checked on every command, and walking its unicode scalars was a
    /// tenth of laying it out.
    static func containsControl(_ text: String, allowingNewlines: Bool) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var i = 0
            while i < bytes.count {
                i = PrintableASCII.end(of: bytes, from: i)
                guard i < bytes.count else { break }
                let lead = bytes[i]
                if lead < 0x80 {
                    if (lead < 0x20 || lead == 0x7F) && !(allowingNewlines && lead == UInt8(ascii: "\n")) { return true }
                    i += 1
                    continue
                }
                // A String's bytes are valid UTF-8: a lead byte, then 1–3 continuation bytes.
                let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
                var value = UInt32(lead & (lead < 0xE0 ? 0x1F : lead < 0xF0 ? 0x0F : 0x07))
                for k in 1..<length where i + k < bytes.count {
                    value = value << 6 | UInt32(bytes[i + k] & 0x3F)
                }
                if let scalar = Unicode.Scalar(value), isControl(scalar) { return true }
                i += length
            }
            return false
        }
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

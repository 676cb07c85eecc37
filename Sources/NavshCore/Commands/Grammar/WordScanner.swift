/// Splits a command line into words like a shell: `"double quotes"` (where
/// `\"` and `\\` escape), `'single quotes'` (literal), and backslash escapes
/// outside quotes. It scans one word at a time, so a command such as `set`
/// can take the rest of the line raw, apostrophes and all.
public struct WordScanner {
    private let line: String
    private var index: String.Index

    public init(_ line: String) {
        self.line = line
        self.index = line.startIndex
    }

    /// The next word, or nil at the end of the line.
    public mutating func next() throws(CommandError) -> String? {
        skipSpaces()
        guard index < line.endIndex else { return nil }
        if let word = plainWord() { return word }
        var word = ""
        while index < line.endIndex {
            let c = line[index]
            if c == " " || c == "\t" { break }
            line.formIndex(after: &index)
            switch c {
            case "'":
                guard let close = line[index...].firstIndex(of: "'") else {
                    throw .grammar(.unterminatedSingleQuote)
                }
                word += line[index..<close]
                index = line.index(after: close)
            case "\"":
                word += try doubleQuoted()
            case "\\":
                guard index < line.endIndex else {
                    throw .grammar(.loneBackslash)
                }
                word.append(line[index])
                line.formIndex(after: &index)
            default:
                word.append(c)
            }
        }
        return word
    }

    /// Every remaining word.
    public mutating func remainingWords() throws(CommandError) -> [String] {
        var words: [String] = []
        while let word = try next() { words.append(word) }
        return words
    }

    /// The rest of the line as typed, without surrounding spaces. A rest that
    /// starts with a quote must be exactly one quoted word, so that
    /// `set name "  padded  "` and `set name ""` can say what plain text can't.
    public mutating func restOfLine() throws(CommandError) -> String {
        skipSpaces()
        guard let first = line[index...].first else { return "" }
        guard first == "\"" || first == "'" else {
            let rest = String(line[index...]).trimmingSpaces
            index = line.endIndex
            return rest
        }
        let word = try next() ?? ""
        skipSpaces()
        if index < line.endIndex {
            throw .grammar(.textAfterClosingQuote(rest: String(line[index...])))
        }
        return word
    }

    /// True when nothing but spaces is left: `set name` (no value) is not
    /// `set name ""` (an empty one).
    /// The rest of the line exactly as typed (quotes kept), without
    /// surrounding spaces: for a command that reads its own words (`where`).
    public mutating func rawRest() -> String {
        skipSpaces()
        let rest = String(line[index...]).trimmingSpaces
        index = line.endIndex
        return rest
    }

    public mutating func isAtEnd() -> Bool {
        skipSpaces()
        return index == line.endIndex
    }

    /// A word of ASCII without quotes or backslashes (`open`, `#42`,
    /// `value`), read from its bytes: breaking every line of a script into
    /// characters was a tenth of an edit's work. Nil when the slow path
    /// must decide, the index unmoved.
    private mutating func plainWord() -> String? {
        let bytes = line.utf8
        var end = index
        while end < bytes.endIndex {
            let byte = bytes[end]
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { break }
            if byte >= 0x80 || byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                return nil
            }
            bytes.formIndex(after: &end)
        }
        // A mark after the space that ends the word would make one
        // character of the two, which is no space.
        if end < bytes.endIndex {
            let after = bytes.index(after: end)
            if after < bytes.endIndex && bytes[after] >= 0x80 { return nil }
        }
        let word = String(decoding: bytes[index..<end], as: UTF8.self)
        index = end
        return word
    }

    private mutating func skipSpaces() {
        let bytes = line.utf8
        while index < bytes.endIndex {
            let byte = bytes[index]
            guard byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") else { return }
            let after = bytes.index(after: index)
            if after == bytes.endIndex || bytes[after] < 0x80 {
                index = after
                continue
            }
            // A space with a mark after it may be one character, no space.
            guard line[index] == " " || line[index] == "\t" else { return }
            line.formIndex(after: &index)
        }
    }

    private mutating func doubleQuoted() throws(CommandError) -> String {
        var text = ""
        while index < line.endIndex {
            let c = line[index]
            line.formIndex(after: &index)
            if c == "\"" { return text }
            if c == "\\", index < line.endIndex, line[index] == "\"" || line[index] == "\\" {
                text.append(line[index])
                line.formIndex(after: &index)
            } else {
                text.append(c)
            }
        }
        throw .grammar(.unterminatedDoubleQuote)
    }
}

/// Splits a command line into words like a shell: `"double quotes"` (where
/// `\"` and `\\` escape), `'single quotes'` (literal), and backslash escapes
/// outside quotes. It scans one word at a time, so a command such as `set`
/// can take the rest of the line raw, apostrophes and all.
///
/// It reads the line's UTF-8 bytes, as a shell does: a space, a tab, a
/// quote or a backslash is that one byte, whatever follows it. Read as
/// characters, a combining mark typed after a space or a quote joined it
/// into one character that was neither, so `set name "́x"` stored the
/// quotes; and breaking every line into characters was
/// a tenth of a script's edit.
public struct WordScanner {
    private let bytes: [UInt8]
    private var index = 0
    /// Whether the word `next()` read last was typed without quotes or escapes.
    public private(set) var lastWasBare = true

    public init(_ line: String) {
        bytes = Array(line.utf8)
    }

    private static let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t")
    private static let single = UInt8(ascii: "'"), double = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")

    /// The next word, or nil at the end of the line.
    public mutating func next() throws(CommandError) -> String? {
        skipSpaces()
        guard index < bytes.count else { return nil }
        var word: [UInt8] = []
        lastWasBare = true
        while index < bytes.count {
            let byte = bytes[index]
            if byte == Self.space || byte == Self.tab { break }
            index += 1
            if byte == Self.single || byte == Self.double || byte == Self.backslash { lastWasBare = false }
            switch byte {
            case Self.single:
                guard let close = bytes[index...].firstIndex(of: Self.single) else {
                    throw .grammar(.unterminatedSingleQuote)
                }
                word += bytes[index..<close]
                index = close + 1
            case Self.double:
                word += try doubleQuoted()
            case Self.backslash:
                guard index < bytes.count else {
                    throw .grammar(.loneBackslash)
                }
                // The next character is taken as it is: all of its bytes.
                word.append(bytes[index])
                index += 1
                while index < bytes.count, bytes[index] & 0xC0 == 0x80 {
                    word.append(bytes[index])
                    index += 1
                }
            default:
                word.append(byte)
            }
        }
        return Self.text(word[...])
    }

    /// Every remaining word.
    public mutating func remainingWords() throws(CommandError) -> [String] {
        var words: [String] = []
        while let word = try next() { words.append(word) }
        return words
    }

    /// Every remaining word, with whether it was typed bare.
    mutating func remainingWordsMarked() throws(CommandError) -> [(text: String, bare: Bool)] {
        var words: [(text: String, bare: Bool)] = []
        while let word = try next() { words.append((word, lastWasBare)) }
        return words
    }

    /// The rest of the line as typed, without surrounding spaces. A rest that
    /// starts with a quote must be exactly one quoted word, so that
    /// `set name "  padded  "` and `set name ""` can say what plain text can't.
    public mutating func restOfLine() throws(CommandError) -> String {
        skipSpaces()
        guard index < bytes.count else { return "" }
        let first = bytes[index]
        guard first == Self.double || first == Self.single else {
            return rawRest()
        }
        // One quoted word, not a shell's pieces joined: `'it''s'`, as SQL
        // writes an apostrophe, read as `its` without a word.
        index += 1
        let word: [UInt8]
        if first == Self.single {
            guard let close = bytes[index...].firstIndex(of: Self.single) else { throw .grammar(.unterminatedSingleQuote) }
            word = Array(bytes[index..<close])
            index = close + 1
        } else {
            word = try doubleQuoted()
        }
        if index < bytes.count, bytes[index] == first {
            throw .grammar(.doubledQuote(quote: Character(Unicode.Scalar(first))))
        }
        skipSpaces()
        if index < bytes.count {
            throw .grammar(.textAfterClosingQuote(rest: Self.text(bytes[index...])))
        }
        return Self.text(word[...])
    }

    /// The rest of the line exactly as typed (quotes kept), without
    /// surrounding spaces: for a command that reads its own words (`where`).
    public mutating func rawRest() -> String {
        skipSpaces()
        var end = bytes.count
        while end > index, bytes[end - 1] == Self.space || bytes[end - 1] == Self.tab { end -= 1 }
        let rest = Self.text(bytes[index..<end])
        index = bytes.count
        return rest
    }

    /// Whether what is left starts with a quote: `restOfLine` reads it as one quoted word.
    mutating func restIsQuoted() -> Bool {
        skipSpaces()
        return index < bytes.count && (bytes[index] == Self.double || bytes[index] == Self.single)
    }

    /// True when nothing but spaces is left: `set name` (no value) is not
    /// `set name ""` (an empty one).
    public mutating func isAtEnd() -> Bool {
        skipSpaces()
        return index == bytes.count
    }

    private mutating func skipSpaces() {
        while index < bytes.count, bytes[index] == Self.space || bytes[index] == Self.tab { index += 1 }
    }

    private mutating func doubleQuoted() throws(CommandError) -> [UInt8] {
        var text: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == Self.double { return text }
            if byte == Self.backslash, index < bytes.count, bytes[index] == Self.double || bytes[index] == Self.backslash {
                text.append(bytes[index])
                index += 1
            } else {
                text.append(byte)
            }
        }
        throw .grammar(.unterminatedDoubleQuote)
    }

    /// Bytes cut from a `String`'s at ASCII bytes are whole UTF-8.
    private static func text(_ slice: ArraySlice<UInt8>) -> String {
        String(decoding: slice, as: UTF8.self)
    }
}

extension WordScanner {
    /// How to type `name` as one word that `next()` reads back as it is
    /// printed (`TextLayout.printable`, which names are also matched by):
    /// bare when nothing in it splits or escapes a word, else in double
    /// quotes, a `"` or `\` that would end or escape escaped. A suggestion
    /// said `we\nird` bare, which reads back as `wenird`.
    public static func typed(_ name: String) -> String {
        let shown = TextLayout.printable(name)
        if !shown.isEmpty, !shown.utf8.contains(where: { [space, tab, single, double, backslash].contains($0) }) { return shown }
        var bytes: [UInt8] = [double]
        let utf8 = Array(shown.utf8)
        for (i, byte) in utf8.enumerated() {
            let next = i + 1 < utf8.count ? utf8[i + 1] : double
            if byte == double || (byte == backslash && (next == double || next == backslash)) { bytes.append(backslash) }
            bytes.append(byte)
        }
        bytes.append(double)
        return String(decoding: bytes, as: UTF8.self)
    }
}

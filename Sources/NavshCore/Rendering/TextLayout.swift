/// Fitting text into columns by display width.
public enum TextLayout {
    public static let ellipsis: Character = "…"

    /// Cuts `text` to at most `width` columns, ending in an ellipsis when cut.
    public static func truncate(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        if DisplayWidth.of(text) <= width { return text }
        var result = ""
        var used = 0
        for character in text {
            let w = DisplayWidth.of(character)
            if used + w > width - 1 { break }
            result.append(character)
            used += w
        }
        result.append(ellipsis)
        return result
    }

    /// Pads on the right to `width` columns (after truncating to it).
    public static func left(_ text: String, _ width: Int) -> String {
        let cut = truncate(text, to: width)
        return cut + String(repeating: " ", count: max(0, width - DisplayWidth.of(cut)))
    }

    /// Pads on the left to `width` columns (after truncating to it).
    public static func right(_ text: String, _ width: Int) -> String {
        let cut = truncate(text, to: width)
        return String(repeating: " ", count: max(0, width - DisplayWidth.of(cut))) + cut
    }

    /// Makes stored text safe to print on a terminal: control characters
    /// become visible escapes (`\n`, `\t`, `\x1B`), so a value can never move
    /// the cursor, change colours or break a row across lines.
    public static func printable(_ text: String) -> String {
        guard containsControl(text, allowingNewlines: false) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            guard isControl(scalar) else { result.unicodeScalars.append(scalar); continue }
            switch scalar {
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += scalar.value <= 0xFF
                    ? "\\x" + String(repeating: "0", count: max(0, 2 - hex.count)) + hex
                    : "\\u{" + hex + "}"
            }
        }
        return result
    }

    /// What `printable` was made from, when `printed` holds its escapes
    /// (`\n`, `\t`, `\r`, `\x1B`, `\u{202E}`); nil when it holds none. A
    /// value shown escaped can be typed back as shown (a key `#\x1B[31m`).
    /// A backslash that starts no escape stays as it is.
    public static func unescaped(_ printed: String) -> String? {
        guard printed.utf8.contains(UInt8(ascii: "\\")) else { return nil }
        let scalars = Array(printed.unicodeScalars)
        var result = String.UnicodeScalarView()
        var replaced = false
        var i = 0
        func hex(_ digits: ArraySlice<Unicode.Scalar>) -> Unicode.Scalar? {
            guard !digits.isEmpty, digits.count <= 6, digits.allSatisfy({ $0.properties.isASCIIHexDigit }),
                  let value = UInt32(String(String.UnicodeScalarView(digits)), radix: 16) else { return nil }
            return Unicode.Scalar(value)
        }
        while i < scalars.count {
            guard scalars[i] == "\\", i + 1 < scalars.count else { result.append(scalars[i]); i += 1; continue }
            switch scalars[i + 1] {
            case "n": result.append("\n"); i += 2; replaced = true
            case "t": result.append("\t"); i += 2; replaced = true
            case "r": result.append("\r"); i += 2; replaced = true
            case "x" where i + 4 <= scalars.count:
                if let scalar = hex(scalars[(i + 2)..<(i + 4)]) {
                    result.append(scalar); i += 4; replaced = true
                } else {
                    result.append(scalars[i]); i += 1
                }
            case "u" where i + 2 < scalars.count && scalars[i + 2] == "{":
                if let close = scalars[(i + 3)...].firstIndex(of: "}"), let scalar = hex(scalars[(i + 3)..<close]) {
                    result.append(scalar); i = close + 1; replaced = true
                } else {
                    result.append(scalars[i]); i += 1
                }
            default:
                result.append(scalars[i]); i += 1
            }
        }
        return replaced ? String(result) : nil
    }

    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
            || scalar.value == 0x2028 || scalar.value == 0x2029
            // Invisible characters that reorder or hide text (bidi overrides and
            // isolates, zero-width space, marks): what is shown must be what is
            // stored. The zero-width joiner stays: emoji sequences need it.
            || scalar.value == 0x061C || scalar.value == 0x200B || scalar.value == 0x200E || scalar.value == 0x200F
            || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
            || scalar.value == 0xFEFF
            // Other characters that show as nothing, so that two names the
            // file holds apart read alike (`ad\u{2060}min` and `admin`): the soft hyphen, the
            // combining grapheme joiner,
            // Hangul fillers, the Mongolian vowel separator, word joiner and
            // invisible operators, deprecated format characters, interlinear
            // annotations and tags. (The zero-width non-joiner stays: Persian
            // and Indic text need it.)
            || isInvisible(scalar.value)
    }

    private static func isInvisible(_ value: UInt32) -> Bool {
        guard value >= 0xAD else { return false }
        if value == 0x00AD || value == 0x034F || value == 0x115F || value == 0x1160 || value == 0x3164 || value == 0xFFA0
            || (0x17B4...0x17B5).contains(value) || (0x180B...0x180F).contains(value)
            // Variation selectors but U+FE0F, which asks for an emoji's own picture.
            || (0xFE00...0xFE0E).contains(value) || (0xE0100...0xE01EF).contains(value) {
            return true
        }
        // The scripts most text is in hold none: no table lookup for them.
        if value < 0x0300 || (0x3040...0x30FF).contains(value) || (0x4E00...0x9FFF).contains(value)
            || (0xAC00...0xD7A3).contains(value) {
            return false
        }
        // Every other format character (word joiner, invisible operators,
        // tags, interlinear annotations, Egyptian and musical format
        // marks…) but the joiners text needs, and code points with no
        // character or a private one, which a terminal draws as nothing.
        guard let scalar = Unicode.Scalar(value) else { return true }
        switch scalar.properties.generalCategory {
        case .format: return value != 0x200C && value != 0x200D
        case .unassigned, .privateUse, .surrogate: return true
        default: return false
        }
    }

    /// `text` in lines of at most `width` display columns, broken at spaces
    /// (a word longer than a line gets a line of its own).
    public static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if DisplayWidth.of(candidate) <= width || line.isEmpty {
                line = candidate
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// Each line of `text` wider than `width` broken at spaces, its later
    /// lines indented by two (a notice the terminal broke mid-word read
    /// "re-ke" / "yed"). Lines that fit are left as they are.
    public static func wrappingLines(_ text: String, width: Int) -> String {
        guard width > 20 else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { piece in
            let line = String(piece)
            return DisplayWidth.of(line) <= width ? line : wrap(line, width: width - 2).joined(separator: "\n  ")
        }.joined(separator: "\n")
    }
}

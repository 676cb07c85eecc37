import CDisplayWidth

/// Terminal column widths, so that CJK and emoji (2 columns) and combining
/// marks (0) line up. `String.count` counts graphemes, which is not the same.
public enum DisplayWidth {
    /// Columns one grapheme takes: the widest of its scalars, 2 when it asks
    /// for emoji presentation (U+FE0F) or is a flag (two regional indicators).
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        if let first = scalars.first, scalars.count == 1, first.value >= 0x20, first.value < 0x7F {
            return 1
        }
        var widest = 0
        var regionalIndicators = 0
        for scalar in scalars {
            if scalar.value == 0xFE0F { return 2 }
            if (0x1F1E6...0x1F1FF).contains(scalar.value) { regionalIndicators += 1 }
            widest = max(widest, scalarWidth(scalar))
        }
        return regionalIndicators >= 2 ? 2 : widest
    }

    public static func of(_ text: some StringProtocol) -> Int {
        // Printable ASCII (most cells) is one column a byte: no grapheme
        // breaking, which was most of a page's layout.
        let ascii = text.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F } ? bytes.count : nil
        }
        if let ascii = ascii ?? (text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) ? text.utf8.count : nil) {
            return ascii
        }
        var total = 0
        for character in text { total += of(character) }
        return total
    }

    static func scalarWidth(_ scalar: Unicode.Scalar) -> Int {
        let width = navsh_scalar_width(scalar.value)
        if width >= 0 { return Int(width) }
        // -1: a control character (rendering escapes those first); -2: no
        // UTF-8 locale on this machine, so fall back to one column.
        return width == -1 ? 0 : 1
    }
}

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
            PrintableASCII.end(of: bytes) == bytes.count ? bytes.count : nil
        }
        if let ascii = ascii ?? (text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) ? text.utf8.count : nil) {
            return ascii
        }
        // Scalars that are each a character of their own (a footer's `–`
        // and `·`, accented Latin, CJK) are measured one by one: breaking
        // text into graphemes cost 35,000 instructions a footer, a tenth of
        // a `page N`.
        var total = 0
        for scalar in text.unicodeScalars {
            if scalar.value >= 0x20 && scalar.value < 0x7F {
                total += 1
            } else if standsAlone(scalar) {
                total += scalarWidth(scalar)
            } else {
                total = 0
                for character in text { total += of(character) }
                return total
            }
        }
        return total
    }

    /// Scalars that never join another such scalar in one grapheme (none is
    /// a combining mark, joiner, variation selector, regional indicator,
    /// Hangul jamo or prepended mark), so a text made only of them and
    /// printable ASCII is as wide as the sum of its scalars. The test
    /// `standingAloneScalarsAreEachACharacter` checks every one of them.
    /// Pairs of first and last scalar, not `ClosedRange`s: the first
    /// `ClosedRange<UInt32>` made the runtime scan every conformance in the
    /// binary to check `UInt32: Comparable` (280,000 instructions).
    static let standingAlone: [(first: UInt32, last: UInt32)] = [
        (0x00A0, 0x02FF),  // Latin-1 and Latin Extended, IPA, spacing modifiers
        (0x0370, 0x0482),  // Greek, Cyrillic letters (their combining marks follow)
        (0x2010, 0x2027),  // dashes, quotes, bullets, ellipsis
        (0x2030, 0x205E),  // per mille, primes, other punctuation
        (0x20A0, 0x20C0),  // currency signs
        (0x2100, 0x2BFF),  // letterlike, arrows, maths, box drawing, shapes, symbols
        (0x3041, 0x3096),  // hiragana
        (0x30A1, 0x30FA),  // katakana
        (0x4E00, 0x9FFF),  // CJK ideographs
        (0xAC00, 0xD7A3),  // Hangul syllables (trailing jamo are not here)
        (0xFF01, 0xFF60),  // full-width forms
    ]

    static func standsAlone(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        for range in standingAlone where value <= range.last {
            return value >= range.first
        }
        return false
    }

    static func scalarWidth(_ scalar: Unicode.Scalar) -> Int {
        let width = navsh_scalar_width(scalar.value)
        if width >= 0 { return Int(width) }
        // -1: a control character (rendering escapes those first); -2: no
        // UTF-8 locale on this machine, so fall back to one column.
        return width == -1 ? 0 : 1
    }
}

/// A field whose file values need none of `set`'s checks beyond their kind:
/// text with no choices, or a whole number or a real with no range, format
/// or reference. An import reads such a value straight from its bytes; a value
/// these do not read plainly goes the whole way (`ImportChecker`), so
/// both give the same. The whole way was a fifth of an import's time.
enum PlainColumn {
    case text
    case integer
    case real

    init?(_ field: Field) {
        guard field.references == nil, field.choices.isEmpty, field.typeRange == nil else { return nil }
        switch field.kind {
        case .text: self = .text
        case .integer where field.format != .money && field.minimum == nil && field.maximum == nil: self = .integer
        case .real where field.format != .money && field.minimum == nil && field.maximum == nil: self = .real
        default: return nil
        }
    }

    /// The value of a CSV field's bytes, or nil to take the whole way.
    func value(_ bytes: ArraySlice<UInt8>, quoted: Bool) -> Value? {
        if bytes.isEmpty { return quoted && self == .text ? .text("") : nil }
        switch self {
        case .text:
            // Unquoted `\x…` is a blob, text beyond ASCII is checked as UTF-8,
            // and a NUL as the store takes one: all the whole way.
            guard quoted || bytes.first != UInt8(ascii: "\\"), bytes.allSatisfy({ $0 < 0x80 && $0 != 0 }) else { return nil }
            return .text(String(decoding: bytes, as: UTF8.self))
        case .integer:
            // Up to 18 digits, a minus before them: never beyond 64 bits.
            let negative = bytes.first == UInt8(ascii: "-")
            let digits = negative ? bytes.dropFirst() : bytes
            guard (1...18).contains(digits.count) else { return nil }
            var number: Int64 = 0
            for byte in digits {
                guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return nil }
                number = number * 10 + Int64(byte - UInt8(ascii: "0"))
            }
            return .integer(negative ? -number : number)
        case .real:
            if let exact = Self.decimal(bytes) { return .real(exact) }
            // More digits (an export writes 17): strtod reads them, as `set`
            // would, without the rest of `set`'s way, which no plain decimal needs.
            guard bytes.count <= 40, Self.isPlainDecimal(bytes),
                  let real = Double(String(decoding: bytes, as: UTF8.self)) else { return nil }
            return .real(real == 0 ? 0 : real)
        }
    }

    /// Digits with at most one point between them, a minus before them:
    /// within 40 bytes, never beyond a real's range either way.
    static func isPlainDecimal(_ bytes: ArraySlice<UInt8>) -> Bool {
        let digits = bytes.first == UInt8(ascii: "-") ? bytes.dropFirst() : bytes
        guard let first = digits.first, let last = digits.last,
              first != UInt8(ascii: "."), last != UInt8(ascii: ".") else { return false }
        var points = 0
        for byte in digits {
            if byte == UInt8(ascii: ".") { points += 1; continue }
            guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return false }
        }
        return points <= 1
    }

    /// Powers of ten a double holds exactly.
    private static let exactPowers: [Double] = (0...22).map { power in
        (0..<power).reduce(1.0) { product, _ in product * 10 }
    }

    /// Digits with a point between them (`-12.5`), at most 15 after any
    /// leading zeros and 22 after the point: their
    /// digits as a whole number and the power of ten to divide by are both
    /// exact, so one division rounds as strtod does (Clinger's fast path).
    /// Anything else (an exponent, more digits) is nil: strtod reads it.
    static func decimal(_ bytes: ArraySlice<UInt8>) -> Double? {
        let negative = bytes.first == UInt8(ascii: "-")
        var whole: Int64 = 0
        var digits = 0, significant = 0, fraction = 0
        var point = false
        for byte in negative ? bytes.dropFirst() : bytes {
            if byte == UInt8(ascii: ".") {
                guard !point, digits > 0 else { return nil }
                point = true
                continue
            }
            guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return nil }
            whole = whole * 10 + Int64(byte - UInt8(ascii: "0"))
            digits += 1
            if whole > 0 { significant += 1 }
            if point { fraction += 1 }
            if significant > 15 || fraction > 22 { return nil }
        }
        guard digits > 0, !point || fraction > 0 else { return nil }
        let value = Double(whole) / exactPowers[fraction]
        // -0 is 0, as `set` stores it.
        return value == 0 ? 0 : (negative ? -value : value)
    }
}

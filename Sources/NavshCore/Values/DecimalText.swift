/// A decimal number as text (`-12.5`, `1e-400`, 400 digits): what an
/// exact decimal column takes, which a real cannot always hold.
public enum DecimalText {
    /// An optional sign, digits with at most one point, then an optional exponent.
    public static func isDecimal(_ text: String) -> Bool {
        var bytes = Substring(text).utf8[...]
        if let first = bytes.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        let mantissa = bytes.prefix { $0 != UInt8(ascii: "e") && $0 != UInt8(ascii: "E") }
        let digits = mantissa.filter { $0 != UInt8(ascii: ".") }
        guard !digits.isEmpty, digits.allSatisfy(isDigit), mantissa.count - digits.count <= 1 else { return false }
        var exponent = bytes.dropFirst(mantissa.count)
        guard !exponent.isEmpty else { return true }
        exponent = exponent.dropFirst()
        if let sign = exponent.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { exponent = exponent.dropFirst() }
        return !exponent.isEmpty && exponent.count <= 6 && exponent.allSatisfy(isDigit)
    }

    /// Whether a digit of the mantissa is not 0: `0e5` is zero, `1e-400` is not.
    static func hasNonZeroDigit(_ text: String) -> Bool {
        text.utf8.prefix { $0 != UInt8(ascii: "e") && $0 != UInt8(ascii: "E") }
            .contains { isDigit($0) && $0 != UInt8(ascii: "0") }
    }

    /// One spelling for every way of writing a decimal's value (`012.50`,
    /// `1.25e1`, `12.5` are one), to compare digit by digit; nil when
    /// `text` is not a decimal.
    public static func canonical(_ text: String) -> String? {
        guard isDecimal(text) else { return nil }
        var body = Substring(text)
        let negative = body.first == "-"
        if negative || body.first == "+" { body = body.dropFirst() }
        let mantissa = body.prefix { $0 != "e" && $0 != "E" }
        let exponent = Int(body.dropFirst(mantissa.count).dropFirst()) ?? 0
        let whole = mantissa.prefix { $0 != "." }
        var digits = Substring(whole + mantissa.drop { $0 != "." }.dropFirst())
        // The value is 0.DIGITS × 10^point.
        var point = whole.count + exponent
        while digits.first == "0" { digits = digits.dropFirst(); point -= 1 }
        while digits.last == "0" { digits = digits.dropLast() }
        if digits.isEmpty { return "0" }
        return (negative ? "-" : "") + digits + "e" + String(point)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}

/// How values read on screen. Record frames show values as stored (what
/// `set` takes back); list rows may apply a field's format.
public enum ValueText {
    public static let null = "(null)"

    /// The value as stored, printable. Empty text shows as `""` so that it is
    /// not mistaken for NULL.
    public static func raw(_ value: Value) -> String {
        switch value {
        case .null: return null
        // Digits written into a buffer: `String(n)` went through the generic `description`.
        case .integer(let n): return ListLayout.decimal(Int(n))
        case .real(let d): return realText(d)
        case .text(let s):
            // Quoted when spaces at either end would be invisible (`"abc   "`),
            // as `set` takes it back; empty text shows as `""`, and a text
            // that would read as NULL or as that empty text (`(null)`, `""`) is
            // quoted too, so no two values look alike.
            if s.isEmpty || s.first == " " || s.last == " " || s == null || looksQuoted(s) { return quoted(s) }
            return TextLayout.printable(s)
        case .rawText(let bytes): return escaped(bytes)
        case .blob(let bytes): return "<blob, \(bytes.count) byte\(bytes.count == 1 ? "" : "s")>"
        }
    }

    /// A text that begins and ends in `"`: shown bare, it would read as the quoted form of another.
    static func looksQuoted(_ s: String) -> Bool {
        s.utf8.count >= 2 && s.utf8.first == UInt8(ascii: "\"") && s.utf8.last == UInt8(ascii: "\"")
    }

    /// `s` in double quotes, its own quotes escaped, as `set` takes it back.
    static func quoted(_ s: String) -> String {
        var result = "\""
        for character in TextLayout.printable(s) {
            if character == "\"" { result += "\\" }
            result.append(character)
        }
        return result + "\""
    }

    /// Characters of a text a record frame shows; the rest is counted, not shown.
    public static let previewCharacters = 2_000

    /// `raw`, but a text too long to read on screen shows only its start,
    /// ending in `…` (`lengthNote` says how long it is), so showing a record
    /// costs the same whatever its values hold. The frame keeps the whole value.
    public static func bounded(_ value: Value, _ format: ValueFormat = .plain) -> String {
        if case .text(let text) = value, text.utf8.count > previewCharacters,
           let start = text.unicodeScalars.index(text.unicodeScalars.startIndex, offsetBy: previewCharacters,
                                                 limitedBy: text.unicodeScalars.endIndex),
           start < text.unicodeScalars.endIndex {
            return TextLayout.printable(String(text.unicodeScalars[..<start])) + "…"
        }
        return format == .plain || value.isNull ? raw(value) : formatted(value, format)
    }

    /// `bounded`, and its length after it when cut (`xxx… (5,000,001
    /// characters)`): a value in a one-line report (a change elsewhere, a
    /// dry run's) that must neither flood the terminal nor hide how long
    /// it is.
    static func boundedWithLength(_ value: Value) -> String {
        bounded(value) + (lengthNote(value).map { " (\($0))" } ?? "")
    }

    /// `10,485,760 characters` for a text `bounded` cut; nil otherwise.
    public static func lengthNote(_ value: Value) -> String? {
        guard case .text(let text) = value, text.utf8.count > previewCharacters else { return nil }
        let count = text.unicodeScalars.count
        return count > previewCharacters ? grouped(String(count)) + " characters" : nil
    }

    /// Text that is not UTF-8: what decodes is shown (printable), each byte
    /// that does not as `\xNN`, so the value is neither repaired nor raw.
    static func escaped(_ bytes: [UInt8]) -> String {
        var result = ""
        var i = 0
        while i < bytes.count {
            let decoded = (1...4).lazy.compactMap { length -> (String, Int)? in
                guard i + length <= bytes.count,
                      let text = String(validating: bytes[i..<i + length], as: UTF8.self) else { return nil }
                return (text, length)
            }.first
            if let (text, length) = decoded {
                result += TextLayout.printable(text)
                i += length
            } else {
                let hex = String(bytes[i], radix: 16, uppercase: true)
                result += "\\x" + (hex.count < 2 ? "0" : "") + hex
                i += 1
            }
        }
        return result
    }

    /// The value in a list cell; NULL reads as nothing there.
    /// A list's cell: `formatted`, and a text with spaces at either end
    /// quoted, as a record shows it (a lone space read as NULL's blank,
    /// `trail  ` as `trail`). Templates and titles, which
    /// join values into one text, keep `formatted`.
    static func cell(_ value: Value, _ format: ValueFormat) -> String {
        if format == .plain {
            switch value {
            case .text(let s):
                if isShownAsIs(s) { return s }
                if endsInSpace(s) { return quoted(s) }
            case .integer(let n): return ListLayout.decimal(Int(n))
            case .null: return ""
            default: break
            }
        }
        return formatted(value, format)
    }

    /// A text a cell shows as it is, found in one pass over its bytes:
    /// printable ASCII, not empty, no space at either end, not in quotes
    /// (what `formatted` would quote or escape). Most cells are such text,
    /// and the checks one after another were a twentieth of a `page N`.
    private static func isShownAsIs(_ s: String) -> Bool {
        s.utf8.withContiguousStorageIfAvailable { bytes in
            guard let first = bytes.first, let last = bytes.last, first != UInt8(ascii: " "), last != UInt8(ascii: " "),
                  !(bytes.count >= 2 && first == UInt8(ascii: "\"") && last == UInt8(ascii: "\"")) else { return false }
            return PrintableASCII.end(of: bytes) == bytes.count
        } ?? false
    }

    /// A space at either end, read from the bytes in place (`utf8.last`
    /// walked the view generically: a twentieth of a page's cells).
    private static func endsInSpace(_ s: String) -> Bool {
        let space = UInt8(ascii: " ")
        return s.utf8.withContiguousStorageIfAvailable { $0.first == space || $0.last == space }
            ?? (s.utf8.first == space || s.utf8.last == space)
    }

    public static func formatted(_ value: Value, _ format: ValueFormat) -> String {
        if value.isNull { return "" }
        switch format {
        case .plain:
            // NULL is blank in a list: empty text shows as `""`, and a text that reads so is quoted.
            if case .text(let s) = value { return s.isEmpty || looksQuoted(s) ? quoted(s) : TextLayout.printable(s) }
            return raw(value)
        case .money:
            return money(value) ?? raw(value)
        case .date:
            if case .text(let s) = value, s.count >= 10,
               DateText.isDate(String(s.prefix(10))) {
                // A date before the common era keeps its era: cut to ten
                // characters, 44 BC read as AD 44.
                return String(s.prefix(10)) + (DateText.isBeforeCommonEra(s) ? " BC" : "")
            }
            return raw(value)
        case .mediumDate:
            guard case .text(let s) = value, s.count >= 10, DateText.isDate(String(s.prefix(10))),
                  let year = Int(s.prefix(4)), let month = Int(s.dropFirst(5).prefix(2)), let day = Int(s.dropFirst(8).prefix(2))
            else { return raw(value) }
            let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
            return "\(months[month - 1]) \(day), \(year)" + (DateText.isBeforeCommonEra(s) ? " BC" : "")
        case .minimumDecimals(let places):
            return padded(value, places) ?? formatted(value, .plain)
        case .yesNo:
            switch value {
            case .integer(1): return "yes"
            case .integer(0): return "no"
            default: return formatted(value, .plain)
            }
        case .decimals(let places):
            switch value {
            // Exact digits: a Double would round a big integer (Int64.max).
            case .integer(let n): return String(n) + (places > 0 ? "." + String(repeating: "0", count: min(places, 9)) : "")
            case .real(let d): return fixed(d, places)
            default: return formatted(value, .plain)
            }
        }
    }

    /// A number's digits with zeros added up to `places` decimals, none
    /// taken away; nil for a value that is no plain number.
    static func padded(_ value: Value, _ places: Int) -> String? {
        let digits: String
        switch value {
        case .integer(let n): digits = String(n)
        case .real(let d):
            guard d.isFinite else { return nil }
            digits = realText(d)
        case .text(let s): digits = s
        default: return nil
        }
        guard DecimalText.isDecimal(digits), !digits.contains("e"), !digits.contains("E") else { return nil }
        let places = min(max(places, 0), 9)
        let fraction = digits.firstIndex(of: ".").map { digits.distance(from: $0, to: digits.endIndex) - 1 }
        guard let fraction else { return places == 0 ? digits : digits + "." + String(repeating: "0", count: places) }
        return digits + String(repeating: "0", count: max(0, places - fraction))
    }

    /// `$1,200` for whole dollars, `$1,200.50` otherwise.
    static func money(_ value: Value) -> String? {
        let amount: Double
        switch value {
        case .integer(let n): return (n < 0 ? "-$" : "$") + grouped(String(n.magnitude))
        case .real(let d): amount = d
        case .text(let s): guard let d = Double(s) else { return nil }; amount = d
        default: return nil
        }
        guard amount.isFinite else { return nil }
        let cents = fixed(abs(amount), 2)  // "1200.50": rounded as every other fixed-point value
        let parts = cents.split(separator: ".")
        // Only a value past what fixed-point digits can hold comes back without a point.
        guard parts.count == 2 else { return nil }
        let sign = amount < 0 && cents != "0.00" ? "-$" : "$"
        return sign + grouped(String(parts[0])) + (parts[1] == "00" ? "" : "." + parts[1])
    }

    static func grouped(_ digits: String) -> String {
        // Bytes, counted once: a footer groups five numbers on every page.
        let bytes = Array(digits.utf8)
        guard bytes.allSatisfy({ $0 < 0x80 }) else {
            let count = digits.count
            var result = ""
            for (i, digit) in digits.enumerated() {
                if i > 0 && (count - i) % 3 == 0 { result.append(",") }
                result.append(digit)
            }
            return result
        }
        guard bytes.count > 3 else { return digits }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + bytes.count / 3)
        for (i, byte) in bytes.enumerated() {
            if i > 0 && (bytes.count - i) % 3 == 0 { result.append(UInt8(ascii: ",")) }
            result.append(byte)
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// `12.50` for two places, rounding half away from zero. The digits come
    /// from one whole number of 1/10^places units; a value too big for that
    /// (past UInt64 at this scale, 1e17 with two places is not) reads as
    /// Swift prints the Double, never a trap.
    static func fixed(_ number: Double, _ places: Int) -> String {
        guard number.isFinite else { return String(number) }
        let places = min(max(places, 0), 9)
        var unit: UInt64 = 1
        for _ in 0..<places { unit *= 10 }
        let scaled = (abs(number) * Double(unit)).rounded()
        guard let units = UInt64(exactly: scaled) else { return String(number) }
        let whole = units / unit
        var fractionText = String(units % unit)
        fractionText = String(repeating: "0", count: max(0, places - fractionText.count)) + fractionText
        return (number < 0 && units > 0 ? "-" : "") + String(whole) + (places > 0 ? "." + fractionText : "")
    }

    /// Shortest text that reads back as the same Double (`150.5`, not
    /// `150.50000001`), as people write numbers: `-1`, not `-1.0`; `1000`,
    /// not `1e3` or `1000.0`. Where digits alone would be too long, Swift's
    /// exponent form (`1e+300`).
    static func realText(_ d: Double) -> String {
        if d.isFinite, d == d.rounded(), abs(d) < 1e15, let whole = Int64(exactly: d) {
            // -0.0 keeps its sign: it is another value than 0.0 (`Value.==`).
            return d == 0 && d.sign == .minus ? "-0" : String(whole)
        }
        return String(d)
    }
}

/// Turns what the user typed after `set FIELD` into a stored value, checked
/// against the field at once, so a mistake is reported at the line that made
/// it and not later at `save`.
enum ValueParser {
    static func parse(_ text: String, for field: Field, thisYear: Int = CivilTime.now().year) throws(CommandError) -> Value {
        let value = try parseKind(text, for: field)
        try checkChoices(value, field)
        try checkRange(value, field, thisYear: thisYear)
        if !field.choices.isEmpty, case .text(let typed) = value,
           let canonical = field.choices.first(where: { $0.lowercased() == typed.trimmingSpaces.lowercased() }) {
            return .text(canonical)
        }
        return value
    }

    private static func checkChoices(_ value: Value, _ field: Field) throws(CommandError) {
        guard !field.choices.isEmpty, case .text(let typed) = value else { return }
        let wanted = typed.trimmingSpaces.lowercased()
        if !field.choices.contains(where: { $0.lowercased() == wanted }) {
            throw CommandError("\(field.name): '\(TextLayout.printable(typed))' is not one of \(field.choices.joined(separator: ", "))")
        }
    }

    private static func checkRange(_ value: Value, _ field: Field, thisYear: Int) throws(CommandError) {
        let number: Double
        switch value {
        case .integer(let n): number = Double(n)
        case .real(let d): number = d
        default: return
        }
        func limit(_ bound: FieldSpec.Bound) -> Double {
            switch bound {
            case .number(let n): return n
            case .thisYear: return Double(thisYear)
            }
        }
        let low = field.minimum.map(limit)
        let high = field.maximum.map(limit)
        if (low.map { number < $0 } ?? false) || (high.map { number > $0 } ?? false) {
            throw CommandError("\(field.name): \(ValueText.raw(value)) is out of range (\(rangeText(low, high)))")
        }
    }

    private static func rangeText(_ low: Double?, _ high: Double?) -> String {
        // A spec's bound may be any finite Double (1e300): whole numbers print
        // as digits only where Int64 holds them exactly.
        func show(_ d: Double) -> String { Int64(exactly: d).map { String($0) } ?? String(d) }
        switch (low, high) {
        case let (low?, high?): return "\(show(low)) to \(show(high))"
        case let (low?, nil): return "at least \(show(low))"
        case let (nil, high?): return "at most \(show(high))"
        default: return ""
        }
    }

    private static func parseKind(_ text: String, for field: Field) throws(CommandError) -> Value {
        let trimmed = text.trimmingSpaces
        switch field.kind {
        case .text, .any:
            return .text(text)
        case .integer:
            if let n = Int64(numeric(trimmed, field)) { return .integer(n) }
            throw refusal(text, field, "is not a whole number")
        case .real:
            if let d = Double(numeric(trimmed, field)), d.isFinite, looksNumeric(trimmed) { return .real(d) }
            throw refusal(text, field, "is not a number")
        case .numeric:
            let plain = numeric(trimmed, field)
            if let n = Int64(plain) { return .integer(n) }
            if let d = Double(plain), d.isFinite, looksNumeric(plain) { return .real(d) }
            throw refusal(text, field, "is not a number")
        case .boolean:
            switch trimmed.lowercased() {
            case "1", "true", "yes", "on", "y", "t": return .integer(1)
            case "0", "false", "no", "off", "n", "f": return .integer(0)
            default: throw refusal(text, field, "is not a yes/no value (true, false, yes, no, 1, 0)")
            }
        case .date:
            if DateText.isDate(trimmed) { return .text(trimmed) }
            throw refusal(text, field, "is not a date (YYYY-MM-DD)")
        case .datetime:
            if DateText.isDateTime(trimmed) { return .text(trimmed) }
            throw refusal(text, field, "is not a date and time (YYYY-MM-DD HH:MM[:SS])")
        case .blob:
            throw CommandError("\(field.name) holds binary data (BLOB), which cannot be set as text")
        }
    }

    /// Money fields also take what their list shows: `$1,200.50`.
    private static func numeric(_ text: String, _ field: Field) -> String {
        guard field.format == .money else { return text }
        var t = text
        if t.hasPrefix("$") { t.removeFirst() } else if t.hasPrefix("-$") { t = "-" + t.dropFirst(2) }
        return t.replacingAll(",", with: "")
    }

    /// Double() also reads `nan`, `inf` and hex floats; a field wants digits.
    private static func looksNumeric(_ text: String) -> Bool {
        text.allSatisfy { $0.isASCII && ($0.isNumber || "+-.eE$,".contains($0)) }
    }

    private static func refusal(_ text: String, _ field: Field, _ problem: String) -> CommandError {
        let shown = text.isEmpty ? "an empty value" : "'\(TextLayout.printable(text))'"
        return CommandError("\(field.name): \(shown) \(problem)")
    }
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while let c = s.first, c == " " || c == "\t" { s.removeFirst() }
        while let c = s.last, c == " " || c == "\t" { s.removeLast() }
        return String(s)
    }

    func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        for c in self { if c == target { result += replacement } else { result.append(c) } }
        return result
    }
}

/// Turns what the user typed after `set FIELD` into a stored value, checked
/// against the field at once, so a mistake is reported at the line that made
/// it and not later at `save`.
enum ValueParser {
    /// `comparing`: the value is one to compare with (`where year > 3000`),
    /// not one to store, so the field's choices and range do not limit it.
    static func parse(_ text: String, for field: Field, thisYear: Int = CivilTime.now().year,
                      comparing: Bool = false) throws(CommandError) -> Value {
        let value = try parseKind(text, for: field)
        if !comparing {
            try checkChoices(value, field)
            try checkRange(value, field, thisYear: thisYear)
        }
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
            throw .fields(.notAChoice(field.name, typed: typed, choices: field.choices))
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
            throw .fields(.outOfRange(field.name, value: value, minimum: low, maximum: high))
        }
    }

    private static func parseKind(_ text: String, for field: Field) throws(CommandError) -> Value {
        let trimmed = text.trimmingSpaces
        switch field.kind {
        case .text, .any:
            return .text(text)
        case .integer:
            if let n = Int64(numeric(trimmed, field)) { return .integer(n) }
            throw refusal(text, field, .wholeNumber)
        case .real:
            if let d = Double(numeric(trimmed, field)), d.isFinite, looksNumeric(trimmed) { return .real(d) }
            throw refusal(text, field, .number)
        case .numeric:
            let plain = numeric(trimmed, field)
            if let n = Int64(plain) { return .integer(n) }
            // More digits than a Double keeps: the text as typed, so an exact
            // type (PostgreSQL's numeric) stores every digit.
            if let d = Double(plain), d.isFinite, looksNumeric(plain),
               plain.filter(\.isNumber).drop(while: { $0 == "0" }).count > 15 { return .text(plain) }
            if let d = Double(plain), d.isFinite, looksNumeric(plain) { return .real(d) }
            throw refusal(text, field, .number)
        case .boolean:
            switch trimmed.lowercased() {
            case "1", "true", "yes", "on", "y", "t": return .integer(1)
            case "0", "false", "no", "off", "n", "f": return .integer(0)
            default: throw refusal(text, field, .yesNo)
            }
        case .date:
            if DateText.isDate(trimmed) { return .text(trimmed) }
            throw refusal(text, field, .date)
        case .datetime:
            if DateText.isDateTime(trimmed) { return .text(trimmed) }
            throw refusal(text, field, .dateTime)
        case .blob:
            throw .fields(.blobCannotBeSet(field.name))
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

    private static func refusal(_ text: String, _ field: Field, _ expected: FieldError.Expected) -> CommandError {
        .fields(.notA(expected, field: field.name, typed: text))
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

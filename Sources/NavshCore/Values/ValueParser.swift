/// Turns what the user typed after `set FIELD` into a stored value, checked
/// against the field at once, so a mistake is reported at the line that made
/// it and not later at `save`.
enum ValueParser {
    /// `comparing`: the value is one to compare with (`where year > 3000`),
    /// not one to store, so the field's choices and range do not limit it.
    /// `now` is what `today` and `now` mean; `dateTimeForm` how the field's
    /// column writes datetimes (`DateTimeForm`). Both are asked for only
    /// when the field needs them (a date, a range up to this year): reading
    /// the clock was two percent of a script's edit of a number.
    static func parse(_ text: String, for field: Field, thisYear: @autoclosure () -> Int = CivilTime.now().year,
                      comparing: Bool = false, now: @autoclosure () -> CivilTime? = nil,
                      dateTimeForm: DateTimeForm = .standard) throws(CommandError) -> Value {
        let value = try parseKind(text, for: field, now: { now() ?? CivilTime.now() }, dateTimeForm: dateTimeForm)
        if !comparing {
            try checkNUL(value, field)
            try checkChoices(value, field)
            try checkRange(value, field, thisYear: thisYear)
            try checkLength(value, field)
        }
        if !field.choices.isEmpty, case .text(let typed) = value, let canonical = choice(typed, in: field.choices) {
            return .text(canonical)
        }
        return value
    }

    /// The choice `typed` names: the one it spells exactly, else the one it
    /// spells ignoring case. Two choices apart only in case (an enum's `a`
    /// and `A`) are each named only exactly: `A` took `a`, and `#A`
    /// deleted row `a`.
    static func choice(_ typed: String, in choices: [String]) -> String? {
        let trimmed = typed.trimmingSpaces
        if let exact = choices.first(where: { $0 == trimmed }) { return exact }
        let folded = choices.filter { $0.lowercased() == trimmed.lowercased() }
        return folded.count == 1 ? folded[0] : nil
    }

    private static func checkChoices(_ value: Value, _ field: Field) throws(CommandError) {
        guard !field.choices.isEmpty, case .text(let typed) = value else { return }
        if choice(typed, in: field.choices) == nil {
            let alike = field.choices.filter { $0.lowercased() == typed.trimmingSpaces.lowercased() }
            if alike.count > 1 { throw .fields(.choiceByCase(field.shownName, typed: typed, choices: alike)) }
            throw .fields(.notAChoice(field.shownName, typed: typed, choices: field.choices))
        }
    }

    /// A value already typed (kept from the row, a draft's default) checked
    /// as `set` checks one: its field's choices, range and lengths.
    static func check(_ value: Value, for field: Field) throws(CommandError) {
        guard !value.isNull else { return }
        try checkNUL(value, field)
        try checkChoices(value, field)
        try checkRange(value, field, thisYear: { CivilTime.now().year })
        try checkLength(value, field)
    }

    private static func checkNUL(_ value: Value, _ field: Field) throws(CommandError) {
        guard field.refusesNUL else { return }
        switch value {
        case .text(let text) where text.utf8.contains(0): throw .fields(.holdsNUL(field.shownName))
        case .rawText(let bytes) where bytes.contains(0): throw .fields(.holdsNUL(field.shownName))
        default: return
        }
    }

    private static func checkLength(_ value: Value, _ field: Field) throws(CommandError) {
        guard field.minimumLength != nil || field.maximumLength != nil, case .text(let text) = value else { return }
        // Characters as both stores count them: code points.
        let count = text.unicodeScalars.count
        if (field.minimumLength.map { count < $0 } ?? false) || (field.maximumLength.map { count > $0 } ?? false) {
            throw .fields(.wrongLength(field.shownName, count: count, minimum: field.minimumLength, maximum: field.maximumLength))
        }
    }

    private static func checkRange(_ value: Value, _ field: Field, thisYear: () -> Int) throws(CommandError) {
        let number: Double
        switch value {
        case .integer(let n): number = Double(n)
        case .real(let d): number = d
        default: return
        }
        if let range = field.typeRange {
            // A real holds floats: the largest, typed as shown, rounds to it.
            let held = field.kind == .real ? Double(Float(number)) : number
            if !range.contains(held) {
                throw .fields(.outOfRange(field.shownName, value: value, minimum: range.lowerBound, maximum: range.upperBound))
            }
            // The server refuses a number that would round to 0 as a float.
            if held == 0 && number != 0 {
                throw .fields(.nearZero(field.shownName, value: value, least: Double(Float.leastNonzeroMagnitude)))
            }
        }
        let low = field.minimum?.number(thisYear: thisYear)
        let high = field.maximum?.number(thisYear: thisYear)
        if (low.map { number < $0 } ?? false) || (high.map { number > $0 } ?? false) {
            throw .fields(.outOfRange(field.shownName, value: value, minimum: low, maximum: high))
        }
    }

    private static func parseKind(_ text: String, for field: Field, now: () -> CivilTime,
                                  dateTimeForm: DateTimeForm) throws(CommandError) -> Value {
        let trimmed = text.trimmingSpaces
        switch field.kind {
        case .text, .any:
            return .text(text)
        case .integer:
            let plain = try numeric(trimmed, field)
            if let n = Int64(plain) { return .integer(n) }
            // A whole number as a spreadsheet writes it (`950.0`) is that number.
            if let point = plain.firstIndex(of: "."), plain[plain.index(after: point)...].allSatisfy({ $0 == "0" }),
               let n = Int64(plain[..<point]) {
                return .integer(n)
            }
            if field.format == .money, let cents = wholeDollars(plain) {
                guard let dollars = cents else {
                    throw .fields(.centsInWholeDollars(field.shownName, typed: text, type: field.typeName))
                }
                return .integer(dollars)
            }
            // Digits that overflow 64 bits are a whole number all the same:
            // say what is wrong with them rather than what they are not.
            let digits = plain.hasPrefix("-") || plain.hasPrefix("+") ? plain.dropFirst() : Substring(plain)
            if digits.isASCIIDigits {
                throw refusal(text, field, .wholeNumberInRange)
            }
            throw refusal(text, field, .wholeNumber)
        case .real:
            // -0 is 0: a REAL column stores a whole number as an integer on
            // disk, so its sign would be lost and every `set x -0` would
            // read as a change never kept.
            if let d = Double(try numeric(trimmed, field)), looksNumeric(trimmed) { return .real(try inRange(d, text, field)) }
            throw refusal(text, field, .number)
        case .numeric:
            let plain = try numeric(trimmed, field)
            if let n = Int64(plain) { return .integer(n) }
            // A whole number as a spreadsheet writes it (`950.0`) is that number.
            if let point = plain.firstIndex(of: "."), plain[plain.index(after: point)...].allSatisfy({ $0 == "0" }),
               let n = Int64(plain[..<point]) {
                return .integer(n)
            }
            // More digits than a Double keeps: the text as typed, so an exact
            // type (PostgreSQL's numeric) stores every digit.
            if let d = Double(plain), d.isFinite, looksNumeric(plain),
               plain.filter(\.isNumber).drop(while: { $0 == "0" }).count > 15 { return .text(plain) }
            if field.keepsEveryDigit, DecimalText.isDecimal(plain) {
                // Beyond a real's range (1e-400, 400 digits), yet a decimal the store keeps exactly.
                if let d = Double(plain), d.isFinite, d != 0 || !DecimalText.hasNonZeroDigit(plain) { return .real(d == 0 ? 0 : d) }
                return .text(plain)
            }
            if let d = Double(plain), looksNumeric(plain) { return .real(try inRange(d, plain, field)) }
            throw refusal(text, field, .number)
        case .boolean:
            switch trimmed.lowercased() {
            case "1", "true", "yes", "on", "y", "t": return .integer(1)
            case "0", "false", "no", "off", "n", "f": return .integer(0)
            default: throw refusal(text, field, .yesNo)
            }
        case .date:
            if DateText.isDate(DateText.withoutEra(trimmed)) { return .text(trimmed) }
            if let (date, _) = RelativeDate.resolve(trimmed, now: now()) { return .text(date) }
            throw refusal(text, field, .date)
        case .datetime:
            if DateText.isDateTime(trimmed) { return dateTimeForm.value(trimmed) }
            if DateText.isBeforeCommonEra(trimmed) {
                let time = DateText.withoutEra(trimmed)
                if DateText.isDateTime(time) || DateText.withFullOffset(time) != nil { return .text(trimmed) }
            }
            if let full = DateText.withFullOffset(trimmed) { return dateTimeForm.value(full) }
            if let (date, time) = RelativeDate.resolve(trimmed, now: now()) {
                return dateTimeForm.value(date + (time.map { " " + $0 } ?? ""))
            }
            throw refusal(text, field, .dateTime)
        case .blob:
            throw .fields(.blobCannotBeSet(field.shownName))
        }
    }

    /// Money fields also take what their list shows: `$1,200.50`. A comma
    /// there only separates thousands (`1,210`): `1,5` is refused, not read
    /// as 15.
    /// A real as stored: -0 as 0, and refused when out of a Double's range
    /// either way: `1e400` was "not a number", and `1e-400`, read as 0, was
    /// stored as 0 without a word.
    private static func inRange(_ d: Double, _ typed: String, _ field: Field) throws(CommandError) -> Double {
        // The digits before an exponent, looked at only for a zero.
        func mantissaIsZero() -> Bool {
            !typed.prefix { $0 != "e" && $0 != "E" }.contains { $0.isNumber && $0 != "0" }
        }
        guard d.isFinite, d != 0 || mantissaIsZero() else {
            throw refusal(typed, field, .numberInRange)
        }
        return d == 0 ? 0 : d
    }

    private static func numeric(_ text: String, _ field: Field) throws(CommandError) -> String {
        guard field.format == .money else { return text }
        var t = text
        if t.hasPrefix("$") { t.removeFirst() } else if t.hasPrefix("-$") { t = "-" + t.dropFirst(2) }
        // Dollars and cents, as a money field shows them: no exponent, no third decimal.
        let fraction = t.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).dropFirst().first
        if t.contains(where: { $0 == "e" || $0 == "E" }) || (fraction.map { $0.count > 2 } ?? false) {
            throw .fields(.notCents(field.shownName, typed: text))
        }
        guard t.contains(",") else { return t }
        let unsigned = t.hasPrefix("-") || t.hasPrefix("+") ? t.dropFirst() : Substring(t)
        let whole = unsigned.prefix { $0 != "." }
        let groups = whole.split(separator: ",", omittingEmptySubsequences: false)
        let digitsOnly = groups.allSatisfy { $0.allSatisfy { $0.isASCII && $0.isNumber } }
        guard digitsOnly, (1...3).contains(groups[0].count), groups.dropFirst().allSatisfy({ $0.count == 3 }) else {
            throw .fields(.misplacedComma(field.shownName, typed: text))
        }
        return t.replacingAll(",", with: "")
    }

    /// `12.00` in a whole-dollar field: `.some(12)`; `12.50`: `.some(nil)`
    /// (it has cents); nil when it is no amount at all.
    private static func wholeDollars(_ plain: String) -> Int64?? {
        let parts = plain.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let dollars = Int64(parts[0].isEmpty ? "0" : String(parts[0])),
              !parts[1].isEmpty, parts[1].allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return parts[1].allSatisfy { $0 == "0" } ? .some(dollars) : .some(nil)
    }

    /// Double() also reads `nan`, `inf` and hex floats; a field wants digits.
    /// Byte by byte: by characters it was a tenth of an import's time.
    private static func looksNumeric(_ text: String) -> Bool {
        text.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
                 UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "$"), UInt8(ascii: ","): true
            default: false
            }
        }
    }

    private static func refusal(_ text: String, _ field: Field, _ expected: FieldError.Expected) -> CommandError {
        .fields(.notA(expected, field: field.shownName, typed: text))
    }
}

extension String {
    /// Without leading and trailing spaces and tabs, those bytes alone (as
    /// `WordScanner` splits at them): a combining mark after a space does
    /// not keep the space.
    var trimmingSpaces: String {
        let bytes = utf8
        guard let first = bytes.first, let last = bytes.last else { return self }
        func isSpace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        if !isSpace(first) && !isSpace(last) { return self }
        var start = bytes.startIndex, end = bytes.endIndex
        while start < end, isSpace(bytes[start]) { bytes.formIndex(after: &start) }
        while end > start, isSpace(bytes[bytes.index(before: end)]) { bytes.formIndex(before: &end) }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        for c in self { if c == target { result += replacement } else { result.append(c) } }
        return result
    }
}

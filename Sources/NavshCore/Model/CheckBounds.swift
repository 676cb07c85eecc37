/// The range a simple CHECK sets a number field (`total >= 0`, `qty
/// BETWEEN 1 AND 99`, `n > 0` on a whole number), so `set` refuses a value
/// outside it when it is typed, as a spec's range does. PostgreSQL's
/// rewrite (`((qty >= 1) AND (qty <= 99))`, constants cast) reads alike.
/// Any other CHECK stays the store's to refuse at save.
enum CheckBounds {
    static func of(_ check: String, field: String, whole: Bool) -> (minimum: Double?, maximum: Double?)? {
        bounds(of: plain(check), name: normalized(field), whole: whole)
    }

    /// The lengths a CHECK allows a text field (`length(code) = 3`,
    /// `char_length(name) <= 40`, `length(code) BETWEEN 2 AND 5`).
    static func lengths(_ check: String, field: String) -> (minimum: Int?, maximum: Int?)? {
        let text = plain(check)
        let name = normalized(field).filter { $0 != "(" && $0 != ")" }
        for measure in ["length", "char_length", "character_length"] where text.hasPrefix(measure + name) {
            guard let found = bounds(of: text, name: measure + name, whole: true) else { return nil }
            return (found.minimum.flatMap { Int(exactly: max($0, 0)) }, found.maximum.flatMap { Int(exactly: $0) })
        }
        return nil
    }

    /// A CHECK lowercased, without spaces, quotes, casts and parentheses.
    private static func plain(_ check: String) -> String {
        CheckChoices.withoutCasts(normalized(check)).filter { $0 != "(" && $0 != ")" }
    }

    private static func bounds(of text: String, name: String, whole: Bool) -> (minimum: Double?, maximum: Double?)? {
        var minimum: Double?
        var maximum: Double?
        // `a BETWEEN x AND y` first: its AND is not a conjunction.
        if text.hasPrefix(name + "between") {
            let bounds = pieces(text.dropFirst(name.count + "between".count), by: "and")
            guard bounds.count == 2, let low = Double(bounds[0]), let high = Double(bounds[1]) else { return nil }
            return (low, high)
        }
        for part in pieces(Substring(text), by: "and") {
            guard let (op, number) = comparison(part, name) else { return nil }
            switch op {
            case ">=": minimum = max(minimum ?? number, number)
            case "<=": maximum = min(maximum ?? number, number)
            // A strict bound on a whole number is the next one in.
            case ">" where whole && number == number.rounded(): minimum = max(minimum ?? number + 1, number + 1)
            case "<" where whole && number == number.rounded(): maximum = min(maximum ?? number - 1, number - 1)
            case "=":
                minimum = max(minimum ?? number, number)
                maximum = min(maximum ?? number, number)
            default: return nil
            }
        }
        return minimum == nil && maximum == nil ? nil : (minimum, maximum)
    }

    /// `name OP number` or `number OP name`, as `name OP number`.
    private static func comparison(_ text: Substring, _ name: String) -> (String, Double)? {
        for op in [">=", "<=", "<>", "!=", ">", "<", "="] {
            let sides = pieces(text, by: op)
            guard sides.count == 2 else { continue }
            if op == "<>" || op == "!=" { return nil }
            if sides[0] == name, let number = Double(sides[1]), number.isFinite { return (op, number) }
            let flipped = [">=": "<=", "<=": ">=", ">": "<", "<": ">", "=": "="][op]!
            if sides[1] == name, let number = Double(sides[0]), number.isFinite { return (flipped, number) }
            return nil
        }
        return nil
    }

    /// `text` cut at each `separator`, by its bytes: the standard library's
    /// `split` on a string instantiates generic types at run time, a
    /// third of a million instructions at every start-up of a file with a CHECK.
    static func pieces(_ text: Substring, by separator: String) -> [Substring] {
        let bytes = Array(text.utf8)
        let needle = Array(separator.utf8)
        var pieces: [Substring] = []
        var start = 0
        var index = 0
        while index + needle.count <= bytes.count {
            if bytes[index..<index + needle.count].elementsEqual(needle) {
                pieces.append(Substring(decoding: bytes[start..<index], as: UTF8.self))
                index += needle.count
                start = index
            } else {
                index += 1
            }
        }
        pieces.append(Substring(decoding: bytes[start...], as: UTF8.self))
        return pieces
    }

    /// Lowercased, quotes and spaces gone: `"Qty" >= 1` → `qty>=1`.
    private static func normalized(_ text: String) -> String {
        String(text.lowercased().filter { !$0.isWhitespace && $0 != "\"" && $0 != "`" })
    }
}

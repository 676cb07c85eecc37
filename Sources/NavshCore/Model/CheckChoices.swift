/// The values a CHECK lists for one field (`status IN ('new', 'paid')`, or
/// PostgreSQL's rewrite `status = ANY (ARRAY['new'::text, 'paid'::text])`):
/// the field's choices, so `set` refuses another value when it is typed,
/// Tab completes them and `describe` lists them. Any other CHECK stays the
/// store's to refuse at save.
enum CheckChoices {
    static func of(_ check: String, field: String) -> [String]? {
        // No literal, no list of values (`value >= 0`): nothing to read.
        guard check.utf8.contains(UInt8(ascii: "'")) else { return nil }
        var values: [String] = []
        var shape = ""
        var characters = check[...]
        while let c = characters.first {
            characters = characters.dropFirst()
            switch c {
            case "'":
                // A literal: '' inside it is one quote.
                var value = ""
                while let next = characters.first {
                    characters = characters.dropFirst()
                    if next == "'" {
                        guard characters.first == "'" else { break }
                        characters = characters.dropFirst()
                    }
                    value.append(next)
                }
                values.append(value)
                shape += "?"
            case "\"", "`":
                // A quoted name, compared as the field's name is: ignoring case.
                while let next = characters.first {
                    characters = characters.dropFirst()
                    if next == c { break }
                    shape += next.lowercased()
                }
            default:
                shape += c.lowercased()
            }
        }
        // PostgreSQL's casts (`::text`, `::character varying`, `::text[]`), then
        // parentheses and spaces, which the comparison does not need.
        shape = withoutCasts(shape)
        shape = shape.filter { $0 != "(" && $0 != ")" && !$0.isWhitespace }
        let name = field.lowercased().filter { $0 != "(" && $0 != ")" && !$0.isWhitespace }
        let list = Array(repeating: "?", count: values.count).joined(separator: ",")
        guard !values.isEmpty, shape == name + "in" + list || shape == name + "=anyarray[" + list + "]" else { return nil }
        // `set` trims what is typed: a value with spaces at an end (or none
        // at all) could not be chosen, so such a list stays the store's to check.
        guard values.allSatisfy({ $0.first.map { $0 != " " } == true && $0.last != " " }) else { return nil }
        return values
    }

    /// `x::character varying(5)[]` → `x`: PostgreSQL's casts taken off,
    /// from lowercase text, without a regular expression (loading ICU for
    /// one cost every start-up of a file with a CHECK a millisecond).
    static func withoutCasts(_ text: String) -> String {
        guard text.contains("::") else { return text }
        var out = ""
        var rest = Substring(text)
        while let cast = rest.firstRange(of: "::") {
            out += rest[..<cast.lowerBound]
            rest = rest[cast.upperBound...]
            rest = rest.drop { $0 == "_" || ("a"..."z").contains($0) }
            for word in [" varying", " precision", " with time zone", " without time zone"] where rest.hasPrefix(word) {
                rest = rest.dropFirst(word.count)
            }
            if rest.first == "(", let close = rest.firstIndex(of: ")"),
               rest[rest.index(after: rest.startIndex)..<close].allSatisfy({ $0.isNumber || $0 == "," || $0 == " " }) {
                rest = rest[rest.index(after: close)...]
            }
            if rest.hasPrefix("[]") { rest = rest.dropFirst(2) }
        }
        return out + rest
    }
}

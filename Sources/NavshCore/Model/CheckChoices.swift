import Foundation

/// The values a CHECK lists for one field (`status IN ('new', 'paid')`, or
/// PostgreSQL's rewrite `status = ANY (ARRAY['new'::text, 'paid'::text])`):
/// the field's choices, so `set` refuses another value when it is typed,
/// Tab completes them and `describe` lists them. Any other CHECK stays the
/// store's to refuse at save.
enum CheckChoices {
    static func of(_ check: String, field: String) -> [String]? {
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
        shape = shape.replacingOccurrences(of: #"::[a-z_]+( varying| precision)?(\([0-9, ]*\))?(\[\])?"#, with: "",
                                           options: .regularExpression)
        shape = shape.filter { $0 != "(" && $0 != ")" && !$0.isWhitespace }
        let name = field.lowercased().filter { $0 != "(" && $0 != ")" && !$0.isWhitespace }
        let list = Array(repeating: "?", count: values.count).joined(separator: ",")
        guard !values.isEmpty, shape == name + "in" + list || shape == name + "=anyarray[" + list + "]" else { return nil }
        return values
    }
}

import Foundation

/// How a refused CHECK is named, as SQLite names it: by the name its author
/// gave it, else by its expression. PostgreSQL names every constraint; one
/// it named itself (`TABLE_check`, or `TABLE_COLUMN_check` when the
/// expression names one column, a number after on a clash) stands for the
/// expression, which the server keeps only rewritten: the outer
/// parentheses and the casts it put on constants are taken off again
/// (`((price >= (0)::double precision))` → `price >= 0`).
enum PostgresCheckText {
    /// `definition` is `pg_get_constraintdef` (`CHECK ((a <= b))`).
    static func of(name: String, table: String, columns: [String], definition: String) -> String {
        guard isGenerated(name, table: table, columns: columns) else { return name }
        var text = definition
        if text.hasSuffix(" NOT VALID") { text.removeLast(" NOT VALID".count) }
        guard text.hasPrefix("CHECK (") && text.hasSuffix(")") else { return name }
        text = String(text.dropFirst("CHECK (".count).dropLast())
        if wrapsWhole(text) { text = String(text.dropFirst().dropLast()) }
        return withoutConstantCasts(text)
    }

    /// Whether PostgreSQL chose `name` (its `ChooseConstraintName` for a CHECK).
    static func isGenerated(_ name: String, table: String, columns: [String]) -> Bool {
        let stems = [table + "_check"] + (columns.count == 1 ? [table + "_" + columns[0] + "_check"] : [])
        return stems.contains { stem in
            name.hasPrefix(stem) && name.dropFirst(stem.count).allSatisfy { $0.isASCII && $0.isNumber }
        }
    }

    /// `(a) AND (b)` is not wrapped whole; `(a AND b)` is.
    private static func wrapsWhole(_ text: String) -> Bool {
        guard text.hasPrefix("(") && text.hasSuffix(")") else { return false }
        var depth = 0
        var inQuote: Character?
        for (i, c) in text.enumerated() {
            if let quote = inQuote {
                if c == quote { inQuote = nil }
                continue
            }
            switch c {
            case "'", "\"": inQuote = c
            case "(": depth += 1
            case ")":
                depth -= 1
                if depth == 0 && i < text.count - 1 { return false }
            default: break
            }
        }
        return depth == 0
    }

    /// `(0)::double precision` → `0`, `'x'::text` → `'x'`.
    private static func withoutConstantCasts(_ text: String) -> String {
        let type = #"::(?:double precision|character varying|timestamp with(?:out)? time zone|[a-z_][a-z0-9_]*)(?:\([0-9, ]+\))?(?:\[\])?"#
        var result = text
        for (pattern, template) in [(#"\((-?[0-9]+(?:\.[0-9]+)?)\)"# + type, "$1"), (#"('(?:[^']|'')*')"# + type, "$1"),
                                    (#"(?<![A-Za-z0-9_")])(-?[0-9]+(?:\.[0-9]+)?)"# + type, "$1")] {
            result = result.replacingOccurrences(of: pattern, with: template, options: .regularExpression)
        }
        return result
    }
}

import NavshCore

/// Reads a column's DEFAULT clause as SQLite reports it. Literals become
/// values a draft can show; anything else (CURRENT_TIMESTAMP, an expression
/// in parentheses) is left for SQLite to evaluate at insert.
enum DefaultValueSQL {
    static func parse(_ sql: String?) -> Field.Default {
        guard let raw = sql.map(trimmed), !raw.isEmpty else { return .none }
        let upper = raw.uppercased()
        if upper == "NULL" { return .value(.null) }
        if upper == "TRUE" { return .value(.integer(1)) }
        if upper == "FALSE" { return .value(.integer(0)) }
        if let n = Int64(raw) { return .value(.integer(n)) }
        if let d = Double(raw), d.isFinite, raw.allSatisfy({ $0.isNumber || "+-.eE".contains($0) }) {
            return .value(.real(d))
        }
        if raw.count >= 2, raw.hasPrefix("'"), raw.hasSuffix("'") {
            let body = raw.dropFirst().dropLast()
            // A lone quote inside means this is not one literal ('a' || 'b').
            if let text = unquoted(body) { return .value(.text(text)) }
        }
        return .expression(raw)
    }

    /// `text` without leading and trailing whitespace as CharacterSet's
    /// `.whitespaces` has it (tab and the space separators), without going
    /// through Foundation, which cost most of a store's open.
    static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
        }
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
              let last = scalars.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(scalars[first...last])
    }

    /// The body of a quoted literal with each `''` made one quote; nil when
    /// a lone quote is left (`'a' || 'b'` is not one literal).
    static func unquoted(_ body: Substring) -> String? {
        var text = ""
        var scalars = body.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            if scalar == "'" {
                guard scalars.popFirst() == "'" else { return nil }
            }
            text.unicodeScalars.append(scalar)
        }
        return text
    }
}


import NavshCore

/// A title made of several fields (`TitlePart`s) as one SQL text
/// expression, so `open`, `set REF TITLE` and `where REF ~` match the title
/// a list shows, not its first field alone.
enum TitleSQL {
    /// Each column qualified by `table` when given; nil for text SQL cannot
    /// hold as a literal (a NUL). A first and last name joins the fields
    /// that hold something (`RowTitle`); a template's text is read with its
    /// runs of spaces as one and its ends trimmed (`RowTemplate.render`; up
    /// to eight spaces in a row).
    static func expression(_ parts: [TitlePart], table: String? = nil) -> String? {
        func column(_ name: String) -> String {
            "coalesce(CAST(" + (table.map { $0 + "." } ?? "") + name.sqlIdentifier + " AS TEXT), '')"
        }
        func literal(_ text: String) -> String? {
            text.utf8.contains(0) ? nil : "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
        }
        if parts.contains(where: { if case .separator = $0 { return true } else { return false } }) {
            // Field, separator, field, …: each next field joined only when both sides hold something.
            var joined: String?
            var separator = ""
            for part in parts {
                switch part {
                case .separator(let text):
                    guard let quoted = literal(text) else { return nil }
                    separator = quoted
                case .field(let name):
                    let next = column(name)
                    joined = joined.map { "(CASE WHEN \($0) = '' THEN \(next) WHEN \(next) = '' THEN \($0) ELSE \($0) || \(separator) || \(next) END)" } ?? next
                case .text(let text):
                    guard let quoted = literal(text) else { return nil }
                    joined = joined.map { "(\($0) || \(quoted))" } ?? quoted
                }
            }
            return joined
        }
        var terms: [String] = []
        for part in parts {
            switch part {
            case .text(let text), .separator(let text):
                guard !text.isEmpty else { continue }
                guard let quoted = literal(text) else { return nil }
                terms.append(quoted)
            case .field(let name):
                terms.append(column(name))
            }
        }
        guard !terms.isEmpty else { return nil }
        var folded = "(" + terms.joined(separator: " || ") + ")"
        for _ in 0..<3 { folded = "replace(\(folded), '  ', ' ')" }
        return "trim(\(folded), ' ')"
    }
}

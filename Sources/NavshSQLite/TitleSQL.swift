import NavshCore

/// A title made of several fields (`TitlePart`s) as one SQL text
/// expression, so `open`, `set REF TITLE` and `where REF ~` match the title
/// a list shows, not its first field alone.
enum TitleSQL {
    /// `coalesce(CAST(a AS TEXT), '') || ' ' || …`, each column qualified
    /// by `table` when given (a subquery on the referenced table); nil for
    /// text SQL cannot hold as a literal (a NUL).
    static func expression(_ parts: [TitlePart], table: String? = nil) -> String? {
        var terms: [String] = []
        for part in parts {
            switch part {
            case .text(let text):
                guard !text.isEmpty else { continue }
                guard !text.utf8.contains(0) else { return nil }
                terms.append("'" + text.replacingOccurrences(of: "'", with: "''") + "'")
            case .field(let name):
                let column = (table.map { $0 + "." } ?? "") + name.sqlIdentifier
                terms.append("coalesce(CAST(\(column) AS TEXT), '')")
            }
        }
        return terms.isEmpty ? nil : "(" + terms.joined(separator: " || ") + ")"
    }
}

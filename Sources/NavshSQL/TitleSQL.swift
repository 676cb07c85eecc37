import NavshCore

/// A title made of several fields (`TitlePart`s) as one text expression, so
/// `open`, `set REF TITLE`, `find` and `where REF ~` match the title a list
/// shows, not its first field alone.
public enum TitleSQL {
    /// A first and last name joins the fields that hold something
    /// (`RowTitle`); a template's text is read with its runs of spaces as
    /// one and its ends trimmed (`RowTemplate.render`; up to eight spaces in
    /// a row). The text between fields is bound, never spliced.
    public static func expression(_ parts: [TitlePart], of collection: String,
                                  _ dialect: some SQLDialect) throws -> SQLFragment {
        if parts.contains(where: { if case .separator = $0 { return true } else { return false } }) {
            // Field, separator, field, …: each next field joined only when both sides hold something.
            var joined: SQLFragment?
            var separator: SQLFragment = "''"
            for part in parts {
                switch part {
                case .separator(let text):
                    separator = .text(text)
                case .field(let name):
                    let next = SQLFragment(try dialect.titleText(name, of: collection))
                    joined = joined.map { "(CASE WHEN " + $0 + " = '' THEN " + next + " WHEN " + next + " = '' THEN "
                        + $0 + " ELSE " + $0 + " || " + separator + " || " + next + " END)" } ?? next
                case .text(let text):
                    joined = joined.map { "(" + $0 + " || " + .text(text) + ")" } ?? .text(text)
                }
            }
            return joined ?? "''"
        }
        var terms: [SQLFragment] = []
        for part in parts {
            switch part {
            case .text(let text), .separator(let text):
                if !text.isEmpty { terms.append(.text(text)) }
            case .field(let name):
                terms.append(SQLFragment(try dialect.titleText(name, of: collection)))
            }
        }
        var folded = terms.isEmpty ? "('')" : SQLFragment.joined(terms, separator: " || ").parenthesized
        for _ in 0..<3 { folded = "replace(" + folded + ", '  ', ' ')" }
        return "\(dialect.trimFunction)(" + folded + ", ' ')"
    }
}

/// A condition a list's rows must meet: `find TEXT` and `where FIELD OP
/// VALUE` push list frames whose collection carries these, and a store adds
/// every one to every read of that collection (as it does `scope`), so a
/// filtered list pages, counts and numbers its rows like any other.
public enum RowFilter: Sendable, Equatable {
    /// Some text field contains `text`, ignoring case (`find`).
    case anyTextContains(String)
    /// `field OP value`.
    case compare(field: String, RowComparison, Value)
    /// `field ~ text`: contains, ignoring case.
    case contains(field: String, String)
    case isNull(field: String)
    case isNotNull(field: String)

    /// How the filter reads in a crumb: `find "jobim"`, `year > 2000`.
    public var description: String {
        switch self {
        case .anyTextContains(let text): return "find \"\(text)\""
        case .compare(let field, let comparison, .text(let text)):
            return "\(field) \(comparison.rawValue) \"\(text)\""
        case .compare(let field, let comparison, let value):
            return "\(field) \(comparison.rawValue) \(ValueText.raw(value))"
        case .contains(let field, let text): return "\(field) ~ \"\(text)\""
        case .isNull(let field): return "\(field) is null"
        case .isNotNull(let field): return "\(field) is not null"
        }
    }
}

/// The comparisons `where` takes. `!=` keeps rows whose value is NULL (a
/// row without a value is not equal to it), unlike SQL's `<>`.
public enum RowComparison: String, Sendable, CaseIterable {
    case equal = "="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
}

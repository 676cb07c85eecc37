/// A condition a list's rows must meet: `find TEXT` and `where FIELD OP
/// VALUE` push list frames whose collection carries these, and a store adds
/// every one to every read of that collection (as it does `scope`), so a
/// filtered list pages, counts and numbers its rows like any other.
public enum RowFilter: Sendable, Equatable {
    /// Some text field contains `text`, ignoring case (`find`), or one of
    /// `titles` holds: the references a title is made of, read as the list
    /// shows them (`#98 · Dominique Hansen` found by `find Hansen`).
    case anyTextContains(String, titles: [RowFilter] = [])
    /// `field OP value`.
    case compare(field: String, RowComparison, Value)
    /// `field ~ text`: contains, ignoring case.
    case contains(field: String, String)
    /// `field ~ text` on a reference: the title of the row it names contains
    /// `text`, ignoring case.
    case titleContains(field: String, ReferencedTitle, String)
    case isNull(field: String)
    case isNotNull(field: String)

    /// How the filter reads in a crumb: `find "jobim"`, `year > 2000`.
    public var description: String { caption(naming: { $0 }, showing: { ValueText.raw($1) }) }

    /// The field the filter tests; nil for `find`, which tests every text field.
    public var field: String? {
        switch self {
        case .anyTextContains: return nil
        case .compare(let field, _, _), .contains(let field, _), .titleContains(let field, _, _),
             .isNull(let field), .isNotNull(let field):
            return field
        }
    }

    /// The crumb with each field named as the list names it: its spec label
    /// (`Artist ~ "sig"`, not `ArtistId ~ "sig"`), else its column.
    /// A boolean reads as the list shows it: `active = yes`, not `active = 1`.
    public func caption(in collection: CollectionSchema) -> String {
        caption(naming: { collection.field(named: $0)?.label ?? $0 }, showing: { field, value in
            collection.field(named: field)?.format == .yesNo ? ValueText.formatted(value, .yesNo) : ValueText.raw(value)
        })
    }

    private func caption(naming name: (String) -> String, showing shown: (String, Value) -> String) -> String {
        switch self {
        case .anyTextContains(let text, _): return "find \"\(text)\""
        case .compare(let field, let comparison, .text(let text)):
            return "\(name(field)) \(comparison.rawValue) \"\(text)\""
        case .compare(let field, let comparison, let value):
            return "\(name(field)) \(comparison.rawValue) \(shown(field, value))"
        case .contains(let field, let text), .titleContains(let field, _, let text): return "\(name(field)) ~ \"\(text)\""
        case .isNull(let field): return "\(name(field)) is null"
        case .isNotNull(let field): return "\(name(field)) is not null"
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

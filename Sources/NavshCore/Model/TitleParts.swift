/// A row's title made of several fields, as a store can match it: the text
/// between the fields, and each field read as it is stored.
///
/// `open Köhler` and `where Customer ~ Köhler` looked in the title's first
/// field alone, so a row listed as "Leonie Köhler" (a first and last name,
/// or a spec's `{FirstName} {LastName}`) matched nothing, and a filtered
/// list said "no rows match" under a screen that showed it.
public enum TitlePart: Sendable, Equatable {
    /// Text of a template, always there; the whole title's runs of spaces
    /// read as one and its ends trimmed, as `RowTemplate.render` makes it.
    case text(String)
    case field(String)
    /// Between two fields of a `CompositeTitle`, only when both hold
    /// something (`Kim` alone, not ` Kim`, when the first name is empty).
    case separator(String)
}

extension CollectionSchema {
    /// The parts of a title made of several fields: a spec's `row:`
    /// template, or a first and last name (`CompositeTitle`) of the table's
    /// own text columns. Nil for a title of one field, and for one that
    /// holds a referenced row's title or a key written as `#KEY`, which no
    /// store's columns hold as shown. A field shown in a format (`{d:date}`,
    /// `{p:$}`) is matched as stored.
    public var titleParts: [TitlePart]? {
        if let template = rowTitle {
            var parts: [TitlePart] = []
            for part in template.parts {
                switch part {
                case .text(let text): parts.append(.text(text))
                case .field(let name, _):
                    guard let field = field(named: name) else { return nil }
                    parts.append(.field(field.name))
                }
            }
            return parts.filter { if case .field = $0 { return true } else { return false } }.count > 1 ? parts : nil
        }
        guard let composite = compositeTitle, composite.fields.count > 1 else { return nil }
        var parts: [TitlePart] = []
        for (index, name) in composite.fields.enumerated() {
            guard let field = field(named: name), field.references == nil, field.primaryKeyPosition == nil else { return nil }
            if index > 0 { parts.append(.separator(composite.separator)) }
            parts.append(.field(field.name))
        }
        return parts
    }
}

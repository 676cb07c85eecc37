import Foundation
import NavshCore

/// `find` and `where` as SQL: names quoted, values bound, text matched with
/// ILIKE (ignoring case, as SQLite's LIKE does for ASCII and more).
extension PostgresStore {
    func sql(for filter: RowFilter, in collection: CollectionSchema, _ table: PostgresTable,
             _ parameters: inout Parameters) throws -> String {
        switch filter {
        case .anyTextContains(let text):
            let columns = collection.fields.filter { [.text, .any, .date, .datetime].contains($0.kind) }
                .compactMap { table.columns[$0.name] }
            var tests = columns.map { Self.textTest($0.readSQL, .contains, text, &parameters) }
            // A title of several fields, as the list shows it.
            if let parts = collection.titleParts {
                tests.append(Self.textTest(try Self.titleSQL(parts, table, &parameters), .contains, text, &parameters))
            }
            guard !tests.isEmpty else { return "false" }
            return "(" + tests.joined(separator: " OR ") + ")"
        case .contains(let field, let text):
            let column = try table.column(field)
            return Self.textTest(column.readSQL, .contains, text, &parameters)
        case .titleContains(let field, let target, let text):
            // The referenced row's title, as the list shows it (`where artist ~ sig`).
            let column = try table.column(field)
            guard let referenced = tables[target.collection] else {
                throw StoreError.other("no collection \(target.collection)")
            }
            let key = try referenced.column(target.key)
            // A title of several fields is matched whole, as the list shows it.
            let title = try target.parts.map { try Self.titleSQL($0, referenced, &parameters) }
                ?? referenced.column(target.title).readSQL
            return "\(column.name.pgIdentifier) IN (SELECT \(key.name.pgIdentifier) FROM \(referenced.relation)"
                + " WHERE \(Self.textTest(title, .contains, text, &parameters)))"
        case .isNull(let field):
            return "\(try table.column(field).name.pgIdentifier) IS NULL"
        case .isNotNull(let field):
            return "\(try table.column(field).name.pgIdentifier) IS NOT NULL"
        case .compare(let field, let comparison, let value):
            let column = try table.column(field)
            let name = column.name.pgIdentifier
            if value.isNull {
                return comparison == .notEqual ? "\(name) IS NOT NULL" : comparison == .equal ? "\(name) IS NULL" : "false"
            }
            if column.kind == .json || column.kind == .other, comparison == .equal || comparison == .notEqual {
                // No plain equality (json, point): compared as the text shown.
                let same = column.sameSQL(parameters.bind(try column.parameter(value)))
                return comparison == .equal ? same : "NOT (\(same))"
            }
            let bound = try parameters.bind(value, as: column)
            switch comparison {
            case .equal: return "\(name) = \(bound)"
            case .notEqual: return "\(name) IS DISTINCT FROM \(bound)"
            case .less: return "\(name) < \(bound)"
            case .lessOrEqual: return "\(name) <= \(bound)"
            case .greater: return "\(name) > \(bound)"
            case .greaterOrEqual: return "\(name) >= \(bound)"
            }
        }
    }

    /// A title made of several fields (`TitlePart`s) as one text
    /// expression, as `TitleSQL` makes it on SQLite: a first and last name
    /// joins the fields that hold something; a template's runs of spaces
    /// read as one and its ends trimmed. The text between is bound.
    static func titleSQL(_ parts: [TitlePart], _ table: PostgresTable, _ parameters: inout Parameters) throws -> String {
        func column(_ name: String) throws -> String { "coalesce(\(try table.column(name).readSQL), '')" }
        if parts.contains(where: { if case .separator = $0 { return true } else { return false } }) {
            var joined: String?
            var separator = "''"
            for part in parts {
                switch part {
                case .separator(let text): separator = parameters.bind(text)
                case .field(let name):
                    let next = try column(name)
                    joined = joined.map { "(CASE WHEN \($0) = '' THEN \(next) WHEN \(next) = '' THEN \($0) ELSE \($0) || \(separator) || \(next) END)" } ?? next
                case .text(let text):
                    let bound = parameters.bind(text)
                    joined = joined.map { "(\($0) || \(bound))" } ?? bound
                }
            }
            return joined ?? "''"
        }
        var terms: [String] = []
        for part in parts {
            switch part {
            case .text(let text) where !text.isEmpty, .separator(let text) where !text.isEmpty: terms.append(parameters.bind(text))
            case .text, .separator: continue
            case .field(let name): terms.append(try column(name))
            }
        }
        var folded = "(" + (terms.isEmpty ? "''" : terms.joined(separator: " || ")) + ")"
        for _ in 0..<3 { folded = "replace(\(folded), '  ', ' ')" }
        return "btrim(\(folded), ' ')"
    }

    /// `column` equals, starts with or contains `text`, ignoring case. Text
    /// that is all ASCII uses ILIKE; other text is compared lowercased and
    /// composed (NFC) on both sides, so "É" finds "é" and a decomposed accent
    /// matches a typed one, as on SQLite (`CaseFoldedMatch`). `lower` folds
    /// beyond ASCII under a UTF-8 ctype (the test server's C.UTF-8).
    static func textTest(_ column: String, _ match: TextMatch, _ text: String, _ parameters: inout Parameters) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            if match == .exact { return "lower(\(column)) = lower(\(parameters.bind(text)))" }
            return "\(column) ILIKE \(parameters.bind(likePattern(text, anywhere: match == .contains)))"
        }
        // A final sigma folds as any sigma does: lower() keeps Σ at a word's
        // end as σ, and `find σίσυφος` missed ΣΊΣΥΦΟΣ (the session suite's find).
        let folded = text.lowercased().precomposedStringWithCanonicalMapping.replacingOccurrences(of: "ς", with: "σ")
        let test = "translate(normalize(lower(\(column)), NFC), 'ς', 'σ')"
        if match == .exact { return "\(test) = \(parameters.bind(folded))" }
        return "\(test) LIKE \(parameters.bind(likePattern(folded, anywhere: match == .contains)))"
    }

    /// A LIKE pattern matching `text` at the start (or anywhere), its own
    /// wildcards escaped with `\` (ILIKE's default escape).
    static func likePattern(_ text: String, anywhere: Bool) -> String {
        let escaped = text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_")
        return (anywhere ? "%" : "") + escaped + "%"
    }
}

import Foundation
import NavshCore
import NavshSQL

/// How PostgreSQL spells what `NavshSQL` builds: columns looked up in the
/// schema read (a name it lacks is refused before the server sees it), values
/// read as text, case folded by ILIKE for ASCII and by `lower` and NFC
/// beyond it, NULLs placed as SQLite places them where a column can hold one.
struct PostgresDialect: SQLDialect {
    let tables: [String: PostgresTable]

    var isDistinctFrom: String { "IS DISTINCT FROM" }
    var never: String { "false" }
    var trimFunction: String { "btrim" }

    func table(_ collection: String) throws -> PostgresTable {
        guard let table = tables[collection] else { throw StoreError.noTable(collection) }
        return table
    }

    func relation(_ collection: String) throws -> String { try table(collection).relation }
    func column(_ field: String, of collection: String) throws -> String {
        try table(collection).column(field).name.quotedIdentifier
    }
    func searchText(_ field: String, of collection: String) throws -> String { try table(collection).column(field).readSQL }
    func titleText(_ field: String, of collection: String) throws -> String {
        "coalesce(\(try searchText(field, of: collection)), '')"
    }

    /// Text that is all ASCII uses ILIKE; other text is compared lowercased
    /// and composed (NFC) on both sides, so "É" finds "é" and a decomposed
    /// accent matches a typed one, as on SQLite. `lower` folds beyond ASCII
    /// under a UTF-8 ctype. A final sigma folds as any sigma does. The typed
    /// text is folded by the server too: Swift lowercases İ to i and a
    /// combining dot, the server to i, and `find İstanbul` missed İstanbul.
    func textTest(_ expression: SQLFragment, _ match: TextMatch, _ text: String) -> SQLFragment {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            if match == .exact { return "lower(" + expression + ") = lower(" + .text(text) + ")" }
            return expression + " ILIKE " + .text(Self.likePattern(text, anywhere: match == .contains))
        }
        func folded(_ text: SQLFragment) -> SQLFragment { "translate(normalize(lower(" + text + "), NFC), 'ς', 'σ')" }
        let test = folded(expression)
        if match == .exact { return test + " = " + folded(.text(text)) }
        // The fold leaves LIKE's wildcards and escapes as they are.
        return test + " LIKE " + folded(.text(Self.likePattern(text, anywhere: match == .contains)))
    }

    /// A LIKE pattern matching `text` at the start (or anywhere), its own
    /// wildcards escaped with `\` (ILIKE's default escape).
    static func likePattern(_ text: String, anywhere: Bool) -> String {
        let escaped = text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_")
        return (anywhere ? "%" : "") + escaped + "%"
    }

    /// A type without a plain equality (json, point) is compared as the text shown.
    func comparison(_ field: String, _ comparison: RowComparison, _ value: Value,
                    in collection: CollectionSchema) throws -> SQLFragment? {
        let column = try table(collection.name).column(field)
        guard column.kind == .json || column.kind == .other, comparison == .equal || comparison == .notEqual,
              let text = try column.parameter(value) else { return nil }
        let same = column.readSQL + " IS NOT DISTINCT FROM " + SQLFragment.text(text)
        return comparison == .equal ? same : "NOT (" + same + ")"
    }

    /// A column that cannot hold NULL is ordered as its index is: `ASC NULLS
    /// FIRST` on a primary key kept the server from reading its index, and
    /// it sorted a million rows for the first page.
    func ordering(_ term: OrderTerm) -> String {
        guard term.nullable else { return term.expression + (term.descending ? " DESC" : " ASC") }
        return term.expression + (term.descending ? " DESC NULLS LAST" : " ASC NULLS FIRST")
    }
}

extension SQLFragment {
    /// The fragment as PostgreSQL's text, each value bound into
    /// `parameters` as its column's type, each text as text.
    func postgres(_ parameters: inout Parameters, _ dialect: PostgresDialect) throws -> String {
        var sql = ""
        for piece in pieces {
            switch piece {
            case .sql(let text): sql += text
            case .value(let value, let field, let collection):
                sql += try parameters.bind(value, as: try dialect.table(collection).column(field))
            case .text(let text): sql += parameters.bind(text)
            }
        }
        return sql
    }
}

extension OrderTerm {
    /// The sorted value read as text beside a row (a keyset read's cursor).
    var readSQL: String { "(\(expression))::text" }
}

import NavshCore

/// Where SQLite and PostgreSQL write the same request differently. The
/// builders in this module (`FilterSQL`, `TitleSQL`, `KeysetSQL`) say what a
/// request means once; a dialect says how each store spells the parts.
public protocol SQLDialect {
    /// The negation of `=` that treats NULL as a value: SQLite's `IS NOT`,
    /// PostgreSQL's `IS DISTINCT FROM`.
    var isDistinctFrom: String { get }
    /// A condition no row meets: `0` for SQLite, `false` for PostgreSQL.
    var never: String { get }
    /// The function trimming given characters at both ends of a text.
    var trimFunction: String { get }

    /// The table a collection's rows are read from, in a FROM clause.
    func relation(_ collection: String) throws -> String
    /// The field's column as a comparison names it, in `collection`'s table.
    func column(_ field: String, of collection: String) throws -> String
    /// The field's value as text a text test reads.
    func searchText(_ field: String, of collection: String) throws -> String
    /// The field's value as text within a title: never NULL.
    func titleText(_ field: String, of collection: String) throws -> String
    /// `expression` equals, starts with or contains `text`, ignoring case as
    /// the store folds case.
    func textTest(_ expression: SQLFragment, _ match: TextMatch, _ text: String) -> SQLFragment
    /// A comparison the store writes its own way (an untyped column, a
    /// type without equality); nil for the standard one.
    func comparison(_ field: String, _ comparison: RowComparison, _ value: Value,
                    in collection: CollectionSchema) throws -> SQLFragment?
    /// One ORDER BY term, NULLs placed as SQLite places them.
    func ordering(_ term: OrderTerm) -> String
}

extension SQLDialect {
    public func comparison(_ field: String, _ comparison: RowComparison, _ value: Value,
                           in collection: CollectionSchema) throws -> SQLFragment? { nil }
}

extension String {
    /// The name as a quoted SQL identifier, inner double quotes doubled: navsh
    /// opens other people's databases and must not trust their names. A name
    /// without a quote (nearly all) skips the search and replace.
    public var quotedIdentifier: String {
        guard utf8.contains(UInt8(ascii: "\"")) else { return "\"" + self + "\"" }
        return "\"" + split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }
}

extension SQLDialect {
    /// One ORDER BY term. SQLite's own rule (NULLs first ascending, last
    /// descending) is the one both stores follow.
    public func ordering(_ term: OrderTerm) -> String {
        term.expression + (term.descending ? " DESC" : "")
    }
}

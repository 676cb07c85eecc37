import NavshCore

/// One expression of a list's ORDER BY: a column, or a referenced row's
/// title, and its direction.
public struct OrderTerm: Sendable {
    /// The sorted value as ORDER BY and WHERE name it.
    public var expression: String
    public var descending: Bool
    /// False for a key part or a NOT NULL column: no NULL to place.
    public var nullable: Bool
    /// The field whose type a cursor's value for this term is bound as (a
    /// title's, for a sort by title), and its collection.
    public var field: String
    public var collection: String

    public init(expression: String, descending: Bool, nullable: Bool, field: String, collection: String) {
        self.expression = expression
        self.descending = descending
        self.nullable = nullable
        self.field = field
        self.collection = collection
    }
}

/// A list's order and the keyset condition that reads past a row in it,
/// written once for every store. NULLs sort first ascending and last
/// descending, as SQLite sorts them, so a list reads in the same order on
/// either store; "after" follows the same rule.
public enum KeysetSQL {
    /// The group field (sections come first), the order field or the
    /// referenced title it sorts by, then `key`, which makes the order total.
    /// `qualifier` names the row's table in a term; `outer` names it inside
    /// a title's subquery.
    public static func orderTerms(_ collection: CollectionSchema, key: [OrderTerm], qualifier: String?,
                                  outer: String, _ dialect: some SQLDialect) -> [OrderTerm] {
        func column(_ field: Field, descending: Bool) -> OrderTerm? {
            guard let name = try? dialect.column(field.name, of: collection.name) else { return nil }
            return OrderTerm(expression: (qualifier.map { $0 + "." } ?? "") + name, descending: descending,
                             nullable: !field.isNotNull, field: field.name, collection: collection.name)
        }
        var terms: [OrderTerm] = []
        if let group = collection.groupField.flatMap({ collection.field(named: $0) }),
           let term = column(group, descending: false) {
            terms.append(term)
        }
        var keyDescending = collection.newRowsOnTop
        if let order = collection.order, let field = collection.field(named: order.field) {
            if let title = order.byTitle, let term = titleTerm(field.name, by: title, of: collection, outer: outer,
                                                                descending: order.descending, dialect) {
                terms.append(term)
            } else if let term = column(field, descending: order.descending) {
                terms.append(term)
            }
            keyDescending = order.descending
        }
        return terms + key.map { term in
            var term = term
            term.descending = keyDescending
            return term
        }
    }

    /// A reference sorted by its row's whole title (a first and last name
    /// together, not the first name alone), read by a subquery on the
    /// referenced key. The referenced table gets an alias, so a table that
    /// refers to itself (an employee's manager) still names the outer row.
    static func titleTerm(_ field: String, by title: ReferencedTitle, of collection: CollectionSchema, outer: String,
                          descending: Bool, _ dialect: some SQLDialect) -> OrderTerm? {
        guard let parent = try? dialect.relation(title.collection),
              let titleColumn = try? dialect.column(title.title, of: title.collection),
              let keyColumn = try? dialect.column(title.key, of: title.collection),
              let reference = try? dialect.column(field, of: collection.name) else { return nil }
        // A title of several fields, its text inlined: the term is named in
        // ORDER BY, in the cursor's WHERE and in the select list alike.
        let whole = title.parts.flatMap { try? TitleSQL.expression($0, of: title.collection, dialect).inlined }
        return OrderTerm(expression: "(SELECT \(whole ?? "navsh_t." + titleColumn) FROM \(parent) AS navsh_t"
                            + " WHERE navsh_t.\(keyColumn) = \(outer).\(reference))",
                         descending: descending, nullable: true, field: title.title, collection: title.collection)
    }

    /// The rows after the cursor's in the order `terms` give: one disjunct
    /// per term ("equal in every term before it, after it in this one"), or
    /// a row value when every term goes one way and no NULL is involved.
    /// When the first term's value is not NULL and ascending, a plain range
    /// on it comes first, so the database seeks through an index on it.
    public static func after(_ cursor: ListCursor, _ terms: [OrderTerm], _ dialect: some SQLDialect) throws -> SQLFragment {
        guard cursor.parts.count == terms.count, !terms.isEmpty else { throw StoreError.listPositionDoesNotFit }
        func bound(_ index: Int) -> SQLFragment {
            .value(cursor.parts[index], field: terms[index].field, of: terms[index].collection)
        }
        let direction = terms[0].descending
        if terms.allSatisfy({ $0.descending == direction }), !cursor.parts.contains(where: \.isNull),
           !direction || !terms.contains(where: \.nullable) {
            let comparison = direction ? " < " : " > "
            if terms.count == 1 { return terms[0].expression + comparison + bound(0) }
            let values = SQLFragment.joined(terms.indices.map(bound), separator: ", ")
            return "(" + terms.map(\.expression).joined(separator: ", ") + ")" + comparison + values.parenthesized
        }
        var disjuncts: [SQLFragment] = []
        var equalSoFar: [SQLFragment] = []
        for (index, term) in terms.enumerated() {
            let name = term.expression
            let isNull = cursor.parts[index].isNull
            var step: SQLFragment?
            switch (term.descending, isNull) {
            case (false, false): step = name + " > " + bound(index)
            case (false, true): step = SQLFragment(name + " IS NOT NULL")
            case (true, false):
                step = term.nullable ? "(" + name + " < " + bound(index) + " OR \(name) IS NULL)" : name + " < " + bound(index)
            case (true, true): step = nil  // NULL is last descending: nothing comes after it in this term
            }
            if let step { disjuncts.append(SQLFragment.joined(equalSoFar + [step], separator: " AND ")) }
            equalSoFar.append(isNull ? SQLFragment(name + " IS NULL") : name + " = " + bound(index))
        }
        guard !disjuncts.isEmpty else { return SQLFragment(dialect.never) }
        let either = SQLFragment.joined(disjuncts, separator: " OR ").parenthesized
        guard !terms[0].descending, !cursor.parts[0].isNull else { return either }
        return terms[0].expression + " >= " + bound(0) + " AND " + either
    }

    /// ORDER BY's list for `terms`, NULLs placed as SQLite places them.
    public static func orderBy(_ terms: [OrderTerm], _ dialect: some SQLDialect) -> String {
        terms.map { dialect.ordering($0) }.joined(separator: ", ")
    }
}

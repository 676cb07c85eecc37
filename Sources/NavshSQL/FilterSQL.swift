import NavshCore

/// A collection's scope and filters (`find`, `where`) as one condition,
/// written once for every store: names come from the dialect, values are
/// bound.
public enum FilterSQL {
    /// The scope (an owner's rows), the filters and `condition`, joined by
    /// AND; nil when there is none.
    public static func scoped(_ collection: CollectionSchema, _ dialect: some SQLDialect,
                              and condition: SQLFragment? = nil) throws -> SQLFragment? {
        var parts: [SQLFragment] = []
        if let scope = collection.scope {
            let column = try dialect.column(scope.field, of: collection.name)
            parts.append(scope.value.isNull ? SQLFragment("\(column) IS NULL")
                         : "\(column) = " + .value(scope.value, field: scope.field, of: collection.name))
        }
        for filter in collection.filters { parts.append(try sql(for: filter, in: collection, dialect)) }
        if let condition { parts.append(parts.isEmpty ? condition : condition.parenthesized) }
        return parts.isEmpty ? nil : SQLFragment.joined(parts, separator: " AND ")
    }

    /// One filter as a condition on the collection's rows.
    public static func sql(for filter: RowFilter, in collection: CollectionSchema,
                           _ dialect: some SQLDialect) throws -> SQLFragment {
        let table = collection.name
        switch filter {
        case .anyTextContains(let text, let titles):
            // Text fields, and untyped ones (they may hold text); blobs never.
            var tests: [SQLFragment] = []
            for field in collection.fields where [.text, .any, .date, .datetime].contains(field.kind) {
                guard let column = try? dialect.searchText(field.name, of: table) else { continue }
                tests.append(dialect.textTest(SQLFragment(column), .contains, text))
            }
            // A title of several fields, as the list shows it: `find Ivan
            // Østergaard` found no row while the list showed him.
            if let parts = collection.titleParts {
                tests.append(try titleTest(parts, of: table, .contains, text, dialect))
            }
            for title in titles { tests.append(try sql(for: title, in: collection, dialect)) }
            guard !tests.isEmpty else { return SQLFragment(dialect.never) }
            return SQLFragment.joined(tests, separator: " OR ").parenthesized
        case .contains(let field, let text):
            return dialect.textTest(SQLFragment(try dialect.searchText(field, of: table)), .contains, text)
        case .titleContains(let field, let target, let text):
            // The referenced row's title, whole, as the list shows it (`where artist ~ sig`).
            let test = try target.parts.map { try titleTest($0, of: target.collection, .contains, text, dialect) }
                ?? dialect.textTest(SQLFragment(try dialect.searchText(target.title, of: target.collection)), .contains, text)
            return "\(try dialect.column(field, of: table)) IN (SELECT \(try dialect.column(target.key, of: target.collection))"
                + " FROM \(try dialect.relation(target.collection)) WHERE " + test + ")"
        case .isNull(let field):
            return SQLFragment("\(try dialect.column(field, of: table)) IS NULL")
        case .isNotNull(let field):
            return SQLFragment("\(try dialect.column(field, of: table)) IS NOT NULL")
        case .compare(let field, let comparison, let value):
            let column = try dialect.column(field, of: table)
            if value.isNull {
                switch comparison {
                case .equal: return SQLFragment("\(column) IS NULL")
                case .notEqual: return SQLFragment("\(column) IS NOT NULL")
                default: return SQLFragment(dialect.never)
                }
            }
            if let own = try dialect.comparison(field, comparison, value, in: collection) { return own }
            let bound = SQLFragment.value(value, field: field, of: table)
            switch comparison {
            case .equal: return "\(column) = " + bound
            case .notEqual: return "\(column) \(dialect.isDistinctFrom) " + bound
            case .less: return "\(column) < " + bound
            case .lessOrEqual: return "\(column) <= " + bound
            case .greater: return "\(column) > " + bound
            case .greaterOrEqual: return "\(column) >= " + bound
            }
        }
    }

    /// What `find` looks for in `field`. The title field of a title made of
    /// several fields is the whole title as the list shows it (`Köhler` in
    /// "Leonie Köhler"), and only it: its first field alone ("Mary" of
    /// "Mary Ann Lee") took one row for the title where several hold it.
    public static func findTest(_ field: String, in collection: CollectionSchema, _ match: TextMatch, _ text: String,
                                _ dialect: any SQLDialect) throws -> SQLFragment {
        if field == collection.titleField, let parts = collection.titleParts {
            return try titleTest(parts, of: collection.name, match, text, dialect)
        }
        return dialect.textTest(SQLFragment(try dialect.searchText(field, of: collection.name)), match, text)
    }

    /// A title of several fields equals, starts with or contains `text`.
    public static func titleTest(_ parts: [TitlePart], of collection: String, _ match: TextMatch, _ text: String,
                                 _ dialect: some SQLDialect) throws -> SQLFragment {
        dialect.textTest(try TitleSQL.expression(parts, of: collection, dialect), match, text)
    }
}

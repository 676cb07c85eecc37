import NavshCore

/// Reading rows: every field exactly (a record frame) or what a list shows,
/// within the collection's scope and filters, in its order.
extension PostgresStore {
    /// One expression of an ORDER BY: a column, or a referenced row's
    /// title, and its direction. NULLs are placed as SQLite places them
    /// (first ascending, last descending), so a list reads in the same order
    /// on either store. A column that cannot hold NULL is ordered as its
    /// index is: `ASC NULLS FIRST` on a primary key kept the server from
    /// reading its index, and it sorted a million rows for the first page.
    struct OrderTerm {
        /// The column whose type the sort values have (a title's, for a sort by title).
        let column: PostgresColumn
        let descending: Bool
        var nullable = true
        /// The sorted value, qualified by the table: a bare name in ORDER BY
        /// would name the select list's column of that name, read as text.
        var expression: String

        init(column: PostgresColumn, descending: Bool, nullable: Bool = true) {
            self.column = column
            self.descending = descending
            self.nullable = nullable
            expression = "navsh_row." + column.name.pgIdentifier
        }

        /// A reference sorted by its row's title, read by a subquery on the
        /// referenced key, as SQLite's store does (`FilterSQL.orderSQL`).
        init(title: PostgresColumn, of parent: PostgresTable, key: String, reference: String, descending: Bool) {
            self.init(column: title, descending: descending)
            expression = "(SELECT navsh_t.\(title.name.pgIdentifier) FROM \(parent.relation) AS navsh_t"
                + " WHERE navsh_t.\(key.pgIdentifier) = navsh_row.\(reference.pgIdentifier))"
        }

        var sql: String {
            guard nullable else { return expression + (descending ? " DESC" : " ASC") }
            return expression + (descending ? " DESC NULLS LAST" : " ASC NULLS FIRST")
        }
        /// The value read as text beside a row (a keyset read's cursor).
        var readSQL: String { expression == "navsh_row." + column.name.pgIdentifier ? column.readSQL : "(\(expression))::text" }
    }

    /// The group field, the order field (or its referenced title), then the
    /// key (which makes the order total).
    func orderTerms(_ collection: CollectionSchema, _ table: PostgresTable) -> [OrderTerm] {
        var terms: [OrderTerm] = []
        if let group = collection.groupField.flatMap({ collection.field(named: $0) }), let column = table.columns[group.name] {
            terms.append(OrderTerm(column: column, descending: false, nullable: !group.isNotNull))
        }
        var keyDescending = collection.newRowsOnTop
        if let order = collection.order, let field = collection.field(named: order.field), let column = table.columns[field.name] {
            if let title = order.byTitle, let parent = tables[title.collection], parent.columns[title.key] != nil,
               let titleColumn = parent.columns[title.title] {
                terms.append(OrderTerm(title: titleColumn, of: parent, key: title.key, reference: field.name,
                                       descending: order.descending))
            } else {
                terms.append(OrderTerm(column: column, descending: order.descending, nullable: !field.isNotNull))
            }
            keyDescending = order.descending
        }
        return terms + table.key.compactMap { table.columns[$0] }.map { OrderTerm(column: $0, descending: keyDescending, nullable: false) }
    }

    func orderBy(_ collection: CollectionSchema, _ table: PostgresTable) -> String {
        let terms = orderTerms(collection, table)
        guard !terms.isEmpty else { return "" }
        return " ORDER BY " + terms.map(\.sql).joined(separator: ", ") + (table.key.isEmpty ? ", navsh_row.navsh_pos" : "")
    }

    /// What rows are read from, as `navsh_row`. A sorted view (no key):
    /// its rows numbered in the order it gives them, so rows that tie keep
    /// that order, as in SQLite, whose sort is stable; PostgreSQL's is not,
    /// and a page by position needs one order every time.
    func source(_ collection: CollectionSchema, _ table: PostgresTable) -> String {
        guard table.key.isEmpty, !orderTerms(collection, table).isEmpty else { return "\(table.relation) AS navsh_row" }
        return "(SELECT *, row_number() OVER () AS navsh_pos FROM \(table.relation)) AS navsh_row"
    }

    /// The collection's scope and filters, and `condition`, joined by AND; nil when none.
    func scoped(_ collection: CollectionSchema, _ table: PostgresTable, _ parameters: inout Parameters,
                _ condition: String? = nil) throws -> String? {
        var parts: [String] = []
        if let scope = collection.scope {
            let column = try table.column(scope.field)
            parts.append(scope.value.isNull ? "\(column.name.pgIdentifier) IS NULL"
                         : "\(column.name.pgIdentifier) = \(try parameters.bind(scope.value, as: column))")
        }
        for filter in collection.filters { parts.append(try sql(for: filter, in: collection, table, &parameters)) }
        if let condition { parts.append("(\(condition))") }
        return parts.isEmpty ? nil : parts.joined(separator: " AND ")
    }

    /// A row's identity from its key cells (the first `table.key.count`).
    func id(_ cells: ArraySlice<String?>, _ table: PostgresTable) throws -> RecordID {
        guard cells.count == table.key.count else { throw StoreError.other("a row of \(table.name) came back without its key") }
        return RecordID(parts: try zip(table.key, cells).map { name, cell in try table.column(name).value(cell) },
                        isPrimaryKey: true)
    }

    /// `WHERE` for the row named `id` (its key), binding the key's values.
    func matching(_ id: RecordID, _ table: PostgresTable, _ parameters: inout Parameters) throws -> String {
        if let reason = table.readOnlyReason { throw StoreError.readOnly(reason) }
        guard id.isPrimaryKey, id.parts.count == table.key.count, !table.key.isEmpty else {
            throw StoreError.other("record identity does not fit table \(table.name)")
        }
        return try zip(table.key, id.parts).map { name, value in
            let column = try table.column(name)
            return "\(name.pgIdentifier) = \(try parameters.bind(value, as: column))"
        }.joined(separator: " AND ")
    }

    /// Rows (each field read in full, or as a list previews it), with the
    /// values of `also` read beside each (a keyset read's sort values).
    func select(
        _ collection: CollectionSchema, fields: [String]? = nil, preview: Bool = false, also: [OrderTerm] = [],
        where condition: String? = nil, _ parameters: Parameters = Parameters(), unscoped: Bool = false,
        suffix: (inout Parameters) -> String = { _ in "" }, firstPosition: Int = 0
    ) throws -> [(record: Record, also: [Value])] {
        let table = try table(collection)
        var parameters = parameters
        var scope = collection
        if unscoped {
            scope.scope = nil
            scope.filters = []
        }
        let names = fields ?? collection.fields.map(\.name)
        let columns = try names.map { try table.column($0) }
        let keyColumns = try table.key.map { try table.column($0) }
        // Any row of a table is read with its xmin: what the prompt's check
        // compares (`changedRows`); a whole row's is also what a save checks.
        let withVersion = !preview && fields == nil && table.readOnlyReason == nil
        let withXmin = table.readOnlyReason == nil
        let list = keyColumns.map(\.readSQL) + also.map(\.readSQL) + columns.map { preview ? $0.previewSQL : $0.readSQL }
            + (withXmin ? ["navsh_row.xmin::text"] : [])
        let filter = try scoped(scope, table, &parameters, condition)
        var sql = "SELECT " + (list.isEmpty ? "1" : list.joined(separator: ", ")) + " FROM " + source(collection, table)
        if let filter { sql += " WHERE \(filter)" }
        sql += orderBy(collection, table) + suffix(&parameters)
        let rows = try self.rows(sql, parameters)
        let lead = keyColumns.count + also.count
        return try rows.enumerated().map { position, row in
            guard row.count == lead + columns.count + (withXmin ? 1 : 0) else {
                throw StoreError.other("a row of \(table.name) came back short")
            }
            let id = table.readOnlyReason == nil ? try self.id(row[0..<keyColumns.count], table)
                : RecordID(parts: [.integer(Int64(firstPosition + position + 1))], isPrimaryKey: false)
            var values: [String: Value] = [:]
            for (i, column) in columns.enumerated() { values[column.name] = column.value(row[lead + i], preview: preview) }
            let sortValues = also.enumerated().map { i, term in term.column.value(row[keyColumns.count + i]) }
            if withXmin, let version = row.last ?? nil {
                versions.noteRead(table.name, id, version: version)
                if withVersion { versions.note(table.name, id, version: version, values: values) }
            }
            return (Record(id: id, values: values), sortValues)
        }
    }

    /// Records only.
    func records(
        _ collection: CollectionSchema, fields: [String]? = nil, preview: Bool = false,
        where condition: String? = nil, _ parameters: Parameters = Parameters(), unscoped: Bool = false,
        suffix: (inout Parameters) -> String = { _ in "" }, firstPosition: Int = 0
    ) throws -> [Record] {
        try select(collection, fields: fields, preview: preview, where: condition, parameters, unscoped: unscoped,
                   suffix: suffix, firstPosition: firstPosition).map(\.record)
    }

    /// The row as stored now, outside the collection's scope and filters (a
    /// row moved out of a list still exists); nil when it is gone.
    func stored(_ id: RecordID, _ collection: CollectionSchema) throws -> Record? {
        let table = try table(collection)
        var parameters = Parameters()
        let condition = try matching(id, table, &parameters)
        return try records(collection, where: condition, parameters, unscoped: true).first
    }

    /// `LIMIT $n OFFSET $m`.
    static func limit(_ limit: Int, offset: Int = 0) -> (inout Parameters) -> String {
        { parameters in
            " LIMIT " + parameters.bind(String(max(0, limit))) + "::bigint OFFSET " + parameters.bind(String(max(0, offset))) + "::bigint"
        }
    }
}

import NavshCore
import NavshSQL

/// Reading rows: every field exactly (a record frame) or what a list shows,
/// within the collection's scope and filters, in its order.
extension PostgresStore {
    /// How PostgreSQL spells the statements `NavshSQL` builds, over the schema read.
    var dialect: PostgresDialect { PostgresDialect(tables: tables) }

    /// The group field, the order field (or its referenced title), then the
    /// key (`KeysetSQL.orderTerms`), each qualified by the row's alias: a
    /// bare name in ORDER BY would name the select list's column of that
    /// name, read as text.
    func orderTerms(_ collection: CollectionSchema, _ table: PostgresTable) -> [OrderTerm] {
        let key = table.key.map {
            OrderTerm(expression: "navsh_row." + $0.quotedIdentifier, descending: false, nullable: false, field: $0,
                      collection: collection.name)
        }
        return KeysetSQL.orderTerms(collection, key: key, qualifier: "navsh_row", outer: "navsh_row", dialect)
    }

    /// A sort value read beside a row, as its term's column reads it.
    func value(_ text: String?, of term: OrderTerm) -> Value {
        guard let column = tables[term.collection]?.columns[term.field] else { return text.map(Value.text) ?? .null }
        return column.value(text)
    }

    func orderBy(_ collection: CollectionSchema, _ table: PostgresTable) -> String {
        let terms = orderTerms(collection, table)
        guard !terms.isEmpty else { return "" }
        return " ORDER BY " + KeysetSQL.orderBy(terms, dialect) + (table.key.isEmpty ? ", navsh_row.navsh_pos" : "")
    }

    /// What rows are read from, as `navsh_row`. A sorted view (no key):
    /// its rows numbered in the order it gives them, so rows that tie keep
    /// that order, as in SQLite, whose sort is stable; PostgreSQL's is not,
    /// and a page by position needs one order every time.
    func source(_ collection: CollectionSchema, _ table: PostgresTable) -> String {
        guard table.key.isEmpty, !orderTerms(collection, table).isEmpty else { return "\(table.relation) AS navsh_row" }
        return "(SELECT *, row_number() OVER () AS navsh_pos FROM \(table.relation)) AS navsh_row"
    }

    /// The collection's scope and filters (`FilterSQL`), and `condition`,
    /// joined by AND; nil when none.
    func scoped(_ collection: CollectionSchema, _ table: PostgresTable, _ parameters: inout Parameters,
                _ condition: String? = nil) throws -> String? {
        let filters = try FilterSQL.scoped(collection, dialect).map { try $0.postgres(&parameters, dialect) }
        guard let condition else { return filters }
        return filters.map { "\($0) AND (\(condition))" } ?? "(\(condition))"
    }

    /// A row's identity from its key cells (the first `table.key.count`).
    func id(_ cells: ArraySlice<String?>, _ table: PostgresTable) throws -> RecordID {
        guard cells.count == table.key.count else { throw StoreError.malformedRow(table: table.name, problem: "came back without its key") }
        return RecordID(parts: try zip(table.key, cells).map { name, cell in try table.column(name).value(cell) },
                        isPrimaryKey: true)
    }

    /// `WHERE` for the row named `id` (its key), binding the key's values.
    func matching(_ id: RecordID, _ table: PostgresTable, _ parameters: inout Parameters) throws -> String {
        if let reason = table.readOnlyReason { throw StoreError.readOnly(reason) }
        guard id.isPrimaryKey, id.parts.count == table.key.count, !table.key.isEmpty else {
            throw StoreError.identityDoesNotFit(table: table.name)
        }
        return try zip(table.key, id.parts).map { name, value in
            let column = try table.column(name)
            return "\(name.quotedIdentifier) = \(try parameters.bind(value, as: column))"
        }.joined(separator: " AND ")
    }

    /// Rows (each field read in full, or as a list previews it), with the
    /// values of `also` read beside each (a keyset read's sort values).
    func select(
        _ collection: CollectionSchema, fields: [String]? = nil, preview: Bool = false, also: [OrderTerm] = [],
        where condition: String? = nil, _ parameters: Parameters = Parameters(), unscoped: Bool = false,
        suffix: (inout Parameters) -> String = { _ in "" }, firstPosition: Int = 0, notesVersions: Bool = true
    ) throws -> [(record: Record, also: [Value])] {
        let statement = try selectStatement(collection, fields: fields, preview: preview, also: also, where: condition,
                                            parameters, unscoped: unscoped, suffix: suffix, firstPosition: firstPosition,
                                            notesVersions: notesVersions)
        return try rows(statement.sql, statement.parameters).enumerated().map { try statement.decode($0, $1) }
    }

    /// `select`'s statement, and how a row it returns, at a place in the
    /// read, becomes a record: read at once, or by a cursor (`forEachRun`).
    func selectStatement(
        _ collection: CollectionSchema, fields: [String]? = nil, preview: Bool = false, also: [OrderTerm] = [],
        where condition: String? = nil, _ parameters: Parameters = Parameters(), unscoped: Bool = false,
        suffix: (inout Parameters) -> String = { _ in "" }, firstPosition: Int = 0, notesVersions: Bool = true
    ) throws -> (sql: String, parameters: Parameters, decode: (Int, [String?]) throws -> (record: Record, also: [Value])) {
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
        let lead = keyColumns.count + also.count
        // One set of names for every row read: a dictionary a row cost a
        // hash per value and a `FieldNames` per row.
        let fieldNames = FieldNames(columns.map(\.name))
        let keyed = table.readOnlyReason == nil
        return (sql, parameters, { position, row in
            guard row.count == lead + columns.count + (withXmin ? 1 : 0) else {
                throw StoreError.malformedRow(table: table.name, problem: "came back short")
            }
            // The key's columns found once: looked up by name for each row,
            // with the table copied, they cost a twentieth of a 100,000-row read.
            let id = keyed ? RecordID(parts: zip(keyColumns, row[0..<keyColumns.count]).map { $0.value($1) }, isPrimaryKey: true)
                : RecordID(parts: [.integer(Int64(firstPosition + position + 1))], isPrimaryKey: false)
            var cells: [Value] = []
            cells.reserveCapacity(columns.count)
            for (i, column) in columns.enumerated() { cells.append(column.value(row[lead + i], preview: preview)) }
            let record = Record(id: id, names: fieldNames, cells: cells)
            let sortValues = also.enumerated().map { i, term in self.value(row[keyColumns.count + i], of: term) }
            if notesVersions, withXmin, let version = row.last ?? nil {
                self.versions.noteRead(table.name, id, version: version)
                if withVersion { self.versions.note(table.name, id, version: version, values: record.values) }
            }
            return (record, sortValues)
        })
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

    /// `LIMIT $n`, and `OFFSET $m` only when there is one. An OFFSET sent
    /// as a parameter, even 0, kept the server from ever reusing a plan: it
    /// planned each `open #KEY` again, a third of its work in an edit.
    static func limit(_ limit: Int, offset: Int = 0) -> (inout Parameters) -> String {
        { parameters in
            " LIMIT " + parameters.bind(String(max(0, limit))) + "::bigint"
                + (offset > 0 ? " OFFSET " + parameters.bind(String(offset)) + "::bigint" : "")
        }
    }
}

import NavshCore
import NavshSQL

/// Keyset reads: a page starts right after a row, named by its sort values
/// and key (`ListCursor`), so the server seeks there instead of stepping over
/// every row before it. NULLs sort first ascending and last descending
/// (`OrderTerm`), and "after" follows the same rule. A table without a key
/// (rows named by position) has no seek: its cursor is a position.
extension PostgresStore {
    public func rows(of collection: CollectionSchema, from start: RowStart, limit: Int, fields: RowFields) throws -> RowRun {
        switch fields {
        case .all: return try run(collection, fields: nil, preview: false, from: start, limit: limit)
        case .listed: return try run(collection, fields: ListPreview.fields(of: collection), preview: true, from: start, limit: limit)
        }
    }

    /// Every `spacing`-th row's cursor past `start`, in one sorted pass that
    /// numbers the rows (`row_number()`).
    public func cursors(of collection: CollectionSchema, after start: ListCursor?, every spacing: Int,
                        count: Int) throws -> [ListCursor] {
        guard spacing >= 1, count >= 1 else { return [] }
        let table = try table(collection)
        if table.readOnlyReason != nil {
            return try RowStart(after: start).positionCursors(every: spacing, count: count, total: try self.count(of: collection))
        }
        let terms = orderTerms(collection, table)
        var parameters = Parameters()
        let condition = try start.map { try after($0, terms, &parameters) }
        let filter = try scoped(collection, table, &parameters, condition)
        let aliases = terms.indices.map { "navsh_c\($0)" }
        let inner = "SELECT " + zip(terms, aliases).map { "\($0.readSQL) AS \($1)" }.joined(separator: ", ")
            + ", row_number() OVER (\(orderBy(collection, table).dropFirst())) AS navsh_n FROM \(table.relation) AS navsh_row"
            + (filter.map { " WHERE \($0)" } ?? "")
        let every = parameters.bind(String(spacing)), most = parameters.bind(String(count))
        let sql = "SELECT \(aliases.joined(separator: ", ")) FROM (\(inner)) AS numbered WHERE navsh_n % \(every)::bigint = 0"
            + " ORDER BY navsh_n LIMIT \(most)::bigint"
        return try rows(sql, parameters).map { row in
            ListCursor(parts: zip(terms, row).map { value($1, of: $0) })
        }
    }

    /// The most rows of one read whose versions are noted: more than a screen's page.
    static let notedRowsAtMost = 1_000

    private func run(_ collection: CollectionSchema, fields: [String]?, preview: Bool, from start: RowStart,
                     limit: Int) throws -> RowRun {
        let table = try table(collection)
        if table.readOnlyReason != nil {
            let first = try start.position()
            let rows = try records(collection, fields: fields, preview: preview,
                                   suffix: Self.limit(limit, offset: first), firstPosition: first)
            return RowRun(rows: rows, cursors: rows.indices.map { ListCursor(parts: [.integer(Int64(first + $0 + 1))]) })
        }
        let terms = orderTerms(collection, table)
        let sortTerms = terms.dropLast(table.key.count)
        var parameters = Parameters()
        let condition = try start.after.map { try after($0, terms, &parameters) }
        // Rows read many at a time (a batch, an export) are not noted: a save
        // of one is checked by its values, and noting them cost more than the read.
        let read = try select(collection, fields: fields, preview: preview, also: Array(sortTerms), where: condition,
                              parameters, suffix: Self.limit(limit, offset: max(0, start.skip)),
                              notesVersions: limit <= Self.notedRowsAtMost)
        return RowRun(rows: read.map(\.record), cursors: read.map { ListCursor(parts: $0.also + $0.record.id.parts) })
    }

    /// The rows after the cursor's in the order `terms` give (`KeysetSQL.after`).
    func after(_ cursor: ListCursor, _ terms: [OrderTerm], _ parameters: inout Parameters) throws -> String {
        try KeysetSQL.after(cursor, terms, dialect).postgres(&parameters, dialect)
    }
}

extension PostgresStore {
    /// Rows fetched a run at a time from one cursor, in one snapshot: a list
    /// in an order no index gives is sorted once, not once a page.
    public func forEachRun(of collection: CollectionSchema, fields: RowFields, size: Int,
                           _ body: ([Record]) throws -> Void) throws {
        guard inBatch || bridge.inTransaction else {
            return try consistently { try forEachRun(of: collection, fields: fields, size: size, body) }
        }
        let listed = fields == .listed ? ListPreview.fields(of: collection) : nil
        // Versions are not noted: a save of a row read so is checked by its values.
        let statement = try selectStatement(collection, fields: listed, preview: fields == .listed, notesVersions: false)
        cursors += 1
        let cursor = "navsh_run\(cursors)"
        // Planned for every row, not the first tenth: by the key's index, a
        // table ordered otherwise was read in a seek a row, 0.9 s for 100,000.
        _ = try once("SET LOCAL cursor_tuple_fraction = 1")
        _ = try once("DECLARE \(cursor) NO SCROLL CURSOR FOR " + statement.sql, statement.parameters)
        var read = 0
        while true {
            let rows = try once("FETCH FORWARD \(size) FROM \(cursor)")
            let run = try rows.enumerated().map { try statement.decode(read + $0, $1).record }
            read += run.count
            if !run.isEmpty { try body(run) }
            guard rows.count == size else { break }
        }
        _ = try once("CLOSE \(cursor)")
    }

    /// A statement run once, not prepared (each cursor's name is new), its
    /// errors said in the core's terms.
    private func once(_ sql: String, _ parameters: Parameters = Parameters()) throws -> [[String?]] {
        do {
            return try bridge.rows(sql, parameters.values, preparing: false)
        } catch {
            throw PostgresErrorText.translate(error, table: nil)
        }
    }
}

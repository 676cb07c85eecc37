import GRDB
import NavshCore
import NavshSQL

/// Keyset reads: a page starts right after a row, named by its sort values
/// and key (`ListCursor`), so SQLite seeks there through the table or an
/// index instead of stepping over every row before it (OFFSET).
///
/// A cursor's parts are the values of `orderTerms` for its row: the group
/// field's, the order field's, then the key's. "After" follows SQLite's
/// own ORDER BY rules: NULL sorts first ascending and last descending, and
/// a column compares with its declared collation in WHERE as in ORDER BY.
/// A table without a key (rows named by position) has no seek: its cursor
/// is a position, read with OFFSET.
extension SQLiteStore {
    public func rows(of collection: CollectionSchema, from start: RowStart, limit: Int, fields: RowFields) throws -> RowRun {
        switch fields {
        case .all: return try run(of: collection, fields: nil, reading: .full, from: start, limit: limit)
        case .listed: return try run(of: collection, fields: try listFields(collection), reading: .preview, from: start, limit: limit)
        }
    }

    /// An anchor every 100 rows for a list in its key's order (one key
    /// column, no order or group field): those are built in one statement
    /// (`steppedAnchors`), so a far row steps over fewer than 100 rows past
    /// its anchor. The pass over a million rows takes 22 ms against 18–22
    /// ms at every 250th row, and a `page N` a twentieth less (leaf pages
    /// stepped over; every 20th row was no cheaper, for a pass of 42 ms;
    /// bench/README.md). Every 1,000 otherwise, where each anchor is a statement.
    public func anchorSpacing(for collection: CollectionSchema) -> Int {
        guard let key = try? key(for: collection), key.readOnlyReason == nil, orderTerms(collection, key).count == 1
        else { return 1_000 }
        return 100
    }

    public func cursors(of collection: CollectionSchema, after start: ListCursor?, every spacing: Int,
                        count: Int) throws -> [ListCursor] {
        guard spacing >= 1, count >= 1 else { return [] }
        let key = try key(for: collection)
        if key.readOnlyReason != nil {
            return try RowStart(after: start).positionCursors(every: spacing, count: count, total: try self.count(of: collection))
        }
        let terms = orderTerms(collection, key)
        let select = "SELECT " + terms.map(\.expression).joined(separator: ", ") + " FROM \(key.quotedTable)"
        let order = " ORDER BY \(orderBy(collection, key)) LIMIT 1 OFFSET ?"
        return try read { db in
            let first = try scoped(collection, try start.map { try after($0, terms) })
            var planArguments = first.arguments
            planArguments += [.whole(spacing - 1)]
            if try Self.sorts(db, select + (first.sql.map { " WHERE \($0)" } ?? "") + order, planArguments) {
                // No index gives this order: a seek per anchor would sort the
                // table once per anchor. One sort, numbering the rows, instead.
                return try numberedAnchors(db, collection, terms, filter: first, every: spacing, count: count)
            }
            if terms.count == 1, !(start?.parts.contains(where: \.isNull) ?? false) {
                return try steppedAnchors(db, collection, key, terms[0], after: start, every: spacing, count: count)
            }
            // One statement per shape of cursor (its NULLs change the SQL),
            // prepared once: each anchor is a seek and a step over `spacing` rows.
            var found: [ListCursor] = []
            var last = start
            while found.count < count {
                let condition = try last.map { try after($0, terms) }
                let filter = try scoped(collection, condition)
                var arguments = filter.arguments
                arguments += [.whole(spacing - 1)]
                let sql = select + (filter.sql.map { " WHERE \($0)" } ?? "") + order
                guard let row = try RowReader.fetchOne(db, sql: sql, arguments: arguments, cached: true) else { break }
                let cursor = ListCursor(parts: row)
                found.append(cursor)
                last = cursor
            }
            return found
        }
    }

    /// Anchors of a list ordered by one key column, in one statement: a
    /// recursive query whose every step seeks past the last anchor and
    /// steps over `spacing` rows inside SQLite, so an anchor costs a seek
    /// and its rows, not a statement of its own (ten times as many anchors
    /// for the same pass).
    private func steppedAnchors(_ db: Database, _ collection: CollectionSchema, _ key: TableKey, _ term: OrderTerm,
                                after start: ListCursor?, every spacing: Int, count: Int) throws -> [ListCursor] {
        let comparison = term.descending ? "<" : ">"
        let order = " ORDER BY \(term.expression)\(term.descending ? " DESC" : "") LIMIT 1 OFFSET ?"
        let scope = try scoped(collection, nil)
        func step(after bound: String?) -> String {
            let conditions = [scope.sql.map { "(\($0))" }, bound.map { "\(term.expression) \(comparison) \($0)" }].compactMap { $0 }
            return "SELECT \(term.expression) FROM \(key.quotedTable)"
                + (conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")) + order
        }
        let sql = "WITH RECURSIVE navsh_anchor(n, k) AS (SELECT 1, (\(step(after: start?.parts[0].sqlPlaceholder)))"
            + " UNION ALL SELECT n + 1, (\(step(after: "navsh_anchor.k"))) FROM navsh_anchor"
            + " WHERE k IS NOT NULL AND n < ?) SELECT k FROM navsh_anchor WHERE k IS NOT NULL"
        var arguments = scope.arguments
        if let start { arguments += [start.parts[0]] }
        arguments += [.whole(spacing - 1)]
        arguments += scope.arguments
        arguments += [.whole(spacing - 1), .whole(count)]
        return try RowReader.fetchAll(db, sql: sql, arguments: arguments).map { ListCursor(parts: $0) }
    }

    /// Whether SQLite would sort the rows for this query (no index gives its
    /// order): its plan says `USE TEMP B-TREE FOR ORDER BY`.
    static func sorts(_ db: Database, _ sql: String, _ arguments: SQLArguments) throws -> Bool {
        let plan = try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments.statementArguments)
        return plan.contains { (($0["detail"] as String?) ?? "").contains("TEMP B-TREE FOR ORDER BY") }
    }

    /// Anchors in one sorted pass: the rows numbered in the list's order
    /// (`row_number()`), every `spacing`-th kept.
    private func numberedAnchors(_ db: Database, _ collection: CollectionSchema, _ terms: [OrderTerm],
                                 filter: (sql: String?, arguments: SQLArguments), every spacing: Int,
                                 count: Int) throws -> [ListCursor] {
        let key = try key(for: collection)
        let aliases = terms.indices.map { "navsh_c\($0)" }
        let inner = "SELECT " + zip(terms, aliases).map { "\($0.expression) AS \($1)" }.joined(separator: ", ")
            + ", row_number() OVER (ORDER BY \(orderBy(collection, key))) AS navsh_n FROM \(key.quotedTable)"
            + (filter.sql.map { " WHERE \($0)" } ?? "")
        let sql = "SELECT \(aliases.joined(separator: ", ")) FROM (\(inner)) WHERE navsh_n % ? = 0 ORDER BY navsh_n LIMIT ?"
        var arguments = filter.arguments
        arguments += [.whole(spacing), .whole(count)]
        return try RowReader.fetchAll(db, sql: sql, arguments: arguments).map { ListCursor(parts: $0) }
    }

    /// Rows from `start`, each with the cursor after it.
    private func run(of collection: CollectionSchema, fields: [String]?, reading: Reading, from start: RowStart,
                     limit: Int) throws -> RowRun {
        let key = try key(for: collection)
        if key.readOnlyReason != nil {
            // No key to seek by: rows are named by position, and read by it.
            let first = try start.position()
            let rows = try select(collection, fields: fields, reading: reading, where: nil, arguments: [],
                                  suffix: "LIMIT ? OFFSET ?", [.whole(limit), .whole(first)], firstPosition: first)
            return RowRun(rows: rows, cursors: rows.indices.map { ListCursor(parts: [.integer(Int64(first + $0 + 1))]) })
        }
        let terms = orderTerms(collection, key)
        let sortTerms = terms.dropLast(key.keyWidth).map(\.expression)
        let condition = try start.after.map { try after($0, terms) }
        let body = { (db: Database) in
            try self.select(db, collection, fields: fields, reading: reading, also: sortTerms,
                            where: condition?.sql, arguments: condition?.arguments ?? [],
                            suffix: "LIMIT ? OFFSET ?", [.whole(limit), .whole(max(0, start.skip))], cached: true)
        }
        // One statement (as `select` decides) needs no transaction around it.
        let width = (fields?.count ?? collection.fields.count) + sortTerms.count
        let read = try width < Self.columnsInOneStatement ? readAlone(body) : self.read(body)
        // In the key's own order a row's cursor is its identity's parts, shared, not copied.
        return RowRun(rows: read.map(\.record),
                      cursors: read.map { ListCursor(parts: $0.also.isEmpty ? $0.record.id.parts : $0.also + $0.record.id.parts) })
    }

    /// The rows after the cursor's in the order `terms` give (`KeysetSQL.after`).
    func after(_ cursor: ListCursor, _ terms: [OrderTerm]) throws -> (sql: String, arguments: SQLArguments) {
        try KeysetSQL.after(cursor, terms, dialect).sqlite
    }
}

extension SQLiteStore {
    /// One statement stepped through: a list in an order no index gives is
    /// sorted once. By keyset pages, `sort name` then `open *` took 27 s on
    /// 1M rows and an export 5 minutes, one sort a page.
    public func forEachRun(of collection: CollectionSchema, fields: RowFields, size: Int,
                           _ body: ([NavshCore.Record]) throws -> Void) throws {
        let names: [String]?
        let reading: Reading
        switch fields {
        case .all: (names, reading) = (nil, .full)
        case .listed: (names, reading) = (try listFields(collection), .preview)
        }
        // A table too wide for one statement is read in chunks of columns,
        // each joined by key after the whole read: by pages, so a run is
        // all that is held (20,000 rows of 2,000 columns held 1.9 GB so).
        let width = ((names?.count ?? collection.fields.count) + 1) * (reading == .full ? 1 : 2)
        guard width < Self.columnsInOneStatement else { return try forEachPage(of: collection, fields: fields, size: size, body) }
        var run: [NavshCore.Record] = []
        run.reserveCapacity(size)
        try withoutActuallyEscaping(body) { body in
            try read { db in
                _ = try select(db, collection, fields: names, reading: reading, also: [], where: nil, arguments: [],
                               suffix: "", [], cached: false) { record in
                    run.append(record)
                    if run.count == size {
                        try body(run)
                        run.removeAll(keepingCapacity: true)
                    }
                }
            }
        }
        if !run.isEmpty { try body(run) }
    }
}

import NavshCore
import NavshSQL

/// Reads: counts, pages by offset, single rows, positions, keys and title matches.
extension PostgresStore {
    func countAll(_ collection: CollectionSchema) throws -> Int {
        let table = try table(collection)
        var parameters = Parameters()
        let filter = try scoped(collection, table, &parameters)
        let sql = "SELECT count(*)::text FROM \(table.relation)" + (filter.map { " WHERE \($0)" } ?? "")
        return try rows(sql, parameters).first?.first.flatMap { $0 }.flatMap { Int($0) } ?? 0
    }

    /// At most `budget.rows + 1` rows are looked at (a subquery with LIMIT),
    /// whether they match the filters or not, so a rare match cannot make
    /// the count read the whole table.
    /// A read with a time budget gets at least this long on a server: the
    /// budgets are set for SQLite in process, and a round trip alone can
    /// take longer.
    static let shortestBudget = 0.25

    public func count(of collection: CollectionSchema, within budget: ReadBudget?) throws -> Int? {
        guard let budget else { return try countAll(collection) }
        let table = try table(collection)
        var unfiltered = collection
        unfiltered.filters = []
        var parameters = Parameters()
        let hits = try collection.filters.map { try FilterSQL.sql(for: $0, in: collection, dialect).postgres(&parameters, dialect) }
        let scope = try scoped(unfiltered, table, &parameters)
        let hit = hits.isEmpty ? "true" : hits.map { "(\($0))" }.joined(separator: " AND ")
        let bound = parameters.bind(String(budget.rows + 1))
        let statement = "SELECT count(*)::text, count(*) FILTER (WHERE hit)::text FROM (SELECT (\(hit)) AS hit FROM "
            + table.relation + (scope.map { " WHERE \($0)" } ?? "") + " LIMIT \(bound)::bigint) AS looked"
        // The time budget, no shorter than a round trip to a distant server takes.
        let answer: [String?]?
        if let seconds = budget.seconds {
            guard let answered = try reads.within(seconds: max(seconds, Self.shortestBudget), {
                try rows(statement, parameters).first
            }) else { return nil }
            answer = answered
        } else {
            answer = try rows(statement, parameters).first
        }
        guard let row = answer, row.count == 2, let looked = row[0].flatMap({ Int($0) }),
              looked <= budget.rows, let found = row[1].flatMap({ Int($0) }) else { return nil }
        return found
    }

    public func record(of collection: CollectionSchema, _ lookup: RecordLookup) throws -> Record? {
        switch lookup {
        case .id(let id): return try record(of: collection, byID: id)
        case .key(let values): return try record(of: collection, byKey: values)
        case .reference(let value, let field): return try record(of: collection, byReference: value, field: field)
        }
    }

    func record(of collection: CollectionSchema, byID id: RecordID) throws -> Record? {
        let table = try table(collection)
        if table.readOnlyReason != nil {
            // Rows that cannot be told apart are named by their position.
            guard !id.isPrimaryKey, id.parts.count == 1, case .integer(let position) = id.parts[0], position >= 1,
                  position <= Int64(Int.max / 2) else { return nil }
            let offset = Int(position) - 1
            return try records(collection, suffix: Self.limit(1, offset: offset), firstPosition: offset).first
        }
        var parameters = Parameters()
        let condition = try matching(id, table, &parameters)
        return try records(collection, where: condition, parameters, suffix: Self.limit(1)).first
    }

    /// By key when `field` is nil or names the key; else the first row whose
    /// `field` holds the value (its text, ignoring case, as on SQLite).
    func record(of collection: CollectionSchema, byReference value: Value, field: String?) throws -> Record? {
        let table = try table(collection)
        if table.readOnlyReason == nil, table.key.count == 1, field == nil || field == table.key[0] {
            return try record(of: collection, key: [value])
        }
        guard let field = field ?? table.key.first else { return nil }
        // The row holding the value as stored before one equal ignoring case
        // (as SQLite's store reads it).
        let column = try table.column(field)
        if value != .null, Self.parses(value, as: column) {
            var parameters = Parameters()
            let condition = "\(field.quotedIdentifier) = \(try parameters.bind(value, as: column))"
            if let exact = try records(collection, where: condition, parameters, suffix: Self.limit(1)).first { return exact }
        }
        return try find(ValueText.raw(value), in: field, of: collection, match: .exact, limit: 1).first
    }

    func record(of collection: CollectionSchema, byKey values: [Value]) throws -> Record? {
        let table = try table(collection)
        guard table.readOnlyReason == nil, values.count == table.key.count else { return nil }
        var parameters = Parameters()
        var parts: [String] = []
        for (name, value) in zip(table.key, values) {
            let column = try table.column(name)
            // A key typed as text that its type does not parse names no row.
            guard value != .null, Self.parses(value, as: column) else { return nil }
            parts.append("\(name.quotedIdentifier) = \(try parameters.bind(value, as: column))")
        }
        return try records(collection, where: parts.joined(separator: " AND "), parameters, suffix: Self.limit(1)).first
    }

    public func records(of collection: CollectionSchema, amongKeys keys: [[Value]]) throws -> [Record] {
        let table = try table(collection)
        guard table.readOnlyReason == nil, !table.key.isEmpty else { return [] }
        let columns = try table.key.map { try table.column($0) }
        let tuple = "(" + table.key.map(\.quotedIdentifier).joined(separator: ", ") + ")"
        var rows: [Record] = []
        for start in stride(from: 0, to: keys.count, by: Self.keysAtOnce) {
            var parameters = Parameters()
            var tuples: [String] = []
            // A key its column's type does not parse names no row, as one looked up alone.
            for key in keys[start..<min(start + Self.keysAtOnce, keys.count)] where key.count == columns.count
                && zip(key, columns).allSatisfy({ $0 != .null && Self.parses($0, as: $1) }) {
                tuples.append("(" + (try zip(key, columns).map { try parameters.bind($0, as: $1) }).joined(separator: ", ") + ")")
            }
            guard !tuples.isEmpty else { continue }
            rows += try records(collection, where: "\(tuple) IN (\(tuples.joined(separator: ", ")))", parameters)
        }
        return rows
    }

    /// Keys looked up by one statement: well under the 65,535 parameters a message holds.
    static let keysAtOnce = 500

    /// Whether a value can be cast to the column's type without an error
    /// (a text key for an integer column cannot).
    static func parses(_ value: Value, as column: PostgresColumn) -> Bool {
        switch (column.kind, value) {
        case (.integer, .integer), (.numeric, .integer), (.real, .integer), (.real, .real), (.numeric, .real): return true
        case (.integer, .text(let text)): return Int64(text) != nil
        // A numeric holding a fraction reads as its text (`1.50`).
        case (.numeric, .text(let text)), (.real, .text(let text)): return DecimalText.isDecimal(text)
        case (.integer, _), (.real, _), (.numeric, _): return false
        default: return true
        }
    }

    public func position(of id: RecordID, in collection: CollectionSchema) throws -> Int? {
        guard collection.order == nil, collection.groupField == nil else { return nil }
        let table = try table(collection)
        if table.readOnlyReason != nil {
            guard id.parts.count == 1, case .integer(let position) = id.parts[0], position >= 1,
                  position <= Int64(Int.max / 2) else { return nil }
            return Int(position) - 1
        }
        guard id.parts.count == table.key.count else { return nil }
        var parameters = Parameters()
        let columns = table.key.map(\.quotedIdentifier).joined(separator: ", ")
        let values = try zip(table.key, id.parts).map { try parameters.bind($1, as: try table.column($0)) }
        let before = "(\(columns)) \(collection.newRowsOnTop ? ">" : "<") (\(values.joined(separator: ", ")))"
        let filter = try scoped(collection, table, &parameters, before)
        let sql = "SELECT count(*)::text FROM \(table.relation)" + (filter.map { " WHERE \($0)" } ?? "")
        return try rows(sql, parameters).first?.first.flatMap { $0 }.flatMap { Int($0) }
    }

    public func orderValues(of collection: CollectionSchema, field: String?) throws -> [(id: RecordID, value: Value)] {
        _ = try writable(collection)
        guard let field else { return try records(collection, fields: []).map { ($0.id, .null) } }
        guard let name = collection.field(named: field)?.name else { throw StoreError.unknownFields([field]) }
        return try records(collection, fields: [name]).map { ($0.id, $0[name]) }
    }

    func findAll(_ text: String, in field: String, of collection: CollectionSchema, match: TextMatch,
                 limit: Int) throws -> [Record] {
        let table = try table(collection)
        if let reason = table.readOnlyReason { throw StoreError.unsupported(reason) }
        var parameters = Parameters()
        let condition = try FilterSQL.findTest(field, in: collection, match, text, dialect).postgres(&parameters, dialect)
        return try records(collection, where: condition, parameters, suffix: Self.limit(limit))
    }

    /// Rows are looked at in key order, at most `budget.rows` of them (a
    /// subquery with LIMIT); the answer is complete when fewer were there.
    public func find(_ text: String, in field: String, of collection: CollectionSchema, match: TextMatch, limit: Int,
                     within budget: ReadBudget?) throws -> Bounded<[Record]> {
        guard let budget else { return Bounded(try findAll(text, in: field, of: collection, match: match, limit: limit), isComplete: true) }
        let table = try table(collection)
        if let reason = table.readOnlyReason { throw StoreError.unsupported(reason) }
        guard let name = collection.field(named: field)?.name else { throw StoreError.unknownFields([field]) }
        // A title of several fields is looked for whole (`FilterSQL.findTest`).
        let parts = field == collection.titleField ? collection.titleParts : nil
        if parts == nil, try isIndexed(name, in: table) {
            // An index on the field: the server finds every match without a bound.
            return Bounded(try find(text, in: name, of: collection, match: match, limit: limit), isComplete: true)
        }
        var parameters = Parameters()
        let scope = try scoped(collection, table, &parameters)
        let keys = table.key.map(\.quotedIdentifier).joined(separator: ", ")
        let bound = parameters.bind(String(budget.rows + 1))
        let test = try FilterSQL.findTest(name, in: collection, match, text, dialect).postgres(&parameters, dialect)
        let sql = "SELECT \(table.key.map { $0.quotedIdentifier + "::text" }.joined(separator: ", ")), (\(test))::text FROM "
            + "(SELECT * FROM \(table.relation)" + (scope.map { " WHERE \($0)" } ?? "")
            + " ORDER BY \(keys) LIMIT \(bound)::bigint) AS looked"
        let read = try rows(sql, parameters)
        // One row past the budget is read only to know whether there are more.
        let looked = read.prefix(budget.rows)
        let hits = try looked.filter { $0.last == "true" }.prefix(limit).map { try id($0.dropLast(), table) }
        let complete = read.count <= budget.rows || hits.count >= limit
        var found: [Record] = []
        for id in hits { if let row = try record(of: collection, id: id) { found.append(row) } }
        return Bounded(found, isComplete: complete)
    }

    /// Whether an index (not partial) has `column` as its first column.
    func isIndexed(_ column: String, in table: PostgresTable) throws -> Bool {
        try !bridge.rows("""
            SELECT 1::text FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0]
            WHERE i.indrelid = CAST($1::text AS regclass) AND i.indpred IS NULL AND a.attname = $2::text
            """, [table.quotedName, column]).isEmpty
    }

    /// One read: every read in `body` sees one snapshot (REPEATABLE READ,
    /// read only), ended as soon as `body` returns.
    public func consistently<T>(_ body: () throws -> T) throws -> T {
        if inBatch { return try body() }
        try bridge.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
        bridge.inTransaction = true
        inBatch = true
        defer {
            inBatch = false
            bridge.inTransaction = false
            bridge.rollBack()
        }
        return try body()
    }

    public func columnNames(of table: String) throws -> [String] {
        // No table's name holds a NUL, which PostgreSQL's text cannot carry.
        guard !table.utf8.contains(0) else { return [] }
        return try bridge.rows("""
            SELECT a.attname::text FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
            JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = $1::text AND lower(c.relname) = lower($2::text) AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum
            """, [schema, table]).compactMap { $0.first ?? nil }
    }
}

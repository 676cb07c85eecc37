import GRDB
import NavshCore
import NavshSQL

/// Reads that stop when their `ReadBudget` runs out and say so: a list's
/// first count, and Tab completion. The row bound is kept in SQL (a
/// subquery with LIMIT: at most that many rows are looked at); the time
/// bound by the progress handler's deadline, which stops the statement.
extension SQLiteStore {
    public func count(of collection: CollectionSchema, within budget: ReadBudget?) throws -> Int? {
        guard let budget else { return try countAll(collection) }
        let key = try key(for: collection)
        var unfiltered = collection
        unfiltered.filters = []
        let scope = try scoped(unfiltered, nil)
        // `hit` is every filter at once: rows are looked at (up to the
        // bound) whether they match or not, so a rare match cannot make the
        // count read the whole table.
        let hit = try collection.filters.map { try FilterSQL.sql(for: $0, in: collection, dialect).sqlite }
        var arguments = SQLArguments(hit.flatMap(\.arguments.values))
        arguments += scope.arguments
        arguments += [.whole(budget.rows + 1)]
        if hit.isEmpty {
            // Unfiltered: is there a row past the bound? (A step over rows,
            // cheaper than counting them.) If not, count(*) is cheap and exact.
            var probe = scope.arguments
            probe += [.whole(budget.rows)]
            let whereScope = scope.sql.map { " WHERE \($0)" } ?? ""
            let beyond = try budgeted(budget, sql: "SELECT 1 FROM \(key.quotedTable)\(whereScope) LIMIT 1 OFFSET ?",
                                      arguments: probe)
            guard beyond.complete, beyond.rows.isEmpty else { return nil }
            let counted = try budgeted(budget, sql: "SELECT count(*) FROM \(key.quotedTable)\(whereScope)",
                                       arguments: scope.arguments)
            guard counted.complete, case .integer(let total)? = counted.rows.first?.first, total >= 0,
                  total <= budget.rows else { return nil }
            return Int(total)
        }
        let hitSQL = hit.map { "(\($0.sql))" }.joined(separator: " AND ")
        let sql = "SELECT count(*), total(hit) FROM (SELECT (\(hitSQL)) AS hit FROM \(key.quotedTable)"
            + (scope.sql.map { " WHERE \($0)" } ?? "") + " LIMIT ?)"
        let row = try budgeted(budget, sql: sql, arguments: arguments)
        guard row.complete, let counts = row.rows.first, counts.count == 2,
              case .integer(let looked) = counts[0], looked <= budget.rows else { return nil }
        switch counts[1] {
        case .real(let total) where total >= 0 && total <= Double(Int.max / 2): return Int(total)
        case .integer(let total) where total >= 0: return Int(total)
        default: return nil
        }
    }

    public func find(
        _ text: String, in field: String, of collection: CollectionSchema, match: TextMatch, limit: Int,
        within budget: ReadBudget?
    ) throws -> Bounded<[NavshCore.Record]> {
        guard let budget else { return Bounded(try findAll(text, in: field, of: collection, match: match, limit: limit), isComplete: true) }
        let key = try key(for: collection)
        if let reason = key.readOnlyReason { throw StoreError.unsupported(reason) }
        guard let column = collection.field(named: field)?.name else { throw StoreError.unknownFields([field]) }
        // A title of several fields is looked for whole, as `find` does
        // (Tab completed `open Leo` but not `open Köh` or `open Leonie K`): no index holds it, so
        // rows are scanned.
        let whole = try (field == collection.titleField ? collection.titleParts : nil).map {
            try TitleSQL.expression($0, of: collection.name, dialect).sqlite
        }
        if whole == nil, match == .prefix, !text.isEmpty, CaseFoldedMatch.isASCII(text),
           let collation = try prefixIndexCollation(column, in: key.table) {
            return Bounded(try indexedPrefix(text, column: column, collation: collation, of: collection, limit: limit),
                           isComplete: true)
        }
        // No index serves it: look at rows in key order until the budget ends.
        let test = CaseFoldedMatch.sql("v", match, text)
        let scope = try scoped(collection, nil)
        var arguments = whole?.arguments ?? []
        arguments += scope.arguments
        arguments += [.whole(budget.rows), test.argument, .whole(limit)]
        let sql = "SELECT * FROM (SELECT \(key.keySQL), \(whole?.sql ?? column.quotedIdentifier) AS v FROM "
            + key.quotedTable + (scope.sql.map { " WHERE \($0)" } ?? "")
            + " ORDER BY \(key.terms.joined(separator: ", ")) LIMIT ?) WHERE \(test.sql) LIMIT ?"
        var found = try budgeted(budget, sql: sql, arguments: arguments)
        if found.complete && found.rows.count < limit {
            // Every row matched was read: was every row looked at?
            var more = scope.arguments
            more += [.whole(budget.rows)]
            let beyond = try budgeted(budget, sql: "SELECT 1 FROM \(key.quotedTable)" + (scope.sql.map { " WHERE \($0)" } ?? "")
                                      + " ORDER BY \(key.terms.joined(separator: ", ")) LIMIT 1 OFFSET ?", arguments: more)
            found.complete = beyond.complete && beyond.rows.isEmpty
        }
        let ids = try found.rows.map { try key.id(from: $0) }
        return Bounded(try records(ids, of: collection), isComplete: found.complete || found.rows.count >= limit)
    }

    /// The rows with these identities, in the collection's order.
    private func records(_ ids: [RecordID], of collection: CollectionSchema) throws -> [NavshCore.Record] {
        guard !ids.isEmpty else { return [] }
        let key = try key(for: collection)
        var parts: [String] = []
        var arguments = SQLArguments()
        for id in ids {
            let condition = try key.matching(id)
            parts.append("(\(condition.sql))")
            arguments += condition.arguments
        }
        return try select(collection, where: parts.joined(separator: " OR "), arguments: arguments,
                          suffix: "LIMIT ?", [.whole(ids.count)])
    }

    /// Rows whose `column` starts with `text`, through an index on it: a
    /// range on the index (`>= text AND < text+1`), then LIKE for exactly
    /// what `find` matches. A NOCASE index holds every case in one range; a
    /// BINARY one is searched for the text as typed, lowercased, with a
    /// capital first letter, and uppercased (what people type and store).
    private func indexedPrefix(_ text: String, column: String, collation: String, of collection: CollectionSchema,
                               limit: Int) throws -> [NavshCore.Record] {
        let starts: [String]
        if collation == "NOCASE" {
            starts = [Self.asciiLowercased(text)]
        } else {
            let capital = text.prefix(1).uppercased() + text.dropFirst()
            starts = [text, text.lowercased(), capital, text.uppercased()].reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
        }
        var found: [NavshCore.Record] = []
        for start in starts where found.count < limit {
            // In the index's collation, which may not be the column's.
            let name = column.quotedIdentifier + " COLLATE " + collation
            var condition = "\(name) >= ?"
            var arguments: SQLArguments = [.text(start)]
            if let end = Self.successor(of: start) {
                condition += " AND \(name) < ?"
                arguments += [.text(end)]
            }
            condition += " AND \(column.quotedIdentifier) LIKE ? ESCAPE '\\'"
            arguments += [.text(CaseFoldedMatch.likePattern(text, .prefix))]
            let seen = Set(found.map(\.id))
            let more = try select(collection, where: condition, arguments: arguments, suffix: "LIMIT ?", [.whole(limit)])
            found += more.filter { !seen.contains($0.id) }
        }
        return Array(found.prefix(limit))
    }

    /// The collation of an index whose first column is `column` and that
    /// holds every row (not partial), when it is BINARY or NOCASE: the ones
    /// a prefix range can be worked out for. Nil when there is none.
    func prefixIndexCollation(_ column: String, in table: String) throws -> String? {
        try read { db in
            let indexes = try Row.fetchAll(db, sql: "SELECT name FROM pragma_index_list(?) WHERE partial = 0",
                                           arguments: [table])
            var best: String?
            for index in indexes {
                let name: String = index["name"]
                let first = try Row.fetchOne(db, sql: "SELECT name, coll FROM pragma_index_xinfo(?) WHERE seqno = 0",
                                             arguments: [name])
                guard let first, let firstName: String = first["name"], firstName.lowercased() == column.lowercased(),
                      let collation: String = first["coll"] else { continue }
                let upper = collation.uppercased()
                if upper == "NOCASE" { return upper }
                if upper == "BINARY" { best = upper }
            }
            return best
        }
    }

    /// Text with ASCII letters lowercased, as NOCASE compares it.
    static func asciiLowercased(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value >= 65 && $0.value <= 90 ? (Unicode.Scalar($0.value + 32) ?? $0) : $0 }))
    }

    /// The least text greater than every text starting with `text` (its
    /// last character one higher); nil when there is none.
    static func successor(of text: String) -> String? {
        var scalars = Array(text.unicodeScalars)
        while let last = scalars.popLast() {
            var next = last.value + 1
            if next == 0xD800 { next = 0xE000 }
            if let scalar = Unicode.Scalar(next) {
                scalars.append(scalar)
                return String(String.UnicodeScalarView(scalars))
            }
        }
        return nil
    }


    /// Rows read with the budget's deadline: all of them, or those read
    /// before it passed (`complete` false). Ctrl-C still fails the read.
    func budgeted(_ budget: ReadBudget, sql: String, arguments: SQLArguments) throws -> (rows: [[Value]], complete: Bool) {
        var rows: [[Value]] = []
        var complete = true
        let cancellation = self.cancellation
        try cancellation.within(seconds: budget.seconds) {
            // One statement: no transaction around it (inside one already, it reads in that).
            try readAlone { db in
                do {
                    try RowReader.forEach(db, sql: sql, arguments: arguments) { rows.append($0) }
                } catch let error as DatabaseError where error.resultCode == .SQLITE_INTERRUPT && cancellation.deadlinePassed {
                    complete = false
                }
            }
        }
        return (rows, complete)
    }
}

import Foundation
import GRDB
import NavshCore
import NavshSQL

/// Reads: pages, single rows, positions, keys and title matches. Every read
/// goes through `read`, which turns SQLite errors into `StoreError`s.
extension SQLiteStore {
    func countAll(_ collection: CollectionSchema) throws -> Int {
        let key = try key(for: collection)
        let scope = try scoped(collection, nil)
        return try readAlone { db in
            try Int.fetchOne(db.cachedStatement(sql: "SELECT count(*) FROM \(key.quotedTable)" + (scope.sql.map { " WHERE " + $0 } ?? "")),
                             arguments: scope.arguments.statementArguments) ?? 0
        }
    }

    public func record(of collection: CollectionSchema, _ lookup: RecordLookup) throws -> NavshCore.Record? {
        switch lookup {
        case .id(let id): return try record(of: collection, byID: id)
        case .key(let values): return try record(of: collection, byKey: values)
        case .reference(let value, let field): return try record(of: collection, byReference: value, field: field)
        }
    }

    func record(of collection: CollectionSchema, byID id: RecordID) throws -> NavshCore.Record? {
        if try key(for: collection).readOnlyReason != nil {
            // Rows that cannot be told apart are named by their position.
            guard let position = id.rowid, position >= 1, position <= Int64(Int.max) else { return nil }
            let offset = Int(position) - 1
            return try select(collection, where: nil, arguments: [], suffix: "LIMIT 1 OFFSET ?", [.whole(offset)],
                              firstPosition: offset).first
        }
        let condition = try key(for: collection).matching(id)
        return try select(collection, where: condition.sql, arguments: condition.arguments, suffix: "LIMIT 1", []).first
    }

    /// A reference to the key (or to none named) with an integer value
    /// names a rowid, when the key is an integer or the rowid itself; any
    /// other reference is matched by value, as its text, ignoring case.
    func record(of collection: CollectionSchema, byReference value: Value, field: String?) throws -> NavshCore.Record? {
        let keyField = collection.fields.first { $0.primaryKeyPosition == 1 }
        if field == nil || field == keyField?.name, case .integer(let rowid) = value,
           keyField?.kind == .integer || keyField == nil {
            return try record(of: collection, id: .rowid(rowid))
        }
        guard let field = field ?? keyField?.name else { return nil }
        // The row holding the value as stored (as the column's collation, and
        // so its foreign keys, compare it), before one equal ignoring case: a
        // record holding `de` named the row `DE` while its list named `de`'s,
        // and `open FIELD` followed the wrong row.
        if let exact = try select(collection, where: "\(field.quotedIdentifier) = ?", arguments: SQLArguments([value]),
                                  suffix: "LIMIT 1", []).first {
            return exact
        }
        return try find(ValueText.raw(value), in: field, of: collection, match: .exact, limit: 1).first
    }

    func record(of collection: CollectionSchema, byKey values: [Value]) throws -> NavshCore.Record? {
        let declared = collection.keyFields
        guard !declared.isEmpty else {
            guard values.count == 1, case .integer(let rowid) = values[0] else { return nil }
            return try record(of: collection, id: .rowid(rowid))
        }
        guard values.count == declared.count else { return nil }
        let condition = declared.map { "\($0.name.quotedIdentifier) = ?" }.joined(separator: " AND ")
        return try select(collection, where: condition, arguments: SQLArguments(values),
                          suffix: "LIMIT 1", []).first
    }

    public func records(of collection: CollectionSchema, amongKeys keys: [[Value]]) throws -> [NavshCore.Record] {
        let declared = collection.keyFields
        let keys = keys.filter { $0.count == declared.count }
        guard !declared.isEmpty else { return [] }
        let columns = declared.map(\.name.quotedIdentifier)
        let tuple = columns.count == 1 ? columns[0] : "(" + columns.joined(separator: ", ") + ")"
        let one = columns.count == 1 ? "?" : "(" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
        var rows: [NavshCore.Record] = []
        for start in stride(from: 0, to: keys.count, by: Self.keysAtOnce) {
            let chunk = keys[start..<min(start + Self.keysAtOnce, keys.count)]
            let list = (columns.count == 1 ? "" : "VALUES ") + Array(repeating: one, count: chunk.count).joined(separator: ", ")
            rows += try select(collection, where: "\(tuple) IN (\(list))", arguments: SQLArguments(chunk.flatMap { $0 }),
                               suffix: "", [])
        }
        return rows
    }

    /// Keys looked up by one statement: well under SQLite's 32,766 variables.
    static let keysAtOnce = 500

    public func position(of id: RecordID, in collection: CollectionSchema) throws -> Int? {
        // Counting the rows before one in a field's order needs that field's
        // value and NULL rules; callers manage without a number there.
        guard collection.order == nil, collection.groupField == nil else { return nil }
        let key = try key(for: collection)
        if key.readOnlyReason != nil, let position = id.rowid, position >= 1, position <= Int64(Int.max) {
            return Int(position) - 1
        }
        let before = try key.before(id, descending: collection.newRowsOnTop)
        let condition = try scoped(collection, before)
        return try readAlone { db in
            try Int.fetchOne(db.cachedStatement(sql: "SELECT count(*) FROM \(key.quotedTable) WHERE \(condition.sql ?? "1")"),
                             arguments: condition.arguments.statementArguments)
        }
    }

    public func orderValues(of collection: CollectionSchema, field: String?) throws -> [(id: RecordID, value: Value)] {
        try keyed(collection, also: field).map { ($0.id, $0.value ?? .null) }
    }

    /// Every row's key (and one more column), in the collection's order.
    private func keyed(_ collection: CollectionSchema, also field: String?) throws -> [(id: RecordID, value: Value?)] {
        let key = try writableKey(for: collection)
        let filter = try scoped(collection, nil)
        let extra = try field.map { ", " + (try collection.declaredOrder(of: [$0])[0]).quotedIdentifier } ?? ""
        let sql = "SELECT \(key.keySQL)\(extra) FROM \(key.quotedTable)" + (filter.sql.map { " WHERE \($0)" } ?? "")
            + " ORDER BY \(orderBy(collection, key))"
        return try readAlone { db in
            try RowReader.fetchAll(db, sql: sql, arguments: filter.arguments).map { row in
                (try key.id(from: row), field == nil ? nil : row.last)
            }
        }
    }

    func findAll(
        _ text: String, in field: String, of collection: CollectionSchema, match: TextMatch, limit: Int
    ) throws -> [NavshCore.Record] {
        if let reason = try key(for: collection).readOnlyReason { throw StoreError.unsupported(reason) }
        let (sql, arguments) = try FilterSQL.findTest(field, in: collection, match, text, dialect).sqlite
        return try select(collection, where: sql, arguments: arguments, suffix: "LIMIT ?", [.whole(limit)])
    }
}

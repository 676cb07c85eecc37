import GRDB
import NavshCore
import NavshSQL

/// How rows of one table are identified and ordered in SQL: by rowid (under
/// a name no column shadows) or, for WITHOUT ROWID tables, by primary key.
/// A table whose columns shadow every rowid name and that has no primary key
/// is `unaddressable`: its rows are read in the order SQLite gives them and
/// named by position, and nothing in it is written.
/// Names are always quoted; every value is a bound parameter.
struct TableKey {
    enum Kind {
        case rowid(expression: String)
        case primaryKey(columns: [String])
        case unaddressable(reason: String)
    }

    let table: String
    let kind: Kind

    var quotedTable: String { table.quotedIdentifier }

    /// The key columns as a select list and ORDER BY list.
    var keySQL: String {
        switch kind {
        case .rowid(let expression): return expression
        case .primaryKey(let columns): return columns.map(\.quotedIdentifier).joined(separator: ", ")
        case .unaddressable: return "NULL"
        }
    }

    /// The key's expressions, one per part; none for an unaddressable table.
    var terms: [String] {
        switch kind {
        case .rowid(let expression): return [expression]
        case .primaryKey(let columns): return columns.map(\.quotedIdentifier)
        case .unaddressable: return []
        }
    }

    var keyWidth: Int {
        switch kind {
        case .rowid, .unaddressable: return 1
        case .primaryKey(let columns): return columns.count
        }
    }

    /// Whether a row's identity holds the values of the declared key
    /// `columns`: a WITHOUT ROWID table's key, or the rowid under the name of
    /// its INTEGER PRIMARY KEY (`SQLiteSchemaReader` names the alias so); not a
    /// rowid beside another key (a TEXT PRIMARY KEY).
    func identityIsTheKey(_ columns: [String]) -> Bool {
        switch kind {
        case .primaryKey: return true
        case .rowid(let expression): return columns.count == 1 && columns[0].quotedIdentifier == expression
        case .unaddressable: return false
        }
    }

    /// Why rows cannot be written, if they cannot.
    var readOnlyReason: String? {
        if case .unaddressable(let reason) = kind { return reason }
        return nil
    }

    /// `WHERE` condition matching one row, with its arguments.
    func matching(_ id: RecordID) throws -> (sql: String, arguments: SQLArguments) {
        if let readOnlyReason { throw StoreError.readOnly(readOnlyReason) }
        switch kind {
        case .rowid(let expression):
            guard let rowid = id.rowid else { break }
            return ("\(expression) = ?", [.integer(rowid)])
        case .primaryKey(let columns):
            guard id.isPrimaryKey, id.parts.count == columns.count else { break }
            let values = id.parts
            let sql = zip(columns, values).map { "\($0.quotedIdentifier) = \($1.sqlPlaceholder)" }.joined(separator: " AND ")
            return (sql, SQLArguments(values))
        case .unaddressable:
            break
        }
        throw StoreError.identityDoesNotFit(table: table)
    }

    /// `WHERE` condition for rows ordered before this one by key.
    func before(_ id: RecordID, descending: Bool = false) throws -> (sql: String, arguments: SQLArguments) {
        if let readOnlyReason { throw StoreError.readOnly(readOnlyReason) }
        let comparison = descending ? ">" : "<"
        switch kind {
        case .rowid(let expression):
            guard let rowid = id.rowid else { break }
            return ("\(expression) \(comparison) ?", [.integer(rowid)])
        case .primaryKey(let columns):
            guard id.isPrimaryKey, id.parts.count == columns.count else { break }
            let values = id.parts
            let placeholders = values.map(\.sqlPlaceholder).joined(separator: ", ")
            return ("(\(keySQL)) \(comparison) (\(placeholders))", SQLArguments(values))
        case .unaddressable:
            break
        }
        throw StoreError.identityDoesNotFit(table: table)
    }

    /// The identity of a row after `changes` were written to it: a WITHOUT
    /// ROWID table's key columns may be among them (a rowid never is).
    func id(_ id: RecordID, after changes: [String: Value]) -> RecordID {
        guard case .primaryKey(let columns) = kind, id.isPrimaryKey, id.parts.count == columns.count else { return id }
        var values = id.parts
        for (i, column) in columns.enumerated() {
            if let value = changes[column] { values[i] = value }
        }
        return .key(values)
    }

    /// Reads the identity from the first `keyWidth` values of a row. Throws
    /// rather than traps when the file holds something else there.
    func id(from row: [Value]) throws -> RecordID {
        guard row.count >= keyWidth else { throw StoreError.malformedRow(table: table, problem: "came back without its key") }
        switch kind {
        case .rowid:
            guard case .integer(let rowid) = row[0] else {
                throw StoreError.malformedRow(table: table, problem: "has no integer rowid")
            }
            return .rowid(rowid)
        case .primaryKey:
            return .key(Array(row[0..<keyWidth]))
        case .unaddressable(let reason):
            throw StoreError.readOnly(reason)
        }
    }
}

/// SQLite's two kinds of identity, as `RecordID`s.
extension RecordID {
    /// A row of an ordinary table, by its rowid.
    public static func rowid(_ rowid: Int64) -> RecordID { RecordID(parts: [.integer(rowid)], isPrimaryKey: false) }
    /// A row of a WITHOUT ROWID table, by its primary key values.
    public static func key(_ values: [Value]) -> RecordID { RecordID(parts: values, isPrimaryKey: true) }

    /// The rowid, when this names a row by one.
    var rowid: Int64? {
        guard !isPrimaryKey, parts.count == 1, case .integer(let rowid) = parts[0] else { return nil }
        return rowid
    }
}

import GRDB
import NavshCore
import NavshSQL

/// What the core needs to check an app spec against a file and make what it
/// marks `create: true`: column names, and tables and columns created from a
/// portable description with the SQLite types the kinds have always had.
extension SQLiteStore {
    public func columnNames(of table: String) throws -> [String] {
        // SQLite reads the name as a C string: `items\0` would be `items`,
        // and a spec of that name passed its check and then applied to no
        // table (its `deletable: false` ignored).
        guard !table.utf8.contains(0) else { return [] }
        return try read { db in
            try String.fetchAll(db, sql: "SELECT name FROM pragma_table_xinfo(?)", arguments: [table])
        }
    }

    public func create(_ additions: [SchemaAddition]) throws {
        guard !additions.isEmpty else { return }
        // The spec's additions cannot be made in a file opened read-only: say why, not SQLite's words.
        if let readOnlyNote { throw StoreError.readOnly(readOnlyNote) }
        do {
            try database.writeWithoutTransaction { db in
                try db.inSavepoint {
                    for addition in additions { try db.execute(sql: try Self.sql(for: addition, db)) }
                    try readSchema(db)
                    return .commit
                }
            }
        } catch let error as DatabaseError {
            throw StoreError.database(error.message ?? "\(error)")
        }
    }

    /// `CREATE TABLE` or `ALTER TABLE … ADD COLUMN` for one addition.
    static func sql(for addition: SchemaAddition, _ db: Database) throws -> String {
        switch addition {
        case .table(let name, let columns):
            let definitions = try ["id INTEGER PRIMARY KEY"] + columns.map { try definition($0, db) }
            return "CREATE TABLE \(name.quotedIdentifier) (\(definitions.joined(separator: ", ")))"
        case .column(let table, let column):
            return "ALTER TABLE \(table.quotedIdentifier) ADD COLUMN \(try definition(column, db))"
        }
    }

    /// `"name" TYPE [NOT NULL] [DEFAULT literal] [REFERENCES "table"]`.
    private static func definition(_ column: ColumnDescription, _ db: Database) throws -> String {
        var sql = "\(column.name.quotedIdentifier) \(column.kind.sqliteDeclaredType)"
        if column.isNotNull { sql += " NOT NULL" }
        if let value = column.defaultValue {
            // SQLite's own quote() writes the literal, so every value reads back as it was.
            let literal = try String.fetchOne(db, sql: "SELECT quote(\(value.sqlPlaceholder))", arguments: [value.databaseValue])
            sql += " DEFAULT " + (literal ?? "NULL")
        }
        if let target = column.references { sql += " REFERENCES \(target.quotedIdentifier)" }
        return sql
    }
}

import GRDB
import NavshCore

/// Makes the file hold what an app spec describes: missing tables are
/// created (with an `id INTEGER PRIMARY KEY`), missing columns added. Nothing
/// is ever dropped or rewritten, so a spec can be pointed at real data.
enum SchemaFromSpec {
    static func apply(_ spec: AppSpec, to db: Database) throws {
        for collection in spec.collections {
            let existing = try Row.fetchAll(db, sql: "SELECT name FROM pragma_table_xinfo(?)", arguments: [collection.name])
                .map { ($0["name"] as String).lowercased() }
            if existing.isEmpty {
                let columns = ["id INTEGER PRIMARY KEY"]
                    + collection.fields.filter { $0.name.lowercased() != "id" }
                        .map { "\($0.name.sqlIdentifier) \($0.declaredType)" }
                try db.execute(sql: "CREATE TABLE \(collection.name.sqlIdentifier) (\(columns.joined(separator: ", ")))")
                continue
            }
            for field in collection.fields where !existing.contains(field.name.lowercased()) {
                try db.execute(sql: "ALTER TABLE \(collection.name.sqlIdentifier) ADD COLUMN \(field.name.sqlIdentifier) \(field.declaredType)")
            }
        }
    }
}

import GRDB
import NavshCore
import NavshSQL

/// A file's foreign keys and rows, as `CascadeWalk` follows them to find
/// what a delete takes with it, read on the delete's own connection.
struct SQLiteCascades: CascadeSource {
    let store: SQLiteStore
    let db: Database
    private let catalog: Catalog

    init(store: SQLiteStore, db: Database) throws {
        self.store = store
        self.db = db
        // Read once per schema, not once per row deleted: a batch delete
        // of 33,000 rows read the file's foreign keys 66,000 times.
        if let kept = store.cascadeCatalog, kept.schemaVersion == store.schemaVersion {
            catalog = kept
        } else {
            catalog = try Catalog(store: store, db: db)
            store.cascadeCatalog = catalog
        }
    }

    /// Every foreign key of the file by the table it refers to (lower-cased),
    /// and every table's primary key, read in two statements.
    struct Catalog {
        let schemaVersion: Int
        fileprivate let foreignKeysByParent: [String: [ForeignKey]]
        fileprivate let primaryKeys: [String: [String]]

        init(store: SQLiteStore, db: Database) throws {
            schemaVersion = store.schemaVersion
            let tables = Set(store.keys.keys)
            let rows = try Row.fetchAll(db, sql: """
                SELECT m.name AS child, f.id AS id, f."table" AS parent, f."from" AS "from", f."to" AS "to",
                       f.on_delete AS on_delete
                FROM sqlite_master AS m, pragma_foreign_key_list(m.name) AS f
                WHERE m.type = 'table' ORDER BY m.name, f.id, f.seq
                """)
            var byParent: [String: [ForeignKey]] = [:]
            let grouped = Dictionary(grouping: rows) { "\($0["child"] as String? ?? "")\u{0}\($0["id"] as Int? ?? 0)" }
            for key in grouped.keys.sorted() {
                guard let columns = grouped[key], let first = columns.first, let child: String = first["child"],
                      tables.contains(child), let parent: String = first["parent"] else { continue }
                byParent[parent.lowercased(), default: []].append(ForeignKey(
                    child: child, from: columns.compactMap { $0["from"] }, to: columns.compactMap { $0["to"] },
                    onDelete: first["on_delete"] ?? ""))
            }
            foreignKeysByParent = byParent
            var keys: [String: [String]] = [:]
            for row in try Row.fetchAll(db, sql: """
                SELECT m.name AS t, p.name AS c FROM sqlite_master AS m, pragma_table_info(m.name) AS p
                WHERE m.type = 'table' AND p.pk > 0 ORDER BY m.name, p.pk
                """) {
                if let table: String = row["t"], let column: String = row["c"] { keys[table, default: []].append(column) }
            }
            primaryKeys = keys
        }
    }

    fileprivate struct ForeignKey {
        var child: String
        var from: [String]
        /// The parent's columns; empty for "the parent's primary key".
        var to: [String]
        var onDelete: String
    }

    func foreignKeys(referencing parent: String) -> [ForeignKeyLink] {
        (catalog.foreignKeysByParent[parent.lowercased()] ?? []).map { foreignKey in
            let action: ForeignKeyLink.OnDelete = switch foreignKey.onDelete.uppercased() {
            case "CASCADE": .cascade
            case "SET NULL", "SET DEFAULT": .clear
            default: .block
            }
            return ForeignKeyLink(child: foreignKey.child, from: foreignKey.from,
                                  to: foreignKey.to.isEmpty ? catalog.primaryKeys[parent] ?? [] : foreignKey.to, onDelete: action)
        }
    }

    /// Every column of one row, by name.
    func row(of table: String, id: RecordID) throws -> [String: Value]? {
        guard let key = store.keys[table] else { return nil }
        let condition = try key.matching(id)
        return try rows(of: table, where: condition.sql, arguments: condition.arguments).first?.values
    }

    func rows(of table: String, where columns: [String], amongAny tuples: [[Value]]) throws -> [NavshCore.Record] {
        var arguments: [Value] = []
        return try Self.readInParts(tuples, columns: columns, equal: { column, value in
            arguments.append(value)
            return "\(column.quotedIdentifier) = \(value.sqlPlaceholder)"
        }, read: { condition in
            defer { arguments = [] }
            return try rows(of: table, where: condition, arguments: SQLArguments(arguments))
        })
    }

    /// Read as the store reads a record (byte-exact, wide tables in chunks),
    /// so `undo` puts back exactly what went.
    private func rows(of table: String, where condition: String, arguments: SQLArguments) throws -> [NavshCore.Record] {
        guard let collection = store.collections.first(where: { $0.name == table }) else { return [] }
        var unscoped = collection
        unscoped.scope = nil
        return try store.select(db, unscoped, where: condition, arguments: arguments, suffix: "", [])
    }
}

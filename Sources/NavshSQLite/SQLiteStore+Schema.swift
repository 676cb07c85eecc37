import GRDB
import NavshCore

extension SQLiteStore {
    /// Another connection altered the schema (a column added or renamed):
    /// the collections are read again, so no read names a column that is
    /// gone. Cheap when nothing changed (one PRAGMA).
    public func reloadSchemaIfChanged() throws -> Bool {
        let (version, tables) = try read { db -> (Int, [SchemaReader.Table]?) in
            let version = try Int.fetchOne(db, sql: "PRAGMA schema_version") ?? 0
            return (version, version == schemaVersion ? nil : try SchemaReader.read(db))
        }
        guard let tables else { return false }
        schemaVersion = version
        // A spec naming a column that is gone no longer applies to that table.
        collections = tables.map { (try? spec?.present($0.collection, thisYear: thisYear)) ?? $0.collection }
        keys = Dictionary(tables.map { ($0.collection.name, $0.key) }, uniquingKeysWith: { a, _ in a })
        return true
    }
}

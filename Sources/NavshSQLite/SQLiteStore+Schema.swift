import GRDB
import NavshCore

extension SQLiteStore {
    /// Another connection altered the schema (a column added or renamed):
    /// the collections are read again, so no read names a column that is
    /// gone. Cheap when nothing changed (one PRAGMA).
    public func reloadSchemaIfChanged() throws -> Bool {
        let version = try read { try Int.fetchOne($0, sql: "PRAGMA schema_version") ?? 0 }
        guard version != schemaVersion else { return false }
        // The presentation is applied again; a spec naming a column that is
        // gone no longer applies to that table (the core's presentation says so).
        try read { try readSchema($0) }
        return true
    }
}

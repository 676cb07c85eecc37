import GRDB
import NavshCore
import NavshSQL

extension SQLiteStore {
    /// Rows looked at for a sample: enough to find a value in a column that
    /// holds any, without scanning a million-row table that holds none.
    static let sampleRows = 1_000

    public func sampleText(of field: String, in collection: CollectionSchema) throws -> String? {
        let column = field.quotedIdentifier
        return try read { db in
            // Text, or a whole number (a datetime column may hold Unix times).
            try String.fetchOne(db, sql: """
                SELECT CAST(v AS TEXT) FROM (SELECT \(column) AS v FROM \(collection.name.quotedIdentifier) LIMIT \(Self.sampleRows))
                WHERE typeof(v) IN ('text', 'integer') LIMIT 1
                """)
        }
    }
}

import GRDB
import NavshCore

extension SQLiteStore {
    /// An import's rows: one connection turn for all of them, each INSERT a
    /// statement kept prepared (one per set of columns), no savepoint per
    /// row (an `OR ABORT` statement that fails undoes only itself, and the
    /// caller's transaction goes on) and no read-back. A row a constraint
    /// refuses is passed to `refused` with the error naming its fields.
    public func insertRows(_ rows: [[String: Value]], into collection: CollectionSchema,
                           refused: (Int, StoreError) -> Void) throws -> [NavshCore.Record] {
        let key = try writableKey(for: collection)
        var inserted: [NavshCore.Record] = []
        inserted.reserveCapacity(rows.count)
        let fields = collection.fields.map(\.name)
        try database.writeWithoutTransaction { db in
            for (index, values) in rows.enumerated() {
                let names = try orderedNames(values.keys, in: collection)
                let sql = names.isEmpty
                    ? "INSERT OR ABORT INTO \(key.quotedTable) DEFAULT VALUES RETURNING \(key.keySQL)"
                    : "INSERT OR ABORT INTO \(key.quotedTable) (\(names.map(\.sqlIdentifier).joined(separator: ", "))) "
                        + "VALUES (\(names.map { values[$0]!.sqlPlaceholder }.joined(separator: ", "))) RETURNING \(key.keySQL)"
                do {
                    guard let row = try RowReader.fetchOne(db, sql: sql, arguments: StatementArguments(values: names.map { values[$0]!.databaseValue }),
                                                           cached: true) else {
                        throw StoreError.other("the insert returned no row")
                    }
                    inserted.append(NavshCore.Record(id: try key.id(from: row), values: values))
                } catch let error as DatabaseError {
                    let translated = ConstraintTranslator.translate(error, table: collection.name, fields: fields, db: db, values: values)
                    guard let storeError = translated as? StoreError, case .constraint = storeError else { throw translated }
                    refused(index, storeError)
                }
            }
        }
        return inserted
    }
}

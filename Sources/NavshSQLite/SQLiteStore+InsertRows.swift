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
        // A rowid table's new key is SQLite's last rowid: RETURNING built a
        // temporary b-tree for every row, a page zeroed each time.
        var byRowid = false
        if case .rowid = key.kind { byRowid = true }
        try database.writeWithoutTransaction { db in
            // One statement per set of columns and placeholders (text holding
            // a NUL is bound cast), made once for the batch, finalized here.
            var statements: [[String]: Statement] = [:]
            for (index, values) in rows.enumerated() {
                let names = try orderedNames(values.keys, in: collection)
                let arguments = SQLArguments(names.map { values[$0]! })
                do {
                    let id: RecordID
                    if byRowid {
                        let shape = names.map { values[$0]!.sqlPlaceholder == "?" ? $0 : $0 + "\u{0}" }
                        let statement = try statements[shape] ?? {
                            let made = try db.makeStatement(sql: Self.insertSQL(key, names, values, returning: false))
                            statements[shape] = made
                            return made
                        }()
                        do {
                            try RowReader.execute(db, statement, arguments: arguments)
                        } catch {
                            // A statement whose step failed cannot be run again
                            // as it is (GRDB traps on its reset): made anew.
                            statements[shape] = nil
                            throw error
                        }
                        id = .rowid(db.lastInsertedRowID)
                    } else {
                        guard let row = try RowReader.fetchOne(db, sql: Self.insertSQL(key, names, values, returning: true),
                                                               arguments: arguments, cached: true) else {
                            throw StoreError.other("the insert returned no row")
                        }
                        id = try key.id(from: row)
                    }
                    inserted.append(NavshCore.Record(id: id, values: values))
                } catch let error as DatabaseError {
                    let translated = ConstraintTranslator.translate(error, table: collection.name, fields: fields, db: db, values: values)
                    guard let storeError = translated as? StoreError, case .constraint = storeError else { throw translated }
                    refused(index, storeError)
                }
            }
        }
        return inserted
    }

    /// `INSERT OR ABORT` of `names`' values, returning the key when asked.
    private static func insertSQL(_ key: TableKey, _ names: [String], _ values: [String: Value], returning: Bool) -> String {
        let returned = returning ? " RETURNING \(key.keySQL)" : ""
        guard !names.isEmpty else { return "INSERT OR ABORT INTO \(key.quotedTable) DEFAULT VALUES" + returned }
        return "INSERT OR ABORT INTO \(key.quotedTable) (\(names.map(\.sqlIdentifier).joined(separator: ", "))) "
            + "VALUES (\(names.map { values[$0]!.sqlPlaceholder }.joined(separator: ", ")))" + returned
    }
}

extension SQLiteStore {
    /// Inside `atomically` SQLite checks references only at COMMIT
    /// (`defer_foreign_keys`): while its count of unresolved ones is not
    /// zero, `foreign_key_check` names the rows of `collection` that hold
    /// them, each by the column and the value it holds.
    public func unresolvedReferences(in collection: CollectionSchema) throws -> [UnresolvedReference] {
        try database.writeWithoutTransaction { db in
            guard Self.hasUnresolvedReferences(db) else { return [] }
            return try Self.unresolvedReferences(in: collection, db)
        }
    }

    /// What COMMIT would refuse, named by the first row found that holds a
    /// reference to no row (a delete leaves it in another table), on the
    /// connection `db` is: nil when nothing is unresolved.
    static func firstUnresolvedReference(_ db: Database, in collections: [CollectionSchema]) throws -> StoreError? {
        guard hasUnresolvedReferences(db) else { return nil }
        for collection in collections {
            if let found = try unresolvedReferences(in: collection, db).first,
               case .constraint(_, _, let detail) = found.error {
                return .constraint(.foreignKey, fields: ["\(collection.name).\(found.field)"], detail: detail)
            }
        }
        return nil
    }

    /// `unresolvedReferences(in:)` on the connection `db` is.
    private static func unresolvedReferences(in collection: CollectionSchema, _ db: Database) throws -> [UnresolvedReference] {
        let table = collection.name.sqlIdentifier
        // id → (from column, parent table, to column); one column each
        // (a composite reference is named by its first column).
        var keys: [Int64: (from: String, parent: String, to: String?)] = [:]
        for row in try RowReader.fetchAll(db, sql: "PRAGMA foreign_key_list(\(table))", arguments: [], cached: false) {
            guard row.count >= 5, case .integer(let id) = row[0], case .integer(0) = row[1] else { continue }
            let to: String? = if case .text(let name) = row[4] { name } else { nil }
            keys[id] = (ValueText.raw(row[3]), ValueText.raw(row[2]), to)
        }
        var found: [UnresolvedReference] = []
        for row in try RowReader.fetchAll(db, sql: "PRAGMA foreign_key_check(\(table))", arguments: [], cached: false) {
            guard row.count >= 4, case .integer(let rowid) = row[1], case .integer(let id) = row[3],
                  let key = keys[id] else { continue }
            guard let held = try RowReader.fetchOne(db, sql: "SELECT \(key.from.sqlIdentifier) FROM \(table) WHERE rowid = ?",
                                                    arguments: [.integer(rowid)],
                                                    cached: false)?.first else { continue }
            let value = ValueText.raw(held)
            let detail = "no row in \(key.parent) has \(key.to ?? "its key") = \(value)"
            let reference = UnresolvedReference(field: key.from, value: value,
                                                error: .constraint(.foreignKey, fields: [key.from], detail: detail))
            if !found.contains(reference) { found.append(reference) }
        }
        return found
    }
}

import GRDB
import GRDBSQLite
import NavshCore

extension SQLiteStore {
    /// An import's rows: one connection turn for all of them, each INSERT a
    /// statement kept prepared (one per set of columns), no savepoint per
    /// row (an `OR ABORT` statement that fails undoes only itself, and the
    /// caller's transaction goes on) and no read-back. A row a constraint
    /// refuses is passed to `refused` with the error naming its fields.
    public func insertRows(_ rows: [[Value?]], into collection: CollectionSchema,
                           refused: (Int, StoreError) -> Void) throws -> [RecordID] {
        let key = try writableKey(for: collection)
        var inserted: [RecordID] = []
        inserted.reserveCapacity(rows.count)
        let fields = collection.fields.map(\.name)
        // A rowid table's new key is SQLite's last rowid: RETURNING built a
        // temporary b-tree for every row, a page zeroed each time.
        var byRowid = false
        if case .rowid = key.kind { byRowid = true }
        let counted = rowChangesCounted
        try database.writeWithoutTransaction { db in
            // One statement per shape: the places a row gives, each marked
            // where its text holding a NUL is bound cast. The rows of a file
            // share one, so the last is compared first and none is hashed.
            var statements: [[Int]: Statement] = [:]
            var last: (shape: [Int], statement: Statement)?
            var shape: [Int] = []
            var arguments: [Value] = []
            for (index, cells) in rows.enumerated() {
                shape.removeAll(keepingCapacity: true)
                arguments.removeAll(keepingCapacity: true)
                for (place, cell) in cells.enumerated() {
                    guard let cell else { continue }
                    shape.append(cell.sqlPlaceholder == "?" ? place : ~place)
                    arguments.append(cell)
                }
                do {
                    let statement: Statement
                    if let last, last.shape == shape {
                        statement = last.statement
                    } else if let known = statements[shape] {
                        statement = known
                    } else {
                        statement = try db.makeStatement(sql: Self.insertSQL(key, shape, fields, returning: !byRowid))
                        statements[shape] = statement
                    }
                    last = (shape, statement)
                    var id: RecordID?
                    do {
                        if byRowid {
                            let before = sqlite3_total_changes64(db.sqliteConnection)
                            if counted {
                                try RowReader.execute(db, statement, arguments: SQLArguments(arguments))
                            } else {
                                try RowReader.executeUnobserved(db, statement, arguments: SQLArguments(arguments))
                            }
                            // Asked of SQLite directly: GRDB's getter checks its queue first.
                            // A trigger's RAISE(IGNORE) inserts nothing: then the
                            // last rowid is an earlier row's, which undo would delete.
                            if sqlite3_changes64(db.sqliteConnection) > 0,
                               sqlite3_total_changes64(db.sqliteConnection) > before {
                                id = .rowid(sqlite3_last_insert_rowid(db.sqliteConnection))
                            }
                        } else {
                            var returned: [Value]?
                            try RowReader.forEach(db, statement, arguments: SQLArguments(arguments)) { returned = $0 }
                            id = try returned.map(key.id(from:))
                        }
                    } catch {
                        // A statement whose step failed cannot be run again
                        // as it is (GRDB traps on its reset): made anew.
                        statements[shape] = nil
                        last = nil
                        throw error
                    }
                    // No row written or returned: a trigger ignored the insert,
                    // refused as a single insert is.
                    guard let id else {
                        refused(index, .ignoredByTrigger("insert", table: collection.name))
                        continue
                    }
                    inserted.append(id)
                } catch let error as DatabaseError {
                    let values = collection.values(of: cells)
                    let translated = ConstraintTranslator.translate(error, table: collection.name, fields: fields, db: db, values: values)
                    guard let storeError = translated as? StoreError, case .constraint = storeError else { throw translated }
                    refused(index, storeError)
                    // A trigger's RAISE(ROLLBACK) ended the caller's transaction:
                    // a row written after it would be committed on its own.
                    if !db.isInsideTransaction { throw storeError }
                }
            }
        }
        return inserted
    }

    /// `INSERT OR ABORT` of the fields at `shape`'s places (a place
    /// complemented is text bound as a blob, cast back), returning the key
    /// when asked.
    private static func insertSQL(_ key: TableKey, _ shape: [Int], _ fields: [String], returning: Bool) -> String {
        let returned = returning ? " RETURNING \(key.keySQL)" : ""
        guard !shape.isEmpty else { return "INSERT OR ABORT INTO \(key.quotedTable) DEFAULT VALUES" + returned }
        let names = shape.map { fields[$0 < 0 ? ~$0 : $0].sqlIdentifier }
        let placeholders = shape.map { $0 < 0 ? "CAST(? AS TEXT)" : "?" }
        return "INSERT OR ABORT INTO \(key.quotedTable) (\(names.joined(separator: ", "))) "
            + "VALUES (\(placeholders.joined(separator: ", ")))" + returned
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
        var looked = Set<Int64>()
        for row in try RowReader.fetchAll(db, sql: "PRAGMA foreign_key_check(\(table))", arguments: [], cached: false) {
            guard row.count >= 4, case .integer(let id) = row[3], let key = keys[id] else { continue }
            let held: [Value]
            if case .integer(let rowid) = row[1] {
                held = try RowReader.fetchAll(db, sql: "SELECT \(key.from.sqlIdentifier) FROM \(table) WHERE rowid = ?",
                                              arguments: [.integer(rowid)], cached: false).compactMap(\.first)
            } else {
                // A WITHOUT ROWID table's rows are not named by the check:
                // the values that name no parent row are looked for instead, once.
                guard looked.insert(id).inserted else { continue }
                held = try Self.orphanValues(db, table: table, column: key.from, parent: key.parent, to: key.to)
            }
            for value in held.map(ValueText.raw) {
                let detail = "no row in \(key.parent) has \(key.to ?? "its key") = \(value)"
                let reference = UnresolvedReference(field: key.from, value: value,
                                                    error: .constraint(.foreignKey, fields: [key.from], detail: detail))
                if !found.contains(reference) { found.append(reference) }
            }
        }
        return found
    }

    /// The values of `column` in `table` that no row of `parent` holds in
    /// `to` (nil: its primary key), NULL aside.
    private static func orphanValues(_ db: Database, table: String, column: String, parent: String, to: String?) throws -> [Value] {
        let target: String
        if let to {
            target = to
        } else {
            let keys = try RowReader.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?) WHERE pk = 1",
                                              arguments: [.text(parent)], cached: false)
            guard case .text(let name)? = keys.first?.first else { return [] }
            target = name
        }
        let from = column.sqlIdentifier
        return try RowReader.fetchAll(db, sql: """
            SELECT DISTINCT \(from) FROM \(table) WHERE \(from) IS NOT NULL
            AND \(from) NOT IN (SELECT \(target.sqlIdentifier) FROM \(parent.sqlIdentifier) WHERE \(target.sqlIdentifier) IS NOT NULL)
            """, arguments: [], cached: false).compactMap(\.first)
    }
}

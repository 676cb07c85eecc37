import GRDB
import GRDBSQLite
import NavshCore
import NavshSQL

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
        // A dry run's tally hears of rows through GRDB. Where the table has
        // no trigger, an INSERT writes its one row and no other: the tally
        // is told of it here, and the insert stepped directly.
        let tally = rowChangeTally
        let observed = try tally != nil && hasTriggers(collection.name)
        var direct: [(table: String, rowID: Int64)] = []
        defer { countInserts(direct) }
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
                            if observed {
                                try RowReader.execute(db, statement, arguments: SQLArguments(arguments))
                            } else {
                                try RowReader.executeUnobserved(db, statement, arguments: SQLArguments(arguments))
                            }
                            // Asked of SQLite directly: GRDB's getter checks its queue first.
                            // A trigger's RAISE(IGNORE) inserts nothing: then the
                            // last rowid is an earlier row's, which undo would delete.
                            if sqlite3_changes64(db.sqliteConnection) > 0,
                               sqlite3_total_changes64(db.sqliteConnection) > before {
                                let rowID = sqlite3_last_insert_rowid(db.sqliteConnection)
                                id = .rowid(rowID)
                                if tally != nil && !observed { direct.append((collection.name, rowID)) }
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
                    let translated = SQLiteErrorText.translate(error, table: collection.name, fields: fields, db: db, values: values)
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

    /// Whether a trigger, of the file or of this connection's temporary
    /// schema, fires on `table`.
    private func hasTriggers(_ table: String) throws -> Bool {
        try database.writeWithoutTransaction { db in
            try !RowReader.fetchAll(db, sql: """
                SELECT 1 FROM sqlite_master WHERE type = 'trigger' AND tbl_name = ?1 COLLATE NOCASE
                UNION ALL SELECT 1 FROM sqlite_temp_master WHERE type = 'trigger' AND tbl_name = ?1 COLLATE NOCASE
                """, arguments: [.text(table)], cached: false).isEmpty
        }
    }

    /// `INSERT OR ABORT` of the fields at `shape`'s places (a place
    /// complemented is text bound as a blob, cast back), returning the key
    /// when asked.
    private static func insertSQL(_ key: TableKey, _ shape: [Int], _ fields: [String], returning: Bool) -> String {
        let returned = returning ? " RETURNING \(key.keySQL)" : ""
        guard !shape.isEmpty else { return "INSERT OR ABORT INTO \(key.quotedTable) DEFAULT VALUES" + returned }
        let names = shape.map { fields[$0 < 0 ? ~$0 : $0].quotedIdentifier }
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

    /// `unresolvedReferences(in:)` on the connection `db` is. A reference
    /// of several columns is named by all of them (`pa, pb`), its value as
    /// a tuple (`(x, 2)`).
    private static func unresolvedReferences(in collection: CollectionSchema, _ db: Database) throws -> [UnresolvedReference] {
        let table = collection.name.quotedIdentifier
        // id → (from columns, parent table, to columns), in the key's order.
        var keys: [Int64: (from: [String], parent: String, to: [String?])] = [:]
        for row in try RowReader.fetchAll(db, sql: "PRAGMA foreign_key_list(\(table))", arguments: [], cached: false) {
            guard row.count >= 5, case .integer(let id) = row[0] else { continue }
            let to: String? = if case .text(let name) = row[4] { name } else { nil }
            keys[id, default: ([], ValueText.raw(row[2]), [])].from.append(ValueText.raw(row[3]))
            keys[id]?.to.append(to)
        }
        var found: [UnresolvedReference] = []
        var looked = Set<Int64>()
        for row in try RowReader.fetchAll(db, sql: "PRAGMA foreign_key_check(\(table))", arguments: [], cached: false) {
            guard row.count >= 4, case .integer(let id) = row[3], let key = keys[id] else { continue }
            let columns = key.from.map(\.quotedIdentifier).joined(separator: ", ")
            let held: [[Value]]
            if case .integer(let rowid) = row[1] {
                held = try RowReader.fetchAll(db, sql: "SELECT \(columns) FROM \(table) WHERE rowid = ?",
                                              arguments: [.integer(rowid)], cached: false)
            } else {
                // A WITHOUT ROWID table's rows are not named by the check:
                // the values that name no parent row are looked for instead, once.
                guard looked.insert(id).inserted else { continue }
                held = try Self.orphanValues(db, table: table, columns: key.from, parent: key.parent, to: key.to)
            }
            let field = key.from.joined(separator: ", ")
            let targets = try Self.targetColumns(db, parent: key.parent, to: key.to)
            let named = targets.map { $0.count == 1 ? $0[0] : "(" + $0.joined(separator: ", ") + ")" } ?? "its key"
            for values in held {
                let texts = values.map(ValueText.raw)
                let value = texts.count == 1 ? texts[0] : "(" + texts.joined(separator: ", ") + ")"
                let detail = "no row in \(key.parent) has \(named) = \(value)"
                let reference = UnresolvedReference(field: field, value: value,
                                                    error: .constraint(.foreignKey, fields: [field], detail: detail))
                if !found.contains(reference) { found.append(reference) }
            }
        }
        return found
    }

    /// The columns of `parent` a reference names: `to`, or where it names
    /// none, the parent's primary key; nil when there is none.
    private static func targetColumns(_ db: Database, parent: String, to: [String?]) throws -> [String]? {
        let named = to.compactMap { $0 }
        if named.count == to.count { return named }
        let keys = try RowReader.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?) WHERE pk > 0 ORDER BY pk",
                                          arguments: [.text(parent)], cached: false)
        let names = keys.compactMap { row -> String? in if case .text(let name)? = row.first { name } else { nil } }
        return names.count == to.count ? names : nil
    }

    /// The values of `columns` in `table` that no row of `parent` holds in
    /// `to` (nil: its primary key), a row with a NULL among them aside.
    private static func orphanValues(_ db: Database, table: String, columns: [String], parent: String,
                                     to: [String?]) throws -> [[Value]] {
        guard let targets = try targetColumns(db, parent: parent, to: to) else { return [] }
        let from = columns.map(\.quotedIdentifier)
        let matches = zip(from, targets).map { "navsh_p.\($1.quotedIdentifier) = navsh_c.\($0)" }.joined(separator: " AND ")
        return try RowReader.fetchAll(db, sql: """
            SELECT DISTINCT \(from.map { "navsh_c." + $0 }.joined(separator: ", ")) FROM \(table) AS navsh_c
            WHERE \(from.map { "navsh_c.\($0) IS NOT NULL" }.joined(separator: " AND "))
            AND NOT EXISTS (SELECT 1 FROM \(parent.quotedIdentifier) AS navsh_p WHERE \(matches))
            """, arguments: [], cached: false)
    }
}

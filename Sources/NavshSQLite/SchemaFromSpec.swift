import GRDB
import NavshCore

/// Makes the file hold what an app spec describes, and nothing it did not
/// ask for: a missing table is created (with an `id INTEGER PRIMARY KEY`)
/// only when its collection says `create: true`, a missing column added only
/// when its field says `create: true`; any other name that is not in the file
/// is a spec error (a typo must not change the user's file). Nothing is ever
/// dropped or rewritten, so a spec can be pointed at real data.
enum SchemaFromSpec {
    struct Opened {
        var tables: [SchemaReader.Table]
        /// Each table's collection, presented as the spec says.
        var collections: [CollectionSchema]
        /// What the spec added, one `table T` or `column T.C` each.
        var added: [String]
    }

    /// Reads the schema, with a spec's additions made first and its
    /// collections checked and presented, all in one transaction (a savepoint
    /// inside the one already open, for a dry run): a spec error leaves the
    /// file as it was. Without a spec it only reads.
    static func open(_ database: DatabaseQueue, spec: AppSpec?, inTransaction: Bool, thisYear: Int) throws -> Opened {
        guard let spec else {
            let tables = try database.read { try SchemaReader.read($0) }
            return Opened(tables: tables, collections: tables.map(\.collection), added: [])
        }
        func body(_ db: Database) throws -> Opened {
            let added = try apply(spec, to: db)
            let tables = try SchemaReader.read(db)
            let collections = try tables.map { try spec.present($0.collection, thisYear: thisYear) }
            return Opened(tables: tables, collections: collections, added: added)
        }
        guard inTransaction else { return try database.write(body) }
        return try database.writeWithoutTransaction { db in
            var opened: Opened?
            try db.inSavepoint {
                opened = try body(db)
                return .commit
            }
            guard let opened else { throw StoreError.other("the spec's schema could not be read") }
            return opened
        }
    }

    /// Checks the whole spec against the file, then makes its additions, and
    /// returns what it added (`added column cars.model`). Throws
    /// `SpecProblem` before writing anything; run it in the transaction that
    /// also presents the collections, so a later spec error undoes it.
    static func apply(_ spec: AppSpec, to db: Database) throws -> [String] {
        var statements: [(sql: String, note: String)] = []
        for collection in spec.collections {
            let key = "collections." + collection.name
            let columns = try String.fetchAll(db, sql: "SELECT name FROM pragma_table_xinfo(?)", arguments: [collection.name])
            let existing = Set(columns.map { $0.lowercased() })
            let table = TextLayout.printable(collection.name)
            if existing.isEmpty {
                guard collection.create else {
                    throw spec.problem(at: key, "no table '\(table)' in the file; "
                        + "add create: true to this collection to create it")
                }
                let columns = ["id INTEGER PRIMARY KEY"]
                    + collection.fields.filter { $0.name.lowercased() != "id" }
                        .map { "\($0.name.sqlIdentifier) \($0.declaredType)" }
                statements.append(("CREATE TABLE \(collection.name.sqlIdentifier) (\(columns.joined(separator: ", ")))",
                                   "table \(table)"))
                continue
            }
            for field in collection.fields where !existing.contains(field.name.lowercased()) {
                guard field.create else {
                    throw spec.problem(at: key + ".fields." + field.name,
                        "no column '\(TextLayout.printable(field.name))' in table \(table) (its columns: "
                            + columns.map(TextLayout.printable).joined(separator: ", ") + "); add create: true to this field to add it")
                }
                statements.append((
                    "ALTER TABLE \(collection.name.sqlIdentifier) ADD COLUMN \(field.name.sqlIdentifier) \(field.declaredType)",
                    "column \(table).\(TextLayout.printable(field.name))"))
            }
        }
        // `references: ownres` would show no owner and open nothing: the target must be a table.
        for collection in spec.collections {
            for field in collection.fields {
                guard let target = field.references else { continue }
                let exists = try Bool.fetchOne(db, sql: "SELECT count(*) > 0 FROM pragma_table_xinfo(?)", arguments: [target]) ?? false
                guard exists || spec.collection(named: target)?.create == true else {
                    throw spec.problem(at: "collections.\(collection.name).fields.\(field.name).references",
                                       "no table '\(TextLayout.printable(target))' in the file to reference")
                }
            }
        }
        for statement in statements { try db.execute(sql: statement.sql) }
        return statements.map(\.note)
    }
}

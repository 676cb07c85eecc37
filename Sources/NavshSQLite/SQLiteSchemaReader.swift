import GRDB
import NavshCore
import NavshSQL

/// Turns a SQLite schema into collections: every ordinary table, with its
/// columns' kinds (from their declared types), NOT NULL, DEFAULT and primary key,
/// and every view, read-only. SQLite's own tables, GRDB's, virtual tables
/// and their shadow tables are skipped.
enum SQLiteSchemaReader {
    struct Table {
        var collection: CollectionSchema
        var key: TableKey
    }

    /// Every table and view of the main schema with its columns and foreign
    /// keys (`catalog`), assembled into collections.
    static func read(_ db: Database, byPragmas: Bool = true) throws -> [Table] {
        var leftOut: [String] = []
        return try read(db, byPragmas: byPragmas, leftOut: &leftOut)
    }

    /// `read`, saying in `leftOut` what it left out and why, a phrase each.
    static func read(_ db: Database, byPragmas: Bool = true, leftOut: inout [String]) throws -> [Table] {
        let (columns, foreignKeys) = try catalog(db, byPragmas: byPragmas, leftOut: &leftOut)
        let keysPerTable = Dictionary(grouping: foreignKeys) { $0.text("tableName") }
        var tables: [Table] = []
        var start = columns.startIndex
        while start < columns.endIndex {
            let name = columns[start].text("tableName")
            var end = start + 1
            while end < columns.endIndex, columns[end].text("tableName").utf8.elementsEqual(name.utf8) { end += 1 }
            defer { start = end }
            // Swift holds names equal that differ only in how their accents
            // are encoded ("café" precomposed or not); SQLite holds them two
            // tables. The store finds a table by its name, so the later one
            // would be read as the earlier: it is left out.
            let first = columns[start]
            // A column name that is not UTF-8 cannot be named in SQL once
            // repaired: the table was listed, and every read of it failed.
            if let raw = columns[start..<end].lazy.compactMap({ $0.rawText("name") }).first {
                leftOut.append("\(first.bool("isView") ? "view" : "table") \(TextLayout.printable(name)) "
                               + "(its column \(ValueText.raw(.rawText(raw)))'s name is not UTF-8, which navsh cannot name)")
                continue
            }
            guard !tables.contains(where: { $0.collection.name == name }) else {
                leftOut.append("\(first.bool("isView") ? "view" : "table") \(TextLayout.printable(name)) "
                               + "(its name differs from another's only in how its accents are encoded)")
                continue
            }
            tables.append(try table(name: name, withoutRowid: first.bool("withoutRowid"), isView: first.bool("isView"),
                                    createSQL: first.text("createSQL"),
                                    keyIndexes: first.int("keyIndexes"), columns: Array(columns[start..<end]),
                                    foreignKeys: keysPerTable[name] ?? []))
        }
        return tables
    }

    /// The catalog rows `read` assembles: a row per column of every table
    /// and view, in schema order, and a row per foreign-key column.
    ///
    /// Read with SQLite's PRAGMA statements, three per table. Two queries
    /// over SQLite's table-valued pragma functions, whatever the number of
    /// tables, cost more at every size (1.9M instructions for one table,
    /// 17.6M for 30, against 0.5M and 12.6M): each pragma function declares
    /// a virtual table, and GRDB's authorizer builds a region for each of
    /// their 39 column references, a third of start-up (bench/README.md).
    /// They remain for a schema with a name that is not UTF-8,
    /// which a PRAGMA cannot name in its text. Both give the same rows
    /// (`SchemaReaderTests.bothWaysOfReadingTheCatalogAgree`).
    static func catalog(_ db: Database, byPragmas: Bool = true, leftOut: inout [String]) throws
        -> (columns: [CatalogRow], foreignKeys: [CatalogRow]) {
        if byPragmas, let read = try catalogByPragmas(db, leftOut: &leftOut) { return read }
        return try catalogInTwoQueries(db, leftOut: &leftOut)
    }

    /// The catalog by PRAGMA statements, or nil when a table's name is not
    /// UTF-8 (a PRAGMA names its table in its text, which a repaired name
    /// would miss).
    private static func catalogByPragmas(_ db: Database, leftOut: inout [String]) throws
        -> (columns: [CatalogRow], foreignKeys: [CatalogRow])? {
        let masters = try RowReader.fetchAll(db, sql: """
            SELECT name, type = 'view', sql, type FROM main.sqlite_master
            WHERE type IN ('table', 'view')
              AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE 'grdb\\_%' ESCAPE '\\'
            ORDER BY rowid
            """, arguments: [], cached: false)
        // What SQLite calls each (table, view, virtual, shadow) and whether it is WITHOUT ROWID.
        // By exact name: a view and a table whose names differ only in how
        // their accents are encoded are two entries (one was lost here).
        var listed: [ExactName: (type: Value, withoutRowid: Value)] = [:]
        let tableList = try tableList(db)
        for row in tableList where row.count > 4 {
            guard case .text(let name) = row[1] else { return nil }
            listed[ExactName(name)] = (row[2], row[4])
        }
        leftOut += unlisted(tableList: tableList, masters: masters)
        var columns: [CatalogRow] = []
        var foreignKeys: [CatalogRow] = []
        for master in masters where master.count > 3 {
            guard case .text(let name) = master[0] else { return nil }
            guard let entry = listed[ExactName(name)], entry.type == master[3] else { continue }
            let quoted = name.quotedIdentifier
            let isView = master[1]
            var keyIndexes: Int64 = 0
            if entry.type != .text("view") {
                for index in try RowReader.fetchAll(db, sql: "PRAGMA main.index_list(\(quoted))", arguments: [], cached: false)
                where index.count > 3 && index[3] == .text("pk") {
                    keyIndexes += 1
                }
                for key in try RowReader.fetchAll(db, sql: "PRAGMA main.foreign_key_list(\(quoted))", arguments: [], cached: false)
                where key.count > 4 {
                    foreignKeys.append(CatalogRow([.text(name), key[0], key[2], key[3], key[4]], CatalogRow.foreignKeyNames))
                }
            }
            let read: [[Value]]
            do {
                read = try RowReader.fetchAll(db, sql: "PRAGMA main.table_xinfo(\(quoted))", arguments: [], cached: false)
            } catch let error as DatabaseError where entry.type == .text("view") {
                // A view that no longer compiles (its table dropped, a
                // function missing) has no columns to read: it is left out,
                // as sqlite3 can list but not read it, rather than make
                // the whole file unopenable.
                leftOut.append("view \(TextLayout.printable(name)) (it no longer compiles: "
                               + TextLayout.printable(error.message ?? "an error") + ")")
                continue
            }
            for column in read where column.count > 6 {
                columns.append(CatalogRow([.text(name), entry.withoutRowid, isView, master[2], column[1], column[2],
                                           column[3], column[4], column[5], column[6], .integer(keyIndexes)],
                                          CatalogRow.columnNames))
            }
        }
        return (columns, foreignKeys)
    }

    /// The catalog in two statements (every column of every table and
    /// view; every foreign key), whatever the number of tables.
    private static func catalogInTwoQueries(_ db: Database, leftOut: inout [String]) throws
        -> (columns: [CatalogRow], foreignKeys: [CatalogRow]) {
        let masters = try RowReader.fetchAll(db, sql: "SELECT name, type = 'view', sql, type FROM main.sqlite_master",
                                             arguments: [], cached: false)
        leftOut += unlisted(tableList: try tableList(db), masters: masters)
        // A name that is not UTF-8 is said above; repaired, two such names read as one table.
        let columns = try RowReader.fetchAll(db, sql: """
            SELECT m.name AS tableName, t.wr AS withoutRowid, m.type = 'view' AS isView, m.sql AS createSQL,
                   x.name AS name, x.type AS type, x."notnull" AS "notnull", x.dflt_value AS dflt_value,
                   x.pk AS pk, x.hidden AS hidden,
                   (SELECT count(*) FROM pragma_index_list(m.name) AS i WHERE i.origin = 'pk') AS keyIndexes
            FROM sqlite_master AS m
            JOIN pragma_table_list AS t ON t.name = m.name AND t.schema = 'main'
            JOIN pragma_table_xinfo(m.name) AS x
            WHERE m.type IN ('table', 'view') AND t.type = m.type
              AND m.name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
              AND m.name NOT LIKE 'grdb\\_%' ESCAPE '\\'
            ORDER BY m.rowid, x.cid
            """, arguments: [], cached: false).filter { !Self.isRaw($0.first) }.map { CatalogRow($0, CatalogRow.columnNames) }
        let foreignKeys = try RowReader.fetchAll(db, sql: """
            SELECT m.name AS tableName, f.id AS id, f."table" AS parent, f."from" AS "from", f."to" AS "to"
            FROM sqlite_master AS m JOIN pragma_foreign_key_list(m.name) AS f
            WHERE m.type = 'table'
            """, arguments: [], cached: false).filter { !Self.isRaw($0.first) }.map { CatalogRow($0, CatalogRow.foreignKeyNames) }
        return (columns, foreignKeys)
    }

    /// A name read as bytes that are not UTF-8.
    private static func isRaw(_ value: Value?) -> Bool {
        if case .rawText? = value { return true }
        return false
    }

    private static func table(
        name: String, withoutRowid: Bool, isView: Bool, createSQL: String, keyIndexes: Int, columns: [CatalogRow],
        foreignKeys: [CatalogRow]
    ) throws -> Table {
        let primaryKey = columns.filter { $0.int("pk") > 0 }.sorted { $0.int("pk") < $1.int("pk") }
        // A lone INTEGER PRIMARY KEY is the rowid under another name, except
        // when SQLite keeps it in an index of its own (`INTEGER PRIMARY KEY
        // DESC`): then it is an ordinary column that may hold NULL or text.
        let rowidAlias: String? = !withoutRowid && primaryKey.count == 1 && keyIndexes == 0
            && primaryKey[0].text("type").uppercased() == "INTEGER" ? primaryKey[0].text("name") : nil

        let names = columns.map { $0.text("name") }
        let sameToSwift = names.indices.contains { i in
            names[..<i].contains { $0 == names[i] && !$0.utf8.elementsEqual(names[i].utf8) }
        }
        let isStrict = Self.isStrict(createSQL)
        let checks = isView ? [:] : CheckConstraints.byColumn(createSQL: createSQL, columns: columns.map { $0.text("name") })
        var fields: [Field] = columns.map { column in
            let fieldName = column.text("name")
            let hidden = column.int("hidden")
            let pk = column.int("pk")
            var field = Field(
                name: fieldName,
                kind: FieldKind(sqliteDeclaredType: column.text("type")),
                isNotNull: column.bool("notnull") || pk > 0 && withoutRowid,
                defaultValue: DefaultValueSQL.parse(column.optionalText("dflt_value")),
                primaryKeyPosition: pk > 0 ? pk : nil,
                // The rowid alias is assigned by SQLite; generated columns are computed.
                isReadOnly: fieldName == rowidAlias,
                isGenerated: hidden == 2 || hidden == 3)
            field.declaredType = column.text("type")
            // The rowid alias holds whole numbers alone: 2.5 there is SQLite's
            // "datatype mismatch", which refused a whole import without a line.
            field.holdsAnyType = !isStrict && fieldName != rowidAlias
            field.checks = checks[fieldName.lowercased()] ?? []
            return field
        }

        // Single-column foreign keys name rows of other collections.
        let columnsPerKey = Dictionary(grouping: foreignKeys) { $0.int("id") }
        for (_, rows) in columnsPerKey where rows.count == 1 {
            let from = rows[0].text("from")
            if let i = fields.firstIndex(where: { $0.name == from }) {
                fields[i].references = Reference(collection: rows[0].text("parent"), field: rows[0].optionalText("to"))
            }
        }

        let keyKind: TableKey.Kind
        if sameToSwift {
            // Edits are kept by field name: two such columns would be one.
            return readOnly(name, fields, reason: "table \(TextLayout.printable(name)) has columns whose names differ only "
                            + "in how their accents are encoded, which navsh cannot tell apart; it is read-only")
        } else if isView {
            // A view's rows are a query's answer: listed by position, never written.
            return readOnly(name, fields, reason: "\(TextLayout.printable(name)) is a view, so its rows are read-only")
        } else if withoutRowid {
            keyKind = .primaryKey(columns: primaryKey.map { $0.text("name") })
        } else if let rowidAlias {
            keyKind = .rowid(expression: rowidAlias.quotedIdentifier)
        } else if let rowid = ["rowid", "_rowid_", "oid"].first(where: { rowidName in
            !fields.contains { $0.name.lowercased() == rowidName }
        }) {
            keyKind = .rowid(expression: rowid)
        } else {
            // Columns shadow every name of the rowid and there is no primary
            // key: rows cannot be told apart, so the table is shown, not written.
            return readOnly(name, fields, reason: "table \(TextLayout.printable(name)) has columns named rowid, _rowid_"
                            + " and oid and no primary key, so its rows cannot be told apart; it is read-only")
        }
        return Table(collection: CollectionSchema(name: name, fields: fields), key: TableKey(table: name, kind: keyKind))
    }

    /// A collection shown but never written: rows named by position, every
    /// field read-only, every write refused with `reason`.
    private static func readOnly(_ name: String, _ fields: [Field], reason: String) -> Table {
        var collection = CollectionSchema(name: name, fields: fields.map { field in
            var field = field
            field.isReadOnly = true
            return field
        })
        collection.readOnlyReason = reason
        return Table(collection: collection, key: TableKey(table: name, kind: .unaddressable(reason: reason)))
    }
}

extension SQLiteSchemaReader {
    /// A STRICT table (`CREATE TABLE … ) STRICT`), whose columns hold only their declared type.
    static func isStrict(_ createSQL: String) -> Bool {
        guard let close = createSQL.lastIndex(of: ")") else { return false }
        return createSQL[createSQL.index(after: close)...].uppercased()
            .split { $0 == "," || $0 == " " || $0 == "\n" || $0 == "\t" }.contains("STRICT")
    }
}

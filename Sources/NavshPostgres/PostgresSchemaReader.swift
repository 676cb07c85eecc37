import Foundation
import NavshCore
import NavshSQL

/// One table or view of the schema: the collection the core sees, each
/// column's type, the key rows are named by, and its constraints by name
/// (for saying which fields a refused write concerns).
struct PostgresTable: Sendable {
    var collection: CollectionSchema
    var columns: [String: PostgresColumn]
    /// The primary key's columns in order; empty when rows are named by position.
    var key: [String]
    /// Set when rows cannot be written (a view, a table without a primary key).
    var readOnlyReason: String?
    /// Constraint name → the columns it names (CHECK, UNIQUE, EXCLUDE, FOREIGN KEY).
    var constraints: [String: [String]]
    /// CHECK constraint name → how a refusal names it (`PostgresCheckText`).
    var checks: [String: String] = [:]
    /// FOREIGN KEY constraint name → the referenced table's columns, which
    /// a refusal names (`no row in par has id = 55`), as SQLite's does.
    var references: [String: [String]] = [:]
    /// A column is filled by an identity that refuses given values (GENERATED ALWAYS).
    var hasAlwaysIdentity: Bool

    /// `pg_class.relkind`: `r` a table, `p` partitioned, `v` a view…
    var relationKind = "r"
    /// Whether an UPDATE of a row can change other rows: a trigger of the
    /// table's own, or a foreign key's ON UPDATE action. Such a save counts
    /// what its transaction changed (`PostgresStore.changedSoFar`). The
    /// trigger `--install-notify` adds only notifies: known by its name and
    /// its function's, since a user's own trigger may share the name.
    var changesOtherRows = false

    var name: String { collection.name }
    var quotedName: String { name.quotedIdentifier }

    /// The table as reads, updates and deletes name it. A plain table's rows
    /// are its own alone (`ONLY`): without it, a save or delete on a parent
    /// reached its inheriting tables' rows of the same key. A partitioned
    /// table holds no rows itself, so it is named whole.
    var relation: String {
        relationKind == "r" || relationKind == "f" ? "ONLY " + quotedName : quotedName
    }

    func column(_ name: String) throws -> PostgresColumn {
        guard let column = columns[name] else { throw StoreError.unknownFields([name]) }
        return column
    }
}

/// A foreign key of the schema, for references, cascades and blockers.
struct PostgresForeignKey: Sendable {
    var name: String
    var child: String
    var from: [String]
    var parent: String
    var to: [String]
    /// `pg_constraint.confdeltype`: `c` cascade, `n` set null, `d` set default, `a`/`r` refuse.
    var onDelete: String
}

/// Reads a schema's tables and views in three catalog queries (columns,
/// constraints, enum labels), whatever the number of tables.
enum PostgresSchemaReader {
    static func read(_ bridge: PostgresBridge, schema: String) throws -> (tables: [PostgresTable], foreignKeys: [PostgresForeignKey]) {
        let columnRows = try bridge.rows("""
            SELECT c.relname::text, c.relkind::text, a.attname::text, format_type(a.atttypid, a.atttypmod)::text,
                   coalesce(nullif(t.typbasetype, 0), a.atttypid)::regtype::text,
                   coalesce(bt.typtype, t.typtype)::text, a.attnotnull::text, a.attidentity::text,
                   a.attgenerated::text, pg_get_expr(d.adbin, d.adrelid)::text,
                   coalesce(array_to_string(ARRAY(SELECT e.enumlabel::text FROM pg_enum e
                       WHERE e.enumtypid = coalesce(nullif(t.typbasetype, 0), a.atttypid) ORDER BY e.enumsortorder), E'\\n'), ''),
                   EXISTS (SELECT 1 FROM pg_trigger tg WHERE tg.tgrelid = c.oid
                       AND ((NOT tg.tgisinternal AND NOT (tg.tgname = '\(PostgresStore.notifyTrigger)'
                                 AND tg.tgfoid IN (SELECT oid FROM pg_proc WHERE proname = '\(PostgresStore.notifyTrigger)')))
                            OR tg.tgfoid IN ('"RI_FKey_cascade_upd"'::regproc, '"RI_FKey_setnull_upd"'::regproc,
                                             '"RI_FKey_setdefault_upd"'::regproc)))::text
            FROM pg_class c
            JOIN pg_namespace n ON n.oid = c.relnamespace
            JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
            JOIN pg_type t ON t.oid = a.atttypid
            LEFT JOIN pg_type bt ON bt.oid = t.typbasetype
            LEFT JOIN pg_attrdef d ON d.adrelid = c.oid AND d.adnum = a.attnum
            WHERE n.nspname = $1::text AND c.relkind IN ('r', 'p', 'v', 'm', 'f')
            ORDER BY c.oid, a.attnum
            """, [schema])
        let constraintRows = try bridge.rows("""
            SELECT cl.relname::text, con.conname::text, con.contype::text,
                   array_to_string(ARRAY(SELECT a.attname::text FROM unnest(con.conkey) WITH ORDINALITY k(n, i)
                       JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.n ORDER BY k.i), E'\\n'),
                   coalesce(pc.relname::text, ''),
                   coalesce(array_to_string(ARRAY(SELECT a.attname::text FROM unnest(con.confkey) WITH ORDINALITY k(n, i)
                       JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.n ORDER BY k.i), E'\\n'), ''),
                   con.confdeltype::text,
                   CASE WHEN con.contype = 'c' THEN pg_get_constraintdef(con.oid) ELSE '' END
            FROM pg_constraint con
            JOIN pg_class cl ON cl.oid = con.conrelid
            JOIN pg_namespace n ON n.oid = cl.relnamespace
            LEFT JOIN pg_class pc ON pc.oid = con.confrelid AND pc.relnamespace = cl.relnamespace
            WHERE n.nspname = $1::text
            ORDER BY cl.oid, con.conname
            """, [schema])

        var order: [String] = []
        var kinds: [String: String] = [:]
        var fieldsByTable: [String: [Field]] = [:]
        var columnsByTable: [String: [String: PostgresColumn]] = [:]
        var alwaysIdentity: Set<String> = []
        var changingOthers: Set<String> = []
        for row in columnRows {
            guard row.count == 12, let table = row[0], let relkind = row[1], let name = row[2], let type = row[3],
                  let baseType = row[4] else { continue }
            if kinds[table] == nil { order.append(table); kinds[table] = relkind }
            if row[11] == "true" { changingOthers.insert(table) }
            let column = PostgresColumn(name: name, type: type, baseType: baseType, typeKind: row[5] ?? "")
            let identity = row[7] ?? ""
            let generated = !(row[8] ?? "").isEmpty
            let defaultSQL = row[9]
            let serial = defaultSQL?.hasPrefix("nextval(") ?? false
            if identity == "a" { alwaysIdentity.insert(table) }
            var field = Field(name: name, kind: column.fieldKind, isNotNull: row[6] == "true",
                              defaultValue: generated || !identity.isEmpty ? .none : PostgresDefault.parse(defaultSQL),
                              isReadOnly: !identity.isEmpty || serial || column.readOnlyReason != nil,
                              isGenerated: generated)
            field.declaredType = column.shortType
            field.maximumLength = column.maximumLength
            field.keepsEveryDigit = column.kind == .numeric
            field.keepsNaN = column.kind == .numeric || column.kind == .real
            field.typeRange = column.typeRange
            field.refusesNUL = column.kind != .bytea
            field.readOnlyWhy = column.readOnlyReason
                ?? (!identity.isEmpty ? "an identity column, assigned by the store" : serial ? "a serial column, assigned by the store" : nil)
            if column.kind == .enumeration, let labels = row[10], !labels.isEmpty {
                field.choices = labels.components(separatedBy: "\n")
            }
            fieldsByTable[table, default: []].append(field)
            columnsByTable[table, default: [:]][name] = column
        }

        var keys: [String: [String]] = [:]
        var constraints: [String: [String: [String]]] = [:]
        var checks: [String: [String: String]] = [:]
        /// Each column's CHECK expressions as the server writes them, for
        /// `describe` (it showed none on PostgreSQL).
        var columnChecks: [String: [String: [String]]] = [:]
        var references: [String: [String: [String]]] = [:]
        var foreignKeys: [PostgresForeignKey] = []
        for row in constraintRows {
            guard row.count == 8, let table = row[0], let name = row[1], let type = row[2] else { continue }
            let columns = (row[3] ?? "").split(separator: "\n").map(String.init)
            switch type {
            case "p": keys[table] = columns
            case "f":
                let parent = row[4] ?? ""
                let to = (row[5] ?? "").split(separator: "\n").map(String.init)
                if !parent.isEmpty {
                    foreignKeys.append(PostgresForeignKey(name: name, child: table, from: columns, parent: parent,
                                                          to: to, onDelete: row[6] ?? "a"))
                    references[table, default: [:]][name] = to
                }
            default: break
            }
            // A CHECK's columns: those its expression names, when conkey is empty.
            var named = columns
            if type == "c", named.isEmpty, let definition = row[7] {
                let words = Set(definition.lowercased().split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
                named = (fieldsByTable[table] ?? []).map(\.name).filter { words.contains($0.lowercased()) }
            }
            constraints[table, default: [:]][name] = named
            if type == "c", let definition = row[7] {
                checks[table, default: [:]][name] = PostgresCheckText.of(name: name, table: table, columns: named,
                                                                          definition: definition)
                let expression = Self.checkExpression(definition)
                for column in named { columnChecks[table, default: [:]][column, default: []].append(expression) }
            }
        }

        let tables = order.map { name -> PostgresTable in
            var fields = fieldsByTable[name] ?? []
            let key = keys[name] ?? []
            for (position, column) in key.enumerated() {
                if let i = fields.firstIndex(where: { $0.name == column }) { fields[i].primaryKeyPosition = position + 1 }
            }
            for (column, expressions) in columnChecks[name] ?? [:] {
                if let i = fields.firstIndex(where: { $0.name == column }) { fields[i].checks = expressions }
            }
            for foreignKey in foreignKeys where foreignKey.child == name && foreignKey.from.count == 1 {
                if let i = fields.firstIndex(where: { $0.name == foreignKey.from[0] }) {
                    fields[i].references = Reference(collection: foreignKey.parent, field: foreignKey.to.first)
                }
            }
            let relkind = kinds[name] ?? "r"
            var reason: String?
            if relkind == "v" || relkind == "m" {
                reason = "\(TextLayout.printable(name)) is a view, so its rows are read-only"
            } else if key.isEmpty {
                reason = "table \(TextLayout.printable(name)) has no primary key, so its rows cannot be told apart; it is read-only"
            }
            if reason != nil {
                fields = fields.map { field in
                    var field = field
                    field.isReadOnly = true
                    return field
                }
            }
            var collection = CollectionSchema(name: name, fields: fields)
            collection.readOnlyReason = reason
            return PostgresTable(collection: collection, columns: columnsByTable[name] ?? [:], key: reason == nil ? key : [],
                                 readOnlyReason: reason, constraints: constraints[name] ?? [:],
                                 checks: checks[name] ?? [:], references: references[name] ?? [:],
                                 hasAlwaysIdentity: alwaysIdentity.contains(name), relationKind: relkind,
                                 changesOtherRows: changingOthers.contains(name))
        }
        return (tables, foreignKeys)
    }
}

/// A column default as the core can use it: a constant it can show in a
/// draft (`'none'::text`, `0`, `true`), or an expression only the server
/// evaluates (`now()`, `nextval(…)`).
enum PostgresDefault {
    static func parse(_ sql: String?) -> Field.Default {
        guard var text = sql?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return .none }
        if text.uppercased() == "NULL" || text.hasPrefix("NULL::") { return .none }
        if text == "true" { return .value(.integer(1)) }
        if text == "false" { return .value(.integer(0)) }
        // `'…'::type`: the literal, quotes undoubled.
        if text.hasPrefix("'"), let end = text.range(of: "'::", options: .backwards) {
            let inner = text[text.index(after: text.startIndex)..<end.lowerBound]
            let literal = inner.replacingOccurrences(of: "''", with: "'")
            let type = text[end.upperBound...]
            if type.hasPrefix("integer") || type.hasPrefix("bigint") || type.hasPrefix("smallint"),
               let number = Int64(literal) { return .value(.integer(number)) }
            if type.hasPrefix("numeric"), let number = Int64(literal) { return .value(.integer(number)) }
            if type.hasPrefix("double") || type.hasPrefix("real"), let number = Double(literal) { return .value(.real(number)) }
            return .value(.text(literal))
        }
        if text.hasPrefix("(") && text.hasSuffix(")") { text = String(text.dropFirst().dropLast()) }
        if let number = Int64(text) { return .value(.integer(number)) }
        if let number = Double(text), text.contains(".") { return .value(.real(number)) }
        return .expression(sql ?? text)
    }
}

extension PostgresSchemaReader {
    /// `CHECK ((qty > 0)) NOT VALID` → `(qty > 0)`: the expression of a
    /// `pg_get_constraintdef`, as `describe` shows a SQLite CHECK's.
    static func checkExpression(_ definition: String) -> String {
        var text = Substring(definition)
        if text.hasSuffix(" NOT VALID") { text = text.dropLast(" NOT VALID".count) }
        if text.hasPrefix("CHECK (") && text.hasSuffix(")") { text = text.dropFirst("CHECK (".count).dropLast() }
        return String(text)
    }
}

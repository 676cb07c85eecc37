import GRDB
import NavshCore

/// Finds the rows a delete will change besides its own: those ON DELETE
/// CASCADE removes (following cascades further down) and those ON DELETE
/// SET NULL / SET DEFAULT resets, from the schema's foreign keys. Run inside
/// the delete's transaction it reports exactly what the delete takes, so the
/// delete can say so and `undo` can put everything back.
struct CascadeReader {
    let store: SQLiteStore
    let db: Database
    /// Every foreign key of the file by the table it refers to (lower-cased),
    /// and every table's primary key: read once, in two statements, not
    /// once per row a cascade reaches.
    private let foreignKeysByParent: [String: [ForeignKey]]
    private let primaryKeys: [String: [String]]

    init(store: SQLiteStore, db: Database) throws {
        self.store = store
        self.db = db
        let tables = Set(store.keys.keys)
        let rows = try Row.fetchAll(db, sql: """
            SELECT m.name AS child, f.id AS id, f."table" AS parent, f."from" AS "from", f."to" AS "to",
                   f.on_delete AS on_delete
            FROM sqlite_master AS m, pragma_foreign_key_list(m.name) AS f
            WHERE m.type = 'table' ORDER BY m.name, f.id, f.seq
            """)
        var byParent: [String: [ForeignKey]] = [:]
        let grouped = Dictionary(grouping: rows) { "\($0["child"] as String? ?? "")\u{0}\($0["id"] as Int? ?? 0)" }
        for key in grouped.keys.sorted() {
            guard let columns = grouped[key], let first = columns.first, let child: String = first["child"],
                  tables.contains(child), let parent: String = first["parent"] else { continue }
            byParent[parent.lowercased(), default: []].append(ForeignKey(
                child: child, from: columns.compactMap { $0["from"] }, to: columns.compactMap { $0["to"] },
                onDelete: first["on_delete"] ?? ""))
        }
        foreignKeysByParent = byParent
        var keys: [String: [String]] = [:]
        for row in try Row.fetchAll(db, sql: """
            SELECT m.name AS t, p.name AS c FROM sqlite_master AS m, pragma_table_info(m.name) AS p
            WHERE m.type = 'table' AND p.pk > 0 ORDER BY m.name, p.pk
            """) {
            if let table: String = row["t"], let column: String = row["c"] { keys[table, default: []].append(column) }
        }
        primaryKeys = keys
    }

    private struct ForeignKey {
        var child: String
        var from: [String]
        /// The parent's columns; empty for "the parent's primary key".
        var to: [String]
        var onDelete: String
    }

    /// Two passes, because one row may refer to the deleted rows both ways
    /// (its owner cascades, its driver is set NULL): first every row the
    /// cascades delete, then the references cleared in rows that stay, each
    /// row once with all its cleared fields.
    func effects(ofDeleting id: RecordID, in table: String) throws -> [CascadeEffect] {
        guard let key = store.keys[table], let root = try row(of: table, key: key, id: id) else { return [] }
        var effects: [CascadeEffect] = []
        var going: Set<String> = [Self.mark(table, id)]
        var parents: [(table: String, values: [String: Value])] = [(table, root)]
        var next = 0
        while next < parents.count {
            let parent = parents[next]
            next += 1
            for (foreignKey, childKey, parentValues) in try references(to: parent, acting: ["CASCADE"]) {
                for (childID, values) in try rows(of: foreignKey.child, key: childKey,
                                                  where: foreignKey.from, equal: parentValues) {
                    guard going.insert(Self.mark(foreignKey.child, childID)).inserted else { continue }
                    effects.append(CascadeEffect(collection: foreignKey.child, record: Record(id: childID, values: values),
                                                 action: .deleted))
                    parents.append((foreignKey.child, values))
                }
            }
        }
        var cleared: [String: Int] = [:]  // row mark → index in effects
        for parent in parents {
            for (foreignKey, childKey, parentValues) in try references(to: parent, acting: ["SET NULL", "SET DEFAULT"]) {
                for (childID, values) in try rows(of: foreignKey.child, key: childKey,
                                                  where: foreignKey.from, equal: parentValues) {
                    let mark = Self.mark(foreignKey.child, childID)
                    if going.contains(mark) { continue }
                    if let i = cleared[mark], case .referenceCleared(let fields) = effects[i].action {
                        effects[i].action = .referenceCleared(fields: fields + foreignKey.from.filter { !fields.contains($0) })
                        continue
                    }
                    cleared[mark] = effects.count
                    effects.append(CascadeEffect(collection: foreignKey.child, record: Record(id: childID, values: values),
                                                 action: .referenceCleared(fields: foreignKey.from)))
                }
            }
        }
        return effects
    }

    /// The foreign keys to `parent`'s table whose ON DELETE is one of
    /// `actions`, with the values a referring row holds (none for a NULL
    /// parent value: a NULL refers to nothing).
    private func references(to parent: (table: String, values: [String: Value]), acting actions: Set<String>)
        throws -> [(ForeignKey, TableKey, [Value])] {
        foreignKeys(referencing: parent.table).compactMap { foreignKey in
            guard actions.contains(foreignKey.onDelete.uppercased()), let childKey = store.keys[foreignKey.child] else {
                return nil
            }
            let parentColumns = foreignKey.to.isEmpty ? primaryKey(of: parent.table) : foreignKey.to
            guard parentColumns.count == foreignKey.from.count else { return nil }
            let values = parentColumns.map { parent.values[$0] ?? .null }
            return values.contains(where: \.isNull) ? nil : (foreignKey, childKey, values)
        }
    }

    /// References that do not cascade (NO ACTION, RESTRICT) to the row or to
    /// any row a delete would take with it, from rows the delete leaves:
    /// SQLite would refuse the delete for them.
    func blockers(ofDeleting id: RecordID, in table: String) throws -> [BlockingReference] {
        guard let key = store.keys[table], let root = try row(of: table, key: key, id: id) else { return [] }
        let taken = try effects(ofDeleting: id, in: table).filter { $0.action == .deleted }
        var going: Set<String> = [Self.mark(table, id)]
        for effect in taken { going.insert(Self.mark(effect.collection, effect.record.id)) }
        var counts: [BlockingReference] = []
        let parents = [(table, root)] + taken.map { ($0.collection, $0.record.values) }
        for (parentTable, values) in parents {
            for foreignKey in foreignKeys(referencing: parentTable) {
                let action = foreignKey.onDelete.uppercased()
                guard action != "CASCADE", action != "SET NULL", action != "SET DEFAULT",
                      let childKey = store.keys[foreignKey.child] else { continue }
                let parentColumns = foreignKey.to.isEmpty ? primaryKey(of: parentTable) : foreignKey.to
                guard parentColumns.count == foreignKey.from.count else { continue }
                let parentValues = parentColumns.map { values[$0] ?? .null }
                if parentValues.contains(where: \.isNull) { continue }
                let staying = try rows(of: foreignKey.child, key: childKey, where: foreignKey.from, equal: parentValues)
                    .filter { !going.contains(Self.mark(foreignKey.child, $0.id)) }.count
                guard staying > 0 else { continue }
                let direct = parentTable == table && values == root
                if let i = counts.firstIndex(where: {
                    $0.collection == foreignKey.child && $0.fields == foreignKey.from && $0.direct == direct
                }) {
                    counts[i].count += staying
                } else {
                    counts.append(BlockingReference(collection: foreignKey.child, fields: foreignKey.from,
                                                    count: staying, direct: direct))
                }
            }
        }
        return counts
    }

    /// The rows whose references the delete reset, as they are after it:
    /// what `undo` checks they still hold before putting the old references back.
    func afterDelete(_ effects: [CascadeEffect]) throws -> [CascadeEffect] {
        try effects.map { effect in
            guard case .referenceCleared = effect.action, let key = store.keys[effect.collection] else { return effect }
            var updated = effect
            updated.after = try row(of: effect.collection, key: key, id: effect.record.id)
                .map { Record(id: effect.record.id, values: $0) }
            return updated
        }
    }

    private static func mark(_ table: String, _ id: RecordID) -> String { "\(table)\u{0}\(id)" }

    private func foreignKeys(referencing parent: String) -> [ForeignKey] {
        foreignKeysByParent[parent.lowercased()] ?? []
    }

    private func primaryKey(of table: String) -> [String] {
        primaryKeys[table] ?? []
    }

    /// Every column of one row, by name.
    private func row(of table: String, key: TableKey, id: RecordID) throws -> [String: Value]? {
        let condition = try key.matching(id)
        return try rows(of: table, where: condition.sql, arguments: condition.arguments).first?.values
    }

    private func rows(of table: String, key: TableKey, where columns: [String], equal values: [Value])
        throws -> [(id: RecordID, values: [String: Value])] {
        let condition = zip(columns, values).map { "\($0.sqlIdentifier) = \($1.sqlPlaceholder)" }.joined(separator: " AND ")
        return try rows(of: table, where: condition, arguments: SQLArguments(values))
    }

    /// Read as the store reads a record (byte-exact, wide tables in chunks),
    /// so `undo` puts back exactly what went.
    private func rows(of table: String, where condition: String, arguments: SQLArguments)
        throws -> [(id: RecordID, values: [String: Value])] {
        guard let collection = store.collections.first(where: { $0.name == table }) else { return [] }
        var unscoped = collection
        unscoped.scope = nil
        return try store.select(db, unscoped, where: condition, arguments: arguments, suffix: "", [])
            .map { ($0.id, $0.values) }
    }
}

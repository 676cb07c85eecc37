import NavshCore
import NavshSQL

/// The schema's foreign keys and rows, as `CascadeWalk` follows them to find
/// what a delete takes with it (`pg_constraint.confdeltype`: `c` cascades,
/// `n` and `d` reset, `a` and `r` refuse).
struct PostgresCascades: CascadeSource {
    let store: PostgresStore

    func foreignKeys(referencing parent: String) -> [ForeignKeyLink] {
        store.foreignKeys.compactMap { foreignKey in
            guard foreignKey.parent == parent, store.tables[foreignKey.child] != nil else { return nil }
            let action: ForeignKeyLink.OnDelete
            switch foreignKey.onDelete {
            case "c": action = .cascade
            case "n", "d": action = .clear
            case "a", "r": action = .block
            default: return nil
            }
            return ForeignKeyLink(child: foreignKey.child, from: foreignKey.from, to: foreignKey.to, onDelete: action)
        }
    }

    func row(of table: String, id: RecordID) throws -> [String: Value]? {
        guard let collection = store.tables[table]?.collection else { return nil }
        return try store.stored(id, collection)?.values
    }

    func rows(of table: String, where columns: [String], amongAny tuples: [[Value]]) throws -> [Record] {
        guard let child = store.tables[table] else { return [] }
        var parameters = Parameters()
        return try Self.readInParts(tuples, columns: columns, equal: { name, value in
            "\(name.quotedIdentifier) = \(try parameters.bind(value, as: try child.column(name)))"
        }, read: { condition in
            defer { parameters = Parameters() }
            return try store.records(child.collection, where: condition, parameters, unscoped: true)
        })
    }
}

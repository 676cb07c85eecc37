import NavshCore

/// The rows a delete changes besides its own, from the schema's foreign
/// keys: those ON DELETE CASCADE removes (following cascades further down)
/// and those ON DELETE SET NULL / SET DEFAULT resets; and the rows whose
/// references would refuse it. Run inside the delete's transaction it
/// reports exactly what the delete takes, so `undo` can put it all back.
struct PostgresCascades {
    let store: PostgresStore

    func effects(ofDeleting id: RecordID, in table: String) throws -> [CascadeEffect] {
        guard let root = try row(table, id) else { return [] }
        var effects: [CascadeEffect] = []
        var going: Set<String> = [Self.mark(table, id)]
        var parents: [(table: String, values: [String: Value])] = [(table, root)]
        var next = 0
        while next < parents.count {
            let parent = parents[next]
            next += 1
            for (foreignKey, values) in references(to: parent, acting: ["c"]) {
                for child in try rows(foreignKey.child, where: foreignKey.from, equal: values) {
                    guard going.insert(Self.mark(foreignKey.child, child.id)).inserted else { continue }
                    effects.append(CascadeEffect(collection: foreignKey.child, record: child, action: .deleted))
                    parents.append((foreignKey.child, child.values))
                }
            }
        }
        var cleared: [String: Int] = [:]
        for parent in parents {
            for (foreignKey, values) in references(to: parent, acting: ["n", "d"]) {
                for child in try rows(foreignKey.child, where: foreignKey.from, equal: values) {
                    let mark = Self.mark(foreignKey.child, child.id)
                    if going.contains(mark) { continue }
                    if let i = cleared[mark], case .referenceCleared(let fields) = effects[i].action {
                        effects[i].action = .referenceCleared(fields: fields + foreignKey.from.filter { !fields.contains($0) })
                        continue
                    }
                    cleared[mark] = effects.count
                    effects.append(CascadeEffect(collection: foreignKey.child, record: child,
                                                 action: .referenceCleared(fields: foreignKey.from)))
                }
            }
        }
        return effects
    }

    /// References that do not cascade (NO ACTION, RESTRICT) to the row or to
    /// any row the delete would take with it, from rows it leaves.
    func blockers(ofDeleting id: RecordID, in table: String) throws -> [BlockingReference] {
        guard let root = try row(table, id) else { return [] }
        let taken = try effects(ofDeleting: id, in: table).filter { $0.action == .deleted }
        var going: Set<String> = [Self.mark(table, id)]
        for effect in taken { going.insert(Self.mark(effect.collection, effect.record.id)) }
        var counts: [BlockingReference] = []
        let parents = [(table, root)] + taken.map { ($0.collection, $0.record.values) }
        for (parentTable, values) in parents {
            for (foreignKey, parentValues) in references(to: (parentTable, values), acting: ["a", "r"]) {
                let staying = try rows(foreignKey.child, where: foreignKey.from, equal: parentValues)
                    .filter { !going.contains(Self.mark(foreignKey.child, $0.id)) }.count
                guard staying > 0 else { continue }
                let direct = parentTable == table && values == root
                if let i = counts.firstIndex(where: { $0.collection == foreignKey.child && $0.fields == foreignKey.from && $0.direct == direct }) {
                    counts[i].count += staying
                } else {
                    counts.append(BlockingReference(collection: foreignKey.child, fields: foreignKey.from, count: staying, direct: direct))
                }
            }
        }
        return counts
    }

    /// The rows whose references the delete reset, as they are after it.
    func afterDelete(_ effects: [CascadeEffect]) throws -> [CascadeEffect] {
        try effects.map { effect in
            guard case .referenceCleared = effect.action else { return effect }
            var updated = effect
            updated.after = try row(effect.collection, effect.record.id).map { Record(id: effect.record.id, values: $0) }
            return updated
        }
    }

    /// The foreign keys to the parent's table whose ON DELETE is one of
    /// `actions`, with the values a referring row holds (none for NULL).
    private func references(to parent: (table: String, values: [String: Value]), acting actions: Set<String>)
        -> [(PostgresForeignKey, [Value])] {
        store.foreignKeys.compactMap { foreignKey in
            guard foreignKey.parent == parent.table, actions.contains(foreignKey.onDelete),
                  store.tables[foreignKey.child] != nil, foreignKey.to.count == foreignKey.from.count else { return nil }
            let values = foreignKey.to.map { parent.values[$0] ?? .null }
            return values.contains(where: \.isNull) ? nil : (foreignKey, values)
        }
    }

    private static func mark(_ table: String, _ id: RecordID) -> String { "\(table)\u{0}\(id)" }

    private func row(_ table: String, _ id: RecordID) throws -> [String: Value]? {
        guard let collection = store.tables[table]?.collection else { return nil }
        return try store.stored(id, collection)?.values
    }

    private func rows(_ table: String, where columns: [String], equal values: [Value]) throws -> [Record] {
        guard let child = store.tables[table] else { return [] }
        var parameters = Parameters()
        let condition = try zip(columns, values).map { name, value in
            "\(name.pgIdentifier) = \(try parameters.bind(value, as: try child.column(name)))"
        }.joined(separator: " AND ")
        return try store.records(child.collection, where: condition, parameters, unscoped: true)
    }
}

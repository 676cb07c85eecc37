extension UndoCommand {
    /// Puts back the rows of a batch delete and what went with them, as
    /// one set where they took nothing with them and the store can; returns
    /// them as they are now (SQLite may give a row a new rowid). Refuses
    /// naming the row that cannot come back.
    static func putBack(_ rows: [DeletedRow], in collection: CollectionSchema, store: any Store) throws -> [Record] {
        let records = rows.map(\.record)
        func refused(_ kind: StoreError.Constraint, _ fields: [String], _ detail: String, _ row: String?) -> CommandError {
            .undo(.refused(undoing: "delete", title: RowBatch.rowCount(rows.count), kind, fields: fields, detail: detail, row: row))
        }
        if rows.allSatisfy({ $0.cascade.isEmpty }) {
            let links = try store.readingCascades { [collection.name: $0.foreignKeys(referencing: collection.name)] }
            let ordered = DeletePlan.parentsFirst(records.map { (collection.name, $0) }, links: links).order.map { records[$0] }
            let fields = collection.fields.filter { !$0.isGenerated }.map(\.name)
            switch try store.writeBatch(.restoring(ordered, fields: fields, list: collection), in: collection) {
            case .written?:
                return records
            case .refused(let places)?:
                throw refused(.primaryKey, collection.keyFields.map(\.name), "", places.first.map { RowTitle.of(ordered[$0], in: collection) })
            case nil:
                break
            }
        }
        var restored = records
        let ids = try putBack(records.map { (collection, $0) }, cascades: rows.reversed().map(\.cascade), store: store, refused)
        for place in restored.indices { restored[place].id = ids[place] }
        return restored
    }

    /// Puts back deleted rows and what their deletes took, in one order for
    /// every table: each row after the rows it refers to, as a server checks
    /// each reference when its statement ends. A batch row that a cascade
    /// through another table took came back before what it refers to.
    /// Then the references the deletes cleared. Returns the identities
    /// `rows` have now; `refused` words a constraint's refusal of a row.
    static func putBack(_ rows: [(collection: CollectionSchema, record: Record)], cascades: [[CascadeEffect]], store: any Store,
                        _ refused: (StoreError.Constraint, [String], String, String) -> CommandError) throws -> [RecordID] {
        var deleted = rows
        var cleared: [(collection: CollectionSchema, effect: CascadeEffect, fields: [String])] = []
        for effect in cascades.joined() {
            guard let collection = store.collections.first(where: { $0.name == effect.collection }) else {
                throw CommandError.undo(.collectionGone(effect.collection))
            }
            switch effect.action {
            case .deleted: deleted.append((collection, effect.record))
            case .referenceCleared(let fields): cleared.append((collection, effect, fields))
            }
        }
        let tables = Set(deleted.map(\.collection.name))
        let links = try store.readingCascades { source in
            Dictionary(uniqueKeysWithValues: tables.map { ($0, source.foreignKeys(referencing: $0)) })
        }
        var ids = rows.map(\.record.id)
        // References to rows not back yet, left empty and set once they are.
        var later: [(collection: CollectionSchema, id: RecordID, values: [String: Value], title: String)] = []
        let (order, ahead) = DeletePlan.parentsFirst(deleted.map { ($0.collection.name, $0.record) }, links: links)
        // Rows of one table next to each other in the order go back by one
        // statement where the store can, which checks the references among
        // them together: a loop of them comes back as it went.
        var start = 0
        while start < order.count {
            let collection = deleted[order[start]].collection
            var end = start + 1
            while end < order.count, deleted[order[end]].collection.name == collection.name { end += 1 }
            let run = Array(order[start..<end])
            start = end
            // A row's references to rows not back before it, left empty where the
            // store checks each statement: those outside the run, or all one by one.
            func prepared(_ place: Int, together: Set<Int>) -> Record {
                var record = deleted[place].record
                let fields = (ahead[place] ?? []).filter { !together.contains($0.parent) }.flatMap(\.fields)
                guard store.checksReferencesAtEachStatement, !fields.isEmpty,
                      fields.allSatisfy({ collection.field(named: $0)?.isNotNull == false }) else { return record }
                var held: [String: Value] = [:]
                for field in fields {
                    held[field] = record[field]
                    record.set(field, to: .null)
                }
                later.append((collection, record.id, held, RowTitle.of(deleted[place].record, in: collection)))
                return record
            }
            if run.count > 1 {
                let marked = later.count
                let records = run.map { prepared($0, together: Set(run)) }
                let fields = collection.fields.filter { !$0.isGenerated }.map(\.name)
                switch try store.writeBatch(.restoring(records, fields: fields, list: collection.wholeTable), in: collection) {
                case .written?:
                    continue
                case .refused(let places)?:
                    throw refused(.primaryKey, collection.keyFields.map(\.name), "",
                                  places.first.map { RowTitle.of(deleted[run[$0]].record, in: collection) } ?? "")
                case nil:
                    later.removeLast(later.count - marked)
                }
            }
            for place in run {
                let record = prepared(place, together: [])
                do {
                    let id = try store.restore(record, into: collection)
                    if place < ids.count { ids[place] = id }
                    if let at = later.lastIndex(where: { $0.collection.name == collection.name && $0.id == record.id }) {
                        later[at].id = id
                    }
                } catch StoreError.constraint(let kind, let fields, let detail) {
                    throw refused(kind, fields, detail, RowTitle.of(deleted[place].record, in: collection))
                }
            }
        }
        for (collection, id, values, title) in later {
            do {
                try store.update(id, in: collection, changes: values, expecting: values.mapValues { _ in .null })
            } catch StoreError.constraint(let kind, let fields, let detail) {
                throw refused(kind, fields, detail, title)
            }
        }
        for (collection, effect, fields) in cleared {
            var before: [String: Value] = [:]
            for field in fields { before[field] = effect.record[field] }
            // Checked against the row as the delete left it: a reference
            // someone set since is theirs, and the undo is refused.
            guard let after = effect.after else {
                throw CommandError.undo(.clearedReferenceNotRecorded(collection: effect.collection))
            }
            try store.update(effect.record.id, in: collection, changes: before, expecting: after.values)
        }
        return ids
    }
}

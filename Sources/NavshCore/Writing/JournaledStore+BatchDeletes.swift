/// Batch deletes (`open *`, `delete`): every row in one transaction, each
/// checked for changes made elsewhere, with what its foreign keys take.
extension JournaledStore {
    /// A batch delete: each of `rows` deleted in one transaction, checked
    /// against the values it held and against `list`, as `updateRows`
    /// checks them; with `asked`, only if the rows take exactly what the
    /// question named with them. Returns what went with them. With
    /// `trying`, all of it is rolled back: its refusal, if any, is thrown
    /// before a question rather than after the `y`. The rows are deleted in
    /// the order given: rows that refer to others of the batch come first.
    func deleteRows(_ rows: [Record], of list: CollectionSchema, from collection: CollectionSchema,
                    asked: Set<String>?, trying: Bool = false, since: String = "open *") throws -> [CascadeEffect] {
        var deleted: [DeletedRow] = []
        do {
            try deleting(rows, of: list, from: collection, asked: asked, trying: trying, since: since) { deleted.append($0) }
        } catch is Tried {
            return []
        }
        deleted = Self.ownRowsApart(deleted, batch: rows, in: collection)
        record(.deletedRows(collection, deleted))
        return deleted.flatMap(\.cascade)
    }

    /// The rows of the batch that an earlier row of it took with it, each
    /// journaled as a row of the batch, not of its cascade; a reference
    /// cleared in a row the batch deletes is left out. So `undo` puts each
    /// back once, as it was, and the messages count each row once. Such a
    /// row is journaled as the batch read it: a reference an earlier row's
    /// delete cleared in it came back empty.
    static func ownRowsApart(_ deleted: [DeletedRow], batch rows: [Record], in collection: CollectionSchema) -> [DeletedRow] {
        let read = Dictionary(rows.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let batch = Set(read.keys)
        return deleted.flatMap { row in
            let own = row.cascade.filter { $0.collection == collection.name && batch.contains($0.record.id) }
            guard !own.isEmpty else { return [row] }
            let rest = takenBesides(row.cascade, batch: batch, in: collection)
            // What went with them comes back after them all: it may refer to any of them.
            let rows = [row.record] + own.filter { $0.action == .deleted }.map { read[$0.record.id] ?? $0.record }
            return rows.enumerated().map { DeletedRow(record: $1, cascade: $0 == rows.count - 1 ? rest : []) }
        }
    }

    /// What deleting `batch` takes besides its own rows, each row once: the
    /// effects on rows of the batch left out, as the journal leaves them out.
    static func takenBesides(_ effects: [CascadeEffect], batch: Set<RecordID>, in collection: CollectionSchema) -> [CascadeEffect] {
        var seen: Set<String> = []
        return effects.filter { !($0.collection == collection.name && batch.contains($0.record.id))
            && seen.insert("\($0.collection)\u{0}\($0.record.id)").inserted }
    }

    /// Thrown to roll back a delete only tried.
    private struct Tried: Error {}

    private func deleting(_ rows: [Record], of list: CollectionSchema, from collection: CollectionSchema,
                          asked: Set<String>?, trying: Bool, since: String, _ done: (DeletedRow) -> Void) throws {
        try store.atomically(deferringReferences: false) {
            var refused: [String] = []
            var taken: [CascadeEffect] = []
            if try deletedAsASet(rows, of: list, from: collection, since: since) {
                for row in rows { done(DeletedRow(record: row, cascade: [])) }
            } else {
                (refused, taken) = try deletedOneByOne(rows, of: list, from: collection, done)
            }
            if !refused.isEmpty {
                throw CommandError.writes(.batchChangedBeforeSave(rows: refused, of: rows.count, saving: false, since: since))
            }
            let besides = Self.takenBesides(taken, batch: Set(rows.map(\.id)), in: collection)
            if let asked, CascadeEffect.marks(besides) != asked { throw CommandError.writes(.cascadeChanged(taken: besides)) }
            if trying { throw Tried() }
        }
    }

    /// A batch delete a row at a time, each with what its foreign keys
    /// take: the rows refused, each with why, and what went with the rest.
    private func deletedOneByOne(_ rows: [Record], of list: CollectionSchema, from collection: CollectionSchema,
                                 _ done: (DeletedRow) -> Void) throws -> (refused: [String], taken: [CascadeEffect]) {
        var refused: [String] = []
        var taken: [CascadeEffect] = []
        let inList = try idsStillListed(in: list)
        // What the batch's own earlier deletes did to its later rows, each
        // row as it was just before: it must have held what the batch read.
        var goneWith: [RecordID: Record] = [:]
        var cleared: [RecordID: (was: Record, after: Record)] = [:]
        for row in rows {
            try stopIfCancelled()
            let title = RowTitle.keyed(row, in: collection)
            // A row changed elsewhere, then taken or cleared by the cascade of
            // an earlier row, was deleted unchecked: a trial lost a change so.
            // A row the batch cleared, then took, is compared as the clear left it.
            if goneWith[row.id] != nil || cleared[row.id] != nil {
                var moved = cleared[row.id].map { Self.moved(from: row, to: $0.was, in: collection) } ?? []
                if moved.isEmpty, let gone = goneWith[row.id] {
                    moved = Self.moved(from: cleared[row.id]?.after ?? row, to: gone, in: collection)
                }
                if !moved.isEmpty { refused.append(title + Self.changedNote(moved)) }
                if goneWith[row.id] != nil || !moved.isEmpty { continue }
            }
            guard inList?.contains(row.id) ?? true else {
                refused.append(title + (try notListed(row, in: collection)))
                continue
            }
            do {
                let cascade = try store.delete(row.id, from: collection, expecting: (cleared[row.id]?.after ?? row).values)
                done(DeletedRow(record: row, cascade: cascade))
                taken += cascade
                for effect in cascade where effect.collection == collection.name {
                    if effect.action == .deleted { goneWith[effect.record.id] = effect.record }
                    if let after = effect.after { cleared[effect.record.id] = (effect.record, after) }
                }
            } catch StoreError.conflict(let current) {
                // A delete checks every field: each one that moved is named.
                refused.append(title + Self.changedNote(Self.moved(from: cleared[row.id]?.after ?? row, to: current, in: collection)))
            } catch StoreError.recordMissing {
                refused.append(title + " (deleted or re-keyed)")
            } catch StoreError.interrupted {
                throw StoreError.interrupted
            } catch let error as StoreError {
                // Rows changed elsewhere are the first thing to know: reload reads them again.
                if !refused.isEmpty { break }
                // Said as a delete's refusal: it read "nothing was saved".
                if case .constraint(.foreignKey, _, _) = error { throw CommandError.writes(.referencedNow(title: title)) }
                throw CommandError.writes(.batchRowRefused(title: title, reason: error.explained(at: title)))
            }
        }
        return (refused, taken)
    }

    /// The fields of `held` that `current` holds otherwise.
    private static func moved(from held: Record, to current: Record, in collection: CollectionSchema) -> [Field] {
        collection.fields.filter { field in
            held.value(of: field.name) != nil && current.value(of: field.name).map { $0 != held[field.name] } ?? false
        }
    }

    /// A batch delete as one `Store.writeBatch`, where no foreign key
    /// cascades to the table, so it takes no other row. False when the
    /// store deletes row by row, or refused a row, which the rows one by one then name.
    /// One delete a row took a PostgreSQL server half a minute for 25,000 rows.
    private func deletedAsASet(_ rows: [Record], of list: CollectionSchema, from collection: CollectionSchema,
                               since: String) throws -> Bool {
        guard !rows.isEmpty,
              try store.readingCascades({ $0.foreignKeys(referencing: collection.name) }).allSatisfy({ $0.onDelete == .block })
        else { return false }
        let checked = collection.fields.filter { !$0.isGenerated }.map(\.name)
        let batch = BatchWrite.deleting(ids: rows.map(\.id), checked: checked,
                                         held: checked.map { name in rows.map { $0[name] } }, list: list)
        try stopIfCancelled()
        switch try store.writeBatch(batch, in: collection) {
        case nil:
            return false
        case .written?:
            return true
        case .refused(let places)?:
            let why = try explained(places, row: { rows[$0] }, changes: { _ in [:] }, name: { _ in nil }, alsoChecked: Set(checked),
                                    of: list, in: collection)
            throw Self.refusal(why.refused, ignored: why.ignored, unexplained: why.unexplained, of: rows.count, in: collection,
                               since: since, deleting: true)
        }
    }
}

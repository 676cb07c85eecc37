/// Batch writes (`open *`, `import --update`): every row in one
/// transaction, each checked for changes made elsewhere, all or nothing.
extension JournaledStore {
    /// A batch save: `changes` written to each of `rows` in one transaction.
    /// Each row is written only if it is still one of `list`'s rows and
    /// still holds, in each field written, the value it held in `rows`.
    /// Otherwise nothing is written, and the refusal names the rows.
    /// Returns how many rows it wrote, and with `watching`, per field it
    /// did not write, how many of them held another value than in `edits`:
    /// changed elsewhere since they were read, and kept.
    /// `unchanged` are the rows the save leaves as they are, as read, with
    /// the fields being set: each must still hold those values, or the
    /// save's word that they held them already would be false. Their
    /// `places` among all the rows let a refusal name rows in list order.
    @discardableResult
    func updateRows(_ edits: [RowEdit], of list: CollectionSchema, in collection: CollectionSchema,
                    unchanged: (rows: [Record], fields: [String], places: [Int]) = ([], [], []), watching: Bool = false,
                    keep: Bool = true, since: String = "open *", file: String? = nil,
                    checking: (() throws -> Void)? = nil) throws -> (rows: Int, kept: [(field: String, rows: Int)]) {
        var updates: [RowUpdate] = []
        var reachedOthers = false
        var tried = 0
        var kept: [(field: String, rows: Int)] = []
        let saved: Int
        do {
          saved = try store.atomically(deferringReferences: false) {
            try checking?()
            // Set-based where the store can; row by row where it cannot, or
            // where it refused a row, which the rows one by one then name.
            if let fast = try setBased(edits, unchanged: unchanged, watching: watching, of: list, in: collection, since: since) {
                updates = fast.updates
                reachedOthers = fast.reachedOthers
                kept = fast.kept
                if !keep {
                    tried = fast.updates.count
                    throw RolledBack()
                }
                return fast.updates.count
            }
            let inList = try idsStillListed(in: list)
            var refused: [String] = []
            // Rows gone from the list are named, and the rest written in one call.
            var writes: [RowWrite] = []
            var writing: [RowEdit] = []
            var changedElsewhere: [String: Int] = [:]
            for edit in edits {
                let row = edit.row
                guard inList?.contains(row.id) ?? true else {
                    let title = edit.name ?? RowTitle.keyed(row, in: collection)
                    refused.append(title + (try notListed(row, in: collection)))
                    continue
                }
                let before = edit.changes.keys.reduce(into: [String: Value]()) { $0[$1] = row[$1] }
                // With the values that name the row: a VACUUM elsewhere
                // renumbers rowids, and another row may hold this one's.
                let naming = collection.identifying(row.values)
                writes.append(RowWrite(id: row.id, changes: edit.changes, expecting: before.merging(naming) { written, _ in written }))
                writing.append(edit)
                // Read before the write: a trigger's change to the row is not one made elsewhere.
                if watching, let now = try store.record(of: collection.wholeTable, id: row.id) {
                    for field in Self.watched(in: collection, checked: Set(before.keys).union(naming.keys), readIn: row)
                    where now[field] != row[field] {
                        changedElsewhere[field, default: 0] += 1
                    }
                }
            }
            try stopIfCancelled()
            let written: [RowWrite?]
            do {
                written = try store.updateRows(writes, in: collection)
            } catch let failure as RowWriteFailure {
                // Ctrl-C is no fault of the row it stopped at.
                if case StoreError.interrupted = failure.error { throw StoreError.interrupted }
                let title = writing[failure.index].name ?? RowTitle.keyed(writing[failure.index].row, in: collection)
                throw CommandError.writes(.batchRowRefused(title: title, reason: failure.error.explained(at: title)))
            }
            reachedOthers = store.lastUpdateReachedOtherRows
            var ignored: [String] = []
            for (edit, result) in zip(writing, written) {
                guard let result else {
                    let title = edit.name ?? RowTitle.keyed(edit.row, in: collection)
                    if let why = try Self.whyNotWritten(edit.row, changes: edit.changes, in: collection, store: store) {
                        refused.append(title + why)
                    } else {
                        ignored.append(title)
                    }
                    continue
                }
                updates.append(RowUpdate(id: result.id, row: edit.row, after: result.changes, name: edit.name))
            }
            for row in unchanged.rows {
                let title = RowTitle.keyed(row, in: collection)
                guard let now = try store.record(of: collection.wholeTable, id: row.id) else {
                    refused.append(title + " (deleted or re-keyed)")
                    continue
                }
                let moved = collection.fields.filter { unchanged.fields.contains($0.name) && now[$0.name] != row[$0.name] }
                if !moved.isEmpty { refused.append(title + Self.changedNote(moved)) }
            }
            if !refused.isEmpty || !ignored.isEmpty {
                throw Self.refusal(refused, ignored: ignored, of: edits.count + unchanged.rows.count, in: collection, since: since)
            }
            kept = collection.fields.compactMap { field in changedElsewhere[field.name].map { (field.name, $0) } }
            // A dry run (`import --update --dry-run`) has made every write,
            // so the store has refused what it would refuse, and takes them back.
            if !keep {
                tried = updates.count
                throw RolledBack()
            }
            return updates.count
          }
        } catch is RolledBack {
            return (tried, [])
        }
        record(.updatedRows(collection, updates, file: file), reachedOthers: reachedOthers)
        return (saved, kept)
    }

    /// The fields a batch save neither checks nor writes, compared to say
    /// which changes made elsewhere it kept. A generated field follows the
    /// fields it is made of, which say its change; a field added since
    /// `row` was read has no value to compare.
    private static func watched(in collection: CollectionSchema, checked: Set<String>, readIn row: Record) -> [String] {
        collection.fields.filter { !$0.isGenerated && !checked.contains($0.name) && row.value(of: $0.name) != nil }.map(\.name)
    }

    /// Thrown to roll back a batch that was only tried.
    private struct RolledBack: Error {}

    /// A batch save as one `Store.writeBatch`: every row checked on the
    /// fields being set and those naming it, then written; nil when the
    /// store writes batches row by row. Refused rows are named as the
    /// row-by-row path names them, the first few with why.
    private func setBased(_ edits: [RowEdit], unchanged: (rows: [Record], fields: [String], places: [Int]), watching: Bool,
                          of list: CollectionSchema, in collection: CollectionSchema, since: String)
        throws -> (updates: [RowUpdate], reachedOthers: Bool, kept: [(field: String, rows: Int)])? {
        guard let first = edits.first?.row ?? unchanged.rows.first else { return nil }
        var written: Set<String> = []
        for edit in edits { written.formUnion(edit.changes.keys) }
        let naming = Array(collection.identifying(first.values).keys)
        let checked = collection.fields.map(\.name).filter { written.contains($0) || unchanged.fields.contains($0) || naming.contains($0) }
        let assigned = collection.fields.map(\.name).filter { written.contains($0) }
        let count = edits.count + unchanged.rows.count
        var ids: [RecordID] = [], values: [[Value]?] = []
        var held = Array(repeating: [Value](), count: checked.count)
        ids.reserveCapacity(count)
        values.reserveCapacity(count)
        for column in held.indices { held[column].reserveCapacity(count) }
        // Rows given the same values share the one array of them.
        var last: [Value]?
        for edit in edits {
            ids.append(edit.row.id)
            for (column, field) in checked.enumerated() { held[column].append(edit.row[field]) }
            let value = { (at: Int) in edit.changes[assigned[at]] ?? edit.row[assigned[at]] }
            if let shared = last, assigned.indices.allSatisfy({ value($0) == shared[$0] }) {
                values.append(shared)
            } else {
                let row = assigned.indices.map(value)
                values.append(row)
                last = row
            }
        }
        for row in unchanged.rows {
            ids.append(row.id)
            for (column, field) in checked.enumerated() { held[column].append(row[field]) }
            values.append(nil)
        }
        var batch = BatchWrite(ids: ids, checked: checked, held: held, assigned: assigned, values: values, list: list)
        if watching {
            // Only the rows written: a row left as it is keeps every value anyway.
            batch.watched = Self.watched(in: collection, checked: Set(checked), readIn: first)
            batch.watchedHeld = batch.watched.map { field in
                edits.map { $0.row[field] } + Array(repeating: .null, count: unchanged.rows.count)
            }
        }
        let row = { (place: Int) in place < edits.count ? edits[place].row : unchanged.rows[place - edits.count] }
        try stopIfCancelled()
        switch try store.writeBatch(batch, in: collection) {
        case nil:
            return nil
        case .refused(let places)?:
            // The rows in the list's order: the edits fill the places the unchanged rows leave.
            var order = Array(0..<count)
            var next = (edit: 0, unchanged: 0)
            for position in 0..<count where unchanged.places.count == unchanged.rows.count {
                if next.unchanged < unchanged.places.count, unchanged.places[next.unchanged] == position {
                    order[edits.count + next.unchanged] = position
                    next.unchanged += 1
                } else if next.edit < edits.count {
                    order[next.edit] = position
                    next.edit += 1
                }
            }
            let why = try explained(places.sorted { order[$0] < order[$1] }, row: row,
                                    changes: { $0 < edits.count ? edits[$0].changes : [:] },
                                    name: { $0 < edits.count ? edits[$0].name : nil }, alsoChecked: Set(unchanged.fields),
                                    of: list, in: collection)
            throw Self.refusal(why.refused, ignored: why.ignored, unexplained: why.unexplained, of: count, in: collection, since: since)
        case .written(let reachedOthers, let asStored, let counted)?:
            var updates: [RowUpdate] = []
            updates.reserveCapacity(edits.count)
            for (place, var edit) in edits.enumerated() {
                // The values as the store keeps them, where it said.
                if let values = asStored?[place] {
                    for (field, value) in zip(assigned, values) where edit.changes[field] != nil { edit.changes[field] = value }
                }
                updates.append(RowUpdate(id: collection.identity(of: edit.row.id, after: edit.changes), row: edit.row,
                                         after: edit.changes, name: edit.name))
            }
            let kept = zip(batch.watched, counted).filter { $0.1 > 0 }.map { (field: $0.0, rows: $0.1) }
            return (updates, reachedOthers, kept)
        }
    }

    /// The rows at `places` a set-based write refused, each titled and
    /// the first few with why: changed elsewhere (`refused`), written but
    /// left as they were by a trigger (`ignored`), or only counted.
    private func explained(_ places: [Int], row: (Int) -> Record, changes: (Int) -> [String: Value], name: (Int) -> String?,
                           alsoChecked: Set<String>, of list: CollectionSchema, in collection: CollectionSchema)
        throws -> (refused: [String], ignored: [String], unexplained: [String]) {
        var refused: [String] = [], ignored: [String] = [], unexplained: [String] = []
        let filtered = list.scope != nil || !list.filters.isEmpty
        for (order, place) in places.enumerated() {
            let row = row(place)
            let title = name(place) ?? RowTitle.keyed(row, in: collection)
            guard order < Self.refusalsExplained else {
                unexplained.append(title)
                continue
            }
            if filtered, try store.record(of: list, id: row.id) == nil {
                refused.append(title + (try notListed(row, in: collection)))
                continue
            }
            if let why = try Self.whyNotWritten(row, changes: changes(place), in: collection, store: store, alsoChecked: alsoChecked) {
                refused.append(title + why)
            } else {
                ignored.append(title)
            }
        }
        return (refused, ignored, unexplained)
    }

    /// Refused rows a set-based save reads again to say why: a refusal shows three.
    static let refusalsExplained = 3

    /// A batch delete: each of `rows` deleted in one transaction, checked
    /// against the values it held and against `list`, as `updateRows`
    /// checks them; with `asked`, only if the rows take exactly what the
    /// question named with them. Returns what went with them. With
    /// `trying`, all of it is rolled back: its refusal, if any, is thrown
    /// before a question rather than after the `y`.
    func deleteRows(_ rows: [Record], of list: CollectionSchema, from collection: CollectionSchema,
                    asked: Set<String>?, trying: Bool = false) throws -> [CascadeEffect] {
        var deleted: [DeletedRow] = []
        let taken: [CascadeEffect]
        do {
            taken = try deleting(rows, of: list, from: collection, asked: asked, trying: trying) { deleted.append($0) }
        } catch is Tried {
            return []
        }
        record(.deletedRows(collection, deleted))
        return taken
    }

    /// Thrown to roll back a delete only tried.
    private struct Tried: Error {}

    private func deleting(_ rows: [Record], of list: CollectionSchema, from collection: CollectionSchema,
                          asked: Set<String>?, trying: Bool, _ done: (DeletedRow) -> Void) throws -> [CascadeEffect] {
        try store.atomically(deferringReferences: false) {
            var refused: [String] = []
            var taken: [CascadeEffect] = []
            if try deletedAsASet(rows, of: list, from: collection) {
                for row in rows { done(DeletedRow(record: row, cascade: [])) }
            } else {
                (refused, taken) = try deletedOneByOne(rows, of: list, from: collection, done)
            }
            if !refused.isEmpty {
                throw CommandError.writes(.batchChangedBeforeSave(rows: refused, of: rows.count, saving: false, since: "open *"))
            }
            if let asked, CascadeEffect.marks(taken) != asked { throw CommandError.writes(.cascadeChanged(taken: taken)) }
            if trying { throw Tried() }
            return taken
        }
    }

    /// A batch delete a row at a time, each with what its foreign keys
    /// take: the rows refused, each with why, and what went with the rest.
    private func deletedOneByOne(_ rows: [Record], of list: CollectionSchema, from collection: CollectionSchema,
                                 _ done: (DeletedRow) -> Void) throws -> (refused: [String], taken: [CascadeEffect]) {
        var refused: [String] = []
        var taken: [CascadeEffect] = []
        let inList = try idsStillListed(in: list)
        // What the batch's own earlier deletes did to its later rows.
        var goneWith: Set<RecordID> = []
        var clearedTo: [RecordID: Record] = [:]
        for row in rows {
            try stopIfCancelled()
            if goneWith.contains(row.id) { continue }
            let title = RowTitle.keyed(row, in: collection)
            guard inList?.contains(row.id) ?? true else {
                refused.append(title + (try notListed(row, in: collection)))
                continue
            }
            do {
                let cascade = try store.delete(row.id, from: collection, expecting: (clearedTo[row.id] ?? row).values)
                done(DeletedRow(record: row, cascade: cascade))
                taken += cascade
                for effect in cascade where effect.collection == collection.name {
                    if effect.action == .deleted { goneWith.insert(effect.record.id) }
                    if let after = effect.after { clearedTo[effect.record.id] = after }
                }
            } catch StoreError.conflict(let current) {
                // A delete checks every field: each one that moved is named.
                let held = clearedTo[row.id] ?? row
                let moved = collection.fields.filter { field in current.value(of: field.name).map { $0 != held[field.name] } ?? false }
                refused.append(title + Self.changedNote(moved))
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

    /// A batch delete as one `Store.writeBatch`, where no foreign key
    /// cascades to the table, so it takes no other row. False when the
    /// store deletes row by row, or refused a row, which the rows one by one then name.
    /// One delete a row took a PostgreSQL server half a minute for 25,000 rows.
    private func deletedAsASet(_ rows: [Record], of list: CollectionSchema, from collection: CollectionSchema) throws -> Bool {
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
                               since: "open *", deleting: true)
        }
    }

    /// The refusal of a batch save or delete whose rows are `refused` (each with why),
    /// `ignored` by a trigger, or `unexplained` (beyond those a refusal shows).
    /// It is the trigger's when no row shown changed elsewhere, as `reload`
    /// would not help.
    private static func refusal(_ refused: [String], ignored: [String], unexplained: [String] = [], of count: Int,
                                in collection: CollectionSchema, since: String, deleting: Bool = false) -> CommandError {
        // The first row only, as a write a row names the row it stops at.
        if refused.isEmpty, let first = ignored.first {
            return .writes(.batchRowRefused(title: first, reason: StoreError.ignoredByTrigger(deleting ? "delete" : "update",
                                                                                              table: collection.name).explained(at: first)))
        }
        let all = refused + ignored.map { $0 + " (a trigger ignored its write, or changed the row as the save ran)" } + unexplained
        return .writes(.batchChangedBeforeSave(rows: all, of: count, saving: !deleting, since: since))
    }

    /// Why a batch write left a row as it was: ` (deleted or re-keyed)` or
    /// ` (ms changed)`; nil when the row holds what it was read with, so a
    /// trigger ignored its write. The refused write is taken back by now,
    /// with what its own triggers did to other rows of the batch.
    private static func whyNotWritten(_ row: Record, changes: [String: Value], in collection: CollectionSchema,
                                      store: any Store, alsoChecked: Set<String> = []) throws -> String? {
        guard let now = try store.record(of: collection.wholeTable, id: row.id) else { return " (deleted or re-keyed)" }
        let moved = collection.fields.filter { field in
            (changes[field.name] != nil || alsoChecked.contains(field.name) || collection.identifying(row.values)[field.name] != nil)
                && now[field.name] != row[field.name]
        }
        guard !moved.isEmpty else { return nil }
        return changedNote(moved)
    }

    /// ` (ms, name changed)` after a refused row's title; ` (changed)` when no field says how.
    static func changedNote(_ moved: [Field]) -> String {
        " (" + (moved.isEmpty ? "" : moved.map(\.shownName).joined(separator: ", ") + " ") + "changed)"
    }

    /// The rows in `list` now, read in the write's transaction; nil when
    /// the list is a whole table, where a row is checked by its key.
    private func idsStillListed(in list: CollectionSchema) throws -> Set<RecordID>? {
        guard list.scope != nil || !list.filters.isEmpty else { return nil }
        var ids: Set<RecordID> = []
        try RowBatch.pages(of: list, fields: .listed, in: store) { rows in for row in rows { ids.insert(row.id) } }
        return ids
    }

    /// Why a row is no longer in its list: gone, or moved out of it, by a
    /// change to the fields named when those changed.
    private func notListed(_ row: Record, in collection: CollectionSchema) throws -> String {
        guard let now = try store.record(of: collection.wholeTable, id: row.id) else { return " (deleted or re-keyed)" }
        let moved = collection.fields.filter { now[$0.name] != row[$0.name] }.map(\.shownName)
        return moved.isEmpty ? " (left the list)" : " (" + moved.joined(separator: ", ") + " changed; it left the list)"
    }
}

/// Batch saves (`open *`, `import --update`): every row in one
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
            let order = Self.listOrder(edits: edits.count, unchanged: unchanged.places, of: count)
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

    /// Each row's place in the list, by its place in the batch (the edits,
    /// then the rows left as they are): the edits fill the places the
    /// others leave. A refusal names its rows in the list's order.
    private static func listOrder(edits: Int, unchanged places: [Int], of count: Int) -> [Int] {
        guard places.count == count - edits else { return Array(0..<count) }
        var order = Array(repeating: 0, count: count)
        var next = (edit: 0, unchanged: 0)
        for position in 0..<count {
            if next.unchanged < places.count, places[next.unchanged] == position {
                order[edits + next.unchanged] = position
                next.unchanged += 1
            } else if next.edit < edits {
                order[next.edit] = position
                next.edit += 1
            }
        }
        return order
    }
}

/// The one path by which the core writes. Each method writes through the
/// store and records the write in the journal in the same step, so `undo`
/// and a dry run's report cannot miss a write: a command that writes holds
/// this, not a bare store (a `move` once wrote rows without a journal entry
/// because its code forgot to record them).
final class JournaledStore {
    let store: any Store
    /// Every write, in order (undo's own writes included): the dry-run report.
    private(set) var journal: [Change] = []
    /// Each journal entry in words, made when it was written (so a
    /// reference's title is read while its row is there): the dry-run report.
    private(set) var reported: [String] = []
    /// Whether `reported` is kept. A script that is no dry run reports no
    /// words, only how many writes it made (`journal.count`), and wording
    /// each save cost a twentieth of an edit.
    var summarizes = true
    /// Writes `undo` can still take back, newest last.
    /// Each with whether it changed other rows too (triggers, cascades),
    /// which taking it back does not undo.
    private var undoable: [(change: Change, reachedOthers: Bool)] = []
    /// Whether the write the last `undoLast` took back had changed other
    /// rows too: what its triggers did stays.
    private(set) var lastUndoneReachedOthers = false

    /// Ctrl-C (or SIGTERM) asked to stop: long loops outside SQL (an
    /// import's checking, its chunks) ask between steps, as the store asks
    /// while a statement runs.
    func stopIfCancelled() throws {
        if store.isCancelled() { throw StoreError.interrupted }
    }

    /// `Store.lastUpdateReachedOtherRows`, for the frame that saved.
    var lastUpdateReachedOtherRows: Bool { store.lastUpdateReachedOtherRows }

    init(_ store: any Store) {
        self.store = store
    }

    /// Takes the writes after the first `count` out of the journal: a dry
    /// run's command whose COMMIT would be refused, which a real run never
    /// writes. Its rows stay in the dry run's transaction, which is rolled
    /// back at once, so nothing may be undone or written after.
    func forget(after count: Int) {
        guard count < journal.count else { return }
        let dropped = journal.count - count
        journal.removeLast(dropped)
        reported.removeLast(min(dropped, reported.count))
        undoable.removeAll()
    }

    /// Inserts a new row; returns it as stored (defaults filled), as the
    /// store read it inside the insert's own transaction.
    /// `checking` (when given) runs first in the same transaction and may
    /// refuse the write by throwing.
    func insert(_ values: [String: Value], into collection: CollectionSchema,
                checking: (() throws -> Void)? = nil) throws -> Record {
        let saved = try checked(checking) { try store.insert(values, into: collection) }
        record(.inserted(collection, saved))
        return saved
    }

    /// Writes the changed fields of a row, checked against `base` (the row
    /// as read, or for `save!` as its conflict table showed it); returns the
    /// row as stored, under its identity after the write (a changed key
    /// field re-keys a WITHOUT ROWID row), read inside the write's own
    /// transaction. Undo puts `base`'s values back.
    func update(_ id: RecordID, in collection: CollectionSchema, title: String, changes: [String: Value],
                base: [String: Value], checking: (() throws -> Void)? = nil) throws -> Record {
        let saved = try checked(checking) { try store.update(id, in: collection, changes: changes, expecting: base) }
        let reachedOthers = store.lastUpdateReachedOtherRows
        let before = changes.keys.reduce(into: [String: Value]()) { $0[$1] = base[$1] ?? .null }
        // The values as stored, which undo expects to find: a column's type
        // may have stored another value than the one sent (3.0 as 3 in a
        // NUMERIC column), and undo refused that row as changed since.
        let after = changes.keys.reduce(into: [String: Value]()) { $0[$1] = saved.value(of: $1) ?? changes[$1] }
        // The rows the references put back by an undo named when it was saved.
        let named = before.reduce(into: [String: String]()) { named, pair in
            guard let field = collection.field(named: pair.key), field.references != nil, !pair.value.isNull else { return }
            named[pair.key] = ReferenceText.of(pair.value, field, in: store)
        }
        record(.updated(collection, id: saved.id, title: title, before: before, after: after, named: named),
               reachedOthers: reachedOthers)
        return saved
    }

    /// A batch save: `changes` written to each of `rows` in one transaction.
    /// Each row is written only if it is still one of `list`'s rows and
    /// still holds, in each field written, the value it held in `rows`.
    /// Otherwise nothing is written, and the refusal names the rows.
    /// Returns the rows as stored after the write.
    /// `unchanged` are the rows the save leaves as they are, as read, with
    /// the fields being set: each must still hold those values, or the
    /// save's word that they held them already would be false.
    func updateRows(_ edits: [RowEdit], of list: CollectionSchema, in collection: CollectionSchema,
                    unchanged: (rows: [Record], fields: [String]) = ([], []),
                    keep: Bool = true, since: String = "open *",
                    checking: (() throws -> Void)? = nil) throws -> [Record] {
        var updates: [RowUpdate] = []
        var reachedOthers = false
        var tried: [Record] = []
        let saved: [Record]
        do {
          saved = try store.atomically(deferringReferences: false) {
            try checking?()
            let inList = try idsStillListed(in: list)
            var refused: [String] = []
            // Rows gone from the list are named, and the rest written in one call.
            var writes: [RowWrite] = []
            var writing: [RowEdit] = []
            for edit in edits {
                let row = edit.row
                guard inList?.contains(row.id) ?? true else {
                    let title = edit.name ?? RowTitle.of(row, in: collection)
                    refused.append(title + (try store.record(of: collection, id: row.id) == nil
                                            ? " (deleted or re-keyed)" : " (left the list)"))
                    continue
                }
                let before = edit.changes.keys.reduce(into: [String: Value]()) { $0[$1] = row[$1] }
                // With the values that name the row: a VACUUM elsewhere
                // renumbers rowids, and another row may hold this one's.
                let naming = collection.identifying(row.values)
                writes.append(RowWrite(id: row.id, changes: edit.changes, expecting: before.merging(naming) { written, _ in written }))
                writing.append(edit)
            }
            try stopIfCancelled()
            let written: [RowWrite?]
            do {
                written = try store.updateRows(writes, in: collection)
            } catch let failure as RowWriteFailure {
                let title = writing[failure.index].name ?? RowTitle.of(writing[failure.index].row, in: collection)
                throw CommandError.writes(.batchRowRefused(title: title, reason: failure.error.explained(at: title)))
            }
            reachedOthers = store.lastUpdateReachedOtherRows
            var saved: [Record] = []
            for (edit, result) in zip(writing, written) {
                let row = edit.row
                let title = edit.name ?? RowTitle.of(row, in: collection)
                let before = edit.changes.keys.reduce(into: [String: Value]()) { $0[$1] = row[$1] }
                guard let result else {
                    refused.append(title + (try Self.whyNotWritten(row, changes: edit.changes, in: collection, store: store)))
                    continue
                }
                var stored = row
                for (field, value) in result.changes { stored.set(field, to: value) }
                stored.id = result.id
                updates.append(RowUpdate(id: result.id, title: title, before: before, after: result.changes,
                                         naming: collection.identifying(stored.values)))
                saved.append(stored)
            }
            for row in unchanged.rows {
                let title = RowTitle.of(row, in: collection)
                guard let now = try store.record(of: collection, id: row.id) else {
                    refused.append(title + " (deleted or re-keyed)")
                    continue
                }
                let moved = collection.fields.filter { unchanged.fields.contains($0.name) && now[$0.name] != row[$0.name] }
                if !moved.isEmpty { refused.append(title + " (" + moved.map(\.shownName).joined(separator: ", ") + " changed)") }
            }
            if !refused.isEmpty {
                throw CommandError.writes(.batchChangedBeforeSave(rows: refused, of: edits.count + unchanged.rows.count,
                                                                  saving: true, since: since))
            }
            // A dry run (`import --update --dry-run`) has made every write,
            // so the store has refused what it would refuse, and takes them back.
            if !keep {
                tried = saved
                throw RolledBack()
            }
            return saved
          }
        } catch is RolledBack {
            return tried
        }
        record(.updatedRows(collection, updates), reachedOthers: reachedOthers)
        return saved
    }

    /// Thrown to roll back a batch that was only tried.
    private struct RolledBack: Error {}

    /// A batch delete: each of `rows` deleted in one transaction, checked
    /// against the values it held and against `list`, as `updateRows`
    /// checks them; with `asked`, only if the rows take exactly what the
    /// question named with them. Returns what went with them.
    func deleteRows(_ rows: [Record], of list: CollectionSchema, from collection: CollectionSchema,
                    asked: Set<String>?) throws -> [CascadeEffect] {
        var deleted: [DeletedRow] = []
        let taken: [CascadeEffect] = try store.atomically(deferringReferences: false) {
            let inList = try idsStillListed(in: list)
            var refused: [String] = []
            var taken: [CascadeEffect] = []
            // What the batch's own earlier deletes did to its later rows.
            var goneWith: Set<RecordID> = []
            var clearedTo: [RecordID: Record] = [:]
            for row in rows {
                try stopIfCancelled()
                if goneWith.contains(row.id) { continue }
                let title = RowTitle.of(row, in: collection)
                guard inList?.contains(row.id) ?? true else {
                    refused.append(title + (try store.record(of: collection, id: row.id) == nil
                                            ? " (deleted or re-keyed)" : " (left the list)"))
                    continue
                }
                do {
                    let cascade = try store.delete(row.id, from: collection, expecting: (clearedTo[row.id] ?? row).values)
                    deleted.append(DeletedRow(record: row, cascade: cascade))
                    taken += cascade
                    for effect in cascade where effect.collection == collection.name {
                        if effect.action == .deleted { goneWith.insert(effect.record.id) }
                        if let after = effect.after { clearedTo[effect.record.id] = after }
                    }
                } catch StoreError.conflict {
                    refused.append(title + " (changed)")
                } catch StoreError.recordMissing {
                    refused.append(title + " (deleted or re-keyed)")
                } catch let error as StoreError {
                    throw CommandError.writes(.batchRowRefused(title: title, reason: error.explained(at: title)))
                }
            }
            if !refused.isEmpty {
                throw CommandError.writes(.batchChangedBeforeSave(rows: refused, of: rows.count, saving: false, since: "open *"))
            }
            if let asked, CascadeEffect.marks(taken) != asked { throw CommandError.writes(.cascadeChanged(taken: taken)) }
            return taken
        }
        record(.deletedRows(collection, deleted))
        return taken
    }

    /// Why a batch write left a row as it was: ` (deleted or re-keyed)`,
    /// ` (ms changed)`, or a trigger that ignored it.
    private static func whyNotWritten(_ row: Record, changes: [String: Value], in collection: CollectionSchema,
                                      store: any Store) throws -> String {
        guard let now = try store.record(of: collection, id: row.id) else { return " (deleted or re-keyed)" }
        let moved = collection.fields.filter { field in
            (changes[field.name] != nil || collection.identifying(row.values)[field.name] != nil) && now[field.name] != row[field.name]
        }
        guard !moved.isEmpty else { return " (a trigger ignored its write)" }
        return " (" + moved.map(\.shownName).joined(separator: ", ") + " changed)"
    }

    /// The rows in `list` now, read in the write's transaction; nil when
    /// the list is a whole table, where a row is checked by its key.
    private func idsStillListed(in list: CollectionSchema) throws -> Set<RecordID>? {
        guard list.scope != nil || !list.filters.isEmpty else { return nil }
        var ids: Set<RecordID> = []
        var start = RowStart.first
        var read = 0
        while true {
            let run = try store.rows(of: list, from: start, limit: RowBatch.readSize, fields: .listed)
            for row in run.rows { ids.insert(row.id) }
            read += run.rows.count
            guard run.rows.count == RowBatch.readSize else { return ids }
            start = run.cursors.last.map { RowStart(after: $0) } ?? RowStart(after: nil, skip: read)
        }
    }

    /// `write`, after `check` in one transaction with it when there is one.
    private func checked<T>(_ check: (() throws -> Void)?, _ write: () throws -> T) throws -> T {
        guard let check else { return try write() }
        return try store.atomically(deferringReferences: false) {
            try check()
            return try write()
        }
    }

    /// Puts a row back under its identity (`save!` of a row deleted
    /// elsewhere); returns it as stored.
    func restore(_ row: Record, into collection: CollectionSchema) throws -> (record: Record, warning: String) {
        try store.restore(row, into: collection)
        let (stored, warning) = readBack(row.id, in: collection)
        let restored = stored ?? row
        record(.inserted(collection, restored))
        return (restored, warning)
    }

    /// Deletes a row checked against the values shown; with `asked` (what a
    /// question said would go with it), only if the delete takes exactly
    /// that, compared inside the delete's own transaction.
    func delete(_ row: Record, from collection: CollectionSchema, asked: Set<String>?) throws -> [CascadeEffect] {
        let cascade: [CascadeEffect]
        if let asked {
            cascade = try store.atomically {
                let taken = try store.delete(row.id, from: collection, expecting: row.values)
                guard CascadeEffect.marks(taken) == asked else {
                    throw CommandError.writes(.cascadeChanged(taken: taken))
                }
                return taken
            }
        } else {
            cascade = try store.delete(row.id, from: collection, expecting: row.values)
        }
        record(.deleted(collection, row, cascade: cascade))
        return cascade
    }

    /// Inserts every row of an import in one transaction, or none: each
    /// row is all or nothing on its own (`Store.insertRows`), so a row the
    /// store refuses is noted (with its line) and the others still run, and
    /// every refused row is found in one pass; then the transaction commits
    /// only if none was refused and `keep` (a `--dry-run` rolls back always).
    /// Kept rows are journaled as one change, which `undo` takes back whole.
    /// The rows come a batch at a time from `next`, checked as they are read,
    /// so no more than a batch of them is held ready at once.
    /// `checking` (when given) runs first in the import's transaction and
    /// may refuse it by throwing.
    func importRows(into collection: CollectionSchema, file: String, keep: Bool,
                    checking: (() throws -> Void)? = nil, next: () throws -> ImportBatch?,
                    progress: () -> Void) throws -> (saved: ImportedRows, refused: [ImportProblem]) {
        let saved = ImportedRows(fields: collection.fields.map(\.name))
        var refused: [ImportProblem] = []
        // The lines holding each value of each reference field: what COMMIT
        // may refuse is named by them at the end.
        let references = collection.fields.indices.filter { collection.fields[$0].references != nil }
        var referenceLines: [String: [String: [Int]]] = [:]
        do {
            try store.atomically {
                try checking?()
                while let batch = try next() {
                    try stopIfCancelled()
                    refused += batch.refused
                    var refusedRows = Set<Int>()
                    let ids: [RecordID]
                    do {
                        ids = try store.insertRows(batch.rows, into: collection) { index, error in
                            refusedRows.insert(index)
                            guard case .constraint(let kind, let fields, let detail) = error else { return }
                            refused.append(ImportProblem(line: batch.lines[index], field: fields.first ?? "row",
                                                         problem: Self.words(kind, detail: detail, error: error)))
                        }
                    } catch let error as StoreError where !refusedRows.isEmpty {
                        // A refusal that ended the transaction (a trigger's
                        // RAISE(ROLLBACK)): listed, and nothing more is read.
                        guard case .constraint = error else { throw error }
                        refused.sort { $0.line < $1.line }
                        throw RollBack()
                    }
                    let inserted = refusedRows.isEmpty ? batch.rows[...]
                        : ArraySlice(batch.rows.indices.filter { !refusedRows.contains($0) }.map { batch.rows[$0] })
                    try saved.append(ids, inserted)
                    for place in references {
                        let name = collection.fields[place].name
                        for (line, cells) in zip(batch.lines, batch.rows) {
                            guard let value = cells[place], !value.isNull else { continue }
                            referenceLines[name, default: [:]][ValueText.raw(value), default: []].append(line)
                        }
                    }
                    progress()
                }
                // References checked only at COMMIT (all of them inside this
                // transaction on SQLite): found now, by the rows that hold them,
                // so a dry run fails as the COMMIT would and each names its line.
                for reference in try store.unresolvedReferences(in: collection) {
                    guard case .constraint(let kind, _, let detail) = reference.error else { throw reference.error }
                    let lines = referenceLines[reference.field]?[reference.value] ?? []
                    for line in lines.isEmpty ? [0] : lines {
                        refused.append(ImportProblem(line: line, field: reference.field,
                                                     problem: Self.words(kind, detail: detail, error: reference.error)))
                    }
                }
                refused.sort { $0.line < $1.line }
                if !refused.isEmpty || !keep { throw RollBack() }
            }
        } catch is RollBack {
            return (saved, refused)
        }
        record(.imported(collection, saved, file: file))
        return (saved, [])
    }

    /// Thrown to roll an import back after it has seen every row.
    private struct RollBack: Error {}

    /// A refused insert in the words of an import report (the field goes first).
    private static func words(_ kind: StoreError.Constraint, detail: String, error: StoreError) -> String {
        switch kind {
        case .notNull: return "is required (NOT NULL) and empty"
        case .unique, .primaryKey: return "another row already has this value (\(kind.rawValue))"
        case .check: return "refused by a CHECK constraint (\(detail))"
        case .foreignKey: return "\(detail) (FOREIGN KEY)"
        case .trigger: return "refused by a trigger: \(detail)"
        case .other: return error.explained(at: "")
        }
    }

    /// Takes back an import: deletes its rows, each checked against the values
    /// it was imported with, in one transaction; returns the change made.
    static func unimport(_ rows: ImportedRows, from collection: CollectionSchema, file: String,
                         in store: any Store) throws -> Change {
        try store.atomically {
            try rows.forEach { row in
                // A row others have hung on since stays: the whole undo is refused.
                guard try store.delete(row.id, from: collection, expecting: row.values).isEmpty else {
                    throw CommandError.undo(.importChanged(file: file))
                }
            }
        }
        return .unimported(collection, rows, file: file)
    }

    /// Rewrites a manual order along `move.after` (`move N M`).
    func reorder(_ collection: CollectionSchema, _ move: Reorder) throws {
        try store.renumber(move.after, field: move.field, in: collection)
        record(.reordered(collection, move))
    }

    /// Takes back the newest undoable write with `inverse`, which writes
    /// through the store and returns the change it made; that change is
    /// journaled (a dry run reports undos too) but not itself undoable.
    /// Returns what was undone, or nil when there is nothing to undo.
    func undoLast(_ inverse: (Change, any Store) throws -> Change) throws -> Change? {
        guard let (last, reachedOthers) = undoable.last else { return nil }
        let made = try inverse(last, store)
        journal.append(made)
        if summarizes { reported += made.summaries(in: store) }
        undoable.removeLast()
        lastUndoneReachedOthers = reachedOthers
        return last
    }

    private func record(_ change: Change, reachedOthers: Bool = false) {
        journal.append(change)
        if summarizes { reported += change.summaries(in: store) }
        undoable.append((change, reachedOthers))
    }

    /// Reads a row just written. The write is committed, so a failure here
    /// is a warning on the "saved" line, never a report that nothing was saved.
    private func readBack(_ id: RecordID, in collection: CollectionSchema) -> (record: Record?, warning: String) {
        do {
            return (try store.record(of: collection, id: id), "")
        } catch {
            return (nil, " (warning: reading it back failed: \(CommandError.plainWords(error)); reload shows it)")
        }
    }
}

extension CollectionSchema {
    /// A row's identity after an update: a changed primary-key field changes a primary-key identity.
    func identity(of id: RecordID, after changes: [String: Value]) -> RecordID {
        guard id.isPrimaryKey else { return id }
        var values = id.parts
        for field in fields {
            if let position = field.primaryKeyPosition, position <= values.count, let value = changes[field.name] {
                values[position - 1] = value
            }
        }
        return RecordID(parts: values, isPrimaryKey: true)
    }
}

extension CascadeEffect {
    /// What a delete took, comparable: a question's answer holds for exactly these rows.
    static func marks(_ effects: [CascadeEffect]) -> Set<String> {
        Set(effects.map { "\($0.collection)\u{0}\($0.record.id)\u{0}\($0.action == .deleted)" })
    }
}

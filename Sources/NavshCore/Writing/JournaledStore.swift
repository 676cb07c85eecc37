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
    /// reference's title is read while its row is there): the dry-run
    /// report. One entry per journal entry, so `forget` drops a batch whole.
    private(set) var reported: [[String]] = []
    /// Whether `reported` is kept. A script that is no dry run reports no
    /// words, only how many writes it made (`journal.count`), and wording
    /// each save cost a twentieth of an edit.
    var summarizes = true
    /// Rows of a batch worded, the rest counted in one line; nil words
    /// every row. Worded whole, a dry run of 100,000 rows printed as many
    /// lines and took twice as long as the real run.
    var rowsWordedPerBatch: Int?
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

    /// Whether the newest write that `undo` can take back changed other
    /// rows too. A batch written as a set says so in its outcome, which
    /// the store's own flag never heard of.
    var lastWriteReachedOtherRows: Bool { undoable.last?.reachedOthers ?? false }

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
        let id = try store.restore(row, into: collection)
        let (stored, warning) = readBack(id, in: collection)
        let restored = stored ?? Record(id: id, values: row.values)
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

    /// Rewrites a manual order along `move.after` (`move N M`).
    func reorder(_ collection: CollectionSchema, _ move: Reorder) throws {
        guard try move.numbers.write(in: collection, on: store) else {
            throw CommandError.rows(.moveListChanged(elsewhere: true))
        }
        record(.reordered(collection, move))
    }

    /// The write `undo` would take back next, for its question.
    var nextUndo: Change? { undoable.last?.change }

    /// Takes back the newest undoable write with `inverse`, which writes
    /// through the store and returns the change it made; that change is
    /// journaled (a dry run reports undos too) but not itself undoable.
    /// Returns what was undone, or nil when there is nothing to undo.
    func undoLast(_ inverse: (Change, any Store) throws -> Change) throws -> Change? {
        guard let (last, reachedOthers) = undoable.last else { return nil }
        let made = try inverse(last, store)
        journal.append(made)
        if summarizes { reported.append(made.summaries(in: store, wording: rowsWordedPerBatch)) }
        undoable.removeLast()
        lastUndoneReachedOthers = reachedOthers
        return last
    }

    /// Journals a write just made (the extensions for batches and imports too).
    func record(_ change: Change, reachedOthers: Bool = false) {
        journal.append(change)
        if summarizes { reported.append(change.summaries(in: store, wording: rowsWordedPerBatch)) }
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

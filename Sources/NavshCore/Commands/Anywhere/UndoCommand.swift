/// `undo` takes back the newest write of this session still undoable,
/// itself as a checked write: it is refused, changing nothing, if the row
/// was changed (or deleted, or its place taken) since.
struct UndoCommand: PlainCommand {
    static let forms = [CommandForm("undo", CommandForm.anywhere, .none, usage: "undo",
                                    "undo this session's last write: a save, insert, delete, move or import", example: "undo")]

    init() {}

    func run(in session: any CommandContext, confirmed: Bool) throws -> Response {
        if session.top.isDirty {
            throw CommandError.undo(.unsavedEdits)
        }
        // Many rows at once ask at the prompt, as their save and delete did:
        // an undo of 66,486 rows ran on one keystroke.
        if session.mode == .interactive, !confirmed, let next = session.writer.nextUndo, let question = Self.question(next) {
            // A field dropped since refuses the undo before the question, not after its yes.
            if case .updatedRows(let collection, let rows, _) = next {
                try Self.checkFieldsRemain(Set(rows.flatMap(\.after.keys)), of: collection,
                                           undoing: RowBatch.rowCount(rows.count), in: session.store)
            }
            // So is one the store would refuse: tried first and rolled back,
            // an adversary's yes was answered by a refusal.
            let store = session.writer.store
            try store.transaction(rollback: true) { _ = try Self.takeBack(next, in: store, shown: nil) }
            return Response(question: Question(confirm: question, then: self, declined: "nothing was undone"))
        }
        var message = ""
        let shown = session.collectionOnScreen?.name
        guard let undone = try session.writer.undoLast({ change, store in
            let (inverse, said) = try Self.takeBack(change, in: store, shown: shown)
            message = said
            return inverse
        }) else { return Response(output: "nothing to undo\n") }
        session.framesTakeUndo(of: undone)
        // The undo's own write set triggers or cascades going (a total
        // recomputed): every list reads its rows again, as after a save
        // (they showed the totals as before the undo).
        let reranOthers = session.writer.lastUpdateReachedOtherRows
        if reranOthers { session.readListsAgain() }
        // The save's triggers and cascades changed other rows, which undo
        // does not put back: said, not left for the user to find. When the undo's own write set
        // them going again (a
        // total recomputed), they may well be right: said so, not "not undone".
        if session.writer.lastUndoneReachedOthers {
            message += reranOthers
                ? "\nthe save had changed other rows through triggers or cascades; they ran again on the undo: check those rows"
                : "\nthe changes its triggers or cascades made to other rows were not undone"
        }
        // At the prompt a list on top is shown again, as after a save: its
        // rows above still read as before the undo.
        // Scripts stay quiet unless `show` is asked for.
        let list: (any Frame)? = session.mode == .interactive && (session.top is ListFrame || session.top is CollectionsFrame)
            ? session.top : nil
        return Response(output: list.flatMap { try? session.show($0, below: message + "\n") } ?? message + "\n")
    }

    /// Refuses to put back fields the table no longer has: a column
    /// dropped elsewhere since the save failed the undo with the store's
    /// own "no such column".
    private static func checkFieldsRemain(_ fields: some Collection<String>, of collection: CollectionSchema,
                                          undoing title: String, in store: any StoreReader) throws {
        guard let now = store.collections.first(where: { $0.name == collection.name }) else {
            throw CommandError.undo(.collectionGone(collection.name))
        }
        let gone = fields.filter { now.field(named: $0) == nil }.sorted()
        if !gone.isEmpty { throw CommandError.undo(.fieldsGone(title: title, fields: gone, collection: collection.name)) }
    }

    /// Writes back what each row of a batch save held, set-based where the
    /// store can; refuses naming the rows changed or deleted since.
    private static func putBack(_ rows: [RowUpdate], in collection: CollectionSchema, file: String?, store: any Store) throws {
        var refused: [String] = []
        // Rows that changed the same fields go back as one set each: a
        // `replace` that left some rows as they were sent 90,000 rows back
        // one at a time, a minute on a server.
        var kinds: [[String]] = []
        var alike: [[String]: [Int]] = [:]
        for (place, row) in rows.enumerated() {
            let fields = row.after.keys.sorted()
            if alike[fields] == nil { kinds.append(fields) }
            alike[fields, default: []].append(place)
        }
        var oneByOne: [Int] = []
        var changed: [Int] = []
        for fields in kinds {
            let places = alike[fields, default: []]
            if let found = try setBased(places.map { rows[$0] }, in: collection, store: store) {
                changed += found.map { places[$0] }
            } else {
                oneByOne += places
            }
        }
        if !changed.isEmpty {
            // The rows a refusal shows are told apart: deleted, or changed.
            let table = collection.wholeTable
            refused = try changed.sorted().enumerated().map { order, place in
                order < 3 ? refusal(rows[place], in: collection, now: try store.record(of: table, id: rows[place].id))
                    : rows[place].title(in: collection)
            }
            throw CommandError.undo(.batchSave(rows: refused, of: rows.count, file: file))
        }
        for row in oneByOne.sorted().map({ rows[$0] }) {
            do {
                try store.update(row.id, in: collection, changes: row.before,
                                 expecting: row.after.merging(row.naming(in: collection)) { written, _ in written })
            } catch StoreError.conflict(let current) {
                refused.append(refusal(row, in: collection, now: current))
            } catch StoreError.recordMissing {
                refused.append(refusal(row, in: collection, now: nil))
            } catch StoreError.constraint(let kind, let fields, let detail) {
                throw CommandError.undo(.refused(undoing: "save", title: RowBatch.rowCount(rows.count), kind,
                                                 fields: fields, detail: detail, row: row.title(in: collection)))
            }
        }
        if !refused.isEmpty { throw CommandError.undo(.batchSave(rows: refused, of: rows.count, file: file)) }
    }

    /// A row an undo of a batch save refuses, named by key and title as the
    /// save's refusal names it, with the fields changed since: `#1 Stairway (ms changed)`.
    private static func refusal(_ row: RowUpdate, in collection: CollectionSchema, now: Record?) -> String {
        let title = row.name ?? RowTitle.keyed(row.row, in: collection)
        guard let now else { return title + " (deleted)" }
        let naming = row.naming(in: collection)
        let moved = collection.fields.filter { field in
            (row.after[field.name] ?? naming[field.name]).map { now.value(of: field.name) != $0 } ?? false
        }
        return title + JournaledStore.changedNote(moved)
    }

    /// Writes the inverse of `change`; returns that write and what to say.
    /// A row is named with its table when the screen shows another table
    /// (`shown`): at the root, "undid the delete of a" named no table.
    private static func takeBack(_ change: Change, in store: any Store, shown: String?) throws -> (Change, String) {
        func said(_ title: String, _ collection: CollectionSchema) -> String {
            shown == collection.name ? title : "\(title) in \(collection.displayTitle)"
        }
        switch change {
        case .updated(let collection, let id, let title, let before, let after, let named):
            try checkFieldsRemain(before.keys, of: collection, undoing: title, in: store)
            // A reference put back must name the row it named at the save:
            // renamed or re-keyed elsewhere, its key now names another.
            for (name, was) in named.sorted(by: { $0.key < $1.key }) {
                guard let field = collection.field(named: name), let value = before[name] else { continue }
                let now = ReferenceText.of(value, field, in: store)
                if now != was {
                    throw CommandError.undo(.referenceMoved(title: title, field: field.shownName,
                                                            key: ValueText.raw(value), was: was, now: now))
                }
            }
            do {
                try store.update(id, in: collection, changes: before, expecting: after)
            } catch StoreError.conflict {
                throw CommandError.undo(.save(title: title, .changed))
            } catch StoreError.recordMissing {
                throw CommandError.undo(.save(title: title, .deleted))
            } catch StoreError.constraint(let kind, let fields, let detail) {
                throw CommandError.undo(.refused(undoing: "save", title: title, kind, fields: fields, detail: detail))
            }
            // As `changes` says it: the label, references by title, money as
            // shown, long values cut where they differ (printed whole, a long
            // note filled screens).
            let fields = collection.fields.filter { before[$0.name] != nil }.map { field in
                let now = after[field.name] ?? .null, back = before[field.name] ?? .null
                let shown = ReferenceText.pair(now, back, field, in: store)
                let (from, to) = ChangesCommand.brief(shown.0, shown.1,
                                                      lengths: (ChangesCommand.length(now), ChangesCommand.length(back)))
                return "\(field.shownName): \(from) → \(to)"
            }
            return (.updated(collection, id: id, title: title, before: after, after: before),
                    "undid the save of \(said(title, collection)): " + fields.joined(separator: ", "))
        case .updatedRows(let collection, let rows, let file):
            try checkFieldsRemain(Set(rows.flatMap(\.after.keys)), of: collection, undoing: RowBatch.rowCount(rows.count), in: store)
            // Every row back in one transaction, or none.
            do {
                try store.atomically { try Self.putBack(rows, in: collection, file: file, store: store) }
            } catch StoreError.constraint(let kind, let fields, let detail) {
                throw CommandError.undo(.refused(undoing: file == nil ? "save" : "import", title: RowBatch.rowCount(rows.count), kind,
                                                 fields: fields, detail: detail))
            }
            let inverse = rows.map { $0.inverse(in: collection) }
            let fields = Self.written(rows, in: collection).map(\.shownName)
            return (.updatedRows(collection, inverse),
                    "undid the \(file.map { "import of " + $0 + ": " } ?? "save of ")\(fields.joined(separator: ", ")) on "
                    + "\(ListLayout.grouped(rows.count)) row\(rows.count == 1 ? "" : "s") of \(collection.displayTitle)")
        case .deletedRows(let collection, let rows):
            // Every row and what went with it back in one transaction, or none.
            let restored: [Record]
            do {
                restored = try store.atomically { try Self.putBack(rows, in: collection, store: store) }
            } catch StoreError.constraint(let kind, let fields, let detail) {
                throw CommandError.undo(.refused(undoing: "delete", title: RowBatch.rowCount(rows.count), kind,
                                                 fields: fields, detail: detail))
            } catch StoreError.conflict, StoreError.recordMissing {
                throw CommandError.undo(.deleteClearedRowChanged(title: RowBatch.rowCount(rows.count)))
            }
            let cascade = rows.flatMap(\.cascade)
            return (.restoredRows(collection, restored),
                    "undid the delete of \(RowBatch.rowCount(rows.count)) of "
                    + "\(collection.displayTitle) (put \(rows.count == 1 ? "it" : "them") back"
                    + "\(CascadeEffect.phrase(cascade, .restoring, titles: store.collectionTitles, besides: collection.name)))")
        case .inserted(let collection, let record):
            let title = RowTitle.of(record, in: collection)
            // Undoing an insert must not take rows others have since hung on it.
            let dependents = try store.cascades(ofDeleting: record.id, in: collection)
            if !dependents.isEmpty {
                throw CommandError.undo(.insertHasDependents(title: title, dependents))
            }
            // Nor can it go while rows added since refer to it (said as a
            // delete's refusal says it; it was a FOREIGN KEY error naming
            // nothing, worded as a save's).
            func referenced() throws -> CommandError? {
                let blockers = try store.blockingReferences(ofDeleting: record.id, in: collection)
                return blockers.isEmpty ? nil : .undo(.insertReferenced(title: title, by: blockers))
            }
            if let refusal = try referenced() { throw refusal }
            do {
                try store.delete(record.id, from: collection, expecting: record.values)
            } catch StoreError.constraint(.foreignKey, let fields, let detail) {
                // One came to refer to it between the look and the delete.
                if let refusal = try? referenced() { throw refusal }
                throw StoreError.constraint(.foreignKey, fields: fields, detail: detail)
            } catch StoreError.conflict {
                throw CommandError.undo(.insert(title: title, .changed))
            } catch StoreError.recordMissing {
                throw CommandError.undo(.insert(title: title, .deleted))
            }
            return (.deleted(collection, record, cascade: []), "undid the insert of \(said(title, collection)) (deleted it)")
        case .reordered(let collection, let move):
            guard try store.ids(of: collection) == move.after.map(\.id) else {
                throw CommandError.undo(.move(title: move.title))
            }
            guard try move.numbersBefore.write(in: collection, on: store) else {
                throw CommandError.undo(.move(title: move.title))
            }
            return (.reordered(collection, move.inverse), "undid the move of \(said(move.title, collection)) (back to row \(move.from))")
        case .imported(let collection, let rows, let file):
            let count = "\(ListLayout.grouped(rows.count)) row\(rows.count == 1 ? "" : "s")"
            do {
                let inverse = try JournaledStore.unimport(rows, from: collection, file: file, in: store)
                return (inverse, "undid the import of \(count) from \(file) (deleted them)")
            } catch StoreError.conflict, StoreError.recordMissing {
                throw CommandError.undo(.importChanged(file: file))
            }
        case .unimported(let collection, _, _), .restoredRows(let collection, _):
            // Never undoable itself (undo's own writes are journaled only).
            return (change, "nothing to undo in \(collection.name)")
        case .deleted(let collection, let record, let cascade):
            let title = RowTitle.of(record, in: collection)
            var restored = record
            do {
                // The row and everything that went with it come back together, or nothing does.
                try store.atomically {
                    restored.id = try putBack([(collection, record)], cascades: [cascade], store: store) { kind, fields, detail, _ in
                        CommandError.undo(.refused(undoing: "delete", title: title, kind, fields: fields, detail: detail))
                    }[0]
                }
            } catch StoreError.constraint(let kind, let fields, let detail) {
                throw CommandError.undo(.refused(undoing: "delete", title: title, kind, fields: fields, detail: detail))
            } catch StoreError.conflict, StoreError.recordMissing {
                throw CommandError.undo(.deleteClearedRowChanged(title: title))
            }
            return (.inserted(collection, restored),
                    "undid the delete of \(said(title, collection)) (put it back\(CascadeEffect.phrase(cascade, .restoring, titles: store.collectionTitles, besides: collection.name)))")
        }
    }
}

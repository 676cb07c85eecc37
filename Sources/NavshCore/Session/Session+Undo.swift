extension Session {
    /// Takes back the newest write of this session still undoable, itself as
    /// a checked write: it is refused, changing nothing, if the row was
    /// changed (or deleted, or its place taken) since.
    func undo() throws -> Response {
        if top.isDirty {
            throw CommandError("undo takes back saves; the edits here are not saved yet: revert [FIELD] undoes them")
        }
        guard let change = undoable.last else { return Response(output: "nothing to undo\n") }
        let message: String
        switch change {
        case .updated(let collection, let id, let title, let before, let after):
            do {
                try store.update(id, in: collection, changes: before, expecting: after)
            } catch StoreError.conflict {
                throw CommandError("cannot undo the save of \(title): it changed since; nothing changed")
            } catch StoreError.recordMissing {
                throw CommandError("cannot undo the save of \(title): it was deleted since; nothing changed")
            }
            journal.append(.updated(collection, id: id, title: title, before: after, after: before))
            let fields = collection.fields.map(\.name).filter { before[$0] != nil }.map {
                "\($0) \(ValueText.raw(after[$0] ?? .null)) → \(ValueText.raw(before[$0] ?? .null))"
            }
            message = "undid the save of \(title): " + fields.joined(separator: ", ")
        case .inserted(let collection, let record):
            let title = RowTitle.of(record, in: collection)
            // Undoing an insert must not take rows others have since hung on it.
            let dependents = try store.cascades(ofDeleting: record.id, in: collection)
            if !dependents.isEmpty {
                throw CommandError("cannot undo the insert of \(title): deleting it now would also change "
                    + "\(CascadeEffect.rows(dependents)) added since; nothing changed")
            }
            do {
                try store.delete(record.id, from: collection, expecting: record.values)
            } catch StoreError.conflict {
                throw CommandError("cannot undo the insert of \(title): it changed since; nothing changed")
            } catch StoreError.recordMissing {
                throw CommandError("cannot undo the insert of \(title): it was deleted since; nothing changed")
            }
            journal.append(.deleted(collection, record, cascade: []))
            message = "undid the insert of \(title) (deleted it)"
        case .reordered(let collection, let field, let title, let from, let to, let before, let after):
            guard try store.ids(of: collection) == after else {
                throw CommandError("cannot undo the move of \(title): the order changed since; nothing changed")
            }
            try store.renumber(before, field: field, in: collection)
            journal.append(.reordered(collection, field: field, title: title, from: to, to: from, before: after, after: before))
            message = "undid the move of \(title) (back to row \(from))"
        case .deleted(let collection, let record, let cascade):
            let title = RowTitle.of(record, in: collection)
            do {
                // The row and everything that went with it come back together, or nothing does.
                try store.atomically {
                    try store.restore(record, into: collection)
                    try restore(cascade)
                }
            } catch StoreError.constraint(let kind, let fields, let detail) {
                let why: String
                switch kind {
                case .unique, .primaryKey:
                    let what = fields.isEmpty ? "key" : fields.joined(separator: ", ")
                    why = "another row now holds the \(what) of a row it would put back"
                case .foreignKey:
                    why = "a row it would put back refers to one that is gone now"
                default:
                    why = detail
                }
                throw CommandError("cannot undo the delete of \(title): \(why); nothing changed")
            } catch StoreError.conflict, StoreError.recordMissing {
                throw CommandError("cannot undo the delete of \(title): a row it cleared changed since; nothing changed")
            }
            journal.append(.inserted(collection, record))
            message = "undid the delete of \(title) (put it back\(CascadeEffect.phrase(cascade, .restoring)))"
        }
        undoable.removeLast()
        refreshFrames(after: change)
        return Response(output: message + "\n")
    }

    /// Puts back what a delete took with it: deleted rows (parents before
    /// children, as they were found) and references it cleared.
    private func restore(_ cascade: [CascadeEffect]) throws {
        for effect in cascade {
            guard let collection = store.collections.first(where: { $0.name == effect.collection }) else {
                throw CommandError("cannot undo: \(effect.collection) is no longer in the store; nothing changed")
            }
            switch effect.action {
            case .deleted:
                try store.restore(effect.record, into: collection)
            case .referenceCleared(let fields):
                var before: [String: Value] = [:]
                for field in fields { before[field] = effect.record[field] }
                // Checked against the row as the delete left it: a reference
                // someone set since is theirs, and the undo is refused.
                guard let after = effect.after else {
                    throw CommandError("cannot undo: the reference cleared in \(effect.collection) was not recorded; nothing changed")
                }
                try store.update(effect.record.id, in: collection, changes: before, expecting: after.values)
            }
        }
    }

    /// After a write made outside a record frame: lists of that collection
    /// read again, and a clean record frame showing the undone row takes the
    /// values the undo wrote, and only those: anything else that changed
    /// there is not shown to its user, so a later save is still checked
    /// against the values the frame showed.
    func refreshFrames(after change: Change) {
        for frame in stack {
            if let list = frame as? ListFrame {
                switch change {
                case .inserted(let collection, let record) where collection.name == list.collection.name:
                    list.forget([record.id])  // undone: it leaves the rows shown
                case .reordered(let collection, _, _, _, _, _, _) where collection.name == list.collection.name:
                    renumberShown(list)
                case .updated(let collection, let id, _, let before, _) where collection.name == list.collection.name:
                    // This session's own write: the row shown takes it, as after a save.
                    let key = Self.identity(id, after: before, in: collection)
                    if let fresh = try? store.record(of: collection, id: key) { list.patch(fresh, was: id) } else { list.invalidate() }
                case .deleted(_, _, let cascade) where cascade.contains(where: { $0.collection == list.collection.name }):
                    // References it put back are this session's writes too.
                    list.invalidate()
                    for effect in cascade where effect.collection == list.collection.name && effect.action != .deleted {
                        list.patch(effect.record)
                    }
                default:
                    if list.collection.name == change.collection.name { list.invalidate() }
                }
            }
            guard case .updated(let collection, let id, _, let before, _) = change,
                  let record = frame as? RecordFrame, record.collection.name == collection.name,
                  !record.isDirty, record.id == id
            else { continue }
            var values = record.buffer.base
            for (field, value) in before { values[field] = value }
            record.markSaved(Record(id: Self.identity(id, after: before, in: collection), values: values))
        }
    }
}

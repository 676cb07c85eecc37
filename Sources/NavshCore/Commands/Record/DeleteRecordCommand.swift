/// `delete` in a record: deletes the row as this frame read it, after a
/// question naming what goes with it, and goes back.
struct DeleteRecordCommand: PlainCommand {
    static let forms = [CommandForm("delete", [.record], .none, usage: "delete",
                                    "delete this record and go back", example: "delete")]

    init() {}

    static func summary(of form: CommandForm, in frame: any Frame) -> String? {
        (frame as? RecordFrame)?.batch != nil ? "delete every row of the batch and go back" : form.summary
    }

    var editsTheRecord: Bool { true }

    static func isOffered(in frame: any Frame) -> Bool { Deletion.isOffered(in: frame) }

    func run(in session: any CommandContext, confirmed: Bool) throws -> Response {
        let frame = try session.topFrame(RecordFrame.self)
        let collection = frame.collection
        try Deletion.checkDeletable(collection)
        if let batch = frame.batch { return try deleteBatch(batch, in: frame, session: session, confirmed: confirmed) }
        guard let id = frame.id else {
            throw CommandError.writes(.draftNotDeletable)
        }
        // A rowid another process may have renumbered (a VACUUM) is not
        // taken on trust, as the list's `delete N` does not take it (the row deleted was another,
        // made to look alike).
        if collection.keyFields.isEmpty && frame.fileChangedSinceOpened {
            throw CommandError.writes(.keylessRecordMayHaveMoved(collection: collection.name))
        }
        // Named as stored: the row goes, not the title its edits would give it.
        let title = frame.storedCrumb
        let edits = frame.buffer.changes.isEmpty ? "" : " with its unsaved edits"
        try Deletion.checkNothingBlocks(deleting: id, titled: title, in: collection, store: session.store)
        if session.mode == .interactive && !confirmed {
            return try Deletion.ask(id, in: collection, session: session, then: self) {
                "Delete \(title) from \(collection.displayTitle)\(edits)?\($0)"
            }
        }
        let cascade: [CascadeEffect]
        do {
            cascade = try Deletion.delete(Record(id: id, values: frame.buffer.base), from: collection, session: session)
        } catch StoreError.conflict {
            throw CommandError.writes(.recordChangedBeforeDelete(title: title))
        } catch StoreError.constraint(.foreignKey, _, _) {
            throw CommandError.writes(.referencedNow(title: title))
        }
        // The list returned to is drawn without the row, as after a save.
        (session.frames.dropLast().last as? ListFrame)?.forget([id])
        return Response(output: session.popShowingReturn(
            below: "deleted \(title)\(edits)\(CascadeEffect.phrase(cascade, .done, titles: session.store.collectionTitles, besides: collection.name))\n"))
    }

    /// `delete` in a batch: every row of it, in one transaction, each
    /// checked as a save checks it, after one question at the prompt.
    private func deleteBatch(_ batch: RowBatch, in frame: RecordFrame, session: any CommandContext, confirmed: Bool) throws -> Response {
        let collection = frame.collection
        guard !batch.rows.isEmpty else {
            return Response(output: session.popShowingReturn(below: "deleted nothing: the batch holds no rows\n"))
        }
        let store = session.store
        let asking = session.mode == .interactive && !confirmed
        if asking {
            let changed = try batch.changedRows(since: RowBatch.read(batch.list, captions: batch.captions, from: store))
            if !changed.isEmpty {
                // A delete its rows would refuse now is refused before the
                // question, not after the `y`; the rows changed are named first.
                let rows = batch.rows.filter { changed.contains($0.id) } + batch.rows.filter { !changed.contains($0.id) }
                _ = try frame.noticingChanges {
                    try session.writer.deleteRows(rows, of: batch.list, from: collection, asked: nil, trying: true,
                                                  since: batch.readBy)
                }
            }
        }
        // The checks and the question's cascades read in one snapshot.
        // The checks and what the question names, read in one snapshot.
        let read: Result<DeletePlan, Error> = store.readingAsOne {
            Result { try Deletion.checkNothingBlocks(deleting: Array(batch.rows), in: collection, store: store) }
        }
        let plan = try read.get()
        let preview = plan.taken
        let edits = frame.isDirty ? ", dropping the unsaved edits" : ""
        if asking {
            frame.askedBatchCascade = CascadeEffect.marks(preview)
            let phrase = CascadeEffect.phrase(preview, .question, titles: store.collectionTitles, besides: collection.name)
            return Response(question: Question(confirm: "Delete \(batch.count) of \(collection.displayTitle)\(edits)?\(phrase)",
                                               then: self, declined: "nothing was deleted"))
        }
        let asked = frame.askedBatchCascade
        frame.askedBatchCascade = nil
        let cascade = try frame.noticingChanges {
            try session.writer.deleteRows(plan.isReordered ? plan.order.map { batch.rows[$0] } : Array(batch.rows),
                                          of: batch.list, from: collection, asked: asked, since: batch.readBy)
        }
        session.readListsAgain()
        return Response(output: session.popShowingReturn(below: "deleted \(batch.count) of \(collection.displayTitle)\(edits)"
                                                         + "\(CascadeEffect.phrase(cascade, .done, titles: store.collectionTitles, besides: collection.name))\n"))
    }
}

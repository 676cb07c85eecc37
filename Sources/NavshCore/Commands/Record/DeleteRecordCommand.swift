/// `delete` in a record: deletes the row as this frame read it, after a
/// question naming what goes with it, and goes back.
struct DeleteRecordCommand: PlainCommand {
    static let forms = [CommandForm("delete", [.record], .none, usage: "delete",
                                    "delete this record and go back", example: "delete")]

    init() {}

    var editsTheRecord: Bool { true }

    static func isOffered(in frame: any Frame) -> Bool { Deletion.isOffered(in: frame) }

    func run(in session: Session, confirmed: Bool) throws -> Response {
        let frame = try session.topFrame(RecordFrame.self)
        let collection = frame.collection
        try Deletion.checkDeletable(collection)
        guard let id = frame.id else {
            throw CommandError.writes(.draftNotDeletable)
        }
        // A rowid another process may have renumbered (a VACUUM) is not
        // taken on trust, as the list's `delete N` does not take it (the
        // adversary's find: the row deleted was another, made to look alike).
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
        session.pop()
        (session.top as? ListFrame)?.forget([id])
        return Response(output: "deleted \(title)\(edits)\(CascadeEffect.phrase(cascade, .done, titles: session.store.collectionTitles))\n")
    }
}

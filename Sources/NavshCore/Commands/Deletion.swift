/// What `delete N` in a list and `delete` in a record share: the checks
/// before the question, the question naming what goes with the row, and the
/// delete that takes exactly what the question named.
enum Deletion {
    /// Whether a delete can work on this frame's rows (`help` offers it).
    static func isOffered(in frame: any Frame) -> Bool {
        let collection = (frame as? ListFrame)?.collection ?? (frame as? RecordFrame)?.collection
        return collection.map { (try? checkDeletable($0)) != nil } ?? false
    }

    static func checkDeletable(_ collection: CollectionSchema) throws {
        if let reason = collection.unwritableReason { throw CommandError.fields(.collectionReadOnly(reason: reason)) }
        if !collection.isDeletable {
            throw CommandError.writes(.notDeletable(collection: collection.name))
        }
    }

    /// Refuses a delete that references which do not cascade would stop,
    /// naming them, before any question is asked.
    static func checkNothingBlocks(deleting id: RecordID, titled title: String, in collection: CollectionSchema,
                                   store: any StoreReader) throws {
        let blockers = try store.blockingReferences(ofDeleting: id, in: collection)
        guard blockers.isEmpty else {
            throw CommandError.writes(.deleteBlocked(title: title, by: blockers.map { $0.named(in: store) }))
        }
    }

    /// Refuses a batch delete that references would stop at any row, naming
    /// how many rows they stop and the first few, each with its blockers.
    /// Returns the order the deletes pass in: rows that refer to others of
    /// the batch go first.
    static func checkNothingBlocks(deleting rows: [Record], in collection: CollectionSchema,
                                   store: any StoreReader) throws -> DeletePlan {
        let plan = try store.deletePlan(deleting: rows, in: collection)
        guard !plan.blocked.isEmpty else { return plan }
        let first = plan.blocked.keys.sorted().prefix(listedBlockedRows).map { place in
            BlockedRow(title: RowTitle.keyed(rows[place], in: collection), by: plan.blocked[place, default: []].map { $0.named(in: store) })
        }
        throw CommandError.writes(.batchDeleteBlocked(blocked: plan.blocked.count, of: rows.count,
                                                      collection: collection.displayTitle, first: first))
    }

    /// Rows a refused batch delete names before it counts the rest.
    static let listedBlockedRows = 3

    /// The question before a delete, naming what goes with the row; what it
    /// named is kept in the session, so that the answer holds for that only.
    static func ask(_ id: RecordID, in collection: CollectionSchema, session: any CommandContext, then: any Command,
                    _ prompt: (String) -> String) throws -> Response {
        let preview = try session.store.cascades(ofDeleting: id, in: collection)
        session.askedCascade = (id, collection.name, CascadeEffect.marks(preview))
        return Response(question: Question(confirm: prompt(CascadeEffect.phrase(preview, .question, titles: session.store.collectionTitles, besides: collection.name)), then: then,
                                            declined: "nothing was deleted"))
    }

    /// Deletes the row checked against `row.values`; after a question, only
    /// if it takes exactly what the question named. Lists showing rows it
    /// took read again.
    static func delete(_ row: Record, from collection: CollectionSchema, session: any CommandContext) throws -> [CascadeEffect] {
        var asked: Set<String>?
        if let question = session.askedCascade, question.id == row.id, question.collection == collection.name {
            asked = question.rows
            session.askedCascade = nil
        }
        let cascade = try session.writer.delete(row, from: collection, asked: asked)
        for case let list as ListFrame in session.frames {
            list.take(cascade)
        }
        return cascade
    }
}

/// `open FIELD` on a record follows a reference to the row it names;
/// `open COLLECTION` lists the rows of a related collection that name this
/// record (an owner's cars).
struct OpenReferenceCommand: OpenCommand {
    static let forms = [CommandForm("open", [.record], .rest("field or collection"), usage: "open FIELD|COLLECTION",
                                    "follow a reference, or list related rows", example: "open owner_id")]

    let target: String

    func run(in session: any CommandContext, confirmed: Bool) throws -> Response {
        let frame = try session.topFrame(RecordFrame.self)
        let store = session.store
        if let field = frame.collection.field(named: target), let reference = field.references {
            let value = frame.buffer.value(of: field.name)
            guard !value.isNull else { throw CommandError.fields(.referenceEmpty(field.shownName, collection: reference.collection)) }
            guard let (collection, record) = try RecordFrame.referencedRecord(reference, value, in: store) else {
                throw CommandError.fields(.referenceMissing(field.shownName, collection: reference.collection, value: value))
            }
            let next = RecordFrame(collection: collection, record: record)
            return Response(output: try session.pushShowing(next))
        }
        let related = frame.relatedCollections(in: store)
        if let (collection, field) = related.first(where: { $0.0.name.lowercased() == target.lowercased() }) {
            guard let id = frame.id else {
                throw CommandError.fields(frame.batch != nil ? .relatedOfBatch(collection.name) : .notSavedForRelated)
            }
            let scoped = try frame.relatedList(collection, by: field, of: id)
            let list = ListFrame(collection: scoped, owner: "whose \(field.shownName) is \(TextLayout.printable(frame.crumb))")
            return Response(output: try session.pushShowing(list))
        }
        let options = frame.openableNames(in: store)
        throw CommandError.fields(options.isEmpty
            ? .nothingToOpen(collection: frame.collection.name)
            : .nothingNamed(target, options: options))
    }

    static func complete(_ rest: String, in session: any CommandContext) -> Completion {
        guard let frame = session.top as? RecordFrame else { return .none }
        return Completion(word: rest, candidates: Completion.matching(frame.openableNames(in: session.store), rest))
    }
}

/// `open N` or `open NAME` in the list of collections pushes that collection's list.
struct OpenCollectionCommand: OpenCommand {
    static let forms = [CommandForm("open", [.collections], .rest("collection"), usage: "open N | open NAME",
                                    "open the collection at row N, or by name", example: "open Items")]

    let target: String

    func run(in session: Session, confirmed: Bool) throws -> Response {
        let root = try session.topFrame(CollectionsFrame.self)
        let list = ListFrame(collection: try Self.pick(target, from: root.collections))
        return Response(output: try session.pushShowing(list))
    }

    /// The collection `target` names: its number as listed, its name (any
    /// case), its title, or its name as shown escaped.
    static func pick(_ target: String, from collections: [CollectionSchema]) throws -> CollectionSchema {
        if let number = Int(target) {
            guard (1...max(1, collections.count)).contains(number), !collections.isEmpty else {
                throw CommandError.rows(.noCollectionNumbered(number, count: collections.count))
            }
            return collections[number - 1]
        }
        if let match = collections.first(where: { $0.name == target })
            ?? collections.first(where: { $0.name.lowercased() == target.lowercased() })
            ?? collections.first(where: { $0.title?.lowercased() == target.lowercased() })
            // As listed: a name holding control characters is shown escaped, and can be typed so.
            ?? collections.first(where: { TextLayout.printable($0.name) == target }) {
            return match
        }
        throw CommandError.rows(.noCollectionNamed(target, names: collections.map(\.name)))
    }

    /// Whether `target` (trimmed) names `collection` in one of the ways
    /// `pick` takes, without `pick`'s error: `open #42` at a list asks
    /// this on every edit of a script.
    static func names(_ collection: CollectionSchema, _ target: String) -> Bool {
        if let number = Int(target) { return number == 1 }
        if collection.name == target { return true }
        let lowered = target.lowercased()
        return collection.name.lowercased() == lowered || collection.title?.lowercased() == lowered
            || TextLayout.printable(collection.name) == target
    }

    static func complete(_ rest: String, in session: Session) -> Completion {
        guard let root = session.top as? CollectionsFrame else { return .none }
        return Completion(word: rest, candidates: Completion.matching(root.collections.map(\.name), rest))
    }
}

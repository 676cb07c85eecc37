/// `open N` or `open NAME` in the list of collections pushes that collection's list.
struct OpenCollectionCommand: OpenCommand {
    static let forms = [CommandForm("open", [.collections], .rest("collection"), usage: "open N | open NAME",
                                    "open the collection at row N, or by name", example: "open Items")]

    let target: String

    func run(in session: any CommandContext, confirmed: Bool) throws -> Response {
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
        // A match of an earlier way in any collection wins over a later way;
        // two collections matched the same way (`cc` and `CC` for `Cc`) are
        // neither: PostgreSQL keeps them apart, and `open Cc` opened the first.
        let lowered = target.lowercased()
        for way in NameMatch.allCases {
            let matches = collections.filter { way.accepts($0, target, lowered: lowered) }
            if matches.count == 1 { return matches[0] }
            if matches.count > 1 {
                throw CommandError.rows(.noCollectionNamed(target, names: matches.map(\.name)))
            }
        }
        throw CommandError.rows(.noCollectionNamed(target, names: collections.map(\.name)))
    }

    /// How `target` may name a collection, most exact first: its name, its
    /// name in any case, its title in any case, or (as listed) its name
    /// with control characters shown escaped.
    private enum NameMatch: CaseIterable {
        case exact, anyCase, title, escaped

        func accepts(_ collection: CollectionSchema, _ target: String, lowered: String) -> Bool {
            switch self {
            case .exact: return collection.name == target
            case .anyCase: return collection.name.lowercased() == lowered
            case .title: return collection.title?.lowercased() == lowered
            case .escaped: return TextLayout.printable(collection.name) == target
            }
        }
    }

    /// Whether `target` (trimmed) names `collection` as `pick` would among
    /// its collections alone, without building `pick`'s error: `open #42`
    /// at a list asks this on every edit of a script.
    static func names(_ collection: CollectionSchema, _ target: String) -> Bool {
        if let number = Int(target) { return number == 1 }
        if NameMatch.exact.accepts(collection, target, lowered: "") { return true }
        // Printable ASCII names (nearly all) of another length than the
        // target cannot match in any case, and print as they are: no
        // lowercasing (`open #42` at a list asks twice an edit).
        let length = target.utf8.count
        if length != collection.name.utf8.count, length != collection.title?.utf8.count,
           PrintableASCII.holds(target), PrintableASCII.holds(collection.name),
           collection.title.map(PrintableASCII.holds) ?? true {
            return false
        }
        let lowered = target.lowercased()
        return NameMatch.allCases.contains { $0.accepts(collection, target, lowered: lowered) }
    }

    static func complete(_ rest: String, in session: any CommandContext) -> Completion {
        guard let root = session.top as? CollectionsFrame else { return .none }
        return Completion(word: rest, candidates: Completion.matching(root.collections.map(\.name), rest))
    }
}

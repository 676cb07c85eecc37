/// `columns FIELD…` picks the list's columns after the title for this
/// frame (fields named by column or label, in the order typed); `columns`
/// alone goes back to the collection's own (its app spec's `columns:`, else
/// as many fields as fit). Like `sort`, the choice lives in the frame's copy
/// of the collection, so it survives paging and changes elsewhere while its
/// fields do. The page is shown again at once; row numbers keep their rows.
struct ColumnsCommand: Command {
    static let maximum = 64
    static let forms = [CommandForm("columns", [.list], .fieldWords("fields", required: false), usage: "columns [FIELD…]",
                                    "show these fields as the list's columns; columns alone restores them",
                                    example: "columns price stock")]

    var leavesLaterLinesAlone: Bool { true }

    let typed: Arguments
    let usage: String

    init(form: CommandForm, arguments: Arguments) throws(CommandError) {
        guard arguments.words.count <= Self.maximum else {
            throw .grammar(.tooManyWords(command: form.name, most: Self.maximum, what: "fields", usage: form.usage))
        }
        typed = arguments
        usage = form.usage
    }

    /// The fields typed, a label of several words taken as one.
    private func fields(in collection: CollectionSchema) throws(CommandError) -> [String] {
        var words = Array(zip(typed.words, typed.bare)).map { (text: $0, bare: $1) }[...]
        var fields: [String] = []
        while !words.isEmpty {
            let phrase = try FieldPhrase.leading(Array(words), in: collection)
            fields.append(phrase.name)
            words = words.dropFirst(phrase.count)
        }
        return fields
    }

    func run(in session: any CommandContext, confirmed: Bool) throws -> Response {
        let list = try session.topFrame(ListFrame.self)
        let fields = try fields(in: list.collection)
        let chosen: [String]?
        if fields.isEmpty {
            chosen = list.ownCollection(in: session.store)?.chosenColumns
        } else {
            let names = list.collection.fields.map(\.name)
            chosen = try fields.map { typed in
                guard let field = list.collection.field(named: typed) else {
                    throw CommandError.rows(.noColumnField(typed, collection: list.collection.name,
                                                           nearest: Nearest.name(to: typed, among: names), fields: names))
                }
                return field.name
            }
            // A field named twice is one column (`columns flag flag` showed it twice).
            .reduce(into: [String]()) { kept, name in if !kept.contains(name) { kept.append(name) } }
        }
        // The same rows, read again with the fields now shown.
        return Response(output: try list.reshown(in: session) { list.collection.chosenColumns = chosen })
    }

    /// Field names, for the word being typed (any of them).
    static func complete(_ rest: String, in session: any CommandContext) -> Completion {
        guard let list = session.top as? ListFrame else { return .none }
        let typed = rest.split(separator: " ", omittingEmptySubsequences: false).last.map(String.init) ?? ""
        return Completion(word: typed, candidates: Completion.matching(list.collection.fields.map(\.name), typed))
    }
}

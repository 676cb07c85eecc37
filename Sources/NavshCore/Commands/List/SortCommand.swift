/// `sort FIELD [desc]` orders the list in this frame by a field (named by
/// column or label); a second `sort` replaces the first, and `sort` alone
/// goes back to the collection's own order. The sorted page is shown at
/// once, so row numbers mean the rows in their new order. Rows still come
/// a page at a time from the store: nothing loads the whole table.
struct SortCommand: Command {
    static let forms = [CommandForm("sort", [.list], .fieldWords("field, then asc or desc", required: false),
                                    usage: "sort [FIELD [desc]]",
                                    "order this list by FIELD; sort alone restores its order", example: "sort name desc")]

    let typed: Arguments
    let usage: String

    init(form: CommandForm, arguments: Arguments) {
        typed = arguments
        usage = form.usage
    }

    /// The field (a label of several words is one) and the direction after it.
    private func read(in collection: CollectionSchema) throws(CommandError) -> (field: String?, descending: Bool) {
        let words = Array(zip(typed.words, typed.bare)).map { (text: $0, bare: $1) }
        guard !words.isEmpty else { return (nil, false) }
        // Only asc or desc may follow the field, which no label's word is read as.
        let phrase = try FieldPhrase.leading(words, in: collection,
                                             othersCanFollow: words.count == 2 && ["asc", "desc"].contains(words[1].text.lowercased()))
        let after = words.dropFirst(phrase.count)
        guard after.count <= 1 else {
            throw .grammar(.tooManyWords(command: "sort", most: phrase.count + 1, what: "field, then asc or desc", usage: usage))
        }
        switch after.first?.text.lowercased() {
        case nil, "asc"?: return (phrase.name, false)
        case "desc"?: return (phrase.name, true)
        default:
            // Said as typed: the user must recognise what was refused.
            throw .rows(.notADirection(after.first?.text ?? ""))
        }
    }

    func run(in session: any CommandContext, confirmed: Bool) throws -> Response {
        let list = try session.topFrame(ListFrame.self)
        let (field, descending) = try read(in: list.collection)
        let order: SortOrder?
        if let name = field {
            guard let field = list.collection.field(named: name) else {
                throw CommandError.rows(.noSortField(name, collection: list.collection.name,
                                                     fields: list.collection.fields.map(\.name)))
            }
            if field.kind == .blob {
                throw CommandError.rows(.blobNotSortable(field: field.name))
            }
            order = SortOrder(field: field.name, descending: descending,
                              byTitle: ReferencedTitle.of(field, in: session.store))
        } else {
            // The collection's own order, as the store (and its app spec) define it.
            order = list.ownCollection(in: session.store)?.order
        }
        return Response(output: try list.reshown(in: session) {
            list.collection.order = order
            list.collection.sortedColumn = field == nil ? nil : order?.field
            list.pageIndex = 0
        })
    }

    static func complete(_ rest: String, in session: any CommandContext) -> Completion {
        guard let list = session.top as? ListFrame else { return .none }
        let words = rest.split(separator: " ", omittingEmptySubsequences: false)
        if words.count <= 1 {
            return Completion(word: rest, candidates: Completion.matching(list.collection.fields.map(\.name), rest))
        }
        guard words.count == 2 else { return .none }
        let typed = String(words[1])
        return Completion(word: typed, candidates: Completion.matching(["asc", "desc"], typed))
    }
}

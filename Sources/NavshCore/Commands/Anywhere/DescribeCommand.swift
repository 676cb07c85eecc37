/// `describe [FIELD]`, in a list or a record (like psql's `\d`): what each
/// field takes, as the schema and the app spec say it; with FIELD, that one
/// fact by fact, and in a record its current value. At the list of
/// collections, like psql's `\conninfo`: which server the store is on.
struct DescribeCommand: Command {
    static let forms = [CommandForm("describe", [.collections, .list, .record], .fieldWords("field", required: false), usage: "describe [FIELD]",
                                    "say what each field takes (type, NULL, default, range, checks), or FIELD's",
                                    example: "describe price")]

    let typed: TypedField

    init(form: CommandForm, arguments: Arguments) {
        typed = TypedField(arguments, form: form, count: .atMostOne, what: "field")
    }

    static let onlyReports = true

    func run(in session: any CommandContext, confirmed: Bool) throws -> Response {
        if let root = session.top as? CollectionsFrame, typed.first == nil { return Response(output: Self.store(root, session.store)) }
        let record = session.top as? RecordFrame
        guard let collection = record?.collection ?? (session.top as? ListFrame)?.collection else {
            throw CommandError.navigation(.wrongFrame(here: session.top.kind))
        }
        let year = session.clock().year
        guard typed.first != nil else {
            let lines = collection.fields.map { "  " + FieldDescription.line($0, in: collection, thisYear: year) + "\n" }
            return Response(output: collection.displayTitle + ": \(collection.fields.count) fields\n" + lines.joined())
        }
        let name = try typed.name(in: collection)
        guard let field = collection.field(named: name) else {
            let names = collection.fields.map(\.name)
            throw CommandError.fields(.unknownField(name, editable: names, nearest: Nearest.name(to: name, among: names)))
        }
        var facts = FieldDescription.facts(field, in: collection, thisYear: year)
        if let record { facts.append(("value", ValueText.bounded(record.buffer.value(of: field.name), field.format))) }
        let width = facts.map { $0.0.count }.max() ?? 0
        return Response(output: FieldDescription.name(field) + "\n" + facts.map { what, how in
            "  " + what + String(repeating: " ", count: width - what.count) + "  " + how + "\n"
        }.joined())
    }

    /// The store, its collections and, on a server, where the connection is.
    static func store(_ root: CollectionsFrame, _ store: any StoreReader) -> String {
        let head = "\(root.title): \(root.collections.count) collection" + (root.collections.count == 1 ? "" : "s") + "\n"
        guard let place = store.serverPlace else { return head }
        let of = place.servers.count > 1 ? " (of \(place.servers.joined(separator: ", ")))" : ""
        return head + "server: \(place.name), \(place.role)\(of)\n" + (place.readsFrom.map { "reads from: \($0)\n" } ?? "")
    }

    /// Every field's name, in a list or a record.
    static func complete(_ rest: String, in session: any CommandContext) -> Completion {
        guard !rest.contains(" "), !rest.contains("\t"),
              let collection = (session.top as? RecordFrame)?.collection ?? (session.top as? ListFrame)?.collection
        else { return .none }
        return Completion(word: rest, candidates: Completion.matching(collection.fields.map(\.name), rest))
    }
}

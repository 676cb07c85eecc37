/// `title FIELD…` at a list names the collection's rows by those fields
/// (several join with a space: `title FirstName LastName`), and `title
/// "{FirstName} {LastName}, {Title}"` by a template, as an app spec's
/// `row:` does, for the rest of the session: in every list, reference and
/// message. `title` alone goes back to the title the store gave. For when
/// the default title names rows by the wrong column and no spec is at hand.
struct TitleCommand: Command {
    static let forms = [CommandForm("title", [.list], .fieldWords("fields, or a \"{template}\"", required: false),
                                    usage: "title [FIELD… | \"{TEMPLATE}\"]",
                                    "name this collection's rows by these fields; title alone restores it",
                                    example: "title FirstName LastName")]

    let typed: Arguments

    init(form: CommandForm, arguments: Arguments) {
        typed = arguments
    }

    func run(in session: any CommandContext, confirmed: Bool) throws -> Response {
        let list = try session.topFrame(ListFrame.self)
        let name = list.collection.name
        let choice = try read(in: list.collection)
        let before = session.store.collection(named: name)
        session.titleCollection(name, choice)
        let presented = session.store.collection(named: name)
        return Response(output: try list.reshown(in: session) {
            guard let presented else { return }
            list.collection.titleField = presented.titleField
            list.collection.compositeTitle = presented.compositeTitle
            list.collection.rowTitle = presented.rowTitle
            // The columns a template keeps, unless `columns` chose this frame's own.
            if list.collection.chosenColumns == before?.chosenColumns {
                list.collection.chosenColumns = presented.chosenColumns
            }
        })
    }

    /// The fields typed (a label of several words is one), or one quoted template.
    private func read(in collection: CollectionSchema) throws -> TitleChoice? {
        guard !typed.words.isEmpty else { return nil }
        if typed.words.count == 1, typed.bare.first == false || typed.words[0].contains("{") {
            let template = try RowTemplate(typed.words[0])
            for field in template.fields { _ = try known(field, in: collection) }
            guard !template.fields.isEmpty else { return .fields([try known(typed.words[0], in: collection)]) }
            return .template(template)
        }
        var words = Array(zip(typed.words, typed.bare)).map { (text: $0, bare: $1) }[...]
        var fields: [String] = []
        while !words.isEmpty {
            let phrase = try FieldPhrase.leading(Array(words), in: collection)
            let name = try known(phrase.name, in: collection)
            if !fields.contains(name) { fields.append(name) }
            words = words.dropFirst(phrase.count)
        }
        return .fields(fields)
    }

    private func known(_ typed: String, in collection: CollectionSchema) throws(CommandError) -> String {
        if let field = collection.field(named: typed) {
            // A reference reads as its key in a title, and `find` could not match what it shows.
            guard field.references == nil else { throw .rows(.referenceCannotTitle(field.shownName)) }
            return field.name
        }
        let names = collection.fields.map(\.name)
        throw .rows(.noColumnField(typed, collection: collection.name, nearest: Nearest.name(to: typed, among: names),
                                   fields: names, command: "title"))
    }

    /// Field names, for the word being typed.
    static func complete(_ rest: String, in session: any CommandContext) -> Completion {
        ColumnsCommand.complete(rest, in: session)
    }
}

/// How `title` names a collection's rows.
enum TitleChoice {
    case fields([String])
    case template(RowTemplate)

    var fields: [String] {
        switch self {
        case .fields(let fields): return fields
        case .template(let template): return template.fields
        }
    }

    /// The collection titled so: one field alone, several as a first and
    /// last name are (each joined only when it holds something), or a template.
    func apply(to collection: CollectionSchema) -> CollectionSchema {
        // A field renamed or dropped elsewhere: the store's own title again.
        guard fields.allSatisfy({ collection.field(named: $0) != nil }) else { return collection }
        var titled = collection
        switch self {
        case .fields(let fields):
            titled.rowTitle = nil
            titled.titleField = fields.first
            titled.compositeTitle = fields.count > 1 ? CompositeTitle(fields: fields, separator: " ") : nil
        case .template(let template):
            // A template alone would show no other column (as a spec's `row:`
            // without `detail:`): the columns shown before stay.
            if collection.chosenColumns == nil, collection.details.isEmpty, collection.rowDetails.isEmpty {
                let before = Set(collection.titleFields)
                titled.chosenColumns = collection.listColumns.compactMap { column in
                    guard case .field(let field, _) = column.content, !before.contains(field.name) else { return nil }
                    return field.name
                }.filter { !template.fields.contains($0) }
            }
            titled.rowTitle = template
            titled.titleField = template.fields.first
            titled.compositeTitle = nil
        }
        return titled
    }
}

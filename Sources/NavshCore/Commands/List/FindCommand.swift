/// `find TEXT` pushes a list of the rows where some text field contains
/// TEXT, ignoring case; inside a filtered list it narrows it further. The
/// store filters and pages it like any list: nothing reads the whole table.
struct FindCommand: OneArgumentCommand {
    static let forms = [CommandForm("find", [.list], .rest("text"), usage: "find TEXT",
                                    "list the rows where any text field contains TEXT", example: "find jobim")]

    let text: String

    init(_ text: String) {
        self.text = text
    }

    func run(in session: any CommandContext, confirmed: Bool) throws -> Response {
        let list = try session.topFrame(ListFrame.self)
        return try list.narrow(by: Self.filter(text, in: list.collection, store: session.store), in: session)
    }

    /// Every text field, and the references the list's title is made of
    /// by their rows' titles: an invoice listed as `#98 · Dominique Hansen`
    /// is found by her name, which no column of the invoice holds.
    static func filter(_ text: String, in collection: CollectionSchema, store: any StoreReader) -> RowFilter {
        let parts = collection.rowTitle == nil ? collection.compositeTitle?.fields ?? [] : []
        let titles: [RowFilter] = parts.compactMap { name in
            guard let field = collection.field(named: name), let target = ReferencedTitle.of(field, in: store) else { return nil }
            return .titleContains(field: field.name, target, text)
        }
        return .anyTextContains(text, titles: titles)
    }
}

extension ListFrame {
    /// Pushes a list of this one's rows that also meet `filter`, in this
    /// list's order (and sort), and shows it; `caption` is how its crumb
    /// reads when the filter's own words would not say what was typed.
    func narrow(by filter: RowFilter, caption: String? = nil, in session: any CommandContext) throws -> Response {
        var narrowed = collection
        narrowed.filters.append(filter)
        let caption = caption ?? filter.caption(in: collection)
        let frame = ListFrame(collection: narrowed, label: caption, captions: captions + [caption], fit: fit.copy())
        return Response(output: try session.pushShowing(frame))
    }
}

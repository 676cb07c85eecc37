extension ListFrame {
    /// Rows in the collection, counted in full (once until the next write
    /// or outside change): for `count`, and where only the number will do.
    func count(in store: any StoreReader) throws -> Int {
        if let cached = cachedCount { return cached }
        let total = try anchors.end ?? store.count(of: collection)
        cachedCount = total
        countIsLong = false
        return total
    }

    /// The count when it is known or can be had at once (`ReadBudget.listCount`),
    /// else nil: a list of a million rows shows its first page without
    /// waiting for them to be counted.
    func knownCount(in store: any StoreReader) throws -> Int? {
        if let cached = cachedCount { return cached }
        if let end = anchors.end {
            cachedCount = end
            return end
        }
        if countIsLong { return nil }
        guard let total = try store.count(of: collection, within: .listCount) else {
            countIsLong = true
            return nil
        }
        cachedCount = total
        return total
    }

    /// A filter on a column renamed or dropped elsewhere is said as such
    /// before any read, not as SQLite's "no such column".
    private func checkFilters() throws {
        if let gone = collection.filters.lazy.compactMap(\.field).first(where: { collection.field(named: $0) == nil }) {
            throw CommandError.rows(.filterFieldGone(gone))
        }
    }

    /// The current page (previews of `pageSize` rows), cached like the count.
    func page(size: Int, in store: any StoreReader) throws -> Page {
        try page(pageIndex, size: size, in: store)
    }

    /// Page `index`, read from the nearest anchor by key (never by OFFSET
    /// from the top): empty when the list ends before it.
    func page(_ index: Int, size: Int, in store: any StoreReader) throws -> Page {
        if let cached = cachedPage, cached.index == index, cached.size == size {
            return cached
        }
        try checkFilters()
        let position = index * size
        var rows: [Record] = []
        var isLast = true
        if let start = try anchors.start(of: position, in: collection, store: store) {
            // Uncounted, one row more than the page: whether it is the last,
            // so a last page says the count even when it is full (it said
            // "of many").
            let asked = cachedCount == nil && anchors.end == nil ? size + 1 : size
            let run = try store.listRecords(of: collection, from: start, limit: asked)
            anchors.learn(from: run, at: position, asked: asked)
            isLast = run.rows.count < asked || cachedCount.map { position + size >= $0 } ?? false
                || anchors.end.map { position + size >= $0 } ?? false
            rows = Array(run.rows.prefix(size))
        }
        let page = Page(index: index, size: size, rows: rows, isLast: isLast)
        cachedPage = page
        return page
    }

    /// Reads the page to show (keeping the page number within the list as it
    /// is now) and takes it as shown: row numbers mean these rows from now on.
    func load(from store: any StoreReader, pageSize size: Int) throws -> any FrameView {
        try load(from: store, pageSize: size, drawing: .whole)
    }

    /// The same, drawn as `drawing` says below a message. A page drawn
    /// without some of its rows is shown whole by `next`.
    func load(from store: any StoreReader, pageSize size: Int, drawing: PageDrawing) throws -> any FrameView {
        try checkFilters()
        var total = try knownCount(in: store)
        if let total { pageIndex = min(pageIndex, Self.pageCount(total, size) - 1) }
        var page = try page(size: size, in: store)
        if page.rows.isEmpty && pageIndex > 0 {
            // The list is shorter now than the page asked: its last page.
            let exact = try count(in: store)
            total = exact
            pageIndex = min(pageIndex, Self.pageCount(exact, size) - 1)
            page = try self.page(size: size, in: store)
        }
        if total == nil, page.isLast, !page.rows.isEmpty || pageIndex == 0 {
            // The last page: the count is known (a find of 2 rows is "(2)").
            total = page.index * size + page.rows.count
            cachedCount = total
        }
        let titled: Bool
        (page.rows, page.isCut, titled) = drawing.cut(page.rows)
        let before = didShow(page)
        let first = page.index * size
        let table = ListTable(page.rows, in: collection,
                              references: ReferenceTitles.read(for: page.rows, in: collection, from: store), fit: fit)
        var rows = page.rows.enumerated().map { offset, record in
            ListLayout.Row(
                number: first + offset + 1,
                title: table.titles[offset],
                details: table.cells[offset],
                // By the fields both reads hold: a column renamed or added
                // elsewhere marked every row.
                changedElsewhere: before?[record.id].map { !Self.sameRow($0, record) } ?? false,
                isCurrent: record.id == returnedFrom)
        }
        returnedFrom = nil
        if let group = collection.groupField {
            // A section title wherever the group's value changes, and atop each page.
            for i in rows.indices where i == 0 || page.rows[i][group] != page.rows[i - 1][group] {
                let value = page.rows[i][group]
                rows[i].section = value.isNull ? "(no \(group))" : ValueText.formatted(value, .plain)
            }
        }
        let filters = captions.map { " · " + TextLayout.printable($0) }.joined()
        let header = collection.displayTitle + (owner.map { " " + $0 } ?? "")
            + " (\(total.map(ListLayout.grouped) ?? "many"))" + filters + sortNote(in: store)
        return ListView(header: titled ? header : nil,
                        columns: table.columns, rows: rows, total: total, pageIndex: page.index, pageSize: size, fit: fit,
                        // A view, or a file opened read-only, takes no `new`.
                        // Looked for only when nothing matched: the hint read the table
                        // again under every filtered list (70% of a batch on PostgreSQL).
                        empty: !collection.filters.isEmpty ? (page.rows.isEmpty ? noRowsMatch(in: store) : "no rows match")
                            : collection.unwritableReason == nil ? "no rows yet; new adds one" : "no rows")
    }

    /// `no rows match`; when the last `where FIELD = TEXT` misses only by
    /// case (`where country = brazil`), how many match ignoring it and the
    /// filter that lists them. Looked for within a budget: a count the
    /// budget cut short says "or more", and a table too big to scan at once
    /// may get no hint rather than a wait.
    private func noRowsMatch(in store: any StoreReader) -> String {
        guard case .compare(let name, .equal, .text(let text))? = collection.filters.last,
              let field = collection.field(named: name), field.kind == .text || field.kind == .any else { return "no rows match" }
        var wider = collection
        wider.filters.removeLast()
        // The field itself, not the whole title it is part of (a first name).
        wider.compositeTitle = nil
        wider.rowTitle = nil
        let limit = 1_000
        guard let found = try? store.find(text, in: field.name, of: wider, match: .exact, limit: limit,
                                          within: Self.caseHintBudget),
              !found.value.isEmpty else { return "no rows match" }
        let counted = min(found.value.count, limit)
        let count = ListLayout.grouped(counted) + (found.isComplete && counted < limit ? "" : " or more")
        let rows = counted == 1 && found.isComplete ? "row matches" : "rows match"
        func typed(_ word: String) -> String {
            word.contains(where: { $0 == " " || $0 == "\"" || $0 == "'" })
                ? "\"" + word.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\\\"") + "\"" : word
        }
        return "no rows match; \(count) \(rows) ignoring case (where "
            + TextLayout.printable(typed(field.label ?? field.name) + " ~ " + typed(text)) + " lists those that contain it)"
    }

    /// What the hint may read: the rows a keystroke's completion may.
    static let caseHintBudget = ReadBudget(rows: 200_000, seconds: 0.05)

    /// ` · sorted by name desc` after a `sort` in this frame; nothing in the
    /// collection's own order.
    private func sortNote(in store: any StoreReader) -> String {
        guard let order = sortedBy(in: store) else { return "" }
        let name = collection.field(named: order.field)?.label ?? order.field
        return " · sorted by \(TextLayout.printable(name))" + (order.descending ? " desc" : "")
    }

    /// The collection as the store presents it (its spec's order and
    /// columns), which `sort` and `columns` alone go back to.
    func ownCollection(in store: any StoreReader) -> CollectionSchema? {
        store.collection(named: collection.name)
    }

    /// The order a `sort` in this frame set, when it is not the collection's own.
    func sortedBy(in store: any StoreReader) -> SortOrder? {
        guard let order = collection.order, order != ownCollection(in: store)?.order else { return nil }
        return order
    }

    /// After this session reordered the list, its numbers are the new order:
    /// the page is read again and taken as shown. (A move is refused while
    /// the list changed unseen, so this adds nothing its user did not do.)
    func renumberShown(pageSize: Int, in store: any StoreReader) {
        invalidate()
        shownPage = try? page(size: pageSize, in: store)
    }

    static func pageCount(_ rows: Int, _ size: Int) -> Int {
        max(1, (rows + size - 1) / size)
    }
}

/// A page of a list (or of the list of collections) as read: laid out by `ListLayout`.
struct ListView: FrameView {
    /// The title line; nil below a message, which stands in for it.
    let header: String?
    var columns: [ListLayout.Column] = []
    let rows: [ListLayout.Row]
    /// Nil while not counted (`count` counts them).
    let total: Int?
    let pageIndex: Int
    let pageSize: Int
    /// The list's fit, kept across its pages (nil: each render fits alone).
    var fit: ListFit?
    let empty: String

    func render(columns: Int) -> String {
        ListLayout.render(header: header, columns: self.columns, rows: rows, total: total, pageIndex: pageIndex,
                          pageSize: pageSize, empty: empty, width: columns, fit: fit)
    }
}

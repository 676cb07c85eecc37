extension Session {
    /// `move N M`: row N goes to position M, in a collection whose app spec
    /// keeps a manual order (`move: FIELD`). The order field is rewritten
    /// 1, 2, 3… in one transaction (only rows whose number changes are written).
    func move(_ fromText: String, _ toText: String) throws -> Response {
        let list = try topFrame(ListFrame.self)
        guard let field = list.collection.manualOrder else {
            throw CommandError("\(list.collection.name) keeps no manual order (an app spec's move: FIELD allows move N M)")
        }
        let outOfRange = CommandError("move: rows are numbered 1 to \(try count(list)); usage: move N M")
        guard let to = Int(toText), to >= 1, let fromNumber = Int(fromText), fromNumber >= 1 else { throw outOfRange }
        if list.shownPage?.row(numbered: fromNumber) == nil, fromNumber > (try count(list)) { throw outOfRange }
        let row = try numberedRow(fromText, in: list)
        let from = row.number
        let before = try store.ids(of: list.collection)
        if list.changedElsewhereSinceShown, let shown = list.shownPage {
            // Positions shown must still hold: a move by stale ones could put
            // the row anywhere. Values changed elsewhere do not matter here.
            let start = shown.index * shown.size
            let now = before.dropFirst(start).prefix(shown.rows.count)
            guard Array(now) == shown.rows.map(\.id) else {
                throw CommandError("move: the list changed elsewhere since shown; nothing was moved (show, then move again)")
            }
        }
        guard let index = before.firstIndex(of: row.current.id) else {
            list.markStale()
            throw CommandError("move: row \(from) was deleted elsewhere; nothing was moved (show lists the rows now)")
        }
        guard to <= before.count else { throw outOfRange }
        var ids = before
        let moved = ids.remove(at: index)
        ids.insert(moved, at: to - 1)
        try store.renumber(ids, field: field, in: list.collection)
        renumberShown(list)
        let title = (try store.record(of: list.collection, id: moved)).map { RowTitle.of($0, in: list.collection) } ?? "row"
        // A write like any other: undoable, and in a dry run's report.
        remember(.reordered(list.collection, field: field, title: title, from: from, to: to, before: before, after: ids))
        return Response(output: "moved \(title) from row \(from) to row \(to)\n")
    }

    /// After this session reordered a list, its numbers are the new order:
    /// the page is read again and taken as shown. (A move is refused while
    /// the list changed unseen, so this adds nothing its user did not do.)
    func renumberShown(_ list: ListFrame) {
        list.invalidate()
        list.shownPage = try? page(of: list, size: viewport().pageSize)
    }

    /// Where a new row goes in a manual order: after the last row, or before
    /// the first when new rows go on top.
    func manualOrderDefault(for list: ListFrame) throws -> (String, Value)? {
        guard let field = list.collection.manualOrder else { return nil }
        let total = try count(list)
        guard total > 0 else { return (field, .integer(1)) }
        let edge = try store.records(of: list.collection, offset: list.collection.newRowsOnTop ? 0 : total - 1, limit: 1).first
        guard case .integer(let position)? = edge?[field] else { return (field, .integer(Int64(total + 1))) }
        // The edge row's number comes from the file: it may sit at Int64's end.
        let (next, overflow) = list.collection.newRowsOnTop
            ? position.subtractingReportingOverflow(1) : position.addingReportingOverflow(1)
        guard !overflow else {
            throw CommandError("new: \(field) is already \(position), so no number is left "
                + (list.collection.newRowsOnTop ? "before" : "after")
                + " it; move 1 1 renumbers the order 1, 2, 3…")
        }
        return (field, .integer(next))
    }
}

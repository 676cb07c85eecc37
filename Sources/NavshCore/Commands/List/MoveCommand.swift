/// `move N M`: row N goes to position M, in a collection whose app spec
/// keeps a manual order (`move: FIELD`). The fewest rows are renumbered,
/// in one transaction; `move N N` numbers the whole order 1, 2, 3….
struct MoveCommand: Command {
    static let forms = [CommandForm("move", [.list], .two("row numbers"), usage: "move N M",
                                    "move row N to position M (manual order)", example: "move 5 1")]

    let from: String
    let to: String

    init(form: CommandForm, arguments: Arguments) {
        from = arguments.first
        to = arguments.second
    }

    static func isOffered(in frame: any Frame) -> Bool {
        (frame as? ListFrame)?.collection.manualOrder != nil
    }

    func run(in session: any CommandContext, confirmed: Bool) throws -> Response {
        let list = try session.topFrame(ListFrame.self)
        let store = session.store
        guard let field = list.collection.manualOrder else {
            throw CommandError.rows(.noManualOrder(collection: list.collection.name))
        }
        if let reason = list.collection.unwritableReason { throw CommandError.fields(.collectionReadOnly(reason: reason)) }
        if let sorted = list.sortedBy(in: store) {
            // The order field is rewritten along the rows as listed: by another order, that would scramble it.
            throw CommandError.rows(.moveInSortedList(sortedBy: sorted.field))
        }
        let outOfRange = CommandError.rows(.moveOutOfRange(rowCount: try list.count(in: store)))
        guard let to = Int(to), to >= 1, let fromNumber = Int(from), fromNumber >= 1 else { throw outOfRange }
        if list.shownPage?.row(numbered: fromNumber) == nil, fromNumber > (try list.count(in: store)) { throw outOfRange }
        let row = try list.numberedRow(from, in: store)
        let from = row.number
        // A `where` list shows some rows of the order: the move places the
        // row among them, and every row of the order keeps its place.
        var whole = list.collection
        whole.filters = []
        let order = try store.orderValues(of: whole, field: field)
        let wholeIDs = order.map(\.id)
        let before = list.collection.filters.isEmpty ? wholeIDs
            : try store.orderValues(of: list.collection, field: field).map(\.id)
        if let shown = list.shownPage {
            // Positions shown must still hold: a move by stale ones could put
            // the row anywhere (after this session's own insert too, which is
            // numbered at the next show). Values changed do not matter here.
            let start = shown.index * shown.size
            let now = before.dropFirst(start).prefix(shown.rows.count)
            guard Array(now) == shown.rows.map(\.id) else {
                throw CommandError.rows(.moveListChanged(elsewhere: list.changedElsewhereSinceShown))
            }
        }
        guard let index = before.firstIndex(of: row.current.id) else {
            list.markStale()
            throw CommandError.rows(.moveRowDeleted(number: from))
        }
        guard to <= before.count else { throw outOfRange }
        var shown = before
        let moved = shown.remove(at: index)
        shown.insert(moved, at: to - 1)
        let ids = index == to - 1 ? wholeIDs : Self.placed(moved, as: shown, in: wholeIDs, down: to - 1 > index)
        let title = RowTitle.of(row.current, in: list.collection)
        // The same order, already numbered 1, 2, 3…: nothing to write (or to
        // undo later). With gaps or huge numbers, `move 1 1` renumbers them.
        if ids == wholeIDs, order.enumerated().allSatisfy({ $0.element.value == .integer(Int64($0.offset + 1)) }) {
            return Response(output: "nothing to move: \(title) is row \(to) already\n")
        }
        let held = Dictionary(order.map { ($0.id, $0.value) }, uniquingKeysWith: { first, _ in first })
        let allowed = Self.allowed(in: whole.field(named: field), thisYear: session.clock().year)
        let numbers = OrderPlaces.numbers(for: ids, holding: held, moved: moved, allowed: allowed, tidy: ids == wholeIDs)
        try session.writer.reorder(whole, Reorder(field: field, title: title, from: from, to: to,
                                                  before: order, after: Array(zip(ids, numbers)), allowed: allowed))
        list.renumberShown(pageSize: session.viewport().pageSize, in: store)
        // At the prompt the rows are drawn in their new order: the screen's numbers were the old ones.
        // In place, the move was asked to number the order afresh: said so, as it may write every row.
        let said = ids == wholeIDs
            ? "renumbered the order of \(ListLayout.grouped(ids.count)) rows of \(whole.displayTitle); \(title) stays row \(to)\n"
            : "moved \(title) from row \(from) to row \(to)\n"
        return Response(output: session.showAgain(list, below: said))
    }

    /// The numbers the order field takes: its range (a spec's, or a CHECK's
    /// such as `pos > 0`) and its type's. A move to the top wrote 0 there.
    static func allowed(in field: Field?, thisYear: Int) -> ClosedRange<Int64> {
        let lows = [field?.minimum?.number(thisYear: { thisYear }), field?.typeRange?.lowerBound].compactMap { $0 }
        let highs = [field?.maximum?.number(thisYear: { thisYear }), field?.typeRange?.upperBound].compactMap { $0 }
        // Whole numbers inside the bounds, and inside 64 bits.
        let low = lows.max().map { $0.rounded(.up) }.map { $0 <= -0x1p63 ? Int64.min : Int64(exactly: $0) ?? .max } ?? .min
        let high = highs.min().map { $0.rounded(.down) }.map { $0 >= 0x1p63 ? Int64.max : Int64(exactly: $0) ?? .min } ?? .max
        return low <= high ? low ... high : low ... low
    }

    /// The whole order with `moved` placed as `shown` (the rows a list
    /// shows, after the move) places it: moved up, just before the row it
    /// now precedes; moved down, just after the one it now follows. Rows
    /// not shown keep their places, and a row left in place passes none.
    static func placed(_ moved: RecordID, as shown: [RecordID], in whole: [RecordID], down: Bool) -> [RecordID] {
        guard shown.count < whole.count, let at = shown.firstIndex(of: moved) else { return shown }
        var ids = whole.filter { $0 != moved }
        let next = at + 1 < shown.count ? ids.firstIndex(of: shown[at + 1]) : nil
        let previous = at > 0 ? ids.firstIndex(of: shown[at - 1]).map { $0 + 1 } : nil
        guard let place = down ? previous ?? next : next ?? previous else { return whole }
        ids.insert(moved, at: place)
        return ids
    }
}

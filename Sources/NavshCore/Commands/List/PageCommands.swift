/// `next`, `prev` and `page N`: the pages of a list (or of the list of collections).
struct NextPageCommand: PlainCommand {
    static let forms = [CommandForm("next", [.list, .collections], .none, usage: "next",
                                    "show the next page", example: "next")]

    init() {}

    var onlyReads: Bool { true }
    var leavesLaterLinesAlone: Bool { true }

    func run(in session: any CommandContext, confirmed: Bool) throws -> Response {
        try PageCommand.turn(by: 1, in: session)
    }
}

struct PreviousPageCommand: PlainCommand {
    static let forms = [CommandForm("prev", [.list, .collections], .none, usage: "prev",
                                    "show the previous page", example: "prev")]

    init() {}

    var onlyReads: Bool { true }
    var leavesLaterLinesAlone: Bool { true }

    func run(in session: any CommandContext, confirmed: Bool) throws -> Response {
        try PageCommand.turn(by: -1, in: session)
    }
}

struct PageCommand: OneArgumentCommand {
    /// A page number, plain or grouped as the footer writes it (`5,000`).
    static func number(_ text: String) -> Int? {
        if let plain = Int(text) { return plain }
        let groups = text.split(separator: ",", omittingEmptySubsequences: false)
        guard groups.count > 1, (1...3).contains(groups[0].count), groups[0].first != "0",
              groups.dropFirst().allSatisfy({ $0.count == 3 }),
              groups.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }) else { return nil }
        return Int(groups.joined())
    }

    static let forms = [CommandForm("page", [.list, .collections], .required("page number"), usage: "page N",
                                    "show page N", example: "page 2")]

    let number: String

    init(_ number: String) {
        self.number = number
    }

    var onlyReads: Bool { true }
    var leavesLaterLinesAlone: Bool { true }

    func run(in session: any CommandContext, confirmed: Bool) throws -> Response {
        let frame = try session.topFrame((any PagedFrame).self)
        let size = session.viewport().pageSize
        // A page whose first row's position is past Int is no page (its
        // offset overflowed, and `page 9223372036854775807` crashed).
        guard let number = Self.number(number), number >= 1, number - 1 <= (Int.max - size) / max(size, 1),
              try frame.hasPage(number - 1, size: size, in: session.store) else {
            throw CommandError.rows(.notAPage(number, pages: try frame.pageCount(size: size, in: session.store)))
        }
        frame.pageIndex = number - 1
        return Response(output: try session.show(frame))
    }

    static func turn(by step: Int, in session: any CommandContext) throws -> Response {
        let frame = try session.topFrame((any PagedFrame).self)
        let size = session.viewport().pageSize
        let index = frame.pageIndex
        var target = index + step
        // The terminal's height changed since the page was shown: the page
        // holding the row after (or before) those shown, not the page
        // numbered next, which skipped rows or went back (rows 33–48 shown,
        // a taller window, and `next` showed 109–144).
        if let shown = frame.shownRows, shown.pageSize != size, !shown.positions.isEmpty, size > 0 {
            target = step > 0 ? shown.positions.upperBound / size
                : shown.positions.lowerBound == 0 ? -1 : (shown.positions.lowerBound - 1) / size
        }
        guard target >= 0 else { throw CommandError.rows(.onFirstPage) }
        guard try frame.hasPage(target, size: size, in: session.store) else {
            let pages = try frame.pageCount(size: size, in: session.store)
            // Rows deleted elsewhere left the page shown past the end: `prev`
            // goes back to the last page there is (it said "already on the
            // last page (page 5 of 1)").
            if step < 0, pages > 0, index >= pages {
                frame.pageIndex = pages - 1
                return Response(output: try session.show(frame))
            }
            throw CommandError.rows(.onLastPage(page: min(index + 1, max(pages, 1)), pages: pages))
        }
        frame.pageIndex = target
        return Response(output: try session.show(frame))
    }
}

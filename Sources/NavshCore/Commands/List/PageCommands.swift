/// `next`, `prev` and `page N`: the pages of a list (or of the list of collections).
struct NextPageCommand: PlainCommand {
    static let forms = [CommandForm("next", [.list, .collections], .none, usage: "next",
                                    "show the next page", example: "next")]

    init() {}

    func run(in session: Session, confirmed: Bool) throws -> Response {
        try PageCommand.turn(by: 1, in: session)
    }
}

struct PreviousPageCommand: PlainCommand {
    static let forms = [CommandForm("prev", [.list, .collections], .none, usage: "prev",
                                    "show the previous page", example: "prev")]

    init() {}

    func run(in session: Session, confirmed: Bool) throws -> Response {
        try PageCommand.turn(by: -1, in: session)
    }
}

struct PageCommand: OneArgumentCommand {
    static let forms = [CommandForm("page", [.list, .collections], .required("page number"), usage: "page N",
                                    "show page N", example: "page 2")]

    let number: String

    init(_ number: String) {
        self.number = number
    }

    func run(in session: Session, confirmed: Bool) throws -> Response {
        let frame = try session.topFrame((any PagedFrame).self)
        let pages = try frame.pageCount(size: session.viewport().pageSize, in: session.store)
        guard let number = Int(number), (1...pages).contains(number) else {
            throw CommandError.rows(.notAPage(number, pages: pages))
        }
        frame.pageIndex = number - 1
        return Response(output: try session.show(frame))
    }

    static func turn(by step: Int, in session: Session) throws -> Response {
        let frame = try session.topFrame((any PagedFrame).self)
        let pages = try frame.pageCount(size: session.viewport().pageSize, in: session.store)
        let index = frame.pageIndex
        let target = index + step
        guard (0..<pages).contains(target) else {
            throw CommandError.rows(step > 0 ? .onLastPage(page: index + 1, pages: pages) : .onFirstPage)
        }
        frame.pageIndex = target
        return Response(output: try session.show(frame))
    }
}

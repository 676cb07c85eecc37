/// `count` counts a list's rows in full. A list shows its first page
/// without waiting for a long count (its footer says "of many"); this is
/// the way to have the number, which later pages then show too.
struct CountCommand: PlainCommand {
    static let forms = [CommandForm("count", [.list], .none, usage: "count",
                                    "count the rows of this list", example: "count")]

    init() {}

    /// What a script asked to see: printed under `--quiet` too.
    var isReport: Bool { true }

    func run(in session: Session, confirmed: Bool) throws -> Response {
        let list = try session.topFrame(ListFrame.self)
        let total = try list.count(in: session.store)
        return Response(output: "\(list.crumb): \(ValueText.grouped(String(total))) row\(total == 1 ? "" : "s")\n")
    }
}

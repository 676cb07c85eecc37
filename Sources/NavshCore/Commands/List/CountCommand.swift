/// `count` counts a list's rows in full. A list shows its first page
/// without waiting for a long count (its footer says "of many"); this is
/// the way to have the number, which later pages then show too.
struct CountCommand: PlainCommand {
    static let forms = [CommandForm("count", [.list], .none, usage: "count",
                                    "count the rows of this list", example: "count")]

    init() {}

    /// What a script asked to see: printed under `--quiet` too.
    static let onlyReports = true

    func run(in session: any CommandContext, confirmed: Bool) throws -> Response {
        let list = try session.topFrame(ListFrame.self)
        let total = try list.count(in: session.store)
        // Named by every filter on it, as its header names them: a `where`
        // inside a `where` was named by the last alone, so its count read
        // as the whole table's.
        let what = list.captions.isEmpty ? list.crumb
            : ([list.collection.displayTitle] + list.captions.map(TextLayout.printable)).joined(separator: " · ")
        return Response(output: "\(what): \(ValueText.grouped(String(total))) row\(total == 1 ? "" : "s")\n")
    }
}

/// `show`: prints the top frame again, with the data as it is now (a
/// record's `show [FIELD]` is `ShowFieldCommand`).
struct ShowCommand: PlainCommand {
    static let forms = [CommandForm("show", [.list, .collections], .none, usage: "show",
                                    "print this frame again", example: "show")]

    init() {}

    static let onlyReports = true
    var onlyReads: Bool { true }

    func run(in session: any CommandContext, confirmed: Bool) throws -> Response {
        Response(output: try session.show(session.top))
    }
}

/// `history`: the lines typed at the prompt for this store, numbered.
struct HistoryCommand: PlainCommand {
    static let forms = [CommandForm("history", CommandForm.anywhere, .none, usage: "history",
                                    "list the lines typed at the prompt", example: "history")]

    init() {}

    static let onlyReports = true

    func run(in session: any CommandContext, confirmed: Bool) throws -> Response {
        guard let entries = session.historyEntries() else {
            return Response(output: "no history: only lines typed at the interactive prompt are kept\n")
        }
        let width = String(entries.count).count
        return Response(output: entries.enumerated().map { i, line in
            String(i + 1).leftPadded(to: width + 2) + "  " + TextLayout.printable(line) + "\n"
        }.joined())
    }
}

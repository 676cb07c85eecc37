/// `help` lists what this frame accepts; `help COMMAND` gives usage and an
/// example. Both come from `CommandRegistry`, the table the parser reads.
struct HelpCommand: OptionalArgumentCommand {
    static let forms = [CommandForm("help", CommandForm.anywhere, .optional("command"), usage: "help [COMMAND]",
                                    "list the commands here, or explain one", example: "help set")]

    let name: String?

    init(_ name: String?) {
        self.name = name
    }

    static let onlyReports = true

    func run(in session: any CommandContext, confirmed: Bool) throws -> Response {
        // A command that does not exist is an error, as typing it is: a
        // script's `help nosuch` went on with exit status 0.
        let names = CommandRegistry.forms.map(\.form.name)
        if let name, !names.contains(name) {
            throw CommandError.grammar(.unknownCommand(name, nearest: Nearest.name(to: name, among: names)))
        }
        return Response(output: HelpText.render(name, in: session.top, width: session.viewport().columns,
                                                thisYear: session.clock().year))
    }

    static func complete(_ rest: String, in session: any CommandContext) -> Completion {
        guard !rest.contains(" ") && !rest.contains("\t") else { return .none }
        return Completion(word: rest, candidates: CommandRegistry.names(in: session.top.kind).filter { $0.hasPrefix(rest) })
    }
}

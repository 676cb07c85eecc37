/// docs/commands.md: every command by the frame that takes it, worded as
/// `help` words it, so the page cannot drift from the prompt.
public enum CommandReference {
    /// The whole page, in Markdown.
    public static func markdown() -> String {
        var out = """
            # Commands

            After this page you can find any command, the frame it works in and an example of it. \
            At the prompt, `help` lists the commands of the frame you are in. `help COMMAND` shows one.

            This page is made from navsh's command table by `make docs`; CI checks it is up to date.

            """
        let everywhere = CommandRegistry.forms.map(\.form).filter { $0.frames.rawValue == CommandForm.anywhere.rawValue }
        for kind in FrameKind.allCases {
            let here = CommandRegistry.accepted(in: kind).map(\.form)
                .filter { $0.frames.rawValue != CommandForm.anywhere.rawValue }
            out += "\n## In \(kind.article)\n\n" + table(here)
        }
        out += "\n## Anywhere\n\n" + table(everywhere)
        out += "\nAt the prompt, Tab completes and a unique prefix runs a command (`op 3`). "
            + "Scripts need full names, so they keep their meaning when commands are added.\n"
        return out
    }

    private static func table(_ forms: [CommandForm]) -> String {
        "| command | what it does | example |\n|---|---|---|\n"
            + forms.map { "| `\(cell($0.usage))` | \(cell($0.summary)) | `\(cell($0.example))` |\n" }.joined()
    }

    /// A cell's text, with the pipes Markdown would read as columns escaped.
    private static func cell(_ text: String) -> String {
        text.split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|")
    }
}

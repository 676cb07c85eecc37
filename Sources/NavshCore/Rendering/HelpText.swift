/// `help` lists what this frame accepts; `help COMMAND` gives usage and an
/// example. Both come from `CommandRegistry`, the same table the parser reads.
enum HelpText {
    static func render(_ name: String?, in frame: any Frame) -> String {
        guard let name else { return overview(frame) }
        let here = CommandRegistry.accepted(in: frame.kind).map(\.form).filter { $0.name == name }
        let elsewhere = CommandRegistry.forms.map(\.form).filter { $0.name == name }
        guard let form = here.first ?? elsewhere.first else {
            return "no command '\(TextLayout.printable(name))'; help lists the commands here\n"
        }
        var out = form.usage + "\n  " + form.summary + "\n  example: " + form.example + "\n"
        if here.isEmpty {
            let homes = FrameKind.allCases.filter { form.frames.contains($0) }.map(\.article)
            out += "  (works in \(homes.joined(separator: " and ")), not here)\n"
        }
        return out
    }

    /// The commands that can work in this frame (`move` only where there is a manual order).
    static func overview(_ frame: any Frame) -> String {
        let forms = CommandRegistry.offered(in: frame)
        let width = forms.map { $0.usage.count }.max() ?? 0
        var out = "Commands in \(frame.kind.article):\n"
        for form in forms {
            out += "  " + form.usage + String(repeating: " ", count: width - form.usage.count) + "  " + form.summary + "\n"
        }
        out += "help COMMAND shows usage and an example. Rows are numbered from 1 as shown.\n"
        out += "At the prompt, Tab completes and a unique prefix runs a command (op 3);\n"
        out += "scripts need full names, so they keep their meaning when commands are added.\n"
        return out
    }
}

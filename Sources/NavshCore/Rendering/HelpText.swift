/// `help` lists what this frame accepts; `help COMMAND` gives usage and an
/// example. Both come from `CommandSpec.all`, the same table the parser reads.
enum HelpText {
    static func render(_ name: String?, in frame: FrameKind) -> String {
        guard let name else { return overview(frame) }
        let specs = CommandSpec.accepted(in: frame).filter { $0.name == name }
        let elsewhere = CommandSpec.all.filter { $0.name == name }
        guard let spec = specs.first ?? elsewhere.first else {
            return "no command '\(TextLayout.printable(name))'; help lists the commands here\n"
        }
        var out = spec.usage + "\n  " + spec.summary + "\n  example: " + spec.example + "\n"
        if specs.isEmpty {
            let homes = FrameKind.allCases.filter { spec.frames.contains($0) }.map(\.article)
            out += "  (works in \(homes.joined(separator: " and ")), not here)\n"
        }
        return out
    }

    static func overview(_ frame: FrameKind) -> String {
        let specs = CommandSpec.accepted(in: frame)
        let width = specs.map { $0.usage.count }.max() ?? 0
        var out = "Commands in \(frame.article):\n"
        for spec in specs {
            out += "  " + spec.usage + String(repeating: " ", count: width - spec.usage.count) + "  " + spec.summary + "\n"
        }
        out += "help COMMAND shows usage and an example. Rows are numbered from 1 as shown.\n"
        out += "At the prompt, Tab completes and a unique prefix runs a command (op 3);\n"
        out += "scripts need full names, so they keep their meaning when commands are added.\n"
        return out
    }
}

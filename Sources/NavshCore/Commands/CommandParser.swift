/// Reads one line into a `Command` for a given kind of frame, or explains in
/// one line why it cannot.
public enum CommandParser {
    /// nil for a blank line or a `#` comment: they do nothing (and a blank
    /// line never repeats the previous command).
    public static func parse(_ line: String, in frame: FrameKind) throws(CommandError) -> Command? {
        let trimmed = line.trimmingSpaces
        if trimmed.isEmpty || trimmed.hasPrefix("#") { return nil }

        var scanner = WordScanner(line)
        guard let name = try scanner.next() else { return nil }
        guard let spec = CommandSpec.named(name, in: frame) else {
            throw unknown(name, in: frame)
        }

        switch spec.arguments {
        case .fieldAndValue:
            guard let field = try scanner.next() else {
                throw CommandError("\(name): missing field name; usage: \(spec.usage)")
            }
            return .set(field: field, value: try scanner.restOfLine())
        case .none:
            if let extra = try scanner.next() {
                throw CommandError("\(name) takes no arguments (got '\(TextLayout.printable(extra))')")
            }
            return try build(spec, nil)
        case .required(let what):
            let words = try scanner.remainingWords()
            guard !words.isEmpty else {
                throw CommandError("\(name): missing \(what); usage: \(spec.usage)")
            }
            // `open Gort statue` reads as one title: quoting is optional.
            if spec.name == "open" { return try build(spec, words.joined(separator: " ")) }
            guard words.count == 1 else {
                throw CommandError("\(name) takes one \(what); usage: \(spec.usage)")
            }
            return try build(spec, words[0])
        case .optional(let what):
            let words = try scanner.remainingWords()
            guard words.count <= 1 else {
                throw CommandError("\(name) takes at most one \(what); usage: \(spec.usage)")
            }
            return try build(spec, words.first)
        }
    }

    private static func build(_ spec: CommandSpec, _ argument: String?) throws(CommandError) -> Command {
        let arg = argument ?? ""
        switch (spec.name, argument == nil) {
        case ("help", _): return .help(argument)
        case ("show", _): return .show
        case ("where", _): return .whereAmI
        case ("back", _): return .back(force: false)
        case ("back!", _): return .back(force: true)
        case ("top", _): return .top(force: false)
        case ("quit", _): return .quit(force: false)
        case ("quit!", _): return .quit(force: true)
        case ("open", _): return .open(arg)
        case ("new", _): return .new
        case ("delete", true): return .deleteRecord  // a record frame's delete takes no row
        case ("delete", false): return .deleteRow(arg)
        case ("next", _): return .next
        case ("prev", _): return .prev
        case ("page", _): return .page(arg)
        case ("unset", _): return .unset(arg)
        case ("changes", _): return .changes
        case ("revert", _): return .revert(argument)
        case ("save", _): return .save
        case ("cancel", _): return .cancel
        default: throw CommandError("\(spec.name) is not implemented")
        }
    }

    /// Names the frames where a known command does work, or says it is unknown.
    private static func unknown(_ name: String, in frame: FrameKind) -> CommandError {
        let printable = TextLayout.printable(name)
        let homes = FrameKind.allCases.filter { CommandSpec.named(name, in: $0) != nil }
        if homes.contains(.record) && frame == .list {
            return CommandError("'\(printable)' works in a record; open one first (open N)")
        }
        if homes.contains(.list) && frame == .record {
            return CommandError("'\(printable)' works in a list; save, cancel or go back first")
        }
        if homes.contains(.list) && frame == .collections {
            return CommandError("'\(printable)' works in a list; open a collection first (open N)")
        }
        if !homes.isEmpty {
            return CommandError("'\(printable)' does not work in \(frame.article); help lists what does")
        }
        return CommandError("unknown command '\(printable)'; help lists the commands here")
    }
}

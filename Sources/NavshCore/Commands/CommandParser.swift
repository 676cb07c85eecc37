/// Reads one line into a `Command` for a given kind of frame, or explains in
/// one line why it cannot.
public enum CommandParser {
    /// nil for a blank line or a `#` comment: they do nothing (and a blank
    /// line never repeats the previous command).
    ///
    /// `abbreviations` lets a unique prefix stand for a command (`op 3`,
    /// `sa`). Only the interactive prompt allows them: a script must not
    /// change meaning when a later version adds a command.
    public static func parse(
        _ line: String, in frame: FrameKind, abbreviations: Bool = false
    ) throws(CommandError) -> Command? {
        let trimmed = line.trimmingSpaces
        if trimmed.isEmpty || trimmed.hasPrefix("#") { return nil }

        var scanner = WordScanner(line)
        guard let word = try scanner.next() else { return nil }
        let spec = try resolve(word, in: frame, abbreviations: abbreviations)
        let name = spec.name

        switch spec.arguments {
        case .fieldAndValue:
            guard let field = try scanner.next() else {
                throw CommandError("\(name): missing field name; usage: \(spec.usage)")
            }
            return .set(field: field, value: scanner.isAtEnd() ? nil : try scanner.restOfLine())
        case .none:
            if let extra = try scanner.next() {
                throw CommandError("\(name) takes no arguments (got '\(TextLayout.printable(extra))')")
            }
            return try build(spec, nil)
        case .rest(let what):
            // `open Gort's statue` reads as one title: quoting is optional.
            let rest = try scanner.restOfLine()
            guard !rest.isEmpty else {
                throw CommandError("\(name): missing \(what); usage: \(spec.usage)")
            }
            return try build(spec, rest)
        case .required(let what):
            let words = try scanner.remainingWords()
            guard !words.isEmpty else {
                throw CommandError("\(name): missing \(what); usage: \(spec.usage)")
            }
            guard words.count == 1 else {
                throw CommandError("\(name) takes one \(what); usage: \(spec.usage)")
            }
            return try build(spec, words[0])
        case .two(let what):
            let words = try scanner.remainingWords()
            guard words.count == 2 else {
                throw CommandError("\(name) takes two \(what); usage: \(spec.usage)")
            }
            return .move(words[0], words[1])
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
        case ("edit", _): return .edit(arg)
        case ("history", _): return .history
        case ("changes", _): return .changes
        case ("revert", _): return .revert(argument)
        case ("save", _): return .save(force: false)
        case ("save!", _): return .save(force: true)
        case ("reload", _): return .reload
        case ("undo", _): return .undo
        case ("cancel", _): return .cancel
        default: throw CommandError("\(spec.name) is not implemented")
        }
    }

    /// The command a word names here: the exact name, or (when allowed) the
    /// one command it is a prefix of. `back!` and `quit!` are never abbreviated.
    static func resolve(_ word: String, in frame: FrameKind, abbreviations: Bool) throws(CommandError) -> CommandSpec {
        if let spec = CommandSpec.named(word, in: frame) { return spec }
        if abbreviations && !word.isEmpty {
            var names: [String] = []
            for spec in CommandSpec.accepted(in: frame)
            where spec.name.hasPrefix(word) && !spec.name.hasSuffix("!") && !names.contains(spec.name) {
                names.append(spec.name)
            }
            if names.count == 1, let spec = CommandSpec.named(names[0], in: frame) { return spec }
            if names.count > 1 {
                throw CommandError("'\(TextLayout.printable(word))' is ambiguous: \(names.sorted().joined(separator: " "))")
            }
        }
        throw unknown(word, in: frame)
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

/// Reads one line into a command for a given kind of frame, or explains in
/// one line why it cannot. It knows no command by name: the words, shapes
/// and usages all come from `CommandRegistry`.
public enum CommandParser {
    /// The name of the command a line runs in a kind of frame (`save!`,
    /// `open`), nil for a blank line or a comment, or why it would be
    /// refused: a check that runs nothing (for fuzzing and tools).
    public static func commandName(
        of line: String, in frame: FrameKind, abbreviations: Bool = false
    ) throws(CommandError) -> String? {
        try parsed(line, in: frame, abbreviations: abbreviations)?.form.name
    }

    /// nil for a blank line or a `#` comment: they do nothing (and a blank
    /// line never repeats the previous command).
    ///
    /// `abbreviations` lets a unique prefix stand for a command (`op 3`,
    /// `sa`). Only the interactive prompt allows them: a script must not
    /// change meaning when a later version adds a command.
    static func parse(
        _ line: String, in frame: FrameKind, abbreviations: Bool = false
    ) throws(CommandError) -> (any Command)? {
        try parsed(line, in: frame, abbreviations: abbreviations)?.command
    }

    private static func parsed(
        _ line: String, in frame: FrameKind, abbreviations: Bool
    ) throws(CommandError) -> (form: CommandForm, command: any Command)? {
        let trimmed = line.trimmingSpaces
        if trimmed.isEmpty || trimmed.hasPrefix("#") { return nil }

        var scanner = WordScanner(line)
        guard let word = try scanner.next() else { return nil }
        let (form, type) = try resolve(word, in: frame, abbreviations: abbreviations)
        let arguments = try split(&scanner, for: form)
        return (form, try type.init(form: form, arguments: arguments))
    }

    /// Splits what follows the command's word by the form's shape.
    private static func split(_ scanner: inout WordScanner, for form: CommandForm) throws(CommandError) -> Arguments {
        let name = form.name
        switch form.arguments {
        case .none:
            if let extra = try scanner.next() {
                throw .grammar(.unexpectedArgument(command: name, got: extra))
            }
            return Arguments()
        case .wordAndRest(let what):
            guard let word = try scanner.next() else {
                throw .grammar(.missingArgument(command: name, what: what, usage: form.usage))
            }
            // Whether the word, and the rest, were typed without quotes.
            let bare = [scanner.lastWasBare, !scanner.restIsQuoted()]
            return Arguments(words: [word], bare: bare, rest: scanner.isAtEnd() ? nil : try scanner.restOfLine())
        case .rest(let what):
            // `open Gort's statue` reads as one title: quoting is optional.
            let rest = try scanner.restOfLine()
            guard !rest.isEmpty else {
                throw .grammar(.missingArgument(command: name, what: what, usage: form.usage))
            }
            return Arguments(rest: rest)
        case .required(let what):
            let words = try scanner.remainingWords()
            guard !words.isEmpty else {
                throw .grammar(.missingArgument(command: name, what: what, usage: form.usage))
            }
            guard words.count == 1 else {
                throw .grammar(.argumentCount(command: name, .one, what: what, usage: form.usage))
            }
            return Arguments(words: words)
        case .two(let what):
            let words = try scanner.remainingWords()
            guard words.count == 2 else {
                throw .grammar(.argumentCount(command: name, .two, what: what, usage: form.usage))
            }
            return Arguments(words: words)
        case .optional(let what):
            let words = try scanner.remainingWords()
            guard words.count <= 1 else {
                throw .grammar(.argumentCount(command: name, .atMostOne, what: what, usage: form.usage))
            }
            return Arguments(words: words)
        case .optionalRest:
            // As typed: the command reads its own words (`where "Length (ms)" > 400000`).
            let rest = scanner.rawRest()
            return Arguments(rest: rest.isEmpty ? nil : rest)
        case .fieldWords(let what, let required):
            let words = try scanner.remainingWordsMarked()
            if required && words.isEmpty {
                throw .grammar(.missingArgument(command: name, what: what, usage: form.usage))
            }
            return Arguments(words: words.map(\.text), bare: words.map(\.bare))
        case .upTo(let most, let what):
            let words = try scanner.remainingWords()
            guard words.count <= most else {
                throw .grammar(.tooManyWords(command: name, most: most, what: what, usage: form.usage))
            }
            return Arguments(words: words)
        }
    }

    /// The command a word names here: the exact name, or (when allowed) the
    /// one command it is a prefix of. `back!` and `quit!` are never abbreviated.
    static func resolve(
        _ word: String, in frame: FrameKind, abbreviations: Bool
    ) throws(CommandError) -> (form: CommandForm, type: any Command.Type) {
        if let entry = CommandRegistry.named(word, in: frame) { return entry }
        if abbreviations && !word.isEmpty {
            let names = CommandRegistry.names(in: frame).filter { $0.hasPrefix(word) && !$0.hasSuffix("!") }
            if names.count == 1, let entry = CommandRegistry.named(names[0], in: frame) { return entry }
            if names.count > 1 {
                throw .grammar(.ambiguous(word, candidates: names))
            }
        }
        throw unknown(word, in: frame, abbreviations: abbreviations)
    }

    /// Names the frames where a known command does work, or says it is unknown.
    /// In a script, a word that starts command names here says scripts take
    /// full names; otherwise the nearest command name is suggested.
    private static func unknown(_ name: String, in frame: FrameKind, abbreviations: Bool) -> CommandError {
        let homes = FrameKind.allCases.filter { CommandRegistry.named(name, in: $0) != nil }
        guard homes.isEmpty else { return .grammar(.worksIn(name, frames: homes, here: frame)) }
        let starting = CommandRegistry.names(in: frame).filter { $0.hasPrefix(name) && !$0.hasSuffix("!") }
        if !abbreviations && !name.isEmpty && !starting.isEmpty {
            return .grammar(.abbreviatedInScript(name, candidates: starting))
        }
        let names = CommandRegistry.forms.map(\.form.name).filter { !$0.hasSuffix("!") }
        return .grammar(.unknownCommand(name, nearest: Nearest.name(to: name, among: names)))
    }
}

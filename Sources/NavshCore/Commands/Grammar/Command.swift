/// One command of the shell: how it is written (its forms), how it is built
/// from the words typed, how it runs, and how its arguments complete.
///
/// Each command is one type in one file under `Commands/`, listed once in
/// `CommandRegistry.all`. The parser, `help`, abbreviations and Tab
/// completion all read that registry, so they cannot disagree about what a
/// command is called, where it works or what it takes.
protocol Command: Sendable {
    /// The ways of writing this command: usually one; `back` and `back!`, or
    /// `open` in each kind of frame, are forms of one type when they share
    /// their behaviour.
    static var forms: [CommandForm] { get }

    /// Builds the command from the form typed and its arguments, which the
    /// parser has already checked against the form's `ArgumentShape`.
    init(form: CommandForm, arguments: Arguments) throws(CommandError)

    /// Runs on the session's top frame. `confirmed` is true when the user
    /// already answered yes to this command's question. A command that
    /// throws has changed nothing.
    func run(in session: any CommandContext, confirmed: Bool) throws -> Response

    /// Tab candidates for `rest`, the text typed after the command's word.
    static func complete(_ rest: String, in session: any CommandContext) -> Completion

    /// Whether `help` and Tab offer this command in this frame. A command
    /// that cannot work here (`move` in a list without a manual order, `new`
    /// in a view) is not offered, but typing it still explains why not.
    static func isOffered(in frame: any Frame) -> Bool

    /// What `help` says `form` does in `frame`, where a batch (`open *`)
    /// makes it do more; nil where the form is refused (`save!` in a batch).
    static func summary(of form: CommandForm, in frame: any Frame) -> String?

    /// Changes or writes the record frame's values: not to be run on values
    /// its user has not seen yet (see `Session.noticeChangesElsewhere`).
    var editsTheRecord: Bool { get }

    /// In a script, whether the command may run without first asking the
    /// store what changed elsewhere (`Session.noticeChangesElsewhere`),
    /// which costs a round trip on a server: true when it reads afresh all it
    /// uses, or writes only what the store checks against what was read
    /// (`open #KEY`, `set`, `save`). The next command that shows or relies on
    /// something read before asks, and sees every change since the last
    /// look, so none goes unnoticed. A person's session always asks.
    func usesNothingReadBefore(in session: any CommandContext) -> Bool

    /// Printing is what the command is for (`show`, `changes`, `history`,
    /// `help`, `where`): `--quiet` keeps its output and drops the rest.
    var isReport: Bool { get }

    /// Every form reports, whatever its arguments: a line of it that fails
    /// to parse changed nothing either (`show x` made `--keep-going` skip).
    static var onlyReports: Bool { get }

    /// A failure of it changes nothing later lines count on: a report, a
    /// page or `columns`. After any other failure the script is in a frame,
    /// an order or data its later lines were not written for (a failed
    /// `import` leaves a later `undo` to take back an earlier save), so
    /// `--keep-going` skips them until a `top` works.
    var leavesLaterLinesAlone: Bool { get }

    /// The command reads and never writes, whatever its arguments (`page`,
    /// `show`, `open N`): it and the look for changes before it may share
    /// one snapshot (`StoreReader.readingAsOne`). A command that may write,
    /// or ask a question whose answer writes, must leave this false.
    var onlyReads: Bool { get }
}

extension Command {
    static func complete(_ rest: String, in session: any CommandContext) -> Completion { .none }
    static func isOffered(in frame: any Frame) -> Bool { true }
    static func summary(of form: CommandForm, in frame: any Frame) -> String? { form.summary }
    var editsTheRecord: Bool { false }
    func usesNothingReadBefore(in session: any CommandContext) -> Bool { false }
    static var onlyReports: Bool { false }
    var isReport: Bool { Self.onlyReports }
    var leavesLaterLinesAlone: Bool { isReport }
    var onlyReads: Bool { false }
}

/// The user contract of one way of writing a command: where it is accepted,
/// how it is written, what it does.
struct CommandForm: Sendable {
    let name: String
    let frames: FrameKinds
    let arguments: ArgumentShape
    let usage: String
    let summary: String
    let example: String

    init(_ name: String, _ frames: FrameKinds, _ arguments: ArgumentShape,
         usage: String, _ summary: String, example: String) {
        self.name = name
        self.frames = frames
        self.arguments = arguments
        self.usage = usage
        self.summary = summary
        self.example = example
    }

    /// The same form, said to do `summary` (in a batch).
    func summarized(_ summary: String) -> CommandForm {
        CommandForm(name, frames, arguments, usage: usage, summary, example: example)
    }

    /// Every kind of frame.
    static let anywhere = FrameKinds.all

    /// `NAME` and `NAME!`, the second doing the same while discarding or
    /// overwriting what the first keeps safe.
    static func forcible(_ name: String, _ frames: FrameKinds, _ summary: String, forced: String) -> [CommandForm] {
        [CommandForm(name, frames, .none, usage: name, summary, example: name),
         CommandForm(name + "!", frames, .none, usage: name + "!", forced, example: name + "!")]
    }
}

/// What a form takes after its word.
enum ArgumentShape: Sendable {
    case none
    case optional(String)
    case required(String)
    /// The rest of the line, raw, or one quoted word.
    case rest(String)
    /// A word, then the rest of the line (possibly nothing) as a value.
    case wordAndRest(String)
    /// Exactly two words.
    case two(String)
    /// None up to `max` words (`sort`, `sort name`, `sort name desc`).
    case upTo(Int, String)
    /// The rest of the line, possibly nothing (`where`, `where year > 2000`).
    case optionalRest(String)
    /// A field named by one word or by a label of several (`Serial Number`),
    /// then for some commands more words: the command reads them once it
    /// knows the fields (`FieldPhrase`).
    case fieldWords(String, required: Bool)
}

/// The arguments as typed, split by the form's shape.
struct Arguments: Sendable {
    var words: [String] = []
    /// Whether each word was typed without quotes or escapes (`.fieldWords`,
    /// and the first word of `.wordAndRest`).
    var bare: [Bool] = []
    /// The rest of the line for `.rest` and `.wordAndRest`; nil when nothing followed.
    var rest: String?

    /// The first word, or "" (a shape that requires one guarantees it).
    var first: String { words.first ?? "" }
    /// The second word, or "" (`.two` guarantees it).
    var second: String { words.dropFirst().first ?? "" }
}

/// A command that takes no arguments: built with `init()`.
protocol PlainCommand: Command {
    init()
}

extension PlainCommand {
    init(form: CommandForm, arguments: Arguments) { self.init() }
}

/// A command with a plain and a forcing form (`back` and `back!`): built
/// with whether the `!` form was typed (a struct whose one stored property
/// is `force` gets that initializer for free).
protocol ForcibleCommand: Command {
    init(force: Bool)
}

extension ForcibleCommand {
    init(form: CommandForm, arguments: Arguments) { self.init(force: form.name.hasSuffix("!")) }
}

/// A command that takes one word, or the rest of the line (`open`).
protocol OneArgumentCommand: Command {
    init(_ argument: String)
}

extension OneArgumentCommand {
    init(form: CommandForm, arguments: Arguments) { self.init(arguments.rest ?? arguments.first) }
}

/// A command whose one word is optional (`revert [FIELD]`, `show [FIELD]`,
/// `help [COMMAND]`): built with that word or nil.
protocol OptionalArgumentCommand: Command {
    init(_ argument: String?)
}

extension OptionalArgumentCommand {
    init(form: CommandForm, arguments: Arguments) { self.init(arguments.words.first) }
}

/// `open` in each kind of frame: its one argument is what to open (a
/// struct whose one stored property is `target` gets `init(target:)` free).
protocol OpenCommand: OneArgumentCommand {
    init(target: String)
}

extension OpenCommand {
    init(_ argument: String) { self.init(target: argument) }
}

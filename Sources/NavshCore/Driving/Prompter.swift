/// The other end of a session: a terminal, a script, the fuzzer or a test.
/// A prompter only shows and reads; what a response leads to (asking
/// again, reopening an editor, taking the safe answer) is decided once, by
/// `ResponseDriver`, so the prompt, scripts and the fuzzer cannot disagree.
public protocol Prompter {
    /// Prints what a line, an answer or an edit printed (often empty).
    mutating func show(_ output: String)

    /// Prints a whole response: its output and the frames it handed out as
    /// data (a runner with another format than the table renders those).
    mutating func show(_ response: Response)

    /// Says a response's `notice`, which no output mode drops (a lost
    /// connection): before the response's own output.
    mutating func notify(_ notice: String)

    /// Says that a line, an answer or an edit failed; nothing it asked for changed.
    mutating func report(_ error: CommandError)

    /// Asks `question` once and returns what was typed, or nil when the
    /// input ended or the user cancelled (Ctrl-C, Ctrl-D): the driver then
    /// takes the answer that changes nothing. `repeated` is false the first
    /// time and true after a text that was not one of the choices, which
    /// the prompter says (`question.choices`) before asking again.
    mutating func ask(_ question: Question, repeated: Bool) -> String?

    /// Opens a one-line editor for a field (its prompt, the text to
    /// pre-fill, a placeholder) and returns what came back.
    mutating func edit(_ edit: FieldEdit) -> FieldInput
}

extension Prompter {
    /// The table: frames are already text in the output.
    public mutating func show(_ response: Response) { show(response.output) }
    /// Where the output goes: a person at the prompt reads both there.
    public mutating func notify(_ notice: String) { show(notice) }
}

/// What a field editor gave back.
public enum FieldInput: Equatable, Sendable {
    /// Text typed into an editor; nil when it was cancelled, which leaves
    /// the field as it was. A refused value reopens the editor pre-filled
    /// with it, so nothing typed is lost.
    case typed(String?)
    /// A line read as bytes (a script's next line): invalid UTF-8 and NUL
    /// bytes are refused, and a refused value reopens nothing, since a
    /// script has no one to correct it.
    case line([UInt8])
    /// A line longer than the reader keeps: refused, nothing is set.
    case tooLong(byteCount: Int)
    /// No value could be read (the input ended, or failed): the edit fails
    /// with this error and nothing is set.
    case unavailable(CommandError)
}

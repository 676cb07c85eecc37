/// A refused command: what went wrong, as data (which row, which field,
/// which frame). A command that throws this has changed nothing.
///
/// The words are not written where an error is thrown: each area's enum
/// (`GrammarError`, `RowError`, …, in this folder) words its cases, so one
/// mistake is said one way wherever it happens, and a test can reach every
/// message. `message` is the one line a person reads.
public enum CommandError: Error, Equatable, Sendable, CustomStringConvertible {
    case line(LineError)
    case grammar(GrammarError)
    case navigation(NavigationError)
    case rows(RowError)
    case fields(FieldError)
    case writes(WriteError)
    case undo(UndoError)
    case export(ExportError)
    case imports(ImportError)
    /// The store refused a command working on the record `at` (its crumb).
    case store(StoreError, at: String)
    /// An error no store translated, already in plain words (`init(unexpected:)`).
    case unexpected(String)
    /// A script's command ran past `--timeout` and was stopped.
    case timedOut(seconds: Double)

    /// The line to print: the area's words, made safe for a terminal
    /// (names and typed text in them may hold control characters; escaping
    /// is idempotent, so text escaped on the way in is unchanged).
    public var message: String {
        // An import's refused rows are one a line: each line escaped, the breaks kept.
        if case .imports = self { return words.split(separator: "\n", omittingEmptySubsequences: false).map { TextLayout.printable(String($0)) }.joined(separator: "\n") }
        return TextLayout.printable(words)
    }

    public var description: String { message }

    /// The area's words, before escaping.
    var words: String {
        switch self {
        case .line(let error): return error.message
        case .grammar(let error): return error.message
        case .navigation(let error): return error.message
        case .rows(let error): return error.message
        case .fields(let error): return error.message
        case .writes(let error): return error.message
        case .undo(let error): return error.message
        case .export(let error): return error.message
        case .imports(let error): return error.message
        case .store(let error, let crumb): return error.explained(at: crumb)
        case .unexpected(let words): return "storage error: \(words)"
        case .timedOut(let seconds):
            let shown = seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
            return "stopped after \(shown) s (--timeout); nothing was written"
        }
    }
}

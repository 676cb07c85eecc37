/// A line (or an app spec's row template) that cannot be read as written:
/// quoting, a command's words and arguments, a command used in the wrong
/// kind of frame.
public enum GrammarError: Equatable, Sendable {
    // MARK: Words (WordScanner)
    case unterminatedSingleQuote
    case unterminatedDoubleQuote
    case loneBackslash
    /// `set name "a" b`: `rest` is what follows the closing quote.
    case textAfterClosingQuote(rest: String)
    /// `set note 'it''s'`: a quote doubled as SQL escapes it, which a shell
    /// (and navsh) reads as two quoted pieces joined.
    case doubledQuote(quote: Character)

    // MARK: Commands (CommandParser)
    /// `nearest`: a command name it is one or two edits from (`sav` → `save`).
    case unknownCommand(String, nearest: String?)
    /// In a script, the start of command names (`op` for open): scripts take full names.
    case abbreviatedInScript(String, candidates: [String])
    /// A command of another kind of frame: `frames` are where it works.
    case worksIn(String, frames: [FrameKind], here: FrameKind)
    /// An abbreviation several commands start with.
    case ambiguous(String, candidates: [String])
    case unexpectedArgument(command: String, got: String)
    case missingArgument(command: String, what: String, usage: String)
    case argumentCount(command: String, Count, what: String, usage: String)
    case tooManyWords(command: String, most: Int, what: String, usage: String)

    /// How many arguments a command takes, when it got another number.
    public enum Count: Equatable, Sendable {
        case one, two, atMostOne
    }

    // MARK: Row templates (RowTemplate, from an app spec)
    case unclosedBrace(template: String)
    case emptyBraces(template: String)
    case unknownFormat(String, template: String)

    var message: String {
        switch self {
        case .unterminatedSingleQuote:
            return "unterminated single quote; close it with '"
        case .unterminatedDoubleQuote:
            return "unterminated double quote; close it with \""
        case .loneBackslash:
            return "the line ends with a lone backslash"
        case .doubledQuote("'"):
            return "'' is no apostrophe here (quotes work as in a shell): write \"it's\", or it's unquoted"
        case .doubledQuote(let quote):
            return "\(quote)\(quote) is no escaped quote here (quotes work as in a shell): write \\\(quote) inside double quotes"
        case .textAfterClosingQuote(let rest):
            return "unexpected text after the closing quote: \(TextLayout.printable(rest)); quote the whole value"
        case .unknownCommand(let name, let nearest?):
            return "unknown command '\(TextLayout.printable(name))'; did you mean \(nearest)?"
        case .abbreviatedInScript(let word, let candidates):
            return "unknown command '\(TextLayout.printable(word))'; scripts take full command names "
                + "(\(candidates.joined(separator: ", ")))"
        case .unknownCommand(let name, nil):
            return "unknown command '\(TextLayout.printable(name))'; help lists the commands here"
        case .worksIn(let name, let frames, let here):
            let name = TextLayout.printable(name)
            if frames.contains(.record) && here == .list {
                return "'\(name)' works in a record; open one first (open N)"
            }
            if frames.contains(.list) && here == .record {
                return "'\(name)' works in a list; save, cancel or go back first"
            }
            if frames.contains(.list) && here == .collections {
                return "'\(name)' works in a list; open a collection first (open N)"
            }
            return "'\(name)' does not work in \(here.article); help lists what does"
        case .ambiguous(let word, let candidates):
            return "'\(TextLayout.printable(word))' is ambiguous: \(candidates.joined(separator: " "))"
        case .unexpectedArgument(let command, let got):
            return "\(command) takes no arguments (got '\(TextLayout.printable(got))')"
        case .missingArgument(let command, let what, let usage):
            return "\(command): missing \(what); usage: \(usage)"
        case .argumentCount(let command, let count, let what, let usage):
            let takes = switch count {
            case .one: "one"
            case .two: "two"
            case .atMostOne: "at most one"
            }
            return "\(command) takes \(takes) \(what); usage: \(usage)"
        case .tooManyWords(let command, let most, let what, let usage):
            // `sort Length (ms) desc` is four words: say how to make a name one.
            return "\(command) takes at most \(most) words (\(what)); quote a name that holds spaces; usage: \(usage)"
        case .unclosedBrace(let template):
            return "unclosed { in template '\(template)'"
        case .emptyBraces(let template):
            return "empty {} in template '\(template)'"
        case .unknownFormat(let format, let template):
            return "unknown format '\(format)' in template '\(template)' (use $, date, medium or 0.N)"
        }
    }
}

/// A parsed command line. Arguments are still text here: what a row number
/// or a field name means is decided by the frame that runs the command.
public enum Command: Equatable, Sendable {
    case help(String?)
    case show
    case whereAmI
    case back(force: Bool)
    case top(force: Bool)
    case quit(force: Bool)
    case history
    case undo
    // List frames
    case open(String)
    case new
    case deleteRow(String)
    case move(String, String)
    case next
    case prev
    case page(String)
    // Record frames
    /// `value` is nil for `set FIELD` with nothing after it: neither NULL
    /// nor "" is a guess worth making.
    case set(field: String, value: String?)
    case unset(String)
    case edit(String)
    case changes
    case revert(String?)
    case save(force: Bool)
    case reload
    case cancel
    case deleteRecord

    /// Changes or writes the record frame's values: not to be run on values
    /// its user has not seen yet.
    var editsTheRecord: Bool {
        switch self {
        case .set, .unset, .edit, .save, .deleteRecord: return true
        default: return false
        }
    }
}

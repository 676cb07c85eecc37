/// A line refused before any command runs: bytes that are not a line of
/// text, or a line typed while the record under it changed.
public enum LineError: Equatable, Sendable {
    case invalidUTF8
    case nulByte
    case tooLong(bytes: Int, limit: Int)
    /// The record changed elsewhere before its user saw it (the notice
    /// printed with this error shows how).
    case recordChangedBeforeLine
    /// `--keep-going` skips lines after a failure they may count on.
    case skippedAfterFailure(line: Int)

    // MARK: A script's value line (after `edit FIELD`)
    case valueLineNulByte
    case valueLineMissing(field: String)
    case valueLineUnreadable(field: String, reason: String)

    var message: String {
        switch self {
        case .invalidUTF8:
            return "line is not valid UTF-8; nothing was run"
        case .nulByte:
            return "line contains a NUL byte; nothing was run"
        case .tooLong(let bytes, let limit):
            return "line too long (\(bytes) bytes; the limit is \(limit)); nothing was run"
        case .recordChangedBeforeLine:
            return "the record changed elsewhere (see above); nothing was run: "
                + "type the command again if it still applies"
        case .skippedAfterFailure(let line):
            return "not run: line \(line) failed, and this line may count on what it would have done; "
                + "--keep-going goes on at the next top"
        case .valueLineNulByte:
            return "the value line contains a NUL byte; nothing was set"
        case .valueLineMissing(let field):
            return "edit \(field): the script ended before its value line"
        case .valueLineUnreadable(let field, let reason):
            return "edit \(field): cannot read its value line: \(reason)"
        }
    }
}

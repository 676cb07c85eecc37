/// Why a store could not be opened; the executable maps these to exit 66.
public enum StoreOpenError: Error, Equatable, CustomStringConvertible {
    case missing(path: String)
    case unreadable(path: String, reason: String)

    public var description: String {
        switch self {
        case .missing(let path):
            return "\(path): no such file (use --create to make a new store)"
        case .unreadable(let path, let reason):
            return "\(path): cannot open as a SQLite store: \(reason)"
        }
    }
}

/// Why a store could not be opened; the executable maps these to exit 66.
import GRDB
import NavshCore

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

    /// Any error met while opening `path` (or applying a spec to it), as the
    /// reason it cannot be opened; a `StoreOpenError` or `SpecProblem` stays as it is.
    public static func wrapping(_ error: any Error, path: String) -> any Error {
        switch error {
        case is StoreOpenError, is SpecProblem: return error
        case let error as DatabaseError: return StoreOpenError.unreadable(path: path, reason: error.message ?? "\(error)")
        case let error as StoreError: return StoreOpenError.unreadable(path: path, reason: error.description)
        default: return error
        }
    }

    init(_ error: any Error, path: String) {
        self = (Self.wrapping(error, path: path) as? StoreOpenError)
            ?? .unreadable(path: path, reason: String(describing: error))
    }
}

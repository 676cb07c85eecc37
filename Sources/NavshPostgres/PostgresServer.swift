import Foundation

/// The server a bridge's connection reached, as it said when asked: which
/// of the target's servers, its backend, whether it is a standby or
/// read-only, and its history.
struct PostgresServer: Equatable {
    var endpoint: PostgresTarget.Endpoint
    var pid: String?
    var start: String?
    var isStandby: Bool
    var isReadOnly: Bool
    /// The system identifier and timeline: a promotion starts a new
    /// timeline, whose transaction ids may repeat ones a lost primary gave
    /// out, so an `xmin` read before means nothing after.
    var history: String

    /// Why this server is not what `wanted` asks for; nil when it is.
    func unlike(_ wanted: PostgresTarget.SessionAttributes) -> String? {
        switch wanted {
        case .any, .preferStandby: return nil
        case .readWrite: return isReadOnly ? "read-only" : nil
        case .readOnly: return isReadOnly ? nil : "not read-only"
        case .primary: return isStandby ? "a standby" : nil
        case .standby: return isStandby ? nil : "not a standby"
        }
    }
}

/// A value shared with another thread (the `--listen` connection's).
final class Locked<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: T

    init(_ value: T) { self.value = value }

    func get() -> T {
        lock.lock()
        defer { lock.unlock() }
        return value
    }

    func set(_ new: T) {
        lock.lock()
        value = new
        lock.unlock()
    }
}

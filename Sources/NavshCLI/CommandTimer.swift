#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--timeout SECONDS`: a deadline for each command of a script, which the
/// store's cancel check asks about, so a query that never ends (a view
/// recursing without a bound) stops and fails as any failed command does.
final class CommandTimer {
    let seconds: Double
    private var deadline: UInt64?
    /// Set when the running command passed its deadline.
    private(set) var expired = false

    init(seconds: Double) {
        self.seconds = seconds
    }

    /// Starts the clock for the next command.
    func start() {
        expired = false
        deadline = Self.now() + UInt64(seconds * 1_000_000_000)
    }

    /// Stops it once the command has ended.
    func stop() { deadline = nil }

    /// Whether the running command has run past its deadline.
    var isPast: Bool {
        guard let deadline, Self.now() >= deadline else { return false }
        expired = true
        return true
    }

    private static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}

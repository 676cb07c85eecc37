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

    /// Starts the clock for the next command. A timeout past a century is
    /// a century: converted whole, `--timeout 1e300` trapped.
    func start() {
        expired = false
        let nanoseconds = min(seconds, Self.century) * 1_000_000_000
        deadline = Self.now() + UInt64(nanoseconds)
    }

    private static let century = 100 * 366 * 86_400.0

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

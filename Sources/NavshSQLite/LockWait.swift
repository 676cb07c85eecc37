import Dispatch
import GRDB

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a statement waits for another process's lock on the file (a write
/// in progress on a rollback-journal file, or another writer): up to
/// `timeout`, in sleeps of 10 ms at most, so Ctrl-C (`isCancelled`) ends the
/// wait at once (SQLite's own busy timeout sleeps through it), and saying
/// once, after half a second, that it waits (`onWait`): a trial's `show`
/// sat five silent seconds on a locked file, deaf to Ctrl-C.
final class LockWait: @unchecked Sendable {
    /// How long a statement waits before it gives up (SQLITE_BUSY).
    var timeout: Double
    /// Asked between sleeps; true stops the wait (SQLITE_BUSY at once).
    var isCancelled: () -> Bool = { false }
    /// Called once a wait has lasted half a second (once per wait).
    var onWait: (() -> Void)?
    /// False: a statement does not wait at all (the look before each command).
    var waits = true
    /// The last wait ended because `isCancelled` said so (Ctrl-C, a signal
    /// to leave), not because the lock outlasted the timeout.
    private(set) var endedByCancel = false
    private var started: UInt64 = 0
    private var said = false

    init(timeout: Double) {
        self.timeout = timeout
    }

    /// SQLite's busy handler: `count` is how many times it was called for this lock.
    func retry(_ count: Int) -> Bool {
        guard waits else { return false }
        let now = DispatchTime.now().uptimeNanoseconds
        if count == 0 {
            started = now
            said = false
            endedByCancel = false
        }
        if isCancelled() {
            endedByCancel = true
            return false
        }
        let elapsed = Double(now &- started) / 1e9
        guard elapsed < timeout else { return false }
        if !said && elapsed >= 0.5 {
            said = true
            onWait?()
        }
        usleep(useconds_t(min(0.01, timeout - elapsed) * 1e6))
        return true
    }
}

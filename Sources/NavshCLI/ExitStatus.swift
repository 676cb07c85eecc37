#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// navsh's exit statuses: part of the contract for scripts, listed in
/// `--help` from these same constants. Every status the executable returns
/// is one of them.
enum ExitStatus {
    static let success: Int32 = 0
    /// A command failed (the script stopped there unless --keep-going).
    static let commandFailed: Int32 = 1
    /// Input ended with unsaved edits, which were discarded.
    static let unsavedDiscarded: Int32 = 3
    /// Bad usage (ArgumentParser's own validation exit code is also 64).
    static let usage: Int32 = 64
    /// The app spec is not valid (EX_DATAERR).
    static let badSpec: Int32 = 65
    /// The store (or the script file) cannot be opened (EX_NOINPUT).
    static let cannotOpen: Int32 = 66

    /// Stopped by SIGTERM or SIGHUP, caught so that history is saved and
    /// edits are discarded cleanly: the shells' 128 + N, as if killed by it.
    static func signalled(_ signal: Int32) -> Int32 {
        signalBase + signal
    }

    private static let signalBase: Int32 = 128

    static let help = """
        EXIT STATUS:
          \(column(success))every command succeeded
          \(column(commandFailed))a command failed (a script stops there unless --keep-going)
          \(column(unsavedDiscarded))input ended with unsaved edits: discarded, never saved
          \(column(usage))bad usage
          \(column(badSpec))the app spec (--spec) is not valid; the message names line and key
          \(column(cannotOpen))the store, the spec or the script file cannot be opened, or --dry-run names no file
          \(column(signalled(SIGHUP)))SIGHUP, \(signalled(SIGTERM)) SIGTERM: history saved, edits discarded
        """

    /// A status padded to the help's column.
    private static func column(_ status: Int32) -> String {
        let text = String(status)
        return text + String(repeating: " ", count: max(1, 5 - text.count))
    }
}

import ArgumentParser

/// navsh's exit statuses: part of the contract for scripts, listed in `--help`.
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
    /// The store (or the script file) cannot be opened.
    static let cannotOpen: Int32 = 66

    static let help = """
        EXIT STATUS:
          0    every command succeeded
          1    a command failed (a script stops there unless --keep-going)
          3    input ended with unsaved edits: discarded, never saved
          64   bad usage
          65   the app spec (--spec) is not valid; the message names line and key
          66   the store or the script file cannot be opened
          129  SIGHUP, 143 SIGTERM at the prompt: history saved, edits discarded
        """
}

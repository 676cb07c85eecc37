import CTerminal
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Facts about the process's terminal, read fresh each time (so resizes count).
public enum Terminal {
    public static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    /// Rows and columns of the terminal on `fd`, or nil when it is not one.
    public static func size(of fd: Int32) -> (rows: Int, columns: Int)? {
        var rows: Int32 = 0
        var columns: Int32 = 0
        guard navsh_terminal_size(fd, &rows, &columns) == 0 else { return nil }
        return (Int(rows), Int(columns))
    }

    /// Makes Ctrl-C set a flag instead of killing the process.
    public static func catchInterrupts() {
        _ = navsh_install_interrupt_handler()
    }

    /// Makes SIGTERM and SIGHUP set a flag, so the prompt can save history
    /// and leave cleanly (edit buffers are discarded, never written).
    public static func catchTermination() {
        _ = navsh_install_termination_handlers()
    }

    /// Makes Ctrl-C stop a script as SIGTERM does, between commands or
    /// inside a long one, rather than kill it mid-write.
    public static func catchInterruptsAsTermination() {
        _ = navsh_install_script_interrupt_handler()
    }

    /// SIGTERM or SIGHUP if one arrived, else nil.
    public static var terminationSignal: Int32? {
        let signal = navsh_termination_signal()
        return signal == 0 ? nil : signal
    }

    /// Ctrl-C arrived and was not taken yet (polled during long queries).
    public static var interruptPending: Bool { navsh_interrupt_pending() != 0 }

    /// How many Ctrl-Cs arrived since the last was taken: a second one
    /// while a server's cancel is awaited gives up waiting for it.
    public static var interruptsPending: Int { Int(navsh_interrupt_count()) }

    /// Colour only on a terminal, without NO_COLOR, and not on TERM=dumb.
    public static func wantsColor(fd: Int32, environment: [String: String]) -> Bool {
        guard isTerminal(fd) else { return false }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        return environment["TERM"] != "dumb"
    }

    /// True once per Ctrl-C received since the last call.
    public static func takeInterrupt() -> Bool { navsh_take_interrupt() != 0 }

    /// libedit drops every non-ASCII keystroke unless LC_CTYPE is UTF-8.
    public static func useUTF8Locale() {
        setlocale(LC_ALL, "")
        let codeset = String(cString: nl_langinfo(nl_item(CODESET)))
        if codeset.uppercased().filter({ $0 != "-" }) != "UTF8" {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
    }
}

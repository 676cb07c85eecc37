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

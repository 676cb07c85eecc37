import Foundation
import NavshCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The user's editor on a value, as `git commit` and psql's `\e` run it:
/// `$VISUAL`, else `$EDITOR`, else `vi`, through `/bin/sh` (so `code -w`
/// works), on a temporary file only the user can read (mode 0600), removed
/// afterwards. An editor that exits non-zero, or leaves the file as it was
/// written, gives nil: nothing changes.
enum ExternalEditor {
    /// The editor's command line from the environment.
    static func command(_ environment: [String: String]) -> String {
        for name in ["VISUAL", "EDITOR"] {
            if let value = environment[name], !value.allSatisfy({ $0 == " " }) { return value }
        }
        return "vi"
    }

    /// The text saved, or nil (with the reason on stderr when it is not the
    /// user's plain "no change"; the session then says the field is unchanged).
    static func edit(_ text: String, field: String, environment: [String: String]) -> String? {
        let folder = environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        let safeName = String(field.unicodeScalars.map { $0.properties.isAlphabetic || ("0"..."9").contains($0) ? Character($0) : "_" }.prefix(32))
        var template = Array("\(folder)/navsh-\(safeName)-XXXXXX.txt".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemps($0, 4) } ?? -1 }
        guard fd >= 0 else {
            StandardStreams.err("navsh: cannot make a temporary file in \(TextLayout.printable(folder)): \(String(cString: strerror(errno)))\n")
            return nil
        }
        let path = String(cString: template)
        defer { unlink(path) }
        fchmod(fd, 0o600)
        // Editors end a file with a line break; it is taken off again below.
        let addsBreak = !text.isEmpty && !text.hasSuffix("\n")
        let written = Array((addsBreak ? text + "\n" : text).utf8)
        let wroteAll = written.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) } == written.count
        close(fd)
        guard wroteAll else {
            StandardStreams.err("navsh: cannot write the temporary file \(TextLayout.printable(path))\n")
            return nil
        }
        let editor = command(environment)
        let status = run(editor, on: path)
        guard status == 0 else {
            StandardStreams.err("navsh: the editor (\(TextLayout.printable(editor))) "
                + (status < 0 ? "could not be started" : "exited with status \(status)") + "\n")
            return nil
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            StandardStreams.err("navsh: cannot read the edited file back\n")
            return nil
        }
        let bytes = Array(data)
        if bytes == written { return nil }
        guard var result = String(validating: bytes, as: UTF8.self) else {
            StandardStreams.err("navsh: the edited text is not UTF-8\n")
            return nil
        }
        if (addsBreak || text.isEmpty) && result.hasSuffix("\n") {
            result.removeLast()
            if result.hasSuffix("\r") { result.removeLast() }
        }
        return result
    }

    /// Runs `sh -c 'EDITOR "$1"' sh PATH` on this terminal and waits; returns
    /// its exit status (128 + N for a signal), or -1 if it could not start.
    private static func run(_ editor: String, on path: String) -> Int32 {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // navsh ignores SIGPIPE; the editor gets the defaults back.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
        let arguments = ["/bin/sh", "-c", editor + " \"$1\"", "sh", path]
        var cArguments = arguments.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        var pid = pid_t()
        guard posix_spawn(&pid, "/bin/sh", nil, &attributes, &cArguments, environ) == 0 else { return -1 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { return -1 }
        }
        if status & 0x7f == 0 { return (status >> 8) & 0xff }
        return 128 + (status & 0x7f)
    }
}

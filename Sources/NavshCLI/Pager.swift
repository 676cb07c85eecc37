import Foundation
import NavshCore
import NavshLineInput

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Output longer than the terminal, at the prompt only, goes through a
/// pager, as psql's does: `$NAVSH_PAGER`, else `$PAGER`, else `less -FRX`
/// (-F: quits at once when it fits after all, -R: keeps colours, -X: leaves
/// the text on the screen). `NAVSH_PAGER=` (set and empty) or `--no-pager`
/// turns it off; scripts never page.
struct Pager {
    let command: String

    /// The pager the environment asks for, or nil when it is turned off.
    static func fromEnvironment(_ environment: [String: String]) -> Pager? {
        if let own = environment["NAVSH_PAGER"] {
            return own.allSatisfy({ $0 == " " }) ? nil : Pager(command: own)
        }
        if let pager = environment["PAGER"], !pager.allSatisfy({ $0 == " " }) { return Pager(command: pager) }
        return Pager(command: "less -FRX")
    }

    /// Whether `text` needs more rows than the terminal has (a line wider
    /// than the terminal takes several). A list page, which navsh cuts to
    /// the terminal itself, is never paged (`Response.showsPage`).
    static func isLonger(_ text: String, than size: (columns: Int, rows: Int)) -> Bool {
        var rows = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast(text.hasSuffix("\n") ? 1 : 0) {
            rows += max(1, (visibleWidth(line) + size.columns - 1) / max(size.columns, 1))
            if rows > size.rows { return true }
        }
        return false
    }

    /// Columns a line takes on screen: colour sequences (`ESC [ … m`) take none.
    static func visibleWidth(_ line: Substring) -> Int {
        guard line.contains("\u{1B}") else { return DisplayWidth.of(line) }
        var plain = ""
        var inSequence = false
        for scalar in line.unicodeScalars {
            if inSequence {
                if (0x40...0x7E).contains(scalar.value) && scalar != "[" { inSequence = false }
            } else if scalar == "\u{1B}" {
                inSequence = true
            } else {
                plain.unicodeScalars.append(scalar)
            }
        }
        return DisplayWidth.of(plain)
    }

    /// Pipes `text` to the pager and waits for it; false if it could not run
    /// (then the caller prints the text itself).
    func show(_ text: String) -> Bool {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return false }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds[0], 0)
        posix_spawn_file_actions_addclose(&actions, fds[1])
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
        let words: [String] = ["/bin/sh", "-c", command]
        var arguments = words.map { strdup($0) } + [nil]
        defer { arguments.forEach { free($0) } }
        var pid = pid_t()
        let started = posix_spawn(&pid, "/bin/sh", &actions, &attributes, &arguments, environ) == 0
        close(fds[0])
        guard started else { close(fds[1]); return false }
        // A pager quit before the end (q in less) closes the pipe: EPIPE, ignored.
        // SIGTERM or SIGHUP to navsh ends the pager too (navsh sat waiting
        // for q while told to leave): the shell running
        // the pager command and what it started (less, which puts the
        // terminal back; a shell that does not exec its command left less
        // running, reading the terminal, after navsh had gone).
        var ended = false
        func endOnTermination() {
            guard !ended, Terminal.terminationSignal != nil else { return }
            ended = true
            for process in Self.descendants(of: pid) + [pid] { _ = kill(process, SIGTERM) }
        }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(fds[1], $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR && Terminal.terminationSignal == nil { continue }
                break
            }
            bytes = bytes.dropFirst(written)
        }
        close(fds[1])
        endOnTermination()
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { return true }
            endOnTermination()
        }
        // The shell could not find the pager (127) or run it (126).
        let exit = status & 0x7f == 0 ? (status >> 8) & 0xff : 0
        if exit == 126 || exit == 127 {
            StandardStreams.err("navsh: the pager (\(TextLayout.printable(command))) could not run; NAVSH_PAGER= turns paging off\n")
            return false
        }
        return true
    }

    /// The processes started by `pid`, and theirs, as Linux lists them
    /// (`/proc/PID/task/PID/children`); none where it does not.
    static func descendants(of pid: pid_t) -> [pid_t] {
        var found: [pid_t] = []
        var pending = [pid]
        while let parent = pending.popLast(), found.count < 64 {
            let path = "/proc/\(parent)/task/\(parent)/children"
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
            let children = text.split(separator: " ").compactMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            found += children
            pending += children
        }
        return found
    }
}

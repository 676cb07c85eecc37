import Foundation
import NavshCore
import NavshLineInput

/// A long command's progress on standard error when it is a terminal, and
/// only once the command has run for a second: a fast import prints nothing,
/// and a pipe or file never gets the carriage-return line.
final class ProgressLine {
    private var started: Date?
    private var shown = false
    private var lastDrawn = Date.distantPast

    /// A session's progress as a line on stderr, if stderr is a terminal.
    static func attach(to configuration: inout Session.Configuration) {
        guard Terminal.isTerminal(2) else { return }
        let line = ProgressLine()
        configuration.showProgress = { what, done, total in line.update(what, done, total) }
    }

    func update(_ what: String, _ done: Int, _ total: Int) {
        let now = Date()
        if done >= total {
            if shown { StandardStreams.err("\r\u{1B}[K") }
            started = nil
            shown = false
            return
        }
        guard let started else { self.started = now; return }
        guard now.timeIntervalSince(started) > 1, now.timeIntervalSince(lastDrawn) > 0.1 else { return }
        lastDrawn = now
        shown = true
        let percent = total > 0 ? done * 100 / total : 0
        StandardStreams.err("\r\u{1B}[K\(what) \(done) / \(total) rows (\(percent)%)")
    }
}

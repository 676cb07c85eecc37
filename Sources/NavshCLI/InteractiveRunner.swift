import Foundation
import NavshCore
import NavshLineInput

/// The prompt: libedit with the breadcrumb, Tab completion from the session,
/// questions and field editors answered at the terminal (`TerminalPrompter`),
/// Ctrl-C dropping the line, Ctrl-D acting as `quit`, history saved per
/// store at every exit.
struct InteractiveRunner {
    let session: Session
    let editor: EditLineReader
    let style: PromptStyle
    /// Errors go to stderr, which may not be the terminal stdout is.
    let errorStyle: PromptStyle
    /// The history file, or nil to keep history in memory only.
    let historyPath: String?
    /// Pages long output; nil when paging is off.
    var pager: Pager? = nil
    /// With `--listen`: the pipe news wakes the prompt through, and what to
    /// say first then (`StoreOpener.listen`); the session's check follows.
    var news: (fd: Int32, take: () -> String)? = nil

    func run() -> Int32 {
        if let historyPath {
            HistoryLocation.prepare(historyPath)
            editor.loadHistory(from: historyPath)
        }
        // The listing shows each candidate as the session labels it (`3 Gort
        // statue`); the line editor inserts the candidate itself.
        let labels = CompletionList.Labels()
        editor.completer = { [session] text in
            let completion = session.completions(before: text)
            labels.current = completion.labels
            return (completion.word, completion.candidates)
        }
        editor.displayWidth = { DisplayWidth.of($0) }
        editor.listing = { words, width in CompletionList.columns(words.map { labels.current[$0] ?? $0 }, width: width) }
        Terminal.catchTermination()
        if let news {
            // While its user sits idle, the line appears above the prompt; what was typed stays.
            editor.wake(on: news.fd) { [session] in news.take() + session.noticeChangesElsewhere(watchingShownRows: true) }
        }

        let driver = ResponseDriver(session: session)
        var prompter = TerminalPrompter(editor: editor, style: style, errorStyle: errorStyle, pager: pager)
        driver.follow(session.welcome(), with: &prompter)
        while !session.isFinished {
            // So the prompt shows what is stored now, saying what changed.
            StandardStreams.out(session.noticeChangesElsewhere(watchingShownRows: true))
            editor.prompt = style.prompt(session.promptCrumbs)
            let event = editor.nextLine()
            if let signal = Terminal.terminationSignal { return terminate(signal) }
            switch event {
            case .interrupted:
                StandardStreams.out("\n")  // Ctrl-C drops the line; nothing else changes
            case .end, .failed:
                StandardStreams.out("\n")
                driver.follow(session.execute("quit"), with: &prompter)
            case .tooLong(let count):
                driver.follow(session.refuseLongLine(byteCount: count), with: &prompter)
            case .line(let bytes):
                // A line typed with a leading space is kept out of history, as in bash.
                if let line = String(validating: bytes, as: UTF8.self),
                   !line.allSatisfy({ $0 == " " || $0 == "\t" }), !line.hasPrefix(" ") {
                    editor.remember(line)
                }
                driver.run(bytes, with: &prompter)
            }
            if let signal = Terminal.terminationSignal { return terminate(signal) }
        }
        saveHistory()
        return ExitStatus.success
    }

    /// SIGTERM or SIGHUP: history is written, edit buffers are not.
    private func terminate(_ signal: Int32) -> Int32 {
        let unsaved = session.unsavedWork
        if !unsaved.isEmpty {
            StandardStreams.err("\nnavsh: signal \(signal): unsaved edits discarded: "
                + unsaved.map(\.description).joined(separator: "; ") + "\n")
        }
        session.discardAllEdits()
        saveHistory()
        return ExitStatus.signalled(signal)
    }

    private func saveHistory() {
        if let historyPath { editor.saveHistory(to: historyPath) }
    }
}

import Foundation
import NavshCore
import NavshLineInput

/// The prompt: libedit with the breadcrumb, Tab completion from the session,
/// questions and field editors answered at the terminal, Ctrl-C dropping the
/// line, Ctrl-D acting as `quit`, history saved per store at every exit.
struct InteractiveRunner {
    let session: Session
    let editor: EditLineReader
    let style: PromptStyle
    /// Errors go to stderr, which may not be the terminal stdout is.
    let errorStyle: PromptStyle
    /// The history file, or nil to keep history in memory only.
    let historyPath: String?

    func run() -> Int32 {
        if let historyPath {
            HistoryLocation.prepare(historyPath)
            editor.loadHistory(from: historyPath)
        }
        editor.completer = { [session] text in
            let completion = session.completions(before: text)
            return (completion.word, completion.candidates)
        }
        session.historyEntries = { [editor] in editor.entries }
        Terminal.catchTermination()

        show(session.welcome())
        while !session.isFinished {
            // So the prompt shows what is stored now, saying what changed.
            StandardStreams.out(session.noticeChangesElsewhere())
            editor.prompt = style.prompt(session.crumbs)
            let event = editor.nextLine()
            if let signal = Terminal.terminationSignal { return terminate(signal) }
            switch event {
            case .interrupted:
                StandardStreams.out("\n")  // Ctrl-C drops the line; nothing else changes
            case .end, .failed:
                StandardStreams.out("\n")
                show(session.execute("quit"))
            case .tooLong(let count):
                show(session.refuseLongLine(byteCount: count))
            case .line(let bytes):
                // A line typed with a leading space is kept out of history, as in bash.
                if let line = String(validating: bytes, as: UTF8.self),
                   !line.allSatisfy({ $0 == " " || $0 == "\t" }), !line.hasPrefix(" ") {
                    editor.remember(line)
                }
                show(session.execute(bytes: bytes))
            }
            if let signal = Terminal.terminationSignal { return terminate(signal) }
        }
        saveHistory()
        return ExitStatus.success
    }

    /// Prints a response, then asks its question or opens its field editor.
    private func show(_ response: Response) {
        StandardStreams.out(response.output)
        if let error = response.error {
            StandardStreams.err(errorStyle.error(error.message) + "\n")
        }
        if let question = response.question {
            show(session.answer(question, ask(question)))
        }
        if let edit = response.edit {
            // libedit cannot grey out text inside the line, so the placeholder is a hint above it.
            if edit.initial.isEmpty, let placeholder = edit.placeholder {
                StandardStreams.out(style.hint("e.g. " + placeholder) + "\n")
            }
            show(session.finishEdit(edit, with: editor.edit(prompt: edit.prompt, initial: edit.initial, field: edit.field)))
        }
    }

    /// Asks until the answer is one of the choices; Ctrl-C or Ctrl-D is the
    /// answer that changes nothing. Lines typed before the question showed
    /// are thrown away: they were not written as an answer to it.
    private func ask(_ question: Question) -> Answer {
        let ignored = editor.discardTypeAhead()
        if ignored > 0 {
            StandardStreams.err(errorStyle.hint("ignored \(ignored) line\(ignored == 1 ? "" : "s") typed before this question") + "\n")
        }
        while true {
            guard let typed = editor.ask(style.question(question.prompt)) else { return question.safeAnswer }
            if let answer = question.interpret(typed) { return answer }
            StandardStreams.err(errorStyle.error(question.choices) + "\n")
        }
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
        return 128 + signal
    }

    private func saveHistory() {
        if let historyPath { editor.saveHistory(to: historyPath) }
    }
}

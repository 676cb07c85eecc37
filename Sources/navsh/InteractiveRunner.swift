import NavshCore
import NavshLineInput

/// The prompt: libedit with the breadcrumb, questions answered at the
/// terminal, Ctrl-C dropping the line, Ctrl-D acting as `quit`.
struct InteractiveRunner {
    let session: Session
    let editor: EditLineReader

    func run() -> Int32 {
        show(session.welcome())
        while !session.isFinished {
            editor.prompt = session.prompt
            switch editor.nextLine() {
            case .interrupted:
                StandardStreams.out("\n")  // Ctrl-C drops the line; nothing else changes
            case .end:
                StandardStreams.out("\n")
                show(session.execute("quit"))
            case .tooLong(let count):
                show(session.refuseLongLine(byteCount: count))
            case .line(let bytes):
                if let line = String(validating: bytes, as: UTF8.self),
                   !line.allSatisfy({ $0 == " " || $0 == "\t" }) {
                    editor.remember(line)
                }
                show(session.execute(bytes: bytes))
            }
        }
        return ExitStatus.success
    }

    /// Prints a response, asking its question first when it has one.
    private func show(_ response: Response) {
        StandardStreams.out(response.output)
        if let error = response.error {
            StandardStreams.err("error: \(error.message)\n")
        }
        if let question = response.question {
            show(session.answer(question, yes: editor.ask(question.prompt)))
        }
    }
}

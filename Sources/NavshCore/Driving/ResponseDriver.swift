/// Carries a session's responses to a prompter: shows each one, asks its
/// question until the answer is one of the choices (the input ending is the
/// answer that changes nothing), and opens its field editor again, pre-filled,
/// while the value is refused. The interactive prompt, scripts, the fuzz
/// target and tests all run lines through this one loop.
///
/// The prompter is the caller's, lent to each call (`with:`), not a generic
/// parameter of the driver: a `ResponseDriver<ScriptPrompter>` made the Swift
/// runtime instantiate it at a script's start, scanning every protocol
/// conformance in the binary for its `Prompter` (bench/README.md).
public struct ResponseDriver {
    public let session: Session

    /// What following one response came to.
    public struct Outcome: Equatable, Sendable {
        /// Some response on the way failed (its error was reported).
        public var failed = false
        /// The session finished (`quit`, or an answer that let it quit).
        public var quits = false

        public init(failed: Bool = false, quits: Bool = false) {
            self.failed = failed
            self.quits = quits
        }
    }

    public init(session: Session) {
        self.session = session
    }

    /// Runs one line given as bytes (UTF-8 is checked), then whatever it opens.
    @discardableResult
    public func run(_ bytes: [UInt8], with prompter: inout some Prompter) -> Outcome {
        follow(session.execute(bytes: bytes), with: &prompter)
    }

    /// Shows `response`, then answers its question or fills its field editor,
    /// and so on with what those lead to, until a response opens nothing.
    /// A loop over pending steps rather than recursion: a fuzz input can
    /// refuse thousands of values in a row.
    @discardableResult
    public func follow(_ response: Response, with prompter: inout some Prompter) -> Outcome {
        var outcome = Outcome()
        var pending: [Step] = [.show(response)]
        while let step = pending.popLast() {
            switch step {
            case .show(let response):
                if !response.notice.isEmpty { prompter.notify(response.notice) }
                prompter.show(response)
                if let error = response.error {
                    prompter.report(error)
                    outcome.failed = true
                }
                if response.quits { outcome.quits = true }
                // The question (and all it leads to) before the editor.
                if let edit = response.edit { pending.append(.edit(edit)) }
                if let question = response.question { pending.append(.ask(question)) }
            case .ask(let question):
                pending.append(.show(session.answer(question, answer(question, &prompter))))
            case .edit(let edit):
                pending.append(.show(finish(edit, &prompter)))
            }
        }
        return outcome
    }

    private enum Step {
        case show(Response)
        case ask(Question)
        case edit(FieldEdit)
    }

    /// Asks until what is typed is one of the choices; never takes a text
    /// that is not one as yes. The input ending takes the safe answer.
    private func answer(_ question: Question, _ prompter: inout some Prompter) -> Answer {
        var repeated = false
        while true {
            guard let typed = prompter.ask(question, repeated: repeated) else { return question.safeAnswer }
            if let answer = question.interpret(typed) { return answer }
            repeated = true
        }
    }

    private func finish(_ edit: FieldEdit, _ prompter: inout some Prompter) -> Response {
        switch prompter.edit(edit) {
        case .typed(let text): return session.finishEdit(edit, with: text)
        case .line(let bytes): return session.finishEdit(edit, bytes: bytes)
        case .tooLong(let byteCount): return session.refuseLongLine(byteCount: byteCount)
        case .unavailable(let error): return .failure(error)
        }
    }
}

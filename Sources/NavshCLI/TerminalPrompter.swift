import Foundation
import NavshCore
import NavshLineInput

/// The terminal as the driver's prompter: output on stdout, errors (in red
/// when stderr is a colour terminal) on stderr, questions and field editors
/// on libedit.
struct TerminalPrompter: Prompter {
    let editor: EditLineReader
    let style: PromptStyle
    /// Errors go to stderr, which may not be the terminal stdout is.
    let errorStyle: PromptStyle

    /// Pages output longer than the terminal; nil when paging is off.
    var pager: Pager? = nil

    func show(_ response: Response) {
        guard !response.showsPage else { return StandardStreams.out(response.output) }
        show(response.output)
    }

    func show(_ output: String) {
        if let pager, let size = Terminal.size(of: 1), Pager.isLonger(output, than: (size.columns, size.rows)),
           pager.show(output) {
            return
        }
        StandardStreams.out(output)
    }

    /// An error in lines broken at spaces to the terminal's width (the
    /// terminal broke a long one mid-word: `sav` / `e!`).
    func report(_ error: CommandError) {
        StandardStreams.err(errorStyle.error(Self.wrapped(error.message, after: "error: ")) + "\n")
    }

    /// `text` broken at spaces so that, after `lead`, no line is wider than
    /// the terminal; later lines are indented by two spaces.
    static func wrapped(_ text: String, after lead: String) -> String {
        guard let columns = Terminal.size(of: 2)?.columns ?? Terminal.size(of: 1)?.columns else { return text }
        return wrapped(text, after: lead, columns: columns)
    }

    /// Each line of `text` on its own: an import's bad rows, one a line,
    /// were run together as one paragraph.
    static func wrapped(_ text: String, after lead: String, columns: Int) -> String {
        guard columns > 20 else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { index, piece in
            let line = (index == 0 ? lead : "") + piece
            guard DisplayWidth.of(line) > columns else { return String(piece) }
            let lines = TextLayout.wrap(line, width: columns - 2).joined(separator: "\n  ")
            return String(lines.dropFirst(index == 0 ? lead.count : 0))
        }.joined(separator: "\n")
    }

    /// Ctrl-C or Ctrl-D is nil: the answer that changes nothing. Lines typed
    /// before the question showed are thrown away: they were not written as
    /// an answer to it (lines typed after a wrong answer are kept).
    func ask(_ question: Question, repeated: Bool) -> String? {
        if repeated {
            StandardStreams.err(errorStyle.error(Self.wrapped(question.choices, after: "error: ")) + "\n")
        } else {
            let ignored = editor.discardTypeAhead()
            if ignored > 0 {
                StandardStreams.err(errorStyle.hint("ignored \(ignored) line\(ignored == 1 ? "" : "s") typed before this question") + "\n")
            }
        }
        // A question wider than the terminal is broken at spaces: the lines
        // before its last are printed, the last is the prompt (300000 was
        // split across two lines).
        var prompt = question.prompt
        if let columns = Terminal.size(of: 1)?.columns, columns > 20,
           prompt.split(separator: "\n").contains(where: { DisplayWidth.of(String($0)) > columns - 1 }) {
            var lines = prompt.split(separator: "\n", omittingEmptySubsequences: false)
                .flatMap { TextLayout.wrap(String($0), width: columns - 1) }
            let last = lines.removeLast()
            StandardStreams.out(lines.map { style.question($0) + "\n" }.joined())
            prompt = last + (prompt.hasSuffix(" ") ? " " : "")
        }
        return editor.ask(style.question(prompt))
    }

    func edit(_ edit: FieldEdit) -> FieldInput {
        if edit.external {
            return .typed(ExternalEditor.edit(edit.initial, field: edit.field,
                                              environment: ProcessEnvironment.current()))
        }
        // libedit cannot grey out text inside the line, so the placeholder is a hint above it.
        if edit.initial.isEmpty, let placeholder = edit.placeholder {
            StandardStreams.out(style.hint("e.g. " + placeholder) + "\n")
        }
        return .typed(editor.edit(prompt: edit.prompt, initial: edit.initial, field: edit.field))
    }
}

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

    func report(_ error: CommandError) {
        StandardStreams.err(errorStyle.error(error.message) + "\n")
    }

    /// Ctrl-C or Ctrl-D is nil: the answer that changes nothing. Lines typed
    /// before the question showed are thrown away: they were not written as
    /// an answer to it (lines typed after a wrong answer are kept).
    func ask(_ question: Question, repeated: Bool) -> String? {
        if repeated {
            StandardStreams.err(errorStyle.error(question.choices) + "\n")
        } else {
            let ignored = editor.discardTypeAhead()
            if ignored > 0 {
                StandardStreams.err(errorStyle.hint("ignored \(ignored) line\(ignored == 1 ? "" : "s") typed before this question") + "\n")
            }
        }
        return editor.ask(style.question(question.prompt))
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

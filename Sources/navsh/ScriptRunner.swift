import NavshCore
import NavshLineInput

/// Runs a script: lines from a pipe, a file or `-c`, no prompt, plain output.
/// The first failing command stops the script (unless --keep-going) with
/// `SOURCE:LINE: error: FRAME: MESSAGE` on stderr; edits left unsaved at the
/// end are reported and discarded, never saved.
struct ScriptRunner {
    let session: Session
    /// `<stdin>`, the script's file name, or `-c`.
    let sourceName: String
    let keepGoing: Bool
    let echo: Bool

    func run(_ source: inout some LineSource) -> Int32 {
        var lineNumber = 0
        var failed = false
        reading: while true {
            let event = source.nextLine()
            let response: Response
            let location = session.location
            lineNumber += 1
            switch event {
            case .end, .interrupted:
                break reading
            case .tooLong(let count):
                response = session.refuseLongLine(byteCount: count)
            case .line(let bytes):
                if echo, bytes.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }) {
                    StandardStreams.out(session.prompt + String(decoding: bytes, as: UTF8.self) + "\n")
                }
                var answer = session.execute(bytes: bytes)
                // `edit FIELD` in a script takes the next line as the value.
                if let edit = answer.edit {
                    lineNumber += 1
                    switch source.nextLine() {
                    case .line(let value):
                        if echo { StandardStreams.out(String(decoding: value, as: UTF8.self) + "\n") }
                        answer = String(validating: value, as: UTF8.self).map { session.finishEdit(edit, with: $0) }
                            ?? Response(error: CommandError("line is not valid UTF-8; nothing was run"))
                        answer.edit = nil  // a refused value is an error here, not a second editor
                    case .tooLong(let count):
                        answer = session.refuseLongLine(byteCount: count)
                    case .end, .interrupted:
                        answer = Response(error: CommandError("edit \(edit.field): the script ended before its value line"))
                    }
                }
                response = answer
            }
            StandardStreams.out(response.output)
            if let error = response.error {
                StandardStreams.err("\(sourceName):\(lineNumber): error: \(location): \(error.message)\n")
                failed = true
                if !keepGoing { break reading }
            }
            if response.quits { break reading }
        }
        let unsaved = session.unsavedWork
        if !unsaved.isEmpty {
            let list = unsaved.map(\.description).joined(separator: "; ")
            StandardStreams.err("\(sourceName): unsaved edits discarded at end of input: \(list)\n")
            session.discardAllEdits()
        }
        if failed { return ExitStatus.commandFailed }
        return unsaved.isEmpty ? ExitStatus.success : ExitStatus.unsavedDiscarded
    }
}

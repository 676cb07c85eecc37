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
                response = session.execute(bytes: bytes)
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

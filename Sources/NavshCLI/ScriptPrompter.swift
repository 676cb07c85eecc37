import NavshCore
import NavshLineInput

/// A script as the driver's prompter: output on stdout, each error as
/// `SOURCE:LINE: error: FRAME: MESSAGE` on stderr, and a field editor's
/// value is the script's next line. It owns the script's lines, so command
/// lines and value lines are counted in one place.
/// Questions get no answer from the script (a script's session fails
/// guarded actions instead; its own lines must never answer them).
///
/// Not generic over its source: a `ScriptPrompter<Source>` made the Swift
/// runtime instantiate it at each script's start, scanning every protocol
/// conformance in the binary for `Source: LineSource` (a fifteenth of a
/// short script's start-up, bench/README.md).
struct ScriptPrompter: Prompter {
    private(set) var source: any LineSource
    /// `<stdin>`, the script's file name, or `-c`.
    let sourceName: String
    /// --echo: value lines are printed as they are read.
    let echo: Bool
    /// The line read last, value lines included (1 for the first).
    private(set) var lineNumber = 0
    /// Where the current command's error belongs when that is not the line
    /// read last: a failed `edit` whose value line was skipped.
    private var errorLine: Int?
    /// The frame the current command was typed at, named in its error:
    /// asked only then (a failed command changes no frame), since naming
    /// the frames costs more than a command that reads nothing.
    private var location: () -> String = { "" }
    /// How shown frames are written (`--format`); the session hands them
    /// out as data for any format but the table.
    var format = OutputFormat.table
    /// `--quiet`: only what a line asked to see (`Response.requested`) and
    /// what explains an error are printed.
    var quiet = false
    /// Standard output is a terminal: csv and tsv values are escaped there.
    var toTerminal = false
    /// A command failed because the store's connection was lost
    /// (`StoreError.connectionLost`): inside the script's one transaction,
    /// that is the end of it.
    private(set) var connectionLost = false

    init(source: any LineSource, sourceName: String, echo: Bool) {
        self.source = source
        self.sourceName = sourceName
        self.echo = echo
    }

    /// The next command line, typed at the frame `location`.
    mutating func nextCommand(at location: @escaping () -> String) -> LineEvent {
        self.location = location
        errorLine = nil
        lineNumber += 1
        return source.nextLine()
    }

    /// A failed `edit` still owns its value line, so the line never runs as
    /// a command (--keep-going included); the error stays on the edit's line.
    mutating func skipValueLine() {
        errorLine = lineNumber
        lineNumber += 1
        if case .line(let value) = source.nextLine() { echo(value) }
    }

    func show(_ output: String) {
        StandardStreams.out(output)
    }

    /// Not a frame, nor what a line asked to see: said on standard error,
    /// as the script's other diagnostics are, named by the line that found
    /// it, and under `--quiet` too.
    func notify(_ notice: String) {
        let line = errorLine ?? lineNumber
        for said in notice.split(separator: "\n") {
            StandardStreams.err("\(sourceName):\(line): \(said)\n")
        }
    }

    func show(_ response: Response) {
        if quiet && !response.requested && response.error == nil { return }
        StandardStreams.out(format.message(response.output))
        for frame in response.shown {
            StandardStreams.out(bytes: format.render(frame, forTerminal: toTerminal))
            if let note = format.pageNote(frame) { StandardStreams.err(note) }
        }
    }

    mutating func report(_ error: CommandError) {
        if case .store(.connectionLost, _) = error { connectionLost = true }
        let line = errorLine ?? lineNumber
        let location = location()
        StandardStreams.err("\(sourceName):\(line): error: \(location): \(error.message)\n")
        if format == .json {
            StandardStreams.err(OutputFormat.jsonError(source: sourceName, line: line, frame: location,
                                                       message: error.message))
        }
    }

    func ask(_ question: Question, repeated: Bool) -> String? {
        nil
    }

    mutating func edit(_ edit: FieldEdit) -> FieldInput {
        lineNumber += 1
        switch source.nextLine() {
        case .line(let value):
            echo(value)
            return .line(value)
        case .tooLong(let count):
            return .tooLong(byteCount: count)
        case .end, .interrupted:
            lineNumber -= 1  // the error belongs to the edit's own line
            return .unavailable(.line(.valueLineMissing(field: edit.field)))
        case .failed(let reason):
            return .unavailable(.line(.valueLineUnreadable(field: edit.field, reason: reason)))
        }
    }

    private func echo(_ value: [UInt8]) {
        if echo { StandardStreams.out(TextLayout.printable(String(decoding: value, as: UTF8.self)) + "\n") }
    }
}

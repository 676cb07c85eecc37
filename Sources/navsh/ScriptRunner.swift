import NavshCore
import NavshLineInput

/// Runs a script: lines from a pipe, a file or `-c`, no prompt, plain output.
/// The first failing command stops the script (unless --keep-going) with
/// `SOURCE:LINE: error: FRAME: MESSAGE` on stderr; edits left unsaved at the
/// end are reported and discarded, never saved. `--atomic` runs the whole
/// script in one transaction; `--dry-run` rolls it back and reports.
struct ScriptRunner {
    enum Transaction {
        /// Each save is its own transaction.
        case perCommand
        /// One transaction for the script: any failure rolls all of it back.
        case atomic
        /// One transaction, always rolled back; what would have changed is printed.
        case dryRun
    }

    let session: Session
    let store: any Store
    /// `<stdin>`, the script's file name, or `-c`.
    let sourceName: String
    let keepGoing: Bool
    let echo: Bool
    var transaction: Transaction = .perCommand
    /// The store already began the script's transaction (a dry run begins
    /// at open, so that a spec's additions roll back too).
    var transactionOpen = false
    /// For a dry run's report: every row the script's writes touched, with
    /// cascades and triggers, and a per-table summary.
    var rowsTouched: (() -> (total: Int, summary: String))?

    func run(_ source: inout some LineSource) -> Int32 {
        if transaction != .perCommand && !transactionOpen {
            do {
                try store.beginBatch()
            } catch {
                StandardStreams.err("\(sourceName): cannot start the script's transaction: \(TextLayout.printable(String(describing: error)))\n")
                return ExitStatus.commandFailed
            }
        }
        let status = runLines(&source)
        return finishTransaction(status)
    }

    private func runLines(_ source: inout some LineSource) -> Int32 {
        var lineNumber = 0
        var failed = false
        var signal: Int32?
        var unreadable: Int32?
        reading: while true {
            if let received = Terminal.terminationSignal {
                signal = received
                break reading
            }
            let event = source.nextLine()
            let response: Response
            let location = session.location
            lineNumber += 1
            var errorLine: Int?
            switch event {
            case .end, .interrupted:
                break reading
            case .failed(let reason):
                StandardStreams.err("\(sourceName):\(lineNumber): error: cannot read the script: \(reason); "
                    + "nothing from here on ran\n")
                unreadable = lineNumber == 1 ? ExitStatus.cannotOpen : ExitStatus.commandFailed
                break reading
            case .tooLong(let count):
                response = session.refuseLongLine(byteCount: count)
            case .line(let bytes):
                if echo, bytes.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }) {
                    StandardStreams.out(session.prompt + TextLayout.printable(String(decoding: bytes, as: UTF8.self)) + "\n")
                }
                var answer = session.execute(bytes: bytes)
                // `edit FIELD` in a script takes the next line as the value;
                // a failed `edit` still owns it, so it never runs as a command.
                if answer.edit == nil, answer.error != nil, Session.ownsValueLine(bytes) {
                    errorLine = lineNumber
                    lineNumber += 1
                    if case .line(let value) = source.nextLine(), echo {
                        StandardStreams.out(TextLayout.printable(String(decoding: value, as: UTF8.self)) + "\n")
                    }
                } else if let edit = answer.edit {
                    lineNumber += 1
                    switch source.nextLine() {
                    case .line(let value):
                        if echo { StandardStreams.out(TextLayout.printable(String(decoding: value, as: UTF8.self)) + "\n") }
                        answer = session.finishEdit(edit, bytes: value)
                    case .tooLong(let count):
                        answer = session.refuseLongLine(byteCount: count)
                    case .end, .interrupted:
                        lineNumber -= 1  // the error belongs to the edit's own line
                        answer = Response(error: .line(.valueLineMissing(field: edit.field)))
                    case .failed(let reason):
                        answer = Response(error: .line(.valueLineUnreadable(field: edit.field, reason: reason)))
                    }
                }
                response = answer
            }
            StandardStreams.out(response.output)
            if let error = response.error {
                StandardStreams.err("\(sourceName):\(errorLine ?? lineNumber): error: \(location): \(error.message)\n")
                failed = true
                if !keepGoing { break reading }
            }
            if response.quits { break reading }
            // Output nobody can read (a full disk): nothing more runs, so no
            // write goes unreported.
            if StandardStreams.outputFailure != nil {
                failed = true
                break reading
            }
        }
        if signal == nil { signal = Terminal.terminationSignal }
        let unsaved = session.unsavedWork
        if !unsaved.isEmpty {
            let list = unsaved.map(\.description).joined(separator: "; ")
            let when = signal.map { "on signal \($0)" } ?? "at end of input"
            StandardStreams.err("\(sourceName): unsaved edits discarded \(when): \(list)\n")
            session.discardAllEdits()
        }
        if let signal { return 128 + signal }
        if let unreadable { return unreadable }
        if failed { return ExitStatus.commandFailed }
        return unsaved.isEmpty ? ExitStatus.success : ExitStatus.unsavedDiscarded
    }

    /// Ends the script's transaction: a dry run always rolls back and reports;
    /// an atomic script commits only when every command succeeded.
    private func finishTransaction(_ status: Int32) -> Int32 {
        switch transaction {
        case .perCommand:
            return status
        case .dryRun:
            // Read before the rollback, which un-does the rows but not the count.
            let touched = rowsTouched?()
            do { try store.endBatch(commit: false) } catch {
                StandardStreams.err("\(sourceName): rolling back the dry run failed: \(TextLayout.printable(String(describing: error)))\n")
                return ExitStatus.commandFailed
            }
            let changes = session.changesMade
            StandardStreams.out("dry run: nothing was written; "
                + (changes.isEmpty ? "the script would have changed nothing\n"
                   : "the script would have made \(changes.count) change\(changes.count == 1 ? "" : "s"):\n")
                + changes.map { "  " + $0 + "\n" }.joined()
                + (touched.map { $0.total == 0 ? "" : "rows it would have changed, cascades and triggers included: "
                    + "\($0.total) (\(TextLayout.printable($0.summary)))\n" } ?? ""))
            return status
        case .atomic:
            let commit = status == ExitStatus.success
            do { try store.endBatch(commit: commit) } catch {
                StandardStreams.err("\(sourceName): the script's transaction failed, nothing was written: \(TextLayout.printable(String(describing: error)))\n")
                return ExitStatus.commandFailed
            }
            if !commit && !session.changesMade.isEmpty {
                StandardStreams.err("\(sourceName): --atomic: the script did not finish cleanly, so all "
                    + "\(session.changesMade.count) of its changes were rolled back\n")
            }
            return status
        }
    }
}

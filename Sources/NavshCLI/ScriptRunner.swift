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
    /// `--format`: the session hands frames out as data unless it is the table.
    var format = OutputFormat.table
    /// `--quiet`: only what lines asked to see, and errors.
    var quiet = false
    /// A dry run of a script the real run commits command by command (no
    /// `--atomic`): each command that wrote meets the checks its own COMMIT
    /// would make, not only the script's end.
    var checksEachCommit = false
    /// `--timeout`: each command's deadline, which the store's cancel check asks.
    var timer: CommandTimer?
    /// How far the script was read, kept for its caller (a dry run's error at the end names the last line).
    let read = ReadSoFar()

    final class ReadSoFar {
        var lastLine = 0
    }

    /// A dry run is run inside its caller's transaction, begun before the
    /// spec's additions so they roll back too; the caller prints
    /// `reportDryRun` after the rollback.
    func run(_ source: inout some LineSource) -> Int32 {
        switch transaction {
        case .perCommand, .dryRun: return runLines(&source).status
        case .atomic: return runAtomically(&source)
        }
    }

    /// How the script's lines ended: the exit status, and whether the
    /// script's transaction went with a lost connection (its error said so).
    private struct Ended {
        var status: Int32
        var transactionLost = false
        /// The last line that held a command: where an error after it (the script's COMMIT) belongs.
        var lines = 0
    }

    private func runLines<Source: LineSource>(_ source: inout Source) -> Ended {
        var prompter = ScriptPrompter(source: source, sourceName: sourceName, echo: echo)
        prompter.format = format
        prompter.quiet = quiet
        prompter.toTerminal = Terminal.isTerminal(1)
        let driver = ResponseDriver(session: session)
        defer { if let read = prompter.source as? Source { source = read } }
        var failed = false
        var transactionLost = false
        var signal: Int32?
        var unreadable: Int32?
        var lastLine = 0
        var stopsHere = false
        // --keep-going: the failed line whose later lines are skipped until a `top` works.
        var skippingAfter: Int?
        reading: while true {
            if let received = Terminal.terminationSignal {
                signal = received
                break reading
            }
            let outcome: ResponseDriver.Outcome
            var line: [UInt8]?
            switch prompter.nextCommand(at: { session.location }) {
            case .end, .interrupted:
                break reading
            case .failed(let reason):
                let lineNumber = prompter.lineNumber
                StandardStreams.err("\(sourceName):\(lineNumber): error: cannot read the script: \(reason); "
                    + "nothing from here on ran\n")
                unreadable = lineNumber == 1 ? ExitStatus.cannotOpen : ExitStatus.commandFailed
                break reading
            case .tooLong(let count):
                lastLine = prompter.lineNumber
                read.lastLine = lastLine
                outcome = driver.follow(session.refuseLongLine(byteCount: count), with: &prompter)
            case .line(let bytes):
                lastLine = prompter.lineNumber
                read.lastLine = lastLine
                if echo, bytes.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }) {
                    StandardStreams.out(session.prompt + TextLayout.printable(String(decoding: bytes, as: UTF8.self)) + "\n")
                }
                line = bytes
                if let failedLine = skippingAfter, ![.nothing, .report, .top, .quit].contains(session.scriptLine(bytes)) {
                    if Session.ownsValueLine(bytes) { prompter.skipValueLine() }
                    outcome = driver.follow(.failure(.line(.skippedAfterFailure(line: failedLine))), with: &prompter)
                    break
                }
                // `edit FIELD` takes the next line as its value (`ScriptPrompter.edit`).
                let changesBefore = session.changeCount
                timer?.start()
                var response = session.execute(bytes: bytes)
                timer?.stop()
                if let timer, timer.expired, response.error != nil {
                    response.output = ""
                    response.error = .timedOut(seconds: timer.seconds)
                }
                if checksEachCommit, response.error == nil, session.changeCount > changesBefore {
                    let refusal: StoreError?
                    do { refusal = try store.commitRefusal() } catch { refusal = error as? StoreError ?? .database("\(error)") }
                    if let refusal {
                        session.forgetChanges(after: changesBefore)
                        response.output = ""
                        response.error = .writes(.commitWouldBeRefused(reason: "\(refusal)"))
                        // Its writes stay in the dry run's transaction: nothing after can be judged on them.
                        stopsHere = true
                    }
                }
                if response.edit == nil, response.error != nil, Session.ownsValueLine(bytes) {
                    prompter.skipValueLine()
                }
                outcome = driver.follow(response, with: &prompter)
            }
            if outcome.failed {
                failed = true
                // The script's transaction is gone: nothing after can be part of it, --keep-going or not.
                if transaction != .perCommand && prompter.connectionLost {
                    transactionLost = true
                    break reading
                }
                if !keepGoing || stopsHere { break reading }
                let kind = line.map(session.scriptLine)
                // A `quit` refused over unsaved edits still ends what was meant to run.
                if kind == .quit { break reading }
                // After a failed `where`, an `open *` written for the filtered
                // rows would hold the whole table: skip to the next `top`.
                if skippingAfter == nil, kind != .report {
                    skippingAfter = lastLine
                }
            } else if skippingAfter != nil, line.map(session.scriptLine) == .top {
                skippingAfter = nil
            }
            if outcome.quits { break reading }
            // Output nobody can read (a full disk): nothing more runs, so no
            // write goes unreported.
            if StandardStreams.outputFailure != nil {
                failed = true
                break reading
            }
        }
        if signal == nil { signal = Terminal.terminationSignal }
        let unsaved = session.unsavedWork
        // With the transaction gone, its error said that nothing was written: the edits' loss is no news.
        if !unsaved.isEmpty && !transactionLost {
            let list = unsaved.map(\.description).joined(separator: "; ")
            let when = signal.map { "on signal \($0)" } ?? "at end of input"
            StandardStreams.err("\(sourceName): unsaved edits discarded \(when): \(list)\n")
            session.discardAllEdits()
        }
        if transactionLost { session.discardAllEdits() }
        if let signal { return Ended(status: ExitStatus.signalled(signal), lines: lastLine) }
        if let unreadable { return Ended(status: unreadable, lines: lastLine) }
        if failed {
            // What a stopped script already committed stays: said, with the way to have none of it.
            // Under --format json stderr holds the error's object alone.
            if transaction == .perCommand, !keepGoing, format != .json, session.changeCount > 0 {
                let count = session.changesCounted
                StandardStreams.err("\(sourceName): \(OutputFormat.grouped(count)) change\(count == 1 ? "" : "s") before line \(lastLine) "
                    + "stay\(count == 1 ? "s" : "") written; --atomic runs a script all or nothing\n")
            }
            return Ended(status: ExitStatus.commandFailed, transactionLost: transactionLost, lines: lastLine)
        }
        return Ended(status: unsaved.isEmpty ? ExitStatus.success : ExitStatus.unsavedDiscarded, lines: lastLine)
    }

    /// Thrown out of the atomic script's transaction to roll it back.
    private struct Unfinished: Error {}

    /// `--atomic`: the script's transaction commits only when every command
    /// succeeded; otherwise all of it rolls back.
    private func runAtomically(_ source: inout some LineSource) -> Int32 {
        var began = false
        var ended = Ended(status: ExitStatus.success)
        do {
            try store.transaction(rollback: false) {
                began = true
                ended = runLines(&source)
                if ended.status != ExitStatus.success { throw Unfinished() }
            }
        } catch is Unfinished {
            // A lost transaction's error already said that nothing of it was written.
            if session.changeCount > 0 && !ended.transactionLost {
                StandardStreams.err("\(sourceName): --atomic: the script did not finish cleanly, so all "
                    + "\(OutputFormat.grouped(session.changesCounted)) of its changes were rolled back\n")
            }
        } catch {
            let why = TextLayout.printable(String(describing: error))
            // A COMMIT whose answer was lost says itself what became of it.
            let said: Bool = { if case StoreError.connectionLost = error { return true } else { return false } }()
            let message = !began ? "cannot start the script's transaction: \(why)"
                : said ? "the script's transaction: \(why)" : "the script's transaction failed, nothing was written: \(why)"
            StandardStreams.err("\(sourceName): \(message)\n")
            // As every error under --format json: its object follows (at the last line read: the COMMIT's).
            if format == .json {
                StandardStreams.err(OutputFormat.jsonError(source: sourceName, line: ended.lines, frame: session.location,
                                                           message: message))
            }
            return ExitStatus.commandFailed
        }
        return ended.status
    }

    /// A dry run's report, printed after its rollback, in the chosen format.
    static func reportDryRun(changes: [String], counted: Int, touched: RowsTouched?, format: OutputFormat,
                             rolledBack: Bool = false) {
        if format == .json {
            StandardStreams.out(OutputFormat.jsonDryRun(changes: changes, touched: touched, rolledBack: rolledBack))
            return
        }
        StandardStreams.out(OutputFormat.textDryRun(changes: changes, counted: counted, touched: touched, rolledBack: rolledBack))
    }
}

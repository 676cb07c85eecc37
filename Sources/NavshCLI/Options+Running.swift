import ArgumentParser
import Foundation
import NavshCore
import NavshLineInput
import NavshSpec

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The run on an opened store: the spec applied, then the prompt or the
/// script (inside a rolled-back transaction for `--dry-run`), and the exit.
extension Options {
    /// Ends the process, a script's or the prompt's (whose runner has
    /// written its history by then): closes the store, then exits at once.
    /// The session, its frames and the store's connection objects are not
    /// torn down one by one, since the process ending frees them all; that
    /// teardown (GRDB's queue and its observers) was a tenth of a short
    /// script's instructions (bench/README.md). Exiting here
    /// rather than throwing `ExitCode` also spares a failed script
    /// ArgumentParser's handling of the error (a `Mirror` walk over it).
    static func leave(_ status: Int32, closing store: any Store) -> Never {
        store.close()
        Foundation.exit(status)
    }

    /// An opened store and what running on it needs.
    struct Opened {
        let store: any Store
        let spec: AppSpec?
        let path: String
        let environment: [String: String]
        let interactive: Bool
    }

    /// How a script ended: its exit status, the session (its journal is a
    /// dry run's report) and, in a dry run, the rows its writes touched.
    struct Outcome {
        var status: Int32
        var session: Session?
        var touched: RowsTouched?
        /// The script's last line that held a command: where an error at its end belongs.
        var lines = 0
    }

    /// `--dry-run`: the transaction begins before the spec's additions, so
    /// they roll back with everything else; the report is printed once the
    /// rollback is done.
    func runDry(_ opened: Opened) throws -> Outcome {
        var began = false
        var outcome = Outcome(status: ExitStatus.success)
        do {
            try opened.store.transaction(rollback: true) {
                began = true
                outcome = try run(opened)
            }
        } catch let exit as ExitCode {
            throw exit
        } catch where began && outcome.session?.forgotChanges == true {
            // A command's COMMIT was refused, and said so: the script's end
            // meets the same rows again. What came before is still news.
        } catch where began && outcome.status != ExitStatus.success {
            // The script failed and said why; its end fails for the same
            // reason (a server's transaction aborted by a command that ran
            // past --timeout said "its COMMIT would be refused").
        } catch {
            let message = "dry run: \(TextLayout.printable(String(describing: error)))"
            let what = began ? "\(sourceName): \(message)"
                : "navsh: \(TextLayout.printable(String(describing: StoreOpener.openError(error, path: opened.path))))"
            StandardStreams.err(what + "\n")
            // As every error under --format json: its object follows, at the last line read.
            if began && format == .json {
                StandardStreams.err(OutputFormat.jsonError(source: sourceName, line: outcome.lines,
                                                           frame: outcome.session?.location ?? "", message: message))
            }
            throw ExitCode(began ? ExitStatus.commandFailed : ExitStatus.cannotOpen)
        }
        // Under --atomic a script that fails writes nothing: the report says
        // so, not the changes made before the failure.
        ScriptRunner.reportDryRun(changes: outcome.session?.changesMade ?? [], counted: outcome.session?.changesCounted ?? 0,
                                  touched: outcome.touched, format: format,
                                  rolledBack: atomic && outcome.status != ExitStatus.success)
        return outcome
    }

    /// Applies the spec (saying what it added), then runs the prompt or the script.
    func run(_ opened: Opened) throws -> Outcome {
        let store = opened.store, environment = opened.environment
        do {
            // A spec that changes the file says so (a dry run's additions roll back with the rest).
            for addition in try StoreOpener.apply(opened.spec, to: store, path: opened.path,
                                                  thisYear: Self.clock(environment)().year) {
                let what = TextLayout.printable(String(describing: addition))
                StandardStreams.err(dryRun ? "navsh: dry run: adding \(what) until the end of the run\n"
                                           : "navsh: added \(what)\n")
            }
        } catch let problem as SpecProblem {
            StandardStreams.err("navsh: \(TextLayout.printable(String(describing: problem)))\n")
            throw ExitCode(ExitStatus.badSpec)
        } catch {
            StandardStreams.err("navsh: \(TextLayout.printable(String(describing: error)))\n")
            throw ExitCode(ExitStatus.cannotOpen)
        }
        // Cascades and triggers touch rows no command names: a dry run counts them all.
        let tally = dryRun ? StoreOpener.countRowChanges(of: store, server: server) : nil

        if opened.interactive {
            // Ctrl-C during a long query (or import) stops it; the command fails and
            // nothing changes. SIGTERM or SIGHUP stops it too, then navsh leaves.
            store.isCancelled = { Terminal.interruptPending || Terminal.terminationSignal != nil }
            // A second Ctrl-C (or a signal to leave) stops waiting for a server that answers nothing.
            store.isCancelledAgain = { Terminal.interruptsPending > 1 || Terminal.terminationSignal != nil }
            // A command waiting on another process's lock on the file says so, rather than sit silent.
            StoreOpener.sayLockWaits(of: store)
            guard let editor = EditLineReader() else {
                StandardStreams.err("navsh: cannot start the line editor\n")
                throw ExitCode(ExitStatus.cannotOpen)
            }
            var configuration = Session.Configuration(mode: .interactive, viewport: Self.terminalViewport)
            configuration.clock = Self.clock(environment)
            configuration.historyEntries = { [editor] in editor.entries }
            ProgressLine.attach(to: &configuration)
            let session = Session(store: store, configuration: configuration)
            let style = PromptStyle(color: !noColor && Terminal.wantsColor(fd: 1, environment: environment))
            let errorStyle = PromptStyle(color: !noColor && Terminal.wantsColor(fd: 2, environment: environment))
            if !noRC { StartupFile.run(in: session, environment: environment) }
            let history = HistoryLocation.path(forStore: opened.path, environment: environment)
            var runner = InteractiveRunner(
                session: session, editor: editor, style: style, errorStyle: errorStyle, historyPath: history,
                pager: noPager ? nil : Pager.fromEnvironment(environment))
            var listener: AnyObject?
            if listen {
                var ends: [Int32] = [0, 0]
                guard pipe(&ends) == 0 else {
                    StandardStreams.err("navsh: --listen: cannot make a pipe: \(String(cString: strerror(errno)))\n")
                    throw ExitCode(ExitStatus.cannotOpen)
                }
                for end in ends { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
                do {
                    let listening = try StoreOpener.listen(server, to: store, wakeFD: ends[1])
                    listener = listening.listener
                    runner.news = (ends[0], listening.take)
                } catch {
                    StandardStreams.err("navsh: --listen: \(TextLayout.printable(String(describing: error)))\n")
                    throw ExitCode(ExitStatus.cannotOpen)
                }
            }
            let status = runner.run()
            // Closed as a script's is: the WAL checkpointed and removed, so a
            // save made at the prompt is in the file itself once navsh ends
            // (the prompt left FILE-wal behind).
            withExtendedLifetime(listener) { Self.leave(status, closing: store) }
        }

        // SIGTERM, SIGHUP and Ctrl-C stop a script between commands: nothing
        // half-done, buffers not written. Killed by Ctrl-C, an export left
        // its hidden temporary file behind.
        Terminal.catchTermination()
        Terminal.catchInterruptsAsTermination()
        // A statement running then is stopped too (a write rolls back; a
        // server's is cancelled there, and its connection given up if the
        // cancel brings nothing back within the grace): a save stalled on a
        // silent connection ignored SIGTERM for ten minutes.
        let timer = timeout.map(CommandTimer.init)
        store.isCancelled = if let timer {
            { Terminal.terminationSignal != nil || timer.isPast }
        } else {
            { Terminal.terminationSignal != nil }
        }
        // Scripts page by 20 rows whatever the terminal, so they mean the same everywhere.
        let columns = Terminal.size(of: 1)?.columns ?? 80
        var configuration = Session.Configuration(mode: .script, viewport: { Viewport(columns: columns, rows: nil) })
        configuration.clock = Self.clock(environment)
        ProgressLine.attach(to: &configuration)
        // A dry run changes nothing: no file is written either (export).
        configuration.writesFiles = !dryRun
        // Only a dry run reports its writes in words.
        configuration.summarizesChanges = dryRun
        // Text words a batch's first rows, as `import --update --dry-run`
        // does; JSON, read by programs, words every row.
        configuration.rowsWordedPerBatch = format == .json ? nil : 10
        configuration.framesAsData = format.wantsData
        configuration.laysOutUnrequested = !quiet
        let session = Session(store: store, configuration: configuration)
        let status: Int32
        let runner = scriptRunner(session, store, timer: timer)
        if !commands.isEmpty {
            var source = ArrayLineSource(commands)
            status = runner.run(&source)
        } else if let script {
            let fd = open(script, O_RDONLY)
            guard fd >= 0 else {
                StandardStreams.err("navsh: \(TextLayout.printable(script)): cannot open the script: \(String(cString: strerror(errno)))\n")
                throw ExitCode(ExitStatus.cannotOpen)
            }
            defer { close(fd) }
            // Read whole and checked first: a mistake a look can find runs no line.
            if let failed = checked(script, store) { return Outcome(status: failed, session: session, touched: nil, lines: 0) }
            var source = PlainLineReader(fileDescriptor: fd, maximumLength: Session.maximumLineLength)
            status = runner.run(&source)
        } else {
            var source = PlainLineReader(fileDescriptor: 0, maximumLength: Session.maximumLineLength)
            status = runner.run(&source)
        }
        // Read inside a dry run's transaction, before its rollback.
        // Rows a refused command wrote are still counted in the transaction: no count then.
        let countsFailures = status == ExitStatus.commandFailed && tally?.rightAfterFailure == false
        return Outcome(status: status, session: session, touched: session.forgotChanges || countsFailures ? nil : tally?.read() ?? nil,
                       lines: runner.read.lastLine)
    }

    /// The script file checked before it runs (`ScriptCheck`): each problem
    /// said at its line, and the status to end with; nil when none was found.
    private func checked(_ path: String, _ store: any Store) -> Int32? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
            String(decoding: $0.last == UInt8(ascii: "\r") ? $0.dropLast() : $0, as: UTF8.self)
        }
        let problems = ScriptCheck.problems(in: lines, collections: store.collections)
        guard !problems.isEmpty else { return nil }
        for problem in problems {
            let message = TextLayout.printable(problem.message)
            StandardStreams.err("\(TextLayout.printable(path)):\(problem.line): error: \(message)\n")
            if format == .json {
                StandardStreams.err(OutputFormat.jsonError(source: path, line: problem.line, frame: "", message: message))
            }
        }
        if format != .json {
            StandardStreams.err("\(TextLayout.printable(path)): \(problems.count) problem\(problems.count == 1 ? "" : "s") "
                + "found before it ran; nothing was run\n")
        }
        return ExitStatus.commandFailed
    }

    /// `<stdin>`, the script's file name, or `-c`: where a script's errors say they are.
    var sourceName: String {
        !commands.isEmpty ? "-c" : script ?? "<stdin>"
    }

    func scriptRunner(_ session: Session, _ store: any Store, timer: CommandTimer?) -> ScriptRunner {
        ScriptRunner(session: session, store: store, sourceName: sourceName, keepGoing: keepGoing, echo: echo,
                     transaction: dryRun ? .dryRun : atomic ? .atomic : .perCommand, format: format, quiet: quiet,
                     checksEachCommit: dryRun && !atomic, timer: timer)
    }

    /// NAVSH_NOW=YYYY-MM-DD HH:MM:SS pins `now`, `today` and `this year`, so
    /// a script's output (and the example transcripts) stay the same every year.
    static func clock(_ environment: [String: String]) -> () -> CivilTime {
        guard let pinned = environment["NAVSH_NOW"], pinned.count >= 19, let year = Int(pinned.prefix(4)) else {
            return CivilTime.now
        }
        let time = CivilTime(year: year, date: String(pinned.prefix(10)), dateTime: String(pinned.prefix(19)))
        return { time }
    }

    /// Follows resizes: asked at every render.
    static func terminalViewport() -> Viewport {
        let size = Terminal.size(of: 1)
        return Viewport(columns: size?.columns ?? 80, rows: size?.rows)
    }
}

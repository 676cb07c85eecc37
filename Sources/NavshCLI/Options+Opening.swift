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

/// How a run opens its store: the companion for PostgreSQL, the spec, the
/// store itself; then `Options+Running` runs on it.
extension Options {
    func run() throws {
        // Before anything of this process is set up: the companion starts afresh.
        if isPostgres && server == nil {
            let missing = CompanionBinary.exec(arguments: CommandLine.arguments)
            StandardStreams.err("navsh: \(TextLayout.printable(String(describing: missing)))\n")
            throw ExitCode(ExitStatus.cannotOpen)
        }
        // A reader that goes away (`navsh … | head -1`) is no reason to die
        // mid-script: writes to it fail quietly and the script runs on, as
        // with sqlite3 and psql.
        signal(SIGPIPE, SIG_IGN)
        // SQLite takes these two as a database in memory, which vanished at
        // exit with every save a script had reported.
        if let refusal = file.flatMap(Self.refusal(ofFile:)) {
            StandardStreams.err("navsh: \(refusal)\n")
            throw ExitCode(ExitStatus.usage)
        }
        let interactive = script == nil && commands.isEmpty
            && Terminal.isTerminal(0) && Terminal.isTerminal(1)
        if interactive { Terminal.useUTF8Locale() }
        if interactive && (dryRun || atomic) {
            StandardStreams.err("navsh: --dry-run and --atomic are for scripts (-f, -c or piped input)\n")
            throw ExitCode(ExitStatus.usage)
        }
        if !interactive && listen {
            // Nobody sits idle at a script: its next command that shows rows sees what changed.
            StandardStreams.err("navsh: --listen is for the prompt; a script sees changes elsewhere at its next command that shows them\n")
            throw ExitCode(ExitStatus.usage)
        }
        if interactive && timeout != nil {
            // At the prompt Ctrl-C stops a long command.
            StandardStreams.err("navsh: --timeout is for scripts (-f, -c or piped input); at the prompt Ctrl-C stops a command\n")
            throw ExitCode(ExitStatus.usage)
        }
        if interactive && (keepGoing || echo) {
            // The prompt never stops at an error and shows what is typed: both would be ignored in silence.
            StandardStreams.err("navsh: --keep-going and --echo are for scripts (-f, -c or piped input)\n")
            throw ExitCode(ExitStatus.usage)
        }
        if interactive && (format != .table || quiet) {
            StandardStreams.err("navsh: --format and --quiet are for scripts (-f, -c or piped input); the prompt shows tables\n")
            throw ExitCode(ExitStatus.usage)
        }

        let environment = ProcessEnvironment.current()
        // A PostgreSQL target is named without its password everywhere past here.
        let postgresTarget: ServerTarget?
        do {
            postgresTarget = isPostgres ? try StoreOpener.serverTarget(server, url: fileOrURL, schema: schema,
                                                                           readsFromStandby: readFrom == "standby", environment: environment) : nil
        } catch {
            StandardStreams.err("navsh: \(TextLayout.printable(String(describing: error)))\n")
            // Reading the target connects to nothing: what fails there is how it was given (the URL, PG*).
            throw ExitCode(error is CompanionBinary.Missing ? ExitStatus.cannotOpen : ExitStatus.usage)
        }
        let storePath = postgresTarget?.name ?? file ?? StoreOpener.demoPath(environment: environment)
        let appSpec: AppSpec?
        do {
            appSpec = try spec.map { try SpecLoader.load(path: $0) }
        } catch {
            StandardStreams.err("navsh: \(TextLayout.printable(String(describing: error)))\n")
            throw ExitCode((error as? SpecError)?.unreadable == true ? ExitStatus.cannotOpen : ExitStatus.badSpec)
        }
        // A dry run changes no byte of any file, so it never creates one:
        // there is nothing to run a script against, and an empty stand-in
        // would report changes to data that does not exist.
        if dryRun && postgresTarget == nil && !FileManager.default.fileExists(atPath: storePath) {
            // Only --create or a spec makes a store: the advice says which.
            let advice = create || spec != nil ? "run without --dry-run to create it"
                : "--create makes a new store (without --dry-run)"
            StandardStreams.err("navsh: --dry-run: \(TextLayout.printable(storePath)) does not exist, and a dry run creates nothing; "
                + advice + "\n")
            throw ExitCode(ExitStatus.cannotOpen)
        }
        let isDemo = file == nil && appSpec == nil && postgresTarget == nil
        let store: any Store
        do {
            store = try postgresTarget?.open()
                ?? StoreOpener.open(path: storePath, isDemo: isDemo, create: create || appSpec != nil, dryRun: dryRun,
                                  now: Options.clock(environment)().dateTime)
        } catch {
            StandardStreams.err("navsh: \(TextLayout.printable(String(describing: error)))\n")
            throw ExitCode(ExitStatus.cannotOpen)
        }
        if installNotify || uninstallNotify {
            do {
                StandardStreams.out(TextLayout.printable(try StoreOpener.notify(server, store, install: installNotify, tables: notifyTables)) + "\n")
            } catch {
                StandardStreams.err("navsh: \(TextLayout.printable(String(describing: error)))\n")
                throw ExitCode(ExitStatus.commandFailed)
            }
            return
        }
        let opened = Opened(store: store, spec: isDemo ? StoreOpener.demoSpec : appSpec, path: storePath,
                            environment: environment, interactive: interactive)
        let outcome = dryRun ? try runDry(opened) : try run(opened)
        if let failure = StandardStreams.outputFailure {
            StandardStreams.err("navsh: cannot write the output: \(failure)\n")
            Self.leave(outcome.status == ExitStatus.success ? ExitStatus.commandFailed : outcome.status, closing: store)
        }
        Self.leave(outcome.status, closing: store)
    }
}

extension OutputFormat: ExpressibleByArgument {
}

extension Options {
    /// Why FILE names no file, when it names none.
    static func refusal(ofFile file: String) -> String? {
        switch file {
        case "": return "the FILE is empty: name a SQLite file (is a variable unset?)"
        case ":memory:": return "':memory:' is a database that vanishes when navsh ends; name a file (./:memory: for a file of that name)"
        default: return nil
        }
    }
}

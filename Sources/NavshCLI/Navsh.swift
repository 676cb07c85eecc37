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

/// The command line of both executables (`NavshMain`), as ArgumentParser
/// reads it for help, errors and completions. The options become `Options`,
/// checked in `Options+Validation`, opened in `Options+Opening` and run in
/// `Options+Running`.
struct Navsh: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "navsh",
        abstract: "Browse and edit the records of a SQLite file or a PostgreSQL database, one screen (frame) at a time.",
        usage: """
            navsh [FILE]                      open FILE (or the demo store) at a prompt
            navsh FILE < SCRIPT               run commands from standard input
            navsh FILE -f SCRIPT              run commands from a file
            navsh FILE -c CMD [-c CMD ...]    run the given commands
            """,
        discussion: """
            Lists are frames: `open 3` pushes row 3, `set name Gort statue` edits a private copy, \
            `save` writes it in one transaction and goes back, `cancel` discards it. Type `help` \
            at any frame for the commands it accepts.

            At the prompt: Tab completes commands, field names, row numbers and titles; a unique \
            prefix runs a command (op 3); `edit FIELD` opens the value for editing; history is kept \
            per store in $XDG_STATE_HOME/navsh/history/ (lines typed with a leading space are not). \
            Colour is used on a terminal unless NO_COLOR is set, TERM is dumb or --no-color is given.

            Script mode (standard input or output not a terminal, -f or -c): no prompt, plain output, \
            full command names only; the first failing command stops the script with \
            SOURCE:LINE: error: FRAME: MESSAGE on stderr, and edits left unsaved at the end are discarded, \
            never saved. In a script, `edit FIELD` takes the next line as the value.

            \(ExitStatus.help)
            """,
        version: Version.text
    )

    @Argument(help: "The SQLite file to open, or a PostgreSQL URL (postgres://USER@HOST:PORT/DATABASE?sslmode=MODE). Without one, the demo store in $XDG_DATA_HOME/navsh/.")
    var file: String?

    @Flag(help: "Open PostgreSQL as libpq would from PGHOST, PGPORT, PGUSER, PGDATABASE, PGPASSWORD (or PGPASSFILE, ~/.pgpass), PGSSLMODE, PGTARGETSESSIONATTRS and PGCONNECT_TIMEOUT.")
    var postgres = false

    @Option(help: ArgumentHelp("With PostgreSQL: the schema whose tables are shown (default: the search path's first).", valueName: "NAME"))
    var schema: String?

    @Option(help: ArgumentHelp("With a PostgreSQL cluster: read lists and records from a standby (standby) or the primary (primary, the default); saves always go to the primary.", valueName: "SERVER"))
    var readFrom: String?

    @Argument(help: ArgumentHelp("With --install-notify or --uninstall-notify: the tables.", valueName: "TABLE"))
    var tables: [String] = []

    @Flag(help: "With PostgreSQL: create a trigger on each TABLE that notifies navsh --listen of every row written (its key), then exit.")
    var installNotify = false

    @Flag(help: "With PostgreSQL: remove the triggers --install-notify made, from each TABLE or from every table, then exit.")
    var uninstallNotify = false

    @Flag(help: "With PostgreSQL, at the prompt: a connection of its own listens for the --install-notify triggers, so a change to a row shown is said at once, even while you sit idle.")
    var listen = false

    @Flag(help: "Create FILE (in WAL mode) if it does not exist.")
    var create = false

    @Option(help: ArgumentHelp("An app spec (YAML): labels, row templates, order, ranges, defaults, policies. Tables and columns it marks create: true are made when missing.", valueName: "APP.yaml"))
    var spec: String?

    @Option(name: [.customShort("f"), .customLong("script")], help: "Run the commands in SCRIPT.")
    var script: String?

    @Option(name: [.customShort("c"), .customLong("command")], help: "Run CMD (repeatable, in order).")
    var commands: [String] = []

    @Flag(help: "In a script, go on after a failing command (the exit status is still 1); lines that may count on it are skipped up to the next top.")
    var keepGoing = false

    @Flag(help: "In a script, print each command (after its frame's prompt) before its output.")
    var echo = false

    @Flag(help: "No colour, even on a terminal (NO_COLOR and TERM=dumb also turn it off).")
    var noColor = false

    @Flag(help: "Run the script against the real data, then roll every write back (a spec's additions too) and print what would have changed, cascades and triggers included. The file must exist.")
    var dryRun = false

    @Flag(help: "Run the whole script in one transaction: if any command fails, nothing is written.")
    var atomic = false

    @Option(help: ArgumentHelp("In a script, write each frame shown as table, json (JSON Lines), csv or tsv (README: Output for programs).", valueName: "FORMAT"))
    var format: OutputFormat = .table

    @Option(help: ArgumentHelp("In a script, stop any command that runs longer than SECONDS: it fails as a failed command does, writing nothing.", valueName: "SECONDS"))
    var timeout: Double?

    @Flag(name: [.customShort("q"), .long], help: "In a script, print only what show, changes, history, help and where print, and errors.")
    var quiet = false

    @Flag(help: "At the prompt, never page long output (NAVSH_PAGER= does the same; scripts never page).")
    var noPager = false

    @Flag(name: [.customShort("X"), .customLong("no-rc")],
          help: "At the prompt, do not run the startup file ($XDG_CONFIG_HOME/navsh/navshrc); scripts never run it.")
    var noRC = false

    /// The options as a plain value, for `Options.run`.
    var options: Options {
        Options(file: file, create: create, spec: spec, script: script, commands: commands, keepGoing: keepGoing,
                echo: echo, noColor: noColor, dryRun: dryRun, atomic: atomic, format: format, quiet: quiet,
                noPager: noPager, noRC: noRC, postgres: postgres, schema: schema, readFrom: readFrom, tables: tables,
                installNotify: installNotify, uninstallNotify: uninstallNotify, listen: listen, timeout: timeout)
    }

    func validate() throws { try options.validate() }

    /// Never called: `main(server:)` runs the options with the server store
    /// this executable links, which ArgumentParser cannot pass here.
    func run() throws { try options.run() }
}

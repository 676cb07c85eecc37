import NavshCore

/// What one run of navsh was asked to do: every option and argument, as a
/// plain value. `PlainArguments` fills it for nearly every run without
/// ArgumentParser; `Navsh` (ArgumentParser's command, which owns help,
/// errors and completions) fills it for the rest. The run itself is
/// `Options.run`, so the plain path never builds `Navsh`: its property
/// wrappers' first use cost a twentieth of start-up (bench/README.md).
struct Options {
    /// The server store this executable links (`navsh-postgres`); nil in
    /// `navsh`, which hands a PostgreSQL run to that companion.
    var server: ServerStoreOpener?
    var file: String?
    var create = false
    var spec: String?
    var script: String?
    var commands: [String] = []
    var keepGoing = false
    var echo = false
    var noColor = false
    var dryRun = false
    var atomic = false
    var format = OutputFormat.table
    var quiet = false
    var noPager = false
    var noRC = false
    var postgres = false
    var schema: String?
    /// `--read-from standby`: lists and records from a standby, writes to the primary.
    var readFrom: String?
    var tables: [String] = []
    var installNotify = false
    var uninstallNotify = false
    var listen = false
    /// `--timeout SECONDS`: how long one command of a script may run.
    var timeout: Double?

    /// The tables of --install-notify and --uninstall-notify: with
    /// --postgres (no URL) the first one stands where FILE would.
    var notifyTables: [String] {
        postgres ? (file.map { [$0] } ?? []) + tables : tables
    }

    /// The URL, unless --postgres made FILE the first table.
    var fileOrURL: String? { postgres && (installNotify || uninstallNotify) ? nil : file }

    /// The store is PostgreSQL: a postgres:// URL, or --postgres.
    var isPostgres: Bool { postgres || file.map(StoreOpener.isServerURL) == true }
}

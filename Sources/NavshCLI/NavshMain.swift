import NavshCore

/// The entry point of both executables: `navsh` (SQLite; a PostgreSQL
/// target is handed to `navsh-postgres`) and `navsh-postgres` (the same
/// command line with the PostgreSQL store linked in).
public enum NavshMain {
    /// Parses the arguments and runs; `server` is the server store this
    /// executable links, nil for none.
    public static func run(server: ServerStoreOpener?) {
        // docs/commands.md, as `make docs` writes it: like ArgumentParser's
        // `--experimental-dump-help`, for the project's own tools.
        if CommandLine.arguments.dropFirst().elementsEqual(["--experimental-dump-commands"]) {
            print(CommandReference.markdown(), terminator: "")
            return
        }
        Navsh.main(server: server)
    }
}

/// The entry point of both executables: `navsh` (SQLite; a PostgreSQL
/// target is handed to `navsh-postgres`) and `navsh-postgres` (the same
/// command line with the PostgreSQL store linked in).
public enum NavshMain {
    /// Parses the arguments and runs; `server` is the server store this
    /// executable links, nil for none.
    public static func run(server: ServerStoreOpener?) {
        Navsh.main(server: server)
    }
}

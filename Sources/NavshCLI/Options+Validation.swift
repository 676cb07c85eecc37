import ArgumentParser
import NavshCore

/// The options' checks against each other, before anything is opened: a
/// bad combination is a usage error (exit 64) in one line.
extension Options {
    func validate() throws {
        if script != nil && !commands.isEmpty {
            throw ValidationError("-f and -c cannot be used together")
        }
        // A -c argument is one command: a newline inside a value (`-c "set
        // name $V"`) must never smuggle in a second command.
        if let index = commands.firstIndex(where: { $0.contains("\n") || $0.contains("\r") }) {
            throw ValidationError("-c takes one command; argument \(index + 1) holds a line break (use -f for several lines)")
        }
        if !tables.isEmpty && !installNotify && !uninstallNotify {
            throw ValidationError("unexpected argument '\(tables[0])': only one FILE or URL is given (TABLE names are for --install-notify and --uninstall-notify)")
        }
        if installNotify && uninstallNotify {
            throw ValidationError("--install-notify and --uninstall-notify cannot be used together")
        }
        if !isPostgres && tables.contains(where: StoreOpener.isServerURL) {
            // `navsh --install-notify items URL`: the URL was read as a table.
            throw ValidationError("the URL comes first: navsh URL --install-notify TABLE…")
        }
        if (installNotify || uninstallNotify || listen) && !isPostgres {
            throw ValidationError("--install-notify, --uninstall-notify and --listen are for PostgreSQL (a postgres:// URL or --postgres)")
        }
        if installNotify && notifyTables.isEmpty {
            throw ValidationError("--install-notify needs the TABLE names")
        }
        if postgres && file != nil && !installNotify && !uninstallNotify {
            throw ValidationError("--postgres reads the PG* environment variables; give either it or a FILE/URL")
        }
        if schema != nil && !isPostgres {
            throw ValidationError("--schema is for PostgreSQL (a postgres:// URL or --postgres)")
        }
        if let readFrom {
            guard readFrom == "primary" || readFrom == "standby" else {
                throw ValidationError("--read-from takes primary or standby")
            }
            guard isPostgres else { throw ValidationError("--read-from is for PostgreSQL (a postgres:// URL or --postgres)") }
        }
        if create && isPostgres {
            throw ValidationError("--create is for SQLite files; a PostgreSQL database must exist")
        }
        if let timeout, !(timeout > 0 && timeout.isFinite) {
            throw ValidationError("--timeout takes a number of seconds above 0")
        }
        if create && file == nil {
            throw ValidationError("--create needs a FILE")
        }
        if spec != nil && file == nil && !postgres {
            throw ValidationError("--spec needs a FILE for the app's data (it is created when missing)")
        }
    }
}

import Foundation
import NavshCore
import NavshSQLite

/// The one place in the command line that knows store types: the FILE
/// argument chooses the store: a `postgres://` URL (or `--postgres`) opens
/// a PostgreSQL store, anything else is a SQLite file. Everything past
/// this file (the session, the runners) sees `any Store`.
enum StoreOpener {
    /// Opens `path` (the demo store when `isDemo`, created when missing).
    /// A file opened read-only says so on standard error, once, with why.
    /// A dry run's store changes no byte of its file.
    /// `now` dates the demo's rows when it is made, so NAVSH_NOW pins them.
    static func open(path: String, isDemo: Bool, create: Bool, dryRun: Bool, now: String) throws -> any Store {
        if isDemo { return try DemoStore.open(at: path, now: now) }
        let store = try SQLiteStore(path: path, create: create, dryRun: dryRun)
        if let note = store.readOnlyNote { StandardStreams.err("navsh: \(TextLayout.printable(note))\n") }
        if let note = store.leftOutNote { StandardStreams.err("navsh: \(TextLayout.printable(note))\n") }
        return store
    }

    /// A `postgres://` or `postgresql://` URL, not a file name.
    static func isServerURL(_ file: String) -> Bool { ServerURL.isPostgres(file) }

    /// Where a PostgreSQL store connects: the URL, else the PG* environment.
    static func serverTarget(_ server: ServerStoreOpener?, url: String?, schema: String?, readsFromStandby: Bool,
                             environment: [String: String]) throws -> ServerTarget {
        guard let server else { throw CompanionBinary.Missing(path: nil) }
        return try server.target(url, schema, readsFromStandby, environment)
    }

    /// The demo store's own spec: labels, and a row that reads "name … $value  date".
    static var demoSpec: AppSpec { DemoStore.spec }

    /// Has the core apply the app spec: missing tables and columns it marks
    /// `create: true` are made, and collections are presented as it says.
    /// Returns what it added; a `SpecProblem` is thrown as it is (the file
    /// unchanged), any other failure as the reason `path` cannot be opened.
    static func apply(_ spec: AppSpec?, to store: any Store, path: String, thisYear: Int) throws -> [String] {
        do {
            return try spec?.apply(to: store, thisYear: thisYear) ?? []
        } catch {
            throw openError(error, path: path)
        }
    }

    /// A failure while opening `path`, said as why it cannot be opened.
    static func openError(_ error: any Error, path: String) -> any Error {
        StoreOpenError.wrapping(error, path: path)
    }

    /// Where the demo store lives when no FILE is given.
    static func demoPath(environment: [String: String]) -> String {
        DemoStore.defaultPath(environment: environment)
    }

    /// For a dry run's report: starts counting every row the store's writes
    /// touch (cascades and triggers included), when the store can.
    /// At the prompt: a statement that has waited half a second for another
    /// process's lock on a SQLite file says so once on stderr (a server
    /// store's waits are the server's, and Ctrl-C cancels them there).
    static func sayLockWaits(of store: any Store) {
        guard let store = store as? SQLiteStore else { return }
        let seconds = Int(store.lockTimeout.rounded())
        store.onLockWait = {
            StandardStreams.err("navsh: another process holds a lock on the file; waiting up to \(seconds) s (Ctrl-C stops)\n")
        }
    }

    /// `rightAfterFailure` says whether the count leaves out the writes of a
    /// command that failed: SQLite's forgets a savepoint rolled back, a server's does not.
    static func countRowChanges(of store: any Store,
                                server: ServerStoreOpener?) -> (read: () -> RowsTouched?, rightAfterFailure: Bool)? {
        guard let store = store as? SQLiteStore else {
            return server.map { server in ({ server.rowsTouched(store) }, false) }
        }
        let tally = store.countRowChanges()
        return ({
            RowsTouched(tables: tally.counts.map { name, counts in
                RowsTouched.Table(name: name, inserted: counts.inserted, updated: counts.updated, deleted: counts.deleted)
            })
        }, true)
    }

    /// `--install-notify TABLE…` and `--uninstall-notify [TABLE…]`: what
    /// was done, in one line; for a server store only.
    static func notify(_ server: ServerStoreOpener?, _ store: any Store, install: Bool, tables: [String]) throws -> String {
        guard let server else { throw CompanionBinary.Missing(path: nil) }
        return try server.notify(store, install, tables)
    }

    /// `--listen`: a connection of its own LISTENs for the notify triggers'
    /// news and writes a byte to `wakeFD` when some arrives. Returns what
    /// to do then (on the main thread): the line to say, if any, before
    /// the session's own check of what is shown. Keep the listener alive.
    static func listen(_ server: ServerStoreOpener?, to store: any Store,
                       wakeFD: Int32) throws -> (listener: AnyObject, take: () -> String) {
        guard let server else { throw CompanionBinary.Missing(path: nil) }
        return try server.listen(store, wakeFD)
    }
}

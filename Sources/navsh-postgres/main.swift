import Foundation
import NavshCLI
import NavshCore
import NavshPostgres

// navsh's command line with the PostgreSQL store linked in: what `navsh`
// execs for a postgres:// URL or --postgres (it opens SQLite files too).
NavshMain.run(server: ServerStoreOpener(
    target: { url, schema, readsFromStandby, environment in
        let target = try PostgresTarget(url: url, schema: schema, environment: environment)
        return ServerTarget(name: "postgres://\(target)") { try PostgresStore(target: target, readingFromStandby: readsFromStandby) }
    },
    notify: { store, install, tables in
        guard let store = store as? PostgresStore else {
            throw StoreError.unsupported("--install-notify and --uninstall-notify are for PostgreSQL")
        }
        let channel = PostgresStore.notifyChannel
        if install {
            let done = try store.installNotify(on: tables)
            return "notify trigger installed on \(done.joined(separator: ", ")) (channel \(channel))"
        }
        let done = try store.uninstallNotify(from: tables)
        return done.isEmpty ? "no notify trigger to remove" : "notify trigger removed from \(done.joined(separator: ", "))"
    },
    listen: { store, wakeFD in
        guard let store = store as? PostgresStore else { throw StoreError.unsupported("--listen is for PostgreSQL") }
        let listener = try PostgresListener(store: store) {
            var byte: UInt8 = 1
            _ = write(wakeFD, &byte, 1)
        }
        return (listener, { [store, listener] in
            guard listener.take().contains(.reconnected) else { return "" }
            // Notifications sent while it was gone are lost: everything shown is read again.
            store.forgetShownVersions()
            return "listening again after the connection was lost; what is shown was read again\n"
        })
    },
    rowsTouched: { store in try? (store as? PostgresStore)?.rowsWrittenInTransaction() }
))

import NavshCLI
import NavshPostgres

// navsh's command line with the PostgreSQL store linked in: what `navsh`
// execs for a postgres:// URL or --postgres (it opens SQLite files too).
NavshMain.run(server: ServerStoreOpener { url, schema, environment in
    let target = try PostgresTarget(url: url, schema: schema, environment: environment)
    return ServerTarget(name: "postgres://\(target)") { try PostgresStore(target: target) }
})

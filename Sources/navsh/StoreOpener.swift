import NavshCore
import NavshSQLite

/// The one place in the executable that knows store types: the FILE
/// argument chooses the store. Every FILE is a SQLite file today; a
/// `postgres://` URL will open the PostgreSQL store here. Everything past
/// this file (the session, the runners) sees `any Store`.
enum StoreOpener {
    struct Opened {
        let store: any Store
        /// What the app spec added (`table owners`, `column cars.fuel`), to be told.
        let additions: [String]
    }

    /// Opens `path` (the demo store, shown by its own spec, when no FILE and
    /// no spec were given), then has the core apply the app spec: missing
    /// tables and columns it marks `create: true` are made, and collections
    /// are presented as it says. A `SpecProblem` is thrown as it is (the
    /// file unchanged); any other failure as a `StoreOpenError`.
    ///
    /// With `dryRun`, the script's transaction starts at open, before the
    /// spec's additions, so they roll back with everything else.
    static func open(path: String, isDemo: Bool, create: Bool, spec: AppSpec?, dryRun: Bool,
                     thisYear: Int) throws -> Opened {
        let store = isDemo ? try DemoStore.open(at: path, dryRun: dryRun)
            : try SQLiteStore(path: path, create: create, dryRun: dryRun)
        do {
            let additions = try (isDemo ? DemoStore.spec : spec)?.apply(to: store, thisYear: thisYear) ?? []
            return Opened(store: store, additions: additions)
        } catch {
            throw StoreOpenError.wrapping(error, path: path)
        }
    }

    /// Where the demo store lives when no FILE is given.
    static func demoPath(environment: [String: String]) -> String {
        DemoStore.defaultPath(environment: environment)
    }

    /// For a dry run's report: starts counting every row the store's writes
    /// touch (cascades and triggers included), when the store can.
    static func countRowChanges(of store: any Store) -> (() -> (total: Int, summary: String))? {
        guard let store = store as? SQLiteStore else { return nil }
        let tally = store.countRowChanges()
        return { (tally.total, tally.summary) }
    }
}

import NavshCore
import NavshSpec
import NavshSQLite

extension SessionHarness {
    /// A session over a file created from `sql`, presented by the YAML `spec`,
    /// with the clock pinned to 2026-11-22 09:00:00 UTC.
    public convenience init(_ sql: String, spec yaml: String, mode: Session.Mode = .script) throws {
        let spec = try SpecLoader.parse(yaml)
        let database = try TemporaryDatabase(sql)
        let store = try SQLiteStore(path: database.path)
        let additions = try spec.apply(to: store, thisYear: CivilTime.now().year)
        try self.init(database: database, store: store, mode: mode)
        schemaAdditions = additions
        session.configuration.clock = { CivilTime(year: 2026, date: "2026-11-22", dateTime: "2026-11-22 09:00:00") }
    }

    /// A session over a fresh store of `kind` holding `sql`, presented by
    /// the YAML `spec`; `wrapper` as `init(_:_:mode:)` takes it.
    public convenience init(_ kind: StoreKind, _ sql: String, spec yaml: String, mode: Session.Mode = .script,
                            readingThrough wrapper: ((any Store) -> any Store)? = nil) throws {
        let spec = try SpecLoader.parse(yaml)
        var additions: [String] = []
        try self.init(kind, sql, mode: mode, prepare: { additions = try spec.apply(to: $0, thisYear: 2026) }, readingThrough: wrapper)
        schemaAdditions = additions
        session.configuration.clock = { CivilTime(year: 2026, date: "2026-11-22", dateTime: "2026-11-22 09:00:00") }
    }
}

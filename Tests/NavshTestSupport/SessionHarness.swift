import NavshCore
import Testing
import NavshSQLite

/// A session over a real store, fed lines the way a runner feeds them:
/// a SQLite file, or any kind of store (`StoreKind`), whose test body then
/// writes as another process with `elsewhere` and reads with `values`.
public final class SessionHarness {
    public let session: Session
    /// The kind of store, when made by kind; a SQLite file made from SQL has none.
    public let kind: StoreKind?
    private let file: TemporaryDatabase?
    private let sqliteStore: SQLiteStore?
    private let fixture: StoreFixture?

    /// The SQLite file: only for a test that runs on SQLite alone.
    public var database: TemporaryDatabase {
        guard let file else { preconditionFailure("a \(kind?.name ?? "") harness has no SQLite file: use elsewhere and values") }
        return file
    }

    /// The SQLite store: only for a test that runs on SQLite alone.
    public var store: SQLiteStore {
        guard let sqliteStore else { preconditionFailure("a \(kind?.name ?? "") harness has no SQLite store") }
        return sqliteStore
    }
    /// What an app spec added at open (`table owners`, `column cars.fuel`).
    public internal(set) var schemaAdditions: [String] = []
    /// The terminal the session lays out for; a test changes it as a
    /// window resized between commands would.
    public var viewport: Viewport {
        get { terminal.viewport }
        set { terminal.viewport = newValue }
    }
    private let terminal: TerminalSize
    private final class TerminalSize {
        var viewport: Viewport
        init(_ viewport: Viewport) { self.viewport = viewport }
    }

    public convenience init(_ sql: String, mode: Session.Mode = .script, viewport: Viewport = Viewport()) throws {
        let database = try TemporaryDatabase(sql)
        try self.init(database: database, store: try database.store(), mode: mode, viewport: viewport)
    }

    /// `wrapper`, when given, is what the session reads and writes through
    /// instead of `store` itself (a `CountingStore` around it, see `counting`).
    public init(database: TemporaryDatabase, store: SQLiteStore, mode: Session.Mode, viewport: Viewport = Viewport(),
                readingThrough wrapper: (any Store)? = nil) throws {
        file = database
        sqliteStore = store
        kind = nil
        fixture = nil
        let terminal = TerminalSize(viewport)
        self.terminal = terminal
        session = Session(store: wrapper ?? store, mode: mode, viewport: { terminal.viewport })
    }

    /// A session over a fresh store of `kind` holding `sql` (SQLite's words,
    /// said in the store's own: `PostgresTestServer.dialect`).
    /// `prepare` runs on the store before the session opens it (an app
    /// spec applied); `wrapper` is what the session reads and writes through.
    public init(_ kind: StoreKind, _ sql: String, mode: Session.Mode = .script, viewport: Viewport = Viewport(),
                prepare: (any Store) throws -> Void = { _ in }, readingThrough wrapper: ((any Store) -> any Store)? = nil) throws {
        let fixture = try kind.make(sql)
        try prepare(fixture.store)
        self.kind = kind
        self.fixture = fixture
        file = fixture.keepAlive as? TemporaryDatabase
        sqliteStore = fixture.store as? SQLiteStore
        let terminal = TerminalSize(viewport)
        self.terminal = terminal
        session = Session(store: wrapper?(fixture.store) ?? fixture.store, mode: mode, viewport: { terminal.viewport })
    }

    /// The store's collections as the session reads them, on any kind of store.
    public var collections: [CollectionSchema] { (fixture?.store ?? sqliteStore)?.collections ?? [] }

    /// The store's name, first in every breadcrumb: the file's (`test`),
    /// or the PostgreSQL test schema's.
    public var root: String { (fixture?.store ?? sqliteStore)?.displayName ?? "" }

    /// Runs SQL on a second connection and commits it: another process's
    /// write, in SQLite's words on every kind of store.
    public func elsewhere(_ sql: String) throws {
        if let fixture { try fixture.elsewhere(sql) } else { try database.execute(sql) }
    }

    /// Another process's write with foreign keys unchecked, on every kind
    /// of store: for rows whose reference names no row.
    public func elsewhereIgnoringForeignKeys(_ sql: String) throws {
        if let fixture { try fixture.elsewhereIgnoringForeignKeys(sql) } else { try database.executeIgnoringForeignKeys(sql) }
    }

    /// Each row's values as text, in the select list's order, NULL as
    /// `NULL`, read on a second connection.
    public func values(_ sql: String) throws -> [[String]] {
        if let fixture { return try fixture.read(sql) }
        return try database.values(sql)
    }

    /// The first value of each row `sql` reads.
    public func column(_ sql: String) throws -> [String] {
        try values(sql).compactMap(\.first)
    }

    /// Every row of `table` as one line of text, sorted: a fingerprint to
    /// compare before and after a command, on every kind of store.
    public func snapshot(_ table: String) throws -> [String] {
        guard fixture != nil else { return try database.snapshot(table) }
        let quoted = "\"" + table.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        return try values("SELECT * FROM \(quoted)").map { $0.joined(separator: "|") }.sorted()
    }

    /// Runs `body` and checks `table` holds the same rows after it.
    public func expectUnchanged<T>(_ table: String, sourceLocation: SourceLocation = #_sourceLocation,
                                   by body: () throws -> T) throws -> T {
        let before = try snapshot(table)
        let result = try body()
        #expect(try snapshot(table) == before, sourceLocation: sourceLocation)
        return result
    }

    /// The first value of the first row `sql` reads, nil when none.
    public func value(_ sql: String) throws -> String? {
        try values(sql).first?.first
    }

    /// Runs each line and returns the last response, for the caller to
    /// check. The lines before it are set-up: one that fails is recorded as
    /// an issue at the caller's line, never dropped (a test built on a
    /// failed step would check something else than it says).
    @discardableResult
    public func run(_ lines: String..., sourceLocation: SourceLocation = #_sourceLocation) -> Response {
        var last = Response()
        for (i, line) in lines.enumerated() {
            last = session.execute(line)
            if i < lines.count - 1, let error = last.error {
                Issue.record("set-up line '\(line)' failed: \(error.message)", sourceLocation: sourceLocation)
            }
        }
        return last
    }

    /// Runs lines that must all succeed, returning their joined output.
    public func output(_ lines: String...) -> String {
        lines.map { line in
            let response = session.execute(line)
            if let error = response.error { return "UNEXPECTED ERROR on '\(line)': \(error.message)\n" }
            return response.output
        }.joined()
    }
}

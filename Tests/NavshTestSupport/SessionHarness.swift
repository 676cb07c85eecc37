import NavshCore
import Testing
import NavshSQLite

/// A session over a real SQLite file, fed lines the way a runner feeds them.
public final class SessionHarness {
    public let database: TemporaryDatabase
    public let store: SQLiteStore
    public let session: Session
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
        self.database = database
        self.store = store
        let terminal = TerminalSize(viewport)
        self.terminal = terminal
        session = Session(store: wrapper ?? store, mode: mode, viewport: { terminal.viewport })
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

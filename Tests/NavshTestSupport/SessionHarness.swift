import NavshCore
import NavshSQLite

/// A session over a real SQLite file, fed lines the way a runner feeds them.
public final class SessionHarness {
    public let database: TemporaryDatabase
    public let store: SQLiteStore
    public let session: Session

    public convenience init(_ sql: String, mode: Session.Mode = .script, viewport: Viewport = Viewport()) throws {
        let database = try TemporaryDatabase(sql)
        try self.init(database: database, store: try database.store(), mode: mode, viewport: viewport)
    }

    public init(database: TemporaryDatabase, store: SQLiteStore, mode: Session.Mode, viewport: Viewport = Viewport()) throws {
        self.database = database
        self.store = store
        session = Session(store: store, mode: mode, viewport: { viewport })
    }

    /// Runs each line; returns the last response.
    @discardableResult
    public func run(_ lines: String...) -> Response {
        var last = Response()
        for line in lines { last = session.execute(line) }
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

import Foundation
import GRDB
import NavshCore
@testable import NavshPostgres
import NavshSQLite
import Testing

/// One kind of store a test body runs against: how to make a fresh one
/// holding a schema and rows, and a second connection to the same data that
/// stands for another process. The conformance suite and the session suites
/// run their tests on each (`SessionHarness(_:_:)`).
///
/// This file is the only one that knows any store's concrete type; test
/// bodies see `any Store` and `StoreFixture`. A new store (the
/// PostgreSQL one) joins by adding a case to `all` whose `make` creates a
/// fresh database (a schema of its own, say), runs the schema SQL in it and
/// opens the store; the schemas it must accept are listed in `Schemas`.
public struct StoreKind: Sendable, CustomTestStringConvertible {
    public let name: String
    /// Why "nothing changed elsewhere" can be a false alarm on this kind
    /// (nil: it never is). PostgreSQL's change token follows the server's
    /// transaction ids, which every database on the server moves: while
    /// other tests write to the same server, it may say "changed" (the
    /// session then only reads again). It never misses a commit.
    public var falseAlarms: String? = nil
    /// Whether a value longer than its column's declared length
    /// (`varchar(5)`) is refused. SQLite keeps it whole: its types are
    /// affinities, and a length in one is ignored.
    public var checksLengths = false
    /// Whether a number beyond its column's type (`smallint`, `real`) is
    /// refused. SQLite's numbers hold 64 bits whatever the declared type.
    public var checksTypeRanges = false
    /// Whether text may hold a NUL character, or bytes that are not UTF-8.
    /// PostgreSQL's text holds neither.
    public var holdsNUL = true
    public let make: @Sendable (_ schema: String) throws -> StoreFixture

    public var testDescription: String { name }

    /// PostgreSQL joins when the test server runs (`scripts/pg-test-server`),
    /// or when CI requires it, so that without one its cases fail.
    /// SQLite's kinds alone: for a test of what only SQLite has (a rowid).
    public static let sqlite: [StoreKind] = [.sqliteRollback, .sqliteWAL]

    /// PostgreSQL alone, where the test server runs: for what only it has
    /// (table inheritance).
    public static let postgresOnly: [StoreKind] = PostgresTestServer.runsTests ? [.postgres] : []

    public static let all: [StoreKind] = [.sqliteRollback, .sqliteWAL] + (PostgresTestServer.runsTests ? [.postgres] : [])

    /// A schema of its own on the test server for every test, dropped when
    /// the fixture goes. The schema SQL is SQLite's said in PostgreSQL's
    /// words (`PostgresTestServer.dialect`); another process is a second
    /// connection, which also seeded the rows.
    public static let postgres = StoreKind(
        name: "PostgreSQL",
        falseAlarms: "another database's commits on the same server move PostgreSQL's change token",
        checksLengths: true,
        checksTypeRanges: true,
        holdsNUL: false
    ) { schema in
        guard let url = PostgresTestServer.url else {
            throw FixtureError("NAVSH_TEST_POSTGRES_URL is not set, and NAVSH_REQUIRE_POSTGRES=1 requires the server")
        }
        let name = PostgresTestServer.freshSchemaName()
        let other = try PostgresStore(target: PostgresTarget(url: url, environment: [:]))
        try other.execute("CREATE SCHEMA \(name); SET search_path = \(name);\n" + PostgresTestServer.dialect(schema))
        let store = try PostgresStore(target: PostgresTarget(url: url, schema: name, environment: [:]))
        return StoreFixture(store: store, elsewhere: { try other.execute(PostgresTestServer.statements($0)) },
                            read: { try PostgresTestServer.texts(of: $0, on: other) },
                            keepAlive: DroppedSchema(name: name, connection: other, store: store),
                            elsewhereIgnoringForeignKeys: { sql in
            // A replica's role fires no triggers, and PostgreSQL checks foreign keys by trigger.
            try other.execute("SET session_replication_role = replica;\n" + PostgresTestServer.statements(sql)
                              + ";\nSET session_replication_role = DEFAULT")
        })
    }

    /// A SQLite file in rollback-journal mode (`journal_mode=DELETE`):
    /// readers and the writer block each other, and another connection's
    /// commit is seen through the file's change counter.
    public static let sqliteRollback = sqlite(journalMode: "delete")
    /// A SQLite file in WAL mode, as navsh creates new files: readers see a
    /// snapshot, another connection's commit is seen through the WAL index.
    public static let sqliteWAL = sqlite(journalMode: "wal")

    private static func sqlite(journalMode: String) -> StoreKind {
        StoreKind(name: "SQLite \(journalMode == "wal" ? "WAL" : "rollback journal")") { schema in
            let file = try TemporaryDatabase("")
            // Outside a transaction: SQLite refuses to change the journal mode inside one.
            let setup = try DatabaseQueue(path: file.path)
            let mode = try setup.writeWithoutTransaction { db in
                try String.fetchOne(db, sql: "PRAGMA journal_mode = \(journalMode)")
            }
            try setup.close()
            guard mode == journalMode else {
                throw FixtureError("journal_mode is \(mode ?? "unknown"), not \(journalMode)")
            }
            try file.execute(schema)
            // A store opened on an existing file keeps its journal mode; check it did.
            let store = try file.store()
            let reopened = try file.rows("PRAGMA journal_mode").first?["journal_mode"]
            guard reopened == journalMode else {
                throw FixtureError("the opened file's journal_mode is \(reopened ?? "unknown"), not \(journalMode)")
            }
            // TemporaryDatabase.execute opens a separate connection per call: another process.
            return StoreFixture(store: store, elsewhere: { try file.execute($0) }, read: { try file.values($0) },
                                keepAlive: file, elsewhereIgnoringForeignKeys: { try file.executeIgnoringForeignKeys($0) })
        }
    }
}

extension StoreKind {
    /// Runs checks that "nothing changed elsewhere": strict where the kind
    /// has no false alarms; on PostgreSQL a known issue only when it fails
    /// (other tests writing to the shared server at the same moment).
    public func onAQuietServer(_ checks: () throws -> Void) throws {
        guard let falseAlarms else { return try checks() }
        withKnownIssue(Comment(rawValue: falseAlarms), isIntermittent: true) { try checks() }
    }

    /// A fresh store holding `schema`, and its collection `name`: how most
    /// tests begin. A collection the store does not list fails at the
    /// caller's line.
    public func make(_ schema: String, opening name: String,
              sourceLocation: SourceLocation = #_sourceLocation) throws -> (StoreFixture, CollectionSchema) {
        let fixture = try make(schema)
        return (fixture, try fixture.collection(name, sourceLocation: sourceLocation))
    }
}

/// A fresh store and a way to write to its data as another process would.
public struct StoreFixture {
    public let store: any Store
    /// Runs SQL on a second connection and commits it: another process's write.
    public let elsewhere: (_ sql: String) throws -> Void
    /// Reads SQL on the second connection: each row's values as text, in
    /// the select list's order, NULL as `NULL`.
    public let read: (_ sql: String) throws -> [[String]]
    /// Whatever must live as long as the store (the temporary file).
    public let keepAlive: AnyObject
    /// Another process's write with foreign keys unchecked: for rows whose
    /// reference names no row.
    public let elsewhereIgnoringForeignKeys: (_ sql: String) throws -> Void

    /// The collection named `name`, or a failure at the caller's line.
    public func collection(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> CollectionSchema {
        try #require(store.collections.first { $0.name == name }, "no collection \(name)", sourceLocation: sourceLocation)
    }
}

/// Drops a test's schema, and closes its connections, when the fixture goes.
public final class DroppedSchema {
    public let name: String
    let connection: PostgresStore
    let store: PostgresStore

    init(name: String, connection: PostgresStore, store: PostgresStore) {
        self.name = name
        self.connection = connection
        self.store = store
    }

    deinit {
        store.close()
        try? connection.execute("DROP SCHEMA \(name) CASCADE")
        connection.close()
    }
}

public struct FixtureError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

extension PostgresTestServer {
    /// Each row `sql` reads as its values' text, in the select list's
    /// order, NULL as `NULL`: the bridge reads some types in binary, so
    /// each row is turned into JSON and back into text on the server.
    static func texts(of sql: String, on store: PostgresStore) throws -> [[String]] {
        let separator = "\u{1F}"
        let joined = """
            SELECT (SELECT string_agg(coalesce(e.value, 'NULL'), E'\\x1f' ORDER BY e.n)
                    FROM json_each_text(row_to_json(q)) WITH ORDINALITY AS e(key, value, n))
            FROM (\(sql)) AS q
            """
        return try store.rows(joined, Parameters()).map { row in
            (row.first ?? nil).map { $0.components(separatedBy: separator) } ?? []
        }
    }
}

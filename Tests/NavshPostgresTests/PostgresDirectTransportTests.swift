import Foundation
import NavshCore
import NavshPostgres
import NavshTestSupport
import Testing

/// The connection's bytes moved by navsh's own thread (`DirectTransport`):
/// what a socket channel did for postgres-nio, it must do too.
@Suite(.enabled(if: PostgresTestServer.runsTests, "needs NAVSH_TEST_POSTGRES_URL (scripts/pg-test-server)"))
struct PostgresDirectTransportTests {
    /// A result too big for one read arrives in many. After each, the
    /// transport asks for more as a socket channel does (autoRead), and
    /// feeds the next only once that ask got through postgres-nio (NIO's
    /// `read`). Without the ask postgres-nio stops the process with a fatal
    /// error (the transport's first try met it on a page of 3,000 rows).
    @Test func aResultOfManyReadsArrivesWhole() throws {
        let database = try PostgresTestDatabase(schema: "wide", sql: """
            CREATE TABLE notes (id integer PRIMARY KEY, body text NOT NULL);
            INSERT INTO notes SELECT i, repeat('x', 300) || i FROM generate_series(1, 3000) i;
            """)
        let store = try PostgresStore(target: PostgresTarget(url: database.url, schema: "wide", environment: [:]))
        defer { store.close() }
        let session = Session(store: store, mode: .script)
        let folder = NSTemporaryDirectory() + "navsh-direct-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let response = session.execute("export \(folder)/notes.csv --plain")
        #expect(response.error == nil, "\(response.error?.message ?? "")")
        let text = try String(contentsOfFile: folder + "/notes.csv", encoding: .utf8)
        let lines = text.split(whereSeparator: \.isNewline)  // CSV ends its lines in CRLF
        #expect(lines.count == 3_001, "a header and every row")
        #expect(lines.last?.hasSuffix("x3000") == true)
    }

    /// libpq's socket directory (`PGHOST=/dir`): a Unix socket, opened by
    /// the transport itself.
    @Test func aSocketDirectoryOpensAUnixSocket() throws {
        let environment = ProcessInfo.processInfo.environment
        let folder = try #require(environment["NAVSH_TEST_POSTGRES_DIR"], "the test server's folder")
        let server = try #require(PostgresTestServer.url)
        let url = try #require(URLComponents(string: server))
        let port = try #require(url.port), user = try #require(url.user), password = try #require(url.password)
        let target = try PostgresTarget(url: nil, schema: nil, environment: [
            "PGHOST": folder, "PGPORT": String(port), "PGUSER": user, "PGPASSWORD": password, "PGDATABASE": "postgres",
        ])
        let store = try PostgresStore(target: target)
        defer { store.close() }
        let session = Session(store: store, mode: .script)
        let response = session.execute("where")
        #expect(response.error == nil, "\(response.error?.message ?? "")")
    }
}

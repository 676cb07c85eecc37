import Foundation
import NavshTestSupport
import Testing

/// A statement the server stops (`statement_timeout`, set by whoever runs
/// the server): one line saying so, the session goes on, nothing written.
@Suite(.enabled(if: PostgresTestServer.runsTests, "needs NAVSH_TEST_POSTGRES_URL (scripts/pg-test-server)"))
struct PostgresStatementTimeoutTests {
    @Test func aStatementTimeoutIsOneLineAndWritesNothing() throws {
        let database = try PostgresTestDatabase(schema: "shop", sql: """
            CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL, price INTEGER);
            INSERT INTO items (id, name, price) VALUES (1, 'Kettle', 5);
            """)
        // Saves to items wait 5 s in a trigger; the database stops any statement after 300 ms.
        try database.run("""
            CREATE FUNCTION slow() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_sleep(5); RETURN NEW; END $$;
            CREATE TRIGGER slow BEFORE UPDATE ON items FOR EACH ROW EXECUTE FUNCTION slow();
            ALTER DATABASE \(database.name) SET statement_timeout = '300ms';
            """)
        let started = Date()
        let result = try NavshBinary().run(
            [database.url, "--schema", "shop", "--keep-going"],
            stdin: "open items\nopen 1\nset price 6\nsave\nshow\n")
        #expect(Date().timeIntervalSince(started) < 4, "stopped by the server, not waited out")
        #expect(result.status != 0)
        let errors = result.stderr.split(separator: "\n").map(String.init)
        let timeout = errors.filter { $0.contains("statement timeout") }
        #expect(timeout.count == 1, "\(result.stderr)")
        #expect(timeout.first?.contains(":4: error:") == true, "\(result.stderr)")
        #expect(!result.stderr.contains("interrupted"), "nobody pressed Ctrl-C: \(result.stderr)")
        #expect(result.stdout.contains("Kettle"), "the session went on: \(result.stdout)")
        #expect(try database.value("SELECT price FROM items WHERE id = 1") == "5")
    }
}

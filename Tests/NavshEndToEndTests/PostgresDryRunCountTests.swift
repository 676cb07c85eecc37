import Foundation
import NavshTestSupport
import Testing

/// A dry run on PostgreSQL ends with the rows its writes touched, by
/// table, as on SQLite: a trial found the line missing, and the JSON
/// report's counts null. The server counts each write of a row.
@Suite(.enabled(if: PostgresTestServer.runsTests, "needs NAVSH_TEST_POSTGRES_URL (scripts/pg-test-server)"))
struct PostgresDryRunCountTests {
    @Test func aDryRunCountsTheRowsItsWritesTouched() throws {
        let database = try PostgresTestDatabase(schema: "drycount", sql: """
            CREATE TABLE owners (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
            CREATE TABLE cars (id INTEGER PRIMARY KEY, owner_id INTEGER REFERENCES owners ON DELETE CASCADE, plate TEXT);
            INSERT INTO owners VALUES (1, 'Ann'), (2, 'Bob');
            INSERT INTO cars VALUES (10, 1, 'A-1'), (11, 1, 'A-2'), (12, 2, 'B-1');
            """)
        let script = "open cars\nopen #12\nset plate B-9\nsave\ntop\nopen owners\ndelete #1\n"
        let text = try NavshBinary().run([database.url, "--schema", "drycount", "--dry-run", "--quiet"], stdin: script)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.hasSuffix("rows it would have changed, cascades and triggers included: 4 "
            + "(cars: 1 updated, 2 deleted; owners: 1 deleted)\n"), "\(text.stdout)")
        let json = try NavshBinary().run([database.url, "--schema", "drycount", "--dry-run", "--quiet", "--format", "json"],
                                         stdin: script)
        let last = Data((json.stdout.split(separator: "\n").last ?? "").utf8)
        let report = (try JSONSerialization.jsonObject(with: last) as? [String: Any])?["dry_run"] as? [String: Any]
        #expect(report?["rows_changed"] as? Int == 4, "\(json.stdout)")
        #expect(try database.value("SELECT count(*) FROM cars") == "3", "nothing was written")
    }

    /// A trigger's row in another schema is counted by its schema too; a
    /// script with a failed line gets no count, since the server's counts
    /// keep the writes of a savepoint rolled back (an adversary's find).
    @Test func aDryRunCountsOtherSchemasAndNothingAfterAFailure() throws {
        let database = try PostgresTestDatabase(schema: "drylog", sql: """
            CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL, value INTEGER CHECK (value < 100));
            INSERT INTO items VALUES (1, 'a', 1), (2, 'b', 2);
            """)
        try database.run("""
            CREATE SCHEMA drylog_audit; CREATE TABLE drylog_audit.log (what text);
            CREATE FUNCTION logged() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
            INSERT INTO drylog_audit.log VALUES (NEW.name); RETURN NULL; END $$;
            CREATE TRIGGER logged AFTER UPDATE ON items FOR EACH ROW EXECUTE FUNCTION logged();
            CREATE FUNCTION refused() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
            INSERT INTO drylog_audit.log VALUES (OLD.name); RAISE EXCEPTION 'kept'; END $$;
            CREATE TRIGGER refused AFTER DELETE ON items FOR EACH ROW EXECUTE FUNCTION refused();
            """)
        defer { try? database.run("DROP SCHEMA drylog_audit CASCADE") }
        let options = [database.url, "--schema", "drylog", "--dry-run", "--quiet", "--keep-going"]
        let logged = try NavshBinary().run(options, stdin: "open items\nopen #1\nset name z\nsave\n")
        #expect(logged.stdout.hasSuffix("included: 2 (drylog_audit.log: 1 inserted; items: 1 updated)\n"), "\(logged.stdout)")
        // The refused delete's rows stay in the server's counts: no count is given.
        let failed = try NavshBinary().run(options, stdin: "open items\ndelete #2\ntop\nopen items\nopen #1\nset name y\nsave\n")
        #expect(failed.status == 1, "\(failed.stderr)")
        #expect(failed.stdout.contains("update items › y: name a → y"), "\(failed.stdout)")
        #expect(!failed.stdout.contains("rows it would have changed"), "\(failed.stdout)")
    }
}

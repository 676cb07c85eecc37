import Foundation
import NavshTestSupport
import Testing

/// `--timeout SECONDS` stops a script's command that runs too long (a view
/// that never ends), which then fails as any failed command does: one line,
/// nothing written, exit 1.
@Suite struct ScriptTimeoutTests {
    let navsh = NavshBinary()

    @Test func aViewThatNeverEndsIsStoppedAndTheScriptFails() throws {
        let db = try TemporaryDatabase("""
            CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT);
            INSERT INTO t (v) VALUES ('a');
            CREATE VIEW rec AS WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c;
            """)
        let started = Date()
        let result = try navsh.run([db.path, "--timeout", "0.5", "--atomic"],
                                   stdin: "open t\nopen 1\nset v b\nsave\nback\nopen rec\nshow\n")
        #expect(Date().timeIntervalSince(started) < 5, "stopped, not waited out")
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("<stdin>:6: error: test: stopped after 0.5 s (--timeout); nothing was written\n"),
                "\(result.stderr)")
        #expect(try db.rows("SELECT v FROM t")[0]["v"] == "a", "the atomic script's save rolled back")
        // Without --timeout's need, a command well within it runs as ever.
        let quick = try navsh.run([db.path, "--timeout", "30"], stdin: "open t\nopen 1\nset v c\nsave\n")
        #expect(quick.status == 0, "\(quick.stderr)")
        #expect(try db.rows("SELECT v FROM t")[0]["v"] == "c")
    }

    @Test func theTimeoutIsForScriptsAndAboveZero() throws {
        let db = try TemporaryDatabase("CREATE TABLE t (id INTEGER PRIMARY KEY);")
        for bad in ["0", "-1", "nan", "inf"] {
            #expect(try navsh.run([db.path, "--timeout", bad, "-c", "show"]).status == 64, "\(bad)")
        }
        // A timeout too long to count in nanoseconds is a long one, not a crash (it trapped).
        for long in ["18446744074", "1e300"] {
            let result = try navsh.run([db.path, "--timeout", long, "-c", "show"])
            #expect(result.status == 0, "\(long): \(result.stderr)")
        }
    }

    @Test(.enabled(if: PostgresTestServer.runsTests, "needs NAVSH_TEST_POSTGRES_URL (scripts/pg-test-server)"))
    func aSlowServerQueryIsCancelledOnTheServer() throws {
        let database = try PostgresTestDatabase(schema: "shop", sql: "CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT);")
        try database.run("CREATE VIEW slow AS SELECT 1 AS x FROM pg_sleep(30);")
        let started = Date()
        let result = try navsh.run([database.url, "--schema", "shop", "--timeout", "0.5"], stdin: "open slow\n")
        #expect(Date().timeIntervalSince(started) < 10, "stopped, not waited out")
        #expect(result.status == 1)
        #expect(result.stderr.contains(":1: error:") && result.stderr.contains("stopped after 0.5 s (--timeout)"),
                "\(result.stderr)")
    }

    /// In a dry run, the server's transaction a stopped save aborted is no
    /// second error: it said "its COMMIT would be refused" (the trial's find).
    @Test(.enabled(if: PostgresTestServer.runsTests, "needs NAVSH_TEST_POSTGRES_URL (scripts/pg-test-server)"))
    func aDryRunStoppedByTheTimeoutSaysOnlyThat() throws {
        let database = try PostgresTestDatabase(schema: "shop", sql: "CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT);")
        try database.run("""
            INSERT INTO items VALUES (1, 'Kettle');
            CREATE FUNCTION slow() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_sleep(30); RETURN NEW; END $$;
            CREATE TRIGGER slow BEFORE UPDATE ON items FOR EACH ROW EXECUTE FUNCTION slow();
            """)
        let result = try navsh.run([database.url, "--schema", "shop", "--dry-run", "--timeout", "0.5"],
                                   stdin: "open items\nopen 1\nset name Pot\nsave\n")
        #expect(result.status == 1)
        #expect(result.stderr.contains(":4: error:") && result.stderr.contains("stopped after 0.5 s (--timeout)"),
                "\(result.stderr)")
        #expect(!result.stderr.contains("COMMIT"), "\(result.stderr)")
    }
}

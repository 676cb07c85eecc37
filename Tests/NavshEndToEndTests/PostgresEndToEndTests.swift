import Foundation
import NavshTestSupport
import Testing

/// The built binary against the test server (`scripts/pg-test-server`):
/// opening by URL and by libpq's environment, the password kept out of
/// every output, PostgreSQL's types as field kinds, and a connection lost
/// mid-session. Each test has a database of its own.
@Suite(.enabled(if: PostgresTestServer.runsTests, "needs NAVSH_TEST_POSTGRES_URL (scripts/pg-test-server)"))
struct PostgresEndToEndTests {
    static let shop = """
        CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL, price NUMERIC(20, 2) NOT NULL DEFAULT 0);
        INSERT INTO items (id, name, price) VALUES (1, 'Kettle', 19.99), (2, 'Teapot', 123456789012345678.91);
        CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT);
        """

    /// The URL's password, which no output may hold.
    static func password(_ url: String) throws -> String {
        try #require(URLComponents(string: url)?.password, "the test server's URL has a password")
    }

    /// `url` with its user's password replaced.
    static func url(_ url: String, password: String) throws -> String {
        var components = try #require(URLComponents(string: url))
        components.password = password
        return try #require(components.string)
    }

    @Test func aPasswordAppearsInNoOutputOrErrorWhateverFails() throws {
        let database = try PostgresTestDatabase(schema: "shop", sql: Self.shop)
        let secret = try Self.password(database.url)
        let wrong = "wrong-secret-4f1d"
        let runs: [(String, [String], [String: String])] = [
            ("a failing command", [database.url, "--schema", "shop", "-c", "open nosuch"], [:]),
            ("a schema that is not there", [database.url, "--schema", "nosuch", "-c", "show"], [:]),
            ("a wrong password", [try Self.url(database.url, password: wrong), "--schema", "shop", "-c", "show"], [:]),
            ("a refused save", [database.url, "--schema", "shop", "-c", "open items", "-c", "open 1", "-c", "unset name",
                                "-c", "save"], [:]),
            ("--postgres with a wrong PGPASSWORD", ["--postgres", "--schema", "shop", "-c", "show"],
             try Self.environment(database.url, password: wrong)),
        ]
        for (what, arguments, environment) in runs {
            let result = try NavshBinary().run(arguments, environment: environment)
            #expect(result.status != 0, "\(what) fails")
            #expect(!result.stderr.isEmpty, "\(what) says why")
            for text in [result.stdout, result.stderr] {
                #expect(!text.contains(secret) && !text.contains(wrong), "\(what): \(text)")
            }
        }
        let refused = try NavshBinary().run([try Self.url(database.url, password: wrong), "-c", "show"])
        #expect(refused.status == 66)
        #expect(refused.stderr.contains("password authentication failed"), "\(refused.stderr)")
    }

    /// PGHOST, PGPORT, PGUSER, PGDATABASE and PGPASSWORD from the URL's parts.
    static func environment(_ url: String, password: String? = nil) throws -> [String: String] {
        let components = try #require(URLComponents(string: url))
        var environment = [
            "PGHOST": try #require(components.host), "PGPORT": String(try #require(components.port)),
            "PGUSER": try #require(components.user), "PGDATABASE": String(components.path.dropFirst()),
            "PGSSLMODE": "disable",
        ]
        if let password = password ?? components.password { environment["PGPASSWORD"] = password }
        return environment
    }

    @Test func libpqsEnvironmentAndPassFileOpenTheDatabase() throws {
        let database = try PostgresTestDatabase(schema: "shop", sql: Self.shop)
        let byEnvironment = try NavshBinary().run(["--postgres", "--schema", "shop", "-c", "show"],
                                                  environment: try Self.environment(database.url))
        #expect(byEnvironment.status == 0, "\(byEnvironment.stderr)")
        #expect(byEnvironment.stdout.contains("shop (2 collections)"), "\(byEnvironment.stdout)")

        // No PGPASSWORD: ~/.pgpass holds it, read only when no one else may read the file.
        let home = NSTemporaryDirectory() + "navsh-pgpass-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let components = try #require(URLComponents(string: database.url))
        let line = "\(components.host ?? ""):\(components.port ?? 0):*:\(components.user ?? ""):\(try Self.password(database.url))\n"
        try line.write(toFile: home + "/.pgpass", atomically: true, encoding: .utf8)
        var environment = try Self.environment(database.url)
        environment["PGPASSWORD"] = nil
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: home + "/.pgpass")
        let byPassFile = try NavshBinary().run(["--postgres", "--schema", "shop", "-c", "show"], home: home,
                                               environment: environment)
        #expect(byPassFile.status == 0, "\(byPassFile.stderr)")
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: home + "/.pgpass")
        let readable = try NavshBinary().run(["--postgres", "--schema", "shop", "-c", "show"], home: home,
                                             environment: environment)
        #expect(readable.status == 66, "a .pgpass others can read is ignored, as libpq ignores it")
    }

    /// A timestamptz exported in one time zone imports as the same instant
    /// in another, and the two instants of an autumn's repeated hour stay
    /// two: it was exported in the local zone without an offset, and came
    /// back shifted by the zones' difference (the trial's find).
    @Test func aTimestamptzExportImportsAsTheSameInstantInAnyZone() throws {
        let database = try PostgresTestDatabase(schema: "zones", sql: "")
        try database.run("""
            CREATE TABLE events (id integer PRIMARY KEY, name text, at timestamptz);
            CREATE TABLE copy (id integer PRIMARY KEY, name text, at timestamptz);
            INSERT INTO events VALUES (1, 'first 1:30', '2024-11-03 05:30:00+00'), (2, 'second 1:30', '2024-11-03 06:30:00+00');
            """)
        let file = NSTemporaryDirectory() + "navsh-zones-" + UUID().uuidString + ".csv"
        defer { try? FileManager.default.removeItem(atPath: file) }
        let exported = try NavshBinary().run([database.url, "--schema", "zones", "-c", "open events", "-c", "export " + file],
                                             environment: ["TZ": "America/New_York"])
        #expect(exported.status == 0, "\(exported.stderr)")
        let imported = try NavshBinary().run([database.url, "--schema", "zones", "-c", "open copy", "-c", "import " + file],
                                             environment: ["TZ": "Asia/Tokyo"])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try database.value("SELECT string_agg((c.at = e.at)::text, ' ' ORDER BY e.id) FROM events e JOIN copy c USING (id)")
                == "true true")
    }

    /// A table keyed by an identity GENERATED ALWAYS imports its own export
    /// (the server refused the keys given), and `describe` says why its
    /// key and an array are read-only (it blamed an app spec there was none of).
    @Test func anAlwaysIdentityTableImportsItsOwnExport() throws {
        let database = try PostgresTestDatabase(schema: "always", sql: "")
        try database.run("""
            CREATE TABLE orders (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, item text);
            INSERT INTO orders (item) VALUES ('Lamp'), ('Desk');
            CREATE TABLE misc (id integer PRIMARY KEY, tags text[]);
            """)
        let file = NSTemporaryDirectory() + "navsh-always-" + UUID().uuidString + ".csv"
        defer { try? FileManager.default.removeItem(atPath: file) }
        let exported = try NavshBinary().run([database.url, "--schema", "always", "-c", "open orders", "-c", "export " + file])
        #expect(exported.status == 0, "\(exported.stderr)")
        try database.run("DELETE FROM orders")
        let imported = try NavshBinary().run([database.url, "--schema", "always", "-c", "open orders", "-c", "import " + file])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try database.value("SELECT string_agg(id::text || ' ' || item, ', ' ORDER BY id) FROM orders") == "1 Lamp, 2 Desk")
        let described = try NavshBinary().run([database.url, "--schema", "always", "-c", "open orders", "-c", "describe",
                                               "-c", "top", "-c", "open misc", "-c", "describe"])
        #expect(described.stdout.contains("an identity column, assigned by the store"), "\(described.stdout)")
        #expect(described.stdout.contains("text[] values are shown as text and not edited"), "\(described.stdout)")
        #expect(!described.stdout.contains("app spec"), "\(described.stdout)")
    }

    /// `describe` shows a column's CHECK constraints on PostgreSQL too, as
    /// the server writes them (it showed none; the trial's find).
    @Test func describeShowsChecks() throws {
        let database = try PostgresTestDatabase(schema: "checks", sql: "")
        try database.run("CREATE TABLE lines (id integer PRIMARY KEY, qty integer NOT NULL CHECK (qty > 0));")
        let described = try NavshBinary().run([database.url, "--schema", "checks", "-c", "open lines", "-c", "describe qty"])
        #expect(described.status == 0, "\(described.stderr)")
        #expect(described.stdout.contains("check  (qty > 0)"), "\(described.stdout)")
    }

    /// A numeric(12,2) rounds 1234.565 as it stores it: the save says so
    /// (it said "saved", and `changes` had shown 1234.565).
    @Test func aRoundedNumericIsSaidWithTheSave() throws {
        let database = try PostgresTestDatabase(schema: "rounding", sql: "")
        try database.run("CREATE TABLE accounts (id integer PRIMARY KEY, name text, credit numeric(12, 2)); "
                         + "INSERT INTO accounts VALUES (1, 'Bo', 10);")
        let saved = try NavshBinary().run([database.url, "--schema", "rounding", "-c", "open accounts", "-c", "open #1",
                                           "-c", "set credit 1234.565", "-c", "save"])
        #expect(saved.status == 0, "\(saved.stderr)")
        #expect(saved.stdout.contains("saved Bo (credit stored as 1234.57)\n"), "\(saved.stdout)")
    }

    @Test func typesAreFieldKindsExactAndReadOnlyWhereTheyCannotBeEdited() throws {
        let database = try PostgresTestDatabase(schema: "kinds", sql: "")
        try database.run("""
            CREATE TYPE mood AS ENUM ('happy', 'sad');
            CREATE TABLE things (
                id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                name varchar(40) NOT NULL,
                amount numeric(30, 10),
                ratio double precision,
                done boolean,
                due date,
                seen timestamptz,
                feeling mood,
                meta jsonb,
                tags text[],
                photo bytea,
                uid uuid,
                doubled bigint GENERATED ALWAYS AS (length(name) * 2) STORED
            );
            CREATE TABLE notes (id integer PRIMARY KEY, body text);
            INSERT INTO things (name, amount, ratio, done, due, seen, feeling, meta, tags, photo, uid) VALUES
                ('Kite', 12345678901234567890.0123456789, 0.1, true, '2026-11-21', '2026-11-21 10:00:00+00', 'happy',
                 '{"a": [1, 2]}', '{x,y}', '\\x0102', '6f1c1d2e-0000-4000-8000-000000000001');
            """)
        let environment = ["TZ": "Asia/Tokyo"]  // navsh's session is UTC whatever the zone
        let shown = try NavshBinary().run([database.url, "--schema", "kinds", "-c", "open things", "-c", "open 1"],
                                          environment: environment)
        #expect(shown.status == 0, "\(shown.stderr)")
        for line in ["amount  12345678901234567890.0123456789", "ratio  0.1", "seen  2026-11-21 10:00:00+00",
                     "meta  {\"a\": [1, 2]}", "photo  <blob, 2 bytes>  (read-only)", "tags  {x,y}  (read-only)",
                     "id  1  (read-only)", "doubled  8  (read-only)", "uid  6f1c1d2e-0000-4000-8000-000000000001"] {
            #expect(shown.stdout.contains(line), "\(line) in \(shown.stdout)")
        }
        let saved = try NavshBinary().run([database.url, "--schema", "kinds", "-c", "open things", "-c", "open 1",
                                           "-c", "set amount 98765432109876543210.9876543210", "-c", "set feeling sad",
                                           "-c", "set seen 2026-01-02 03:04:05", "-c", "save"], environment: environment)
        #expect(saved.status == 0, "\(saved.stderr)")
        #expect(try database.value("SELECT amount::text || ' ' || feeling || ' ' || (seen AT TIME ZONE 'UTC')::text FROM things")
                == "98765432109876543210.9876543210 sad 2026-01-02 03:04:05")
        for (command, message) in [("set feeling angry", "not one of happy, sad"), ("set meta {oops", "meta: invalid input syntax for type json")] {
            let refused = try NavshBinary().run([database.url, "--schema", "kinds", "-c", "open things", "-c", "open 1",
                                                 "-c", command, "-c", "save"], environment: environment)
            #expect(refused.status != 0)
            #expect(refused.stderr.contains(message), "\(command): \(refused.stderr)")
        }
        #expect(try database.value("SELECT feeling::text || ' ' || meta::text FROM things") == "sad {\"a\": [1, 2]}")
    }

    /// `save!` of a row re-keyed elsewhere finds it by its other values, json
    /// and point among them (types without a plain `=`), and puts nothing
    /// back beside it; `where` compares such a field as its shown text.
    @Test func saveBangDoesNotPutBackARowReKeyedElsewhere() throws {
        let database = try PostgresTestDatabase(schema: "rekey", sql: "")
        try database.run("""
            CREATE TABLE spots (id integer PRIMARY KEY, name text NOT NULL, meta json, at point, ratio real);
            INSERT INTO spots VALUES (1, 'Quay', '{"a":  1}', '(1,2)', 0.1), (2, 'Pier', NULL, NULL, NULL);
            """)
        let found = try NavshBinary().run([database.url, "--schema", "rekey", "-c", "open spots",
                                           "-c", "where meta = {\"a\":  1}", "-c", "count"])
        #expect(found.status == 0, "\(found.stderr)")
        #expect(found.stdout.hasSuffix(": 1 row\n"), "\(found.stdout)")
        let navsh = try Coprocess([database.url, "--schema", "rekey"])
        let shown = navsh.send("open spots\nopen 1\nset name Wharf\nshow", until: "Wharf")
        try #require(shown.contains("Wharf"), "\(shown) \(navsh.readError(until: "\n", seconds: 1))")
        try database.run("UPDATE spots SET id = 101 WHERE id = 1")
        navsh.send("save!")
        #expect(navsh.finish() != 0)
        #expect(navsh.stderrText.contains("Wharf was not put back: #101 holds the values it was shown with"), "\(navsh.stderrText)")
        #expect(try database.value("SELECT string_agg(id || ' ' || name, ',' ORDER BY id) FROM spots") == "2 Pier,101 Quay")
    }

    /// A save refused at COMMIT (a foreign key checked there, INITIALLY
    /// DEFERRED) is an error, and nothing is written: postgres-nio hands out
    /// an UPDATE's rows before its implicit commit, so a one-statement save
    /// was reported done while its commit failed (the trial's find).
    @Test func aSaveRefusedAtCommitIsAnErrorAndWritesNothing() throws {
        let database = try PostgresTestDatabase(schema: "deferred", sql: Fixtures.deferredReference)
        let result = try NavshBinary().run([database.url, "--schema", "deferred", "-c", "open chi", "-c", "open #1",
                                            "-c", "set par_id 42", "-c", "save"])
        #expect(result.status == 1, "\(result.stdout) \(result.stderr)")
        #expect(!result.stdout.contains("saved"), "\(result.stdout)")
        #expect(result.stderr.hasPrefix("-c:4: error: "), "\(result.stderr)")
        #expect(!result.stderr.contains("connection"), "no connection was lost: \(result.stderr)")
        #expect(try database.value("SELECT par_id FROM chi WHERE id = 1") == "1")
    }

    /// A dry run meets the checks PostgreSQL keeps for COMMIT (they are
    /// made immediate before its ROLLBACK): it fails as the real run does.
    /// Without --atomic, after the command whose own COMMIT would refuse
    /// (the real run commits each command); with it, at the script's end.
    /// Either way in plain words naming the field, not the server's text.
    @Test func aDryRunFailsWhereTheRealRunsCommitWould() throws {
        let database = try PostgresTestDatabase(schema: "deferreddry", sql: Fixtures.deferredReference)
        let refusal = "par_id: refused by a FOREIGN KEY constraint (no row in par has id = 42)"
        for options in [["--dry-run"], ["--dry-run", "--atomic"]] {
            let result = try NavshBinary().run([database.url, "--schema", "deferreddry"] + options,
                                               stdin: "open chi\nopen #1\nset par_id 42\nsave\n")
            #expect(result.status == 1, "\(options) \(result.stdout) \(result.stderr)")
            if options.count == 1 {
                #expect(result.stderr.hasPrefix("<stdin>:4: error: "), "\(result.stderr)")
                #expect(result.stderr.hasSuffix(" › chi: dry run: this command's COMMIT would be refused: \(refusal); "
                    + "a real run writes none of it, and the dry run stops here\n"), "\(result.stderr)")
            } else {
                #expect(result.stderr == "<stdin>: dry run: its COMMIT would be refused: \(refusal); nothing was written\n",
                        "\(result.stderr)")
            }
            #expect(try database.value("SELECT par_id FROM chi WHERE id = 1") == "1")
        }
        // Broken by one save and mended by the next: the real run refuses the first at its COMMIT.
        let mended = "open chi\nopen #1\nset par_id 42\nsave\nopen #1\nset par_id 1\nsave\n"
        let dry = try NavshBinary().run([database.url, "--schema", "deferreddry", "--dry-run"], stdin: mended)
        #expect(dry.status == 1 && dry.stderr.hasPrefix("<stdin>:4: error: "), "\(dry.stderr)")
        let atomicDry = try NavshBinary().run([database.url, "--schema", "deferreddry", "--dry-run", "--atomic"], stdin: mended)
        #expect(atomicDry.status == 0, "\(atomicDry.stderr)")
        let real = try NavshBinary().run([database.url, "--schema", "deferreddry"], stdin: mended)
        #expect(real.status == 1 && real.stderr.hasPrefix("<stdin>:4: error: "), "\(real.stderr)")
        // --atomic's COMMIT names the referenced column, not the referring one (the trial's find: "par has par_id").
        let atomic = try NavshBinary().run([database.url, "--schema", "deferreddry", "--atomic"],
                                           stdin: "open chi\nopen #1\nset par_id 42\nsave\n")
        #expect(atomic.status == 1)
        #expect(atomic.stderr.contains("par_id: refused by a FOREIGN KEY constraint (no row in par has id = 42)"),
                "\(atomic.stderr)")
        #expect(try database.value("SELECT par_id FROM chi WHERE id = 1") == "1")
    }

    /// An import's row whose reference names no row is reported at its
    /// line, in a dry run too (it said "would import"; the trial's find),
    /// and named by the referenced column.
    @Test func anImportedRowNamingNoRowIsReportedAtItsLineDryRunOrNot() throws {
        let database = try PostgresTestDatabase(schema: "deferredimport", sql: """
            CREATE TABLE par (id integer PRIMARY KEY);
            INSERT INTO par VALUES (1), (2);
            CREATE TABLE child (id integer PRIMARY KEY, par_id integer REFERENCES par (id) DEFERRABLE INITIALLY DEFERRED,
                                note text);
            """)
        let directory = NSTemporaryDirectory() + "navsh-import-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/bad.csv"
        try "id,par_id,note\n20,1,ok\n21,99,bad\n22,2,ok\n".write(toFile: file, atomically: true, encoding: .utf8)
        for options in [" --dry-run", ""] {
            let result = try NavshBinary().run([database.url, "--schema", "deferredimport", "-c", "open child",
                                                "-c", "import " + file + options])
            #expect(result.status == 1, "\(options) \(result.stdout)")
            #expect(result.stderr.hasSuffix("""
                : import \(file): 1 bad row, nothing was imported
                \(file):3: par_id: no row in par has id = 99 (FOREIGN KEY)

                """), "\(options) \(result.stderr)")
            #expect(try database.value("SELECT count(*) FROM child") == "0")
        }
    }

    /// Ends the server process serving navsh's connection to `database`.
    static func terminate(_ database: PostgresTestDatabase) throws {
        let killed = try database.value("""
            SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
            WHERE datname = current_database() AND application_name = 'navsh' AND pid <> pg_backend_pid()
            """)
        #expect(killed == "1", "one navsh connection ended")
    }

    /// A connection dropped between `set` and `save` (no transaction open):
    /// the save connects again and writes, checked as ever, and the user is
    /// told in one line that the connection was lost and is back.
    @Test func aConnectionDroppedBetweenSetAndSaveIsOpenedAgainAndTheSaveWrites() throws {
        let database = try PostgresTestDatabase(schema: "shop", sql: Self.shop)
        let navsh = try Self.editingKettle(database, then: "show", until: "Whistling kettle")
        try Self.terminate(database)
        let saved = navsh.send("save", until: "saved")
        #expect(saved.hasPrefix("saved"), "\(saved)")
        #expect(navsh.finish() == 0, "\(navsh.stderrText)")
        // Not a frame: on standard error, as a script's other diagnostics.
        #expect(navsh.stderrText == "<stdin>:5: the connection to the server was lost; reconnected\n", "said once: \(navsh.stderrText)")
        #expect(try database.value("SELECT name FROM items WHERE id = 1") == "Whistling kettle")
    }

    /// A lost connection is no frame: `--quiet`, which drops frames, still says it.
    @Test func aLostConnectionIsSaidUnderQuietToo() throws {
        let database = try PostgresTestDatabase(schema: "shop", sql: Self.shop)
        let navsh = try Self.editingKettle(database, ["--quiet"], then: "where", until: "items")
        try Self.terminate(database)
        navsh.send("save")
        let said = navsh.readError(until: "reconnected\n")
        #expect(said == "<stdin>:5: the connection to the server was lost; reconnected\n", "\(said)")
        #expect(navsh.finish() == 0, "\(navsh.stderrText)")
        #expect(try database.value("SELECT name FROM items WHERE id = 1") == "Whistling kettle")
    }

    /// navsh (with `options`) on the shop with row 1 of items open and its
    /// name set to "Whistling kettle", once `last` answered with `marker`:
    /// where the fault tests begin.
    static func editingKettle(_ database: PostgresTestDatabase, _ options: [String] = [], then last: String, until marker: String,
                              sourceLocation: SourceLocation = #_sourceLocation) throws -> Coprocess {
        let navsh = try Coprocess(options + [database.url, "--schema", "shop"])
        let shown = navsh.send("open items\nopen 1\nset name Whistling kettle\n\(last)", until: marker)
        try #require(shown.contains(marker), "\(shown) \(navsh.readError(until: "\n", seconds: 1))", sourceLocation: sourceLocation)
        return navsh
    }

    /// Holds a lock on `row` of items from psql for `seconds`, in the
    /// background; `changing`, by an UPDATE of its price committed at the end.
    static func lock(_ database: PostgresTestDatabase, row: Int, seconds: Int, changing: Bool = false) throws -> Process {
        let psql = Process()
        psql.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let hold = changing ? "UPDATE shop.items SET price = 1 WHERE id = \(row)"
            : "SELECT 1 FROM shop.items WHERE id = \(row) FOR UPDATE"
        psql.arguments = ["psql", "-X", "-q", "-d", database.url, "-c",
                          "BEGIN; \(hold); SELECT pg_sleep(\(seconds)); COMMIT"]
        psql.standardOutput = FileHandle.nullDevice
        try psql.run()
        for _ in 0..<50 {
            if try database.value("SELECT count(*) FROM pg_locks l JOIN pg_stat_activity a USING (pid) "
                                  + "WHERE a.datname = current_database() AND a.application_name = 'psql' "
                                  + "AND l.mode = '\(changing ? "RowExclusiveLock" : "RowShareLock")'") != "0" { return psql }
            Thread.sleep(forTimeInterval: 0.1)
        }
        throw PostgresTestError("psql took no lock")
    }

    /// Waits (up to five seconds) until navsh's statement waits on a row lock.
    static func waitForLockWait(_ database: PostgresTestDatabase) throws {
        for _ in 0..<50 {
            // This database's navsh only: tests run side by side on one server.
            if try database.value("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                                  + "AND application_name = 'navsh' AND wait_event_type = 'Lock'") == "1" { return }
            Thread.sleep(forTimeInterval: 0.1)
        }
        Issue.record("navsh never waited on the lock")
    }

    /// The connection killed while a save waits on the server (on another
    /// session's row lock): checked on a new connection, nothing was
    /// written, so the save runs once more there, waits for the lock as
    /// before, and writes. The user is told once that the connection was lost.
    @Test func aSaveLostWithItsConnectionIsMadeAgainOnANewOne() throws {
        let database = try PostgresTestDatabase(schema: "shop", sql: Self.shop)
        let navsh = try Self.editingKettle(database, then: "show", until: "Whistling kettle")
        let locker = try Self.lock(database, row: 1, seconds: 3)
        navsh.send("save")
        try Self.waitForLockWait(database)
        try Self.terminate(database)
        locker.waitUntilExit()
        #expect(navsh.finish() == 0, "\(navsh.stderrText)")
        #expect(navsh.stderrText == "<stdin>:5: the connection to the server was lost; reconnected\n", "\(navsh.stderrText)")
        #expect(try database.value("SELECT name FROM items WHERE id = 1") == "Whistling kettle")
    }

    /// Under SERIALIZABLE, a save that waited on a row another session then
    /// changed is given up by the server (40001): said as what happened and
    /// what to do, not as "locked by another process" (the trial's find).
    /// Saved again, the name goes in beside the price changed elsewhere.
    @Test func aSerializationFailureIsSaidAsOne() throws {
        let database = try PostgresTestDatabase(schema: "shop", sql: Self.shop)
        try database.run("ALTER DATABASE \(database.name) SET default_transaction_isolation = 'serializable'")
        let navsh = try Self.editingKettle(database, ["--keep-going"], then: "show", until: "Whistling kettle")
        let psql = try Self.lock(database, row: 1, seconds: 3, changing: true)
        navsh.send("save")
        try Self.waitForLockWait(database)
        psql.waitUntilExit()
        let said = navsh.readError(until: "try again\n")
        #expect(said.hasSuffix("a concurrent transaction changed what this one read (serialization failure); "
                               + "nothing changed, try again\n"), "\(said)")
        #expect(!said.contains("locked"), "\(said)")
        #expect(navsh.finish() == 1, "the refused save counts")
        #expect(try database.value("SELECT name || ' ' || price FROM items WHERE id = 1") == "Kettle 1.00")
        // Tried again, the save keeps the price changed elsewhere.
        let again = try Self.editingKettle(database, then: "save", until: "saved Whistling kettle\n")
        #expect(again.finish() == 0)
        #expect(try database.value("SELECT name || ' ' || price FROM items WHERE id = 1") == "Whistling kettle 1.00")
    }

    /// SIGTERM while a script's save waits on the server (here on another
    /// session's row lock): the statement is cancelled there and navsh
    /// stops, nothing written. It waited on for as long as the server
    /// did: ten minutes on a connection gone silent (the trial's find).
    @Test func sigtermStopsASaveWaitingOnTheServer() throws {
        let database = try PostgresTestDatabase(schema: "shop", sql: Self.shop)
        let navsh = try Self.editingKettle(database, then: "show", until: "Whistling kettle")
        let locker = try Self.lock(database, row: 1, seconds: 20)
        defer { locker.terminate() }
        navsh.send("save")
        try Self.waitForLockWait(database)
        let sent = Date()
        navsh.signal(SIGTERM)
        let status = navsh.finish()
        // What this guards against is a wait of the lock's twenty seconds, not a speed.
        #expect(Date().timeIntervalSince(sent) < 10, "stopped while the lock was still held")
        #expect(status == 128 + SIGTERM, "\(navsh.stderrText)")
        #expect(navsh.stderrText.contains("interrupted"), "\(navsh.stderrText)")
        #expect(try database.value("SELECT name FROM items WHERE id = 1") == "Kettle")
    }

    /// A delete (BEGIN, its statements, COMMIT) lost with its connection
    /// before its COMMIT: the server rolled it back, so it runs once more
    /// on a new connection; the row is deleted once and the script goes on.
    @Test func aDeleteLostBeforeItsCommitIsMadeAgainOnANewConnection() throws {
        let database = try PostgresTestDatabase(schema: "shop", sql: Self.shop)
        let navsh = try Coprocess([database.url, "--schema", "shop"])
        let shown = navsh.send("open items\ncount", until: "2 rows")
        try #require(shown.contains("2 rows"), "\(shown)")
        let locker = try Self.lock(database, row: 2, seconds: 3)
        navsh.send("delete #2")
        try Self.waitForLockWait(database)
        try Self.terminate(database)
        locker.waitUntilExit()
        let counted = navsh.send("count", until: "row")
        #expect(navsh.finish() == 0, "\(navsh.stderrText)")
        #expect(navsh.stderrText == "<stdin>:3: the connection to the server was lost; reconnected\n", "\(navsh.stderrText)")
        #expect(try database.value("SELECT string_agg(name, ',' ORDER BY id) FROM items") == "Kettle")
        #expect(counted.contains("1 row"), "\(counted)")
    }

    /// Inside an --atomic script's transaction a dropped connection is the
    /// end, under --keep-going too: the script stops with exit 1 and one
    /// line, and nothing of it was written (the server rolled the
    /// transaction back).
    @Test(arguments: [["--atomic"], ["--atomic", "--keep-going"]])
    func aConnectionKilledMidAtomicScriptExitsOneAndWritesNothing(options: [String]) throws {
        let database = try PostgresTestDatabase(schema: "shop", sql: Self.shop)
        let navsh = try Self.editingKettle(database, options, then: "save", until: "saved")
        try Self.terminate(database)
        navsh.send("open 2\nset name Big teapot\nsave\nopen 1\nshow")
        #expect(navsh.finish() == 1)
        // One line, and no "reconnected": the script's work is over.
        #expect(navsh.stderrText == "<stdin>:5: error: shop › items: the connection to the server was lost;"
                + " the open transaction was rolled back, nothing of it was written\n", "\(navsh.stderrText)")
        #expect(try database.value("SELECT string_agg(name, ',' ORDER BY id) FROM items") == "Kettle,Teapot")
    }
}

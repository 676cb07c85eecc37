import Foundation
import NavshTestSupport
import Testing

/// --dry-run and --atomic: a script tried without writing, or all-or-nothing.
@Suite struct ScriptTransactionTests {
    let navsh = NavshBinary()
    let script = """
        open 1
        set value 150
        save
        new
        set name Sonic screwdriver
        save
        delete 2

        """

    @Test func dryRunWritesNothingAndSaysWhatItWouldHaveDone() throws {
        let db = try TemporaryDatabase(Fixtures.items)
        let result = try db.expectUnchanged("items") {
            try navsh.run([db.path, "--dry-run"], stdin: script)
        }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasSuffix("""
            dry run: nothing was written; the script would have made 3 changes:
              update items › Gort statue: value 120 → 150
              insert items › Sonic screwdriver
              delete items › Rusty spork
            rows it would have changed, cascades and triggers included: 3 (items: 1 inserted, 1 updated, 1 deleted)

            """))
    }

    /// A batch's counts are grouped as every count navsh shows: a trial
    /// read `80000 changes` for a batch of 80,000 rows.
    @Test func aDryRunGroupsTheCountsOfABatch() throws {
        let db = try TemporaryDatabase(Fixtures.numbered(1_200))
        let result = try db.expectUnchanged("things") {
            try navsh.run([db.path, "--dry-run"], stdin: "open things\nopen *\nset name Same\nsave\n")
        }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("the script would have made 1,200 changes:\n"), "\(result.stdout.suffix(300))")
        #expect(result.stdout.hasSuffix("cascades and triggers included: 1,200 (things: 1,200 updated)\n"), "\(result.stdout.suffix(300))")
    }

    /// A batch's rows are worded ten at a time in text and every one in
    /// JSON: a dry run of 100,000 rows printed 100,000 lines.
    @Test func aDryRunWordsTheFirstRowsOfABatch() throws {
        let db = try TemporaryDatabase(Fixtures.numbered(1_200))
        let script = "open things\nopen *\nset name Same\nsave\n"
        let text = try db.expectUnchanged("things") { try navsh.run([db.path, "--dry-run", "--quiet"], stdin: script) }
        #expect(text.status == 0, "\(text.stderr)")
        let worded = text.stdout.split(separator: "\n").filter { $0.hasPrefix("  update things › ") }
        #expect(worded.count == 10, "\(text.stdout.suffix(500))")
        #expect(text.stdout.contains("\n  … and 1,190 more rows of things\nrows it would have changed"), "\(text.stdout.suffix(500))")
        let json = try db.expectUnchanged("things") {
            try navsh.run([db.path, "--dry-run", "--quiet", "--format", "json"], stdin: script)
        }
        let last = json.stdout.split(separator: "\n").last.map(String.init) ?? ""
        let report = (try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])?["dry_run"] as? [String: Any]
        #expect((report?["changes"] as? [String])?.count == 1_200, "\(last.prefix(300))")
    }

    /// What a failed script leaves or rolls back counts a batch's rows, as
    /// a dry run does: a trial read "all 1 of its changes" for 100,000 rows.
    @Test func aFailedScriptCountsTheRowsOfABatch() throws {
        let db = try TemporaryDatabase(Fixtures.numbered(1_200))
        let script = "open things\nopen *\nset name Same\nsave\nopen nothing\n"
        let atomic = try db.expectUnchanged("things") { try navsh.run([db.path, "--atomic"], stdin: script) }
        #expect(atomic.stderr.contains("so all 1,200 of its changes were rolled back"), "\(atomic.stderr)")
        let kept = try navsh.run([db.path], stdin: script)
        #expect(kept.stderr.contains("<stdin>: 1,200 changes before line 5 stay written"), "\(kept.stderr)")
    }

    /// Under `--format json` the report is one JSON object on its own line,
    /// as every other line of output is (it was three lines of text).
    @Test func aDryRunReportsInJSONUnderFormatJSON() throws {
        let db = try TemporaryDatabase(Fixtures.items)
        let result = try db.expectUnchanged("items") {
            try navsh.run([db.path, "--dry-run", "--format", "json", "--quiet"], stdin: "open 1\nset value 150\nsave\n")
        }
        #expect(result.status == 0, "\(result.stderr)")
        let last = result.stdout.split(separator: "\n").last.map(String.init) ?? ""
        let object = try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any]
        let report = object?["dry_run"] as? [String: Any]
        #expect(report?["written"] as? Bool == false, "\(last)")
        #expect(report?["changes"] as? [String] == ["update items › Gort statue: value 120 → 150"], "\(last)")
        #expect(report?["rows_changed"] as? Int == 1, "\(last)")
        // By table as numbers, not a sentence a program would have to parse.
        let items = (report?["rows_by_table"] as? [String: Any])?["items"] as? [String: Int]
        #expect(items == ["inserted": 0, "updated": 1, "deleted": 0], "\(last)")
    }

    /// Under --atomic a failing script writes nothing, and its dry run says
    /// so: it reported the changes made before the failure as the script's.
    @Test func anAtomicDryRunOfAFailingScriptChangesNothing() throws {
        let db = try TemporaryDatabase(Fixtures.items)
        let edits = "open 1\nset value 150\nsave\nopen 2\nset value -1\nsave\n"
        let text = try db.expectUnchanged("items") { try navsh.run([db.path, "--dry-run", "--atomic", "--quiet"], stdin: edits) }
        #expect(text.status == 1)
        #expect(text.stdout.hasPrefix("dry run: nothing was written; the script does not finish cleanly, so under --atomic it "
                                      + "would change nothing (its 1 change would roll back):\n"), "\(text.stdout)")
        let json = try db.expectUnchanged("items") {
            try navsh.run([db.path, "--dry-run", "--atomic", "--quiet", "--format", "json"], stdin: edits)
        }
        let last = json.stdout.split(separator: "\n").last.map(String.init) ?? ""
        let report = (try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])?["dry_run"] as? [String: Any]
        #expect(report?["changes"] as? [String] == [], "\(last)")
        #expect(report?["rows_changed"] as? Int == 0, "\(last)")
        #expect((report?["rolled_back"] as? [String])?.count == 1, "\(last)")
    }

    @Test func dryRunKeepsTheRealExitStatus() throws {
        let db = try TemporaryDatabase(Fixtures.items)
        let result = try db.expectUnchanged("items") {
            try navsh.run([db.path, "--dry-run"], stdin: "open 1\nset value 150\nsave\nopen 99\n")
        }
        #expect(result.status == 1)
        #expect(result.stdout.contains("the script would have made 1 change:\n  update items › Gort statue: value 120 → 150\n"))
    }

    /// A check SQLite keeps for COMMIT (a FOREIGN KEY DEFERRABLE INITIALLY
    /// DEFERRED) refuses a dry run as it refuses the real run, which
    /// --atomic shows: a dry run that ends in ROLLBACK never met it and
    /// said the script would work (the trial's find, on PostgreSQL).
    @Test func aDryRunFailsWhereTheRealRunsCommitWould() throws {
        let db = try TemporaryDatabase(Fixtures.deferredReference)
        let edit = "open chi\nopen #1\nset par_id 42\nsave\n"
        for options in [["--dry-run"], ["--dry-run", "--atomic"]] {
            let dry = try db.expectUnchanged("chi") { try navsh.run([db.path] + options, stdin: edit) }
            #expect(dry.status == 1, "\(options) \(dry.stdout) \(dry.stderr)")
            let refusal = "chi.par_id: refused by a FOREIGN KEY constraint (no row in par has id = 42)"
            #expect(dry.stderr == (options.count == 1
                ? "<stdin>:4: error: test › chi: dry run: this command's COMMIT would be refused: \(refusal); "
                    + "a real run writes none of it, and the dry run stops here\n"
                : "<stdin>: dry run: its COMMIT would be refused: \(refusal); nothing was written\n"), "\(dry.stderr)")
            #expect(!dry.stdout.contains("would have made"), "\(dry.stdout)")
        }
        // The real runs name the reference too (SQLite's own words at COMMIT name nothing; the trial's find).
        let real = try db.expectUnchanged("chi") { try navsh.run([db.path, "--atomic"], stdin: edit) }
        #expect(real.status == 1, "\(real.stderr)")
        #expect(real.stderr.contains("chi.par_id: refused by a FOREIGN KEY constraint (no row in par has id = 42)"),
                "\(real.stderr)")
        let each = try db.expectUnchanged("chi") { try navsh.run([db.path], stdin: edit) }
        #expect(each.status == 1, "\(each.stderr)")
        #expect(each.stderr.contains("chi.par_id: no row in par has id = 42 (FOREIGN KEY); nothing was saved"),
                "\(each.stderr)")
    }

    /// A script whose first save leaves a reference unresolved and whose
    /// second mends it: the real run commits each save on its own, so the
    /// first is refused at its COMMIT; a dry run said the script would
    /// work, having checked only at its end (the trial's find). With
    /// --atomic the real run commits once, at the end, and both pass.
    @Test func aDryRunMeetsEachCommandsCommitUnlessTheScriptIsAtomic() throws {
        let db = try TemporaryDatabase(Fixtures.deferredReference)
        let edits = "open chi\nopen #1\nset name c2\nsave\nopen #1\nset par_id 42\nsave\nopen #1\nset par_id 1\nsave\n"
        let dry = try db.expectUnchanged("chi") { try navsh.run([db.path, "--dry-run", "--keep-going", "--quiet"], stdin: edits) }
        #expect(dry.status == 1, "\(dry.stdout) \(dry.stderr)")
        #expect(dry.stderr.hasPrefix("<stdin>:7: error: test › chi: dry run: this command's COMMIT would be refused: "),
                "\(dry.stderr)")
        #expect(dry.stderr.components(separatedBy: "\n").count == 2, "one error, and it stops there: \(dry.stderr)")
        #expect(dry.stdout == "dry run: nothing was written; the script would have made 1 change:\n"
                + "  update chi › c2: name c1 → c2\n", "the refused save is not reported: \(dry.stdout)")
        let atomicDry = try db.expectUnchanged("chi") { try navsh.run([db.path, "--dry-run", "--atomic", "--quiet"], stdin: edits) }
        #expect(atomicDry.status == 0, "\(atomicDry.stderr)")
        #expect(atomicDry.stdout.contains("the script would have made 3 changes"), "\(atomicDry.stdout)")

        let real = try navsh.run([db.path, "--quiet"], stdin: edits)
        #expect(real.status == 1, "as the dry run said")
        #expect(real.stderr.hasPrefix("<stdin>:7: error: "), "\(real.stderr)")
        #expect(try db.rows("SELECT name, par_id FROM chi")[0] == ["name": "c2", "par_id": "1"])
    }

    /// An --atomic script whose COMMIT is refused says so as every error
    /// is said under --format json: its line, then its object (the
    /// object was missing; the trial's find).
    @Test func anAtomicScriptsRefusedCommitIsAnErrorObjectUnderJSON() throws {
        let db = try TemporaryDatabase(Fixtures.deferredReference)
        let result = try db.expectUnchanged("chi") {
            try navsh.run([db.path, "--atomic", "--format", "json"], stdin: "open chi\nopen #1\nset par_id 42\nsave\n")
        }
        #expect(result.status == 1, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(result.stderr)")
        #expect(lines.first?.hasPrefix("<stdin>: the script's transaction failed, nothing was written: ") == true, "\(lines)")
        #expect(lines.last?.hasPrefix("{\"error\": {\"source\": \"<stdin>\", \"line\": 4, \"frame\": \"test › chi\", "
                                      + "\"message\": \"the script's transaction failed, nothing was written: ") == true, "\(lines)")
    }

    /// A dry run refused at its end (`--dry-run --atomic`, a deferred
    /// reference) says so under --format json as every error is said: its
    /// line, then its object (the object was missing; the second trial's find).
    @Test func aDryRunsRefusalAtItsEndIsAnErrorObjectUnderJSON() throws {
        let db = try TemporaryDatabase(Fixtures.deferredReference)
        let result = try db.expectUnchanged("chi") {
            try navsh.run([db.path, "--dry-run", "--atomic", "--format", "json"], stdin: "open chi\nopen #1\nset par_id 42\nsave\n")
        }
        #expect(result.status == 1, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(result.stderr)")
        #expect(lines.first?.hasPrefix("<stdin>: dry run: its COMMIT would be refused: ") == true, "\(lines)")
        #expect(lines.last?.hasPrefix("{\"error\": {\"source\": \"<stdin>\", \"line\": 4, \"frame\": \"test › chi\", "
                                      + "\"message\": \"dry run: its COMMIT would be refused: ") == true, "\(lines)")
    }

    @Test func atomicCommitsOnceWhenEverythingSucceeds() throws {
        let db = try TemporaryDatabase(Fixtures.items)
        let result = try navsh.run([db.path, "--atomic"], stdin: script)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try db.rows("SELECT value FROM items WHERE id = 1")[0]["value"] == "150")
        #expect(try db.rows("SELECT count(*) AS n FROM items")[0]["n"] == "5")
    }

    @Test func atomicRollsEverythingBackOnAFailure() throws {
        let db = try TemporaryDatabase(Fixtures.items)
        let result = try db.expectUnchanged("items") {
            try navsh.run([db.path, "--atomic"], stdin: script + "open 1\nset value -1\nsave\n")
        }
        #expect(result.status == 1)
        #expect(result.stderr.contains("<stdin>:9: error: items › Gort statue: value: -1 is out of range (at least 0)"))
        #expect(result.stderr.contains("--atomic: the script did not finish cleanly, so all 3 of its changes were rolled back"))
    }

    /// A dry run's report bounds a long value and says its length: whole,
    /// an edit to a 5 MB text printed 5 MB (a trial's find).
    @Test func aDryRunReportBoundsALongValue() throws {
        let db = try TemporaryDatabase("""
            CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, body TEXT);
            INSERT INTO t VALUES (1, 'one', printf('%.*c', 100000, 'x'));
            """)
        let result = try navsh.run([db.path, "--dry-run"], stdin: "open 1\nset body short\nsave\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.utf8.count < 5_000, "\(result.stdout.utf8.count) bytes")
        #expect(result.stdout.contains("… (100,000 characters) → short"), "\(result.stdout.suffix(300))")
    }
}

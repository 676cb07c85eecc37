import Foundation
import NavshTestSupport
import Testing

/// The built `navsh` binary run with scripts: stdout, stderr, exit status and
/// the database afterwards.
@Suite struct ScriptModeTests {
    let navsh = NavshBinary()

    @Test func savedEditsChangeExactlyTheEditedFields() throws {
        let db = try TemporaryDatabase(Fixtures.items)
        let before = try db.snapshot("items")
        let result = try navsh.run([db.path], stdin: "open 1\nset value 150\nset name Gort statue II\nsave\n")
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout.hasSuffix("saved Gort statue II\n"))
        let after = try db.snapshot("items")
        #expect(Array(after.dropFirst()) == Array(before.dropFirst()))
        #expect(try db.rows("SELECT name, value, serial, weight, note, created FROM items WHERE id = 1")[0] == [
            "name": "Gort statue II", "value": "150", "serial": "GS-1951", "weight": "12.5", "note": "none",
            "created": "2026-11-21 10:00:00",
        ])
    }

    /// A script's end closes the file as the sqlite3 CLI does: the last
    /// connection checkpoints the WAL and removes it. navsh exits without
    /// tearing its session down (`Navsh.leave`), so it closes the store
    /// itself first, whether the script passed or failed.
    @Test func aScriptsEndLeavesNoWriteAheadLogBehind() throws {
        let db = try TemporaryDatabase(Fixtures.items)
        #expect(try db.useWriteAheadLog() == "wal")
        for (script, status) in [("open 1\nset value 151\nsave\n", Int32(0)), ("open 1\nset value 152\nsave\nopen 99\n", 1)] {
            let result = try navsh.run([db.path], stdin: script)
            #expect(result.status == status, "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: db.path + "-wal"), "after: \(script)")
        }
        #expect(try db.rows("SELECT value FROM items WHERE id = 1") == [["value": "152"]])
    }

    @Test func cancelLeavesTheRowUntouched() throws {
        let db = try TemporaryDatabase(Fixtures.items)
        let result = try db.expectUnchanged("items") {
            try navsh.run([db.path, "-c", "open 2", "-c", "set value 99", "-c", "cancel"])
        }
        #expect(result.status == 0)
        #expect(result.stdout.hasSuffix("discarded edits in items › Rusty spork (value)\n"))
    }

    @Test func aFailedCommandStopsTheScriptAndNothingIsWritten() throws {
        let db = try TemporaryDatabase(Fixtures.items)
        let script = "# raise a price\nopen 1\nset vlue 150\nset value 150\nsave\n"
        let result = try db.expectUnchanged("items") {
            try navsh.run([db.path], stdin: script)
        }
        #expect(result.status == 1)
        #expect(result.stderr == """
            <stdin>:3: error: items › Gort statue: unknown field 'vlue'; did you mean value?

            """)
        #expect(!result.stdout.contains("saved"))
    }

    /// A failed report changes nothing later lines count on: they run,
    /// also after one that failed to parse (an adversary's `show x` skipped
    /// them). Not after `where COND` at a batch, a filter at a list: the
    /// next adversary's batch saved every row.
    @Test func keepGoingRunsTheRestButStillFails() throws {
        let db = try TemporaryDatabase(Fixtures.items)
        let script = "count x\nopen 1\nshow vlue\nset value 150\nsave\nopen *\nwhere value = 150\nset value 0\nsave\n"
        let result = try navsh.run([db.path, "--keep-going"], stdin: script)
        #expect(result.status == 1)
        let errors = result.stderr.split(separator: "\n").map { $0.split(separator: ": error: ").first.map(String.init) ?? "" }
        #expect(errors == ["<stdin>:1", "<stdin>:3", "<stdin>:7", "<stdin>:8", "<stdin>:9"], "\(result.stderr)")
        #expect(try db.rows("SELECT value FROM items WHERE id = 1")[0]["value"] == "150")
        #expect(try db.rows("SELECT id FROM items WHERE value = 0").isEmpty)
    }

    /// A failed line that later lines count on has them skipped, reports
    /// aside, until a `top` works. A trial's failed `where` had `open *`,
    /// `set` and `save` change every row; a failed `set` had `save` write
    /// the rest of the record.
    @Test func keepGoingSkipsTheLinesAFailureLeftWithoutTheirGround() throws {
        let db = try TemporaryDatabase(Fixtures.items)
        let script = """
            where valu > 100
            open *
            set value 0
            count
            # a comment does nothing, skipped or not
            save
            top
            open 2
            set name Spork
            set value nine
            save
            top
            top!
            open 3
            set value 7
            save

            """
        let before = try db.snapshot("items")
        let result = try navsh.run([db.path, "--keep-going"], stdin: script)
        #expect(result.status == 1)
        let errors = result.stderr.split(separator: "\n").map { $0.split(separator: ": error: ").first.map(String.init) ?? "" }
        #expect(errors == ["<stdin>:1", "<stdin>:2", "<stdin>:3", "<stdin>:6", "<stdin>:10", "<stdin>:11", "<stdin>:12"], "\(result.stderr)")
        #expect(result.stderr.contains("<stdin>:2: error: items: not run: line 1 failed, and this line may count on "
                                       + "what it would have done; --keep-going goes on at the next top"), "\(result.stderr)")
        #expect(result.stdout.contains("discarded edits in items › Spork (name)"), "\(result.stdout)")
        let after = try db.snapshot("items")
        #expect(after.count == before.count)
        #expect(zip(before, after).filter { $0 != $1 }.count == 1, "only row 3 changed")
        #expect(try db.rows("SELECT value FROM items WHERE id = 3")[0]["value"] == "7")
    }

    /// A `quit` ends the script even while lines are skipped: the lines
    /// after it were never meant to run. A failed `import` skips an `undo`
    /// after it, which would take back the save before it (adversaries' finds).
    @Test func keepGoingStopsAtAQuitAndSkipsAnUndoAfterAFailedImport() throws {
        let db = try TemporaryDatabase(Fixtures.items)
        let before = try db.snapshot("items")
        let quitting = try navsh.run([db.path, "--keep-going"], stdin: "sort valu\nquit!\ntop!\ndelete #3\n")
        #expect(quitting.status == 1)
        #expect(quitting.stderr.split(separator: "\n").count == 1, "\(quitting.stderr)")
        #expect(try db.snapshot("items") == before)
        // A `quit` refused over unsaved edits ends the script all the same.
        let refused = try navsh.run([db.path, "--keep-going"], stdin: "open 1\nset value 9\nquit\ntop!\ndelete #3\n")
        #expect(refused.status == 1, "\(refused.stderr)")
        #expect(try db.snapshot("items") == before)
        let script = "open 1\nset value 150\nsave\nimport \(db.directory)/missing.csv --update\nundo\n"
        let undoing = try navsh.run([db.path, "--keep-going"], stdin: script)
        #expect(undoing.status == 1)
        #expect(undoing.stderr.contains("<stdin>:5: error: items: not run: line 4 failed"), "\(undoing.stderr)")
        #expect(try db.rows("SELECT value FROM items WHERE id = 1")[0]["value"] == "150")
    }

    @Test func unsavedEditsAtEndOfInputAreDiscardedWithStatus3() throws {
        let db = try TemporaryDatabase(Fixtures.items)
        let result = try db.expectUnchanged("items") {
            try navsh.run([db.path], stdin: "open 1\nset value 150\n")
        }
        #expect(result.status == 3)
        #expect(result.stderr == "<stdin>: unsaved edits discarded at end of input: items › Gort statue (value)\n")
    }

    @Test func leavingUnsavedWorkInAScriptIsAnError() throws {
        let db = try TemporaryDatabase(Fixtures.items)
        let result = try navsh.run([db.path], stdin: "open 1\nset value 150\nquit\nsave\n")
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("<stdin>:3: error: items › Gort statue: unsaved edits in items › Gort statue (value)"))
        #expect(try db.rows("SELECT value FROM items WHERE id = 1")[0]["value"] == "120")

        let discard = try navsh.run([db.path], stdin: "open 1\nset value 150\nquit!\nsave\n")
        #expect(discard.status == 0)
        #expect(discard.stdout.hasSuffix("discarded edits in items › Gort statue (value)\n"))
        #expect(try db.rows("SELECT value FROM items WHERE id = 1")[0]["value"] == "120")
    }

    @Test func checkAndNotNullRefusals() throws {
        let db = try TemporaryDatabase(Fixtures.items)
        try db.expectUnchanged("items") {
            // A CHECK navsh reads as a range refuses the value when it is typed.
            let check = try navsh.run([db.path, "-c", "open 1", "-c", "set value -5", "-c", "save"])
            #expect(check.status == 1)
            #expect(check.stderr.hasPrefix("-c:2: error: items › Gort statue: value: -5 is out of range (at least 0)\n"))
            let notNull = try navsh.run([db.path, "-c", "new", "-c", "set value 3", "-c", "save"])
            #expect(notNull.status == 1)
            #expect(notNull.stderr.hasPrefix(
                "-c:3: error: items › (new): name is required (NOT NULL); set name VALUE, then save again\n"))
        }
    }

    @Test func quotingAndRestOfLineValues() throws {
        let db = try TemporaryDatabase(Fixtures.items)
        let script = """
            open 1
            set name Gort's   "statue"
            set serial "  padded  "
            set note ''
            save
            open 'Rusty spork'
            set note say \\"hi\\"
            save

            """
        let result = try navsh.run([db.path], stdin: script)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try db.rows("SELECT name, serial, note FROM items WHERE id = 1")[0]
            == ["name": "Gort's   \"statue\"", "serial": "  padded  ", "note": ""])
        #expect(try db.rows("SELECT note FROM items WHERE id = 2")[0]["note"] == "say \\\"hi\\\"")
    }

    @Test func editInAScriptTakesTheNextLineAsTheValue() throws {
        let db = try TemporaryDatabase(Fixtures.items)
        let ok = try navsh.run([db.path], stdin: "open 1\nedit name\nGort's statue, edited\nsave\n")
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(try db.rows("SELECT name FROM items WHERE id = 1")[0]["name"] == "Gort's statue, edited")

        let refused = try navsh.run([db.path], stdin: "open 1\nedit value\nlots\nsave\n")
        #expect(refused.status == 1)
        #expect(refused.stderr.hasPrefix("<stdin>:3: error: items › Gort's statue, edited: value: 'lots' is not a whole number\n"))

        let cut = try navsh.run([db.path], stdin: "open 1\nedit value\n")
        #expect(cut.status == 1)
        // The missing line is the edit's fault: its own line is named, not one past the end.
        #expect(cut.stderr.hasPrefix("<stdin>:2: error: items › Gort's statue, edited: edit value: the script ended before its value line\n"))
    }

    @Test func scriptsDoNotAbbreviate() throws {
        let db = try TemporaryDatabase(Fixtures.items)
        let result = try navsh.run([db.path, "-c", "op 1"])
        #expect(result.status == 1)
        #expect(result.stderr == "-c:1: error: items: unknown command 'op'; scripts take full command names (open)\n")
    }

    @Test func listsAlignCJKAndEmoji() throws {
        let db = try TemporaryDatabase(Fixtures.items)
        let result = try navsh.run([db.path, "-c", "show"])
        #expect(result.stdout == """
            items (5)
                  name          serial   value  weight  bought      note
               1  Gort statue   GS-1951    120    12.5  2026-11-21  none
               2  Rusty spork                2     0.1              none
               3  Hoverboard    HB-2015    950       3  2015-10-21  none
               4  木彫りの熊    KB-0042     45    1.25              none
               5  Lucky cat 🐱  LC-0888     18                      none

            """)
    }

    @Test func scriptFromAFileNamesTheFile() throws {
        let db = try TemporaryDatabase(Fixtures.items)
        let script = db.directory + "/fix.nav"
        try "open 1\n\n# comment\nfrobnicate\n".write(toFile: script, atomically: true, encoding: .utf8)
        let result = try navsh.run([db.path, "-f", script])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("\(script):4: error: unknown command 'frobnicate'"))
    }

    /// A script file is checked whole before it runs: every mistake a look
    /// finds is said at its line, and no line runs, the first save included.
    @Test func aScriptFileWithMistakesRunsNoLine() throws {
        let db = try TemporaryDatabase(Fixtures.items)
        let script = db.directory + "/fix.nav"
        let text = ["open 1", "set value 150", "save", "open 2", "set colour red", "edit name",
                    "this line is the value, not a command", "sav", "back extra", "set name \"unclosed"]
        try text.joined(separator: "\n").write(toFile: script, atomically: true, encoding: .utf8)
        let result = try db.expectUnchanged("items") { try navsh.run([db.path, "-f", script]) }
        #expect(result.status == 1)
        #expect(result.stdout == "")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.map { $0.dropFirst(script.count + 1).prefix { $0 != ":" } } == ["5", "8", "9", "10", " 4 problems found before it ran; nothing was run"],
                "\(result.stderr)")
        #expect(lines.first == "\(script):5: error: set: no table of the store has a field 'colour'")
        // A script without such mistakes runs as ever.
        try "open 1\nset value 150\nsave\n".write(toFile: script, atomically: true, encoding: .utf8)
        #expect(try navsh.run([db.path, "-f", script]).status == 0)
        #expect(try db.rows("SELECT value FROM items WHERE id = 1")[0]["value"] == "150")
    }

    @Test func exitStatusesForUsageAndMissingStores() throws {
        let db = try TemporaryDatabase(Fixtures.items)
        let missing = try navsh.run([db.directory + "/nope.sqlite", "-c", "show"])
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("no such file (use --create to make a new store)"))
        #expect(!FileManager.default.fileExists(atPath: db.directory + "/nope.sqlite"))

        let created = try navsh.run([db.directory + "/new.sqlite", "--create", "-c", "show"])
        #expect(created.status == 0)
        #expect(created.stdout == "new (0 collections)\n  no tables in this store\n")

        #expect(try navsh.run([db.path, "--no-such-flag"]).status == 64)
        #expect(try navsh.run([db.path, "-f", "x", "-c", "show"]).status == 64)
        #expect(try navsh.run([db.path, "-f", db.directory + "/missing.nav"]).status == 66)
        let help = try navsh.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("3    input ended with unsaved edits: discarded, never saved"))
        #expect(help.stdout.contains("129  SIGHUP, 143 SIGTERM: history saved"), "listed from ExitStatus.signalled")
    }

    @Test func hostileLinesGetOneErrorEach() throws {
        let db = try TemporaryDatabase(Fixtures.items)
        let long = "set name " + String(repeating: "x", count: 1_048_576) + "\n"
        let cases: [([UInt8], String)] = [
            (Array("open 1\n".utf8) + [0x73, 0x65, 0x74, 0x20, 0xC3, 0x28, 0x0A] + Array("save\n".utf8),
             "<stdin>:2: error: items › Gort statue: line is not valid UTF-8; nothing was run\n"),
            (Array("open 1\nset name a\u{0}b\nsave\n".utf8),
             "<stdin>:2: error: items › Gort statue: line contains a NUL byte; nothing was run\n"),
            (Array(("open 1\n" + long + "save\n").utf8),
             "<stdin>:2: error: items › Gort statue: line too long (1048585 bytes; the limit is 65536); nothing was run\n"),
            (Array("open 1\nset name \"open\nsave\n".utf8),
             "<stdin>:2: error: items › Gort statue: unterminated double quote; close it with \"\n"),
        ]
        try db.expectUnchanged("items") {
            for (input, expected) in cases {
                let result = try navsh.run([db.path], stdinBytes: input)
                #expect(result.status == 1)
                #expect(result.stderr.hasPrefix(expected))
            }
        }
    }

    @Test func echoPrintsEachCommandAfterItsPrompt() throws {
        let db = try TemporaryDatabase(Fixtures.items)
        let result = try navsh.run([db.path, "--echo", "-c", "open 2", "-c", "set value 3", "-c", "changes", "-c", "cancel!"])
        #expect(result.stdout.contains("items> open 2\n"))
        #expect(result.stdout.contains("items › Rusty spork> set value 3\nitems › Rusty spork*> changes\n  value: 2 → 3\n"))
        #expect(result.status == 1, "cancel! is not a command")
    }

    @Test func demoStoreIsCreatedUnderXDGDataHome() throws {
        let home = NSTemporaryDirectory() + "navsh-home-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: home) }
        let result = try navsh.run(["-c", "show"], home: home)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("Items (8)\n      Name                 Value  Date Created\n   1  Gort statue"))
        #expect(FileManager.default.fileExists(atPath: home + "/data/navsh/demo.sqlite"))
    }

    /// A dry run's messages say what would happen, never that it happened.
    @Test func aDryRunSaysWouldSave() throws {
        let db = try TemporaryDatabase(Fixtures.items)
        let result = try db.expectUnchanged("items") {
            try navsh.run([db.path, "--dry-run", "-c", "open 1", "-c", "set value 150", "-c", "save", "-c", "delete 2"])
        }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("would save Gort statue") && result.stdout.contains("would delete Rusty spork"),
                "\(result.stdout)")
        #expect(!result.stdout.contains("\nsaved ") && !result.stdout.hasPrefix("saved "), "\(result.stdout)")
        // An import in a dry run too.
        let file = db.directory + "/more.csv"
        try "name,value\nOne more,3\n".write(toFile: file, atomically: true, encoding: .utf8)
        let imported = try navsh.run([db.path, "--dry-run", "-c", "import " + file])
        #expect(imported.stdout.hasPrefix("would import 1 row into items"), "\(imported.stdout)")
        // An import that updates: a trial's find, it said "updated".
        try "id,value\n1,151\n".write(toFile: file, atomically: true, encoding: .utf8)
        let updated = try navsh.run([db.path, "--dry-run", "-c", "open items", "-c", "import \(file) --update"])
        #expect(updated.stdout.contains("\nwould update 1 row of items from"), "\(updated.stdout)")
    }

    /// The line after `edit` is its value even when the edit is refused.
    @Test func aRefusedEditsValueLineIsNotCheckedAsACommand() throws {
        let db = try TemporaryDatabase(Fixtures.items)
        let script = db.directory + "/edit.nav"
        try "open 1\nedit nosuch\nsome value, not a command\n".write(toFile: script, atomically: true, encoding: .utf8)
        let result = try navsh.run([db.path, "-f", script])
        #expect(result.stderr.hasPrefix("\(script):2: error: edit: no table of the store has a field 'nosuch'\n"
            + "\(script): 1 problem found before it ran"), "\(result.stderr)")
    }
}

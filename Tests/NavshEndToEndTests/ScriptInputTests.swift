import Foundation
import NavshTestSupport
import Testing

/// Input that must never run what the user did not type, and input that
/// cannot be read (issue 8, items 14, 16, 17 and 21, and SIGPIPE).
@Suite struct ScriptInputTests {
    let navsh = NavshBinary()

    @Test func aNewlineInsideACommandArgumentIsRefusedBeforeAnythingRuns() throws {
        let db = try TemporaryDatabase(Fixtures.items)
        let value = "Spork\ndelete"
        let result = try db.expectUnchanged("items") {
            try navsh.run([db.path, "-c", "open 2", "-c", "set name \(value)", "-c", "save"])
        }
        #expect(result.status == 64)
        #expect(result.stderr.contains("-c takes one command; argument 2 holds a line break"))
    }

    @Test func aFailedEditStillOwnsItsValueLineWithKeepGoing() throws {
        let db = try TemporaryDatabase(Fixtures.items)
        // The value line reads like a command; it must never run as one.
        let result = try db.expectUnchanged("items") {
            try navsh.run([db.path, "--keep-going"], stdin: "open 1\nedit nosuchfield\ndelete\nback\n")
        }
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("<stdin>:2: error: items › Gort statue: unknown field 'nosuchfield'"))
        #expect(!result.stderr.contains(":3:"), "line 3 is the edit's value, not a command")
    }

    @Test func setWithoutAValueIsAnErrorNotAnEmptyString() throws {
        let db = try TemporaryDatabase(Fixtures.items)
        let result = try navsh.run([db.path], stdin: "open 1\nset note\nsave\n")
        #expect(result.status == 1)
        #expect(result.stderr == "<stdin>:2: error: items › Gort statue: set note: missing value; "
            + "usage: set note VALUE; unset note makes it NULL, set note \"\" makes it empty\n")
        #expect(try db.rows("SELECT note FROM items WHERE id = 1")[0]["note"] == "none")
        let empty = try navsh.run([db.path], stdin: "open 1\nset note \"\"\nsave\n")
        #expect(empty.status == 0)
        #expect(try db.rows("SELECT note FROM items WHERE id = 1")[0]["note"] == "")
    }

    @Test func anEmptyValueLineForEditKeepsNull() throws {
        let db = try TemporaryDatabase(Fixtures.items)
        let result = try navsh.run([db.path], stdin: "open 2\nedit bought\n\nsave\n")
        #expect(result.status == 0)
        #expect(result.stdout.contains("bought unchanged\n"))
        #expect(try db.rows("SELECT bought IS NULL AS n FROM items WHERE id = 2")[0]["n"] == "1")
    }

    @Test func aDirectoryAsScriptIsAnErrorNotSuccess() throws {
        let db = try TemporaryDatabase(Fixtures.items)
        let result = try navsh.run([db.path, "-f", db.directory])
        #expect(result.status == 66)
        #expect(result.stderr.contains("\(db.directory):1: error: cannot read the script: Is a directory"))
    }

    @Test func aClosedOutputPipeDoesNotKillTheScript() throws {
        let db = try TemporaryDatabase(Fixtures.numbered(200))
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("navsh-pipe-\(UUID().uuidString).nav")
        defer { try? FileManager.default.removeItem(at: script) }
        var lines = ""
        for _ in 0..<200 { lines += "show\nnext\nprev\n" }
        try (lines + "open 1\nset name Last\nsave\n").write(to: script, atomically: true, encoding: .utf8)
        let (_, errors) = try navsh.shell("\"$NAVSH\" \"$1\" -f \"$2\" | head -1 >/dev/null", home: db.directory,
                                          arguments: [db.path, script.path])
        #expect(errors == "", "no message and no death by SIGPIPE")
        #expect(try db.rows("SELECT name FROM things WHERE id = 1")[0]["name"] == "Last", "the script ran to its end")
    }

    @Test func anEditValueLineWithANulIsRefused() throws {
        let db = try TemporaryDatabase(Fixtures.items)
        let result = try navsh.run([db.path], stdinBytes: Array("open 1\nedit name\nx".utf8) + [0] + Array("y\nsave\n".utf8))
        #expect(result.status == 1)
        #expect(result.stderr.contains("<stdin>:3: error: items › Gort statue: the value line contains a NUL byte"))
        #expect(try db.rows("SELECT name FROM items WHERE id = 1")[0]["name"] == "Gort statue")
    }

    @Test func anEditWithoutItsValueLineIsReportedAtItsOwnLine() throws {
        let db = try TemporaryDatabase(Fixtures.items)
        let result = try navsh.run([db.path, "-c", "open 1", "-c", "edit name"])
        #expect(result.stderr.hasPrefix("-c:2: error: items › Gort statue: edit name: the script ended before its value line"),
                "\(result.stderr)")
    }

    @Test func echoedLinesAreEscaped() throws {
        let db = try TemporaryDatabase(Fixtures.items)
        let result = try navsh.run([db.path, "--echo"], stdin: "# \u{1B}]0;pwned\u{07}\nshow\u{1B}[2J\n")
        #expect(!result.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(result.stdout.debugDescription)")
        #expect(result.stdout.contains("# \\x1B]0;pwned\\x07"))
    }
}

/// Found by an adversary: output that could not be written (a full disk)
/// ended as success, and a missing spec file was a "bad spec" at line 0 in
/// Foundation's words.
@Suite struct OutputAndSpecFileTests {
    @Test func outputThatCannotBeWrittenIsAFailure() throws {
        let db = try TemporaryDatabase(Fixtures.items)
        let (status, errors) = try db.expectUnchanged("items", "nothing runs after the output failed") {
            try NavshBinary().shell(
                "\"$NAVSH\" \"$1\" -c show -c 'open 1' -c 'set value 9' -c save > /dev/full", home: db.directory,
                arguments: [db.path])
        }
        #expect(status == 1)
        #expect(errors == "navsh: cannot write the output: No space left on device\n")
    }

    @Test func aSpecFileThatCannotBeReadCannotBeOpened() throws {
        let db = try TemporaryDatabase(Fixtures.items)
        let result = try NavshBinary().run(["--spec", db.directory + "/nope.yaml", db.path, "-c", "show"])
        #expect(result.status == 66)
        #expect(result.stderr == "navsh: \(db.directory)/nope.yaml: cannot read the spec: No such file or directory\n")
    }
}

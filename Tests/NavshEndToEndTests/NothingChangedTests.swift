import Foundation
import NavshTestSupport
import Testing

/// A command that changes nothing says so in one line (issue 14): a new
/// user who types `revert` on a clean record should not wonder whether it
/// worked. A `--quiet` script prints none of it.
@Suite struct NothingChangedTests {
    let navsh = NavshBinary()
    let commands = ["open 2", "revert", "revert value", "set value 2", "unset serial", "reload", "cancel"]

    @Test func eachCommandThatChangesNothingSaysSo() throws {
        let db = try TemporaryDatabase(Fixtures.items)
        let result = try db.expectUnchanged("items") {
            try navsh.run([db.path] + commands.flatMap { ["-c", $0] })
        }
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let said = result.stdout.split(separator: "\n").filter { $0.hasPrefix("nothing") || $0.contains("nothing changed") }
        #expect(said == [
            "nothing to revert",
            "nothing to revert: value has no unsaved edit",
            "value already holds 2; nothing changed",
            "serial already holds (null); nothing changed",
            "nothing to reload: Rusty spork is as stored",
            "nothing to cancel",
        ])
    }

    @Test func quietScriptsStayQuiet() throws {
        let db = try TemporaryDatabase(Fixtures.items)
        let result = try navsh.run([db.path, "--quiet"] + commands.flatMap { ["-c", $0] })
        #expect(result.status == 0)
        #expect(result.stdout == "")
        #expect(result.stderr == "")
    }

    @Test func aMoveToTheSameRowSaysSoAndWritesNothing() throws {
        let db = try TemporaryDatabase("""
            CREATE TABLE things (id INTEGER PRIMARY KEY, name TEXT, position INTEGER);
            INSERT INTO things (name, position) VALUES ('First', 1), ('Second', 2);
            """)
        let specPath = db.directory + "/app.yaml"
        try "collections:\n  things:\n    move: position\n".write(toFile: specPath, atomically: true, encoding: .utf8)
        let result = try db.expectUnchanged("things") {
            try navsh.run(["--spec", specPath, db.path, "-c", "move 2 2", "-c", "undo"])
        }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasSuffix("nothing to move: Second is row 2 already\nnothing to undo\n"), "\(result.stdout)")
    }
}

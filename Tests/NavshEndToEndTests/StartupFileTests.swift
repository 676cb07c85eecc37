import Foundation
import NavshTestSupport
import Testing

/// The startup file runs at the prompt only (Tests/Interactive/test_prompt_tools.py):
/// a script means the same on every machine, whatever the user's navshrc holds.
@Suite struct StartupFileTests {
    let navsh = NavshBinary()

    @Test func scriptsNeverReadTheStartupFile() throws {
        let db = try TemporaryDatabase(Fixtures.items)
        let config = db.directory + "/config"
        try FileManager.default.createDirectory(atPath: config + "/navsh", withIntermediateDirectories: true)
        try "sort name desc\nopen 1\nset value 999\nsave\n".write(toFile: config + "/navsh/navshrc", atomically: true, encoding: .utf8)
        let environment = ["XDG_CONFIG_HOME": config]
        let plain = try navsh.run([db.path, "-c", "where"])
        let withFile = try navsh.run([db.path, "-c", "where"], environment: environment)
        #expect(withFile.stdout == plain.stdout)
        let piped = try navsh.run([db.path], stdin: "where\n", environment: environment)
        #expect(piped.stdout == plain.stdout && piped.stderr == "")
        #expect(try db.rows("SELECT value FROM items WHERE id = 1")[0]["value"] == "120")
    }
}

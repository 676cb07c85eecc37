import Foundation
import NavshTestSupport
import Testing

/// Lines run as they arrive: another program can drive navsh through pipes.
@Suite struct CoprocessTests {
    @Test func eachLineIsAnsweredBeforeTheNextIsSent() throws {
        let db = try TemporaryDatabase(Fixtures.items)
        let navsh = try Coprocess([db.path])

        #expect(navsh.send("open 3", until: "created").contains("items › Hoverboard"))
        #expect(navsh.send("set value 1000\nchanges", until: "→") == "  value: 950 → 1000\n")
        #expect(try db.rows("SELECT value FROM items WHERE id = 3")[0]["value"] == "950", "not written before save")
        #expect(navsh.send("save", until: "saved") == "saved Hoverboard\n")
        // The save is committed while navsh is still running and waiting for more.
        #expect(try db.rows("SELECT value FROM items WHERE id = 3")[0]["value"] == "1000")
        #expect(navsh.process.isRunning)
        #expect(navsh.finish() == 0)
    }
}

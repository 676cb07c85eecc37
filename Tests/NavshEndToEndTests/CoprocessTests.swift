import Foundation
import Glibc
import NavshTestSupport
import Testing

/// Lines run as they arrive: another program can drive navsh through pipes.
@Suite struct CoprocessTests {
    @Test func eachLineIsAnsweredBeforeTheNextIsSent() throws {
        let db = try TemporaryDatabase(Fixtures.items)
        let (process, input, output) = try NavshBinary().start([db.path])
        defer { if process.isRunning { process.terminate() } }

        /// Sends one line, then reads until `marker` appears (or 10 s pass, so a bug cannot hang the suite).
        func send(_ line: String, until marker: String) -> String {
            input.write(Data((line + "\n").utf8))
            var received = ""
            let deadline = Date().addingTimeInterval(10)
            while !received.contains(marker) && Date() < deadline {
                var descriptor = pollfd(fd: output.fileDescriptor, events: Int16(POLLIN), revents: 0)
                guard poll(&descriptor, 1, 200) > 0 else { continue }
                let chunk = output.availableData
                if chunk.isEmpty { break }
                received += String(decoding: chunk, as: UTF8.self)
            }
            return received
        }

        #expect(send("open 3", until: "created").contains("items › Hoverboard"))
        #expect(send("set value 1000\nchanges", until: "→") == "  value: 950 → 1000\n")
        #expect(try db.rows("SELECT value FROM items WHERE id = 3")[0]["value"] == "950", "not written before save")
        #expect(send("save", until: "saved") == "saved Hoverboard\n")
        // The save is committed while navsh is still running and waiting for more.
        #expect(try db.rows("SELECT value FROM items WHERE id = 3")[0]["value"] == "1000")
        #expect(process.isRunning)
        try input.close()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }
}

import Foundation
import NavshTestSupport
import Testing

/// A script of many saves killed with SIGKILL at random moments leaves a
/// sound database in which every save is whole or absent, in script order.
@Suite struct CrashSafetyTests {
    static let rows = 150

    /// Each save sets two fields of row i to i: a torn save would leave a ≠ b.
    static let script = (1...rows).map { "open \($0)\nset a \($0)\nset b \($0)\nsave\n" }.joined()

    static let schema = "CREATE TABLE ledger (id INTEGER PRIMARY KEY, label TEXT, a INTEGER NOT NULL, b INTEGER NOT NULL);\n"
        + "WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < \(rows)) "
        + "INSERT INTO ledger (label, a, b) SELECT 'row ' || i, 0, 0 FROM c;"

    @Test(arguments: [false, true])
    func killedScriptsLeaveWholeSavesInOrder(wal: Bool) throws {
        var random = SeededRandom(seed: wal ? 7 : 11)
        var applied: [Int] = []
        for _ in 0..<12 {
            // The mode set apart from the schema: inside its transaction SQLite ignores it.
            let db = try TemporaryDatabase(Self.schema)
            if wal { #expect(try db.useWriteAheadLog() == "wal") }
            let navsh = try Coprocess([db.path])
            navsh.send(Self.script.trimmingCharacters(in: .newlines))
            usleep(UInt32(random.next(upTo: 250_000)))
            navsh.signal(SIGKILL)
            navsh.process.waitUntilExit()
            #expect(navsh.process.terminationReason == .uncaughtSignal || navsh.process.terminationStatus == 0)

            #expect(try db.rows("PRAGMA integrity_check") == [["integrity_check": "ok"]])
            let rows = try db.rows("SELECT id, a, b FROM ledger ORDER BY id")
            let torn = rows.filter { $0["a"] != $0["b"] }
            #expect(torn.isEmpty, "torn saves: \(torn)")
            let saved = rows.filter { $0["a"] != "0" }.map { Int($0["id"]!)! }
            #expect(saved == Array(1..<(saved.count + 1)), "saves applied out of script order: \(saved)")
            #expect(rows.allSatisfy { $0["a"] == "0" || $0["a"] == $0["id"] })
            applied.append(saved.count)
        }
        // The kills landed at different points: some before, some during the run.
        #expect(Set(applied).count > 3, "kill points: \(applied)")
    }
}

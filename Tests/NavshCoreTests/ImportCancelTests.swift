import Foundation
import NavshTestSupport
import Testing

/// Ctrl-C (and SIGTERM, which the prompt wires to the same question) stops
/// a long import between rows: the adversary found both ignored until the
/// last of two million rows was checked.
@Suite struct ImportCancelTests {
    /// On SQLite alone, in both journal modes: PostgreSQL's bridge asks
    /// before each statement it sends, so there the import stops at its
    /// BEGIN, before its own question.
    @Test(arguments: StoreKind.sqlite)
    func aCancelledImportStopsAndWritesNothing(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.numbered(3))
        let file = h.database.directory + "/many.csv"
        try ("name\n" + (1...5_000).map { "Imported \($0)\n" }.joined()).write(toFile: file, atomically: true, encoding: .utf8)
        var asked = 0
        h.store.isCancelled = {
            asked += 1
            return true
        }
        let result = try h.database.expectUnchanged("things") { h.run("import " + file) }
        #expect(result.error?.message.contains("interrupted") == true, "\(result.error?.message ?? "no error")")
        #expect(asked == 1, "stopped at the first question, after 1,000 rows checked")
    }
}

import Foundation
import NavshTestSupport
import Testing

/// Numbers at the ends of what Int64 and Double hold, from the file or the
/// spec, are shown or refused with a message: never a crash (issue 8, item 5).
@Suite struct SpecNumberLimitTests {
    let navsh = NavshBinary()

    /// Runs navsh over `sql` with `spec` written next to the file.
    func run(_ sql: String, spec: String, _ commands: [String]) throws -> NavshBinary.Result {
        let db = try TemporaryDatabase(sql)
        let specPath = db.directory + "/app.yaml"
        try spec.write(toFile: specPath, atomically: true, encoding: .utf8)
        return try navsh.run(["--spec", specPath, db.path] + commands.flatMap { ["-c", $0] })
    }

    @Test func hugeValuesUnderDecimalAndMoneyFormats() throws {
        let result = try run("""
            CREATE TABLE cars (id INTEGER PRIMARY KEY, make TEXT, fuel, value);
            INSERT INTO cars (make, fuel, value) VALUES ('a', 1e17, 1e17), ('b', 1e20, -1e300), ('c', 12.345, 0.5),
                ('d', 9223372036854775807, -9223372036854775808);
            """, spec: """
            collections:
              cars:
                row: "{make} {value:$}"
                detail: "{fuel:0.2}"
                fields:
                  fuel: { type: real, format: 0.2 }
            """, ["show", "open 1", "back", "open 2"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        // Column widths follow the longest cell; compare with single spaces.
        let shown = result.stdout.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        #expect(shown.contains("1 a $100,000,000,000,000,000 100000000000000000.00"), "\(result.stdout)")
        #expect(shown.contains("2 b -1e+300 1e+20"), "\(result.stdout)")
        #expect(shown.contains("3 c $0.50 12.35"))
        #expect(shown.contains("4 d -$9,223,372,036,854,775,808 9223372036854775807.00"), "\(result.stdout)")
        #expect(shown.contains("fuel 1e+20"))
    }

    @Test func aHugeRangeBoundInTheOutOfRangeMessage() throws {
        let result = try run("CREATE TABLE t (id INTEGER PRIMARY KEY, n INTEGER); INSERT INTO t (n) VALUES (1);",
                             spec: "collections:\n  t:\n    fields:\n      n: { type: integer, min: 1e300, max: 1e301 }\n",
                             ["open 1", "set n 5"])
        #expect(result.status == 1)
        #expect(result.stderr.hasSuffix("error: t › #1 · 1: n: 5 is out of range (1e+300 to 1e+301)\n"), "\(result.stderr)")
    }

    @Test func newAtTheEndOfInt64InAManualOrder() throws {
        let sql = "CREATE TABLE todo (id INTEGER PRIMARY KEY, name TEXT, pos INTEGER);"
            + "INSERT INTO todo (name, pos) VALUES ('a', -9223372036854775808), ('b', 9223372036854775807);"
        let top = try run(sql, spec: "collections:\n  todo:\n    new: top\n    move: pos\n", ["new"])
        #expect(top.status == 1)
        #expect(top.stderr.hasSuffix(
            "error: todo: new: pos is already -9223372036854775808, so no number is left before it; move 1 1 renumbers the order 1, 2, 3…\n"),
            "\(top.stderr)")
        let bottom = try run(sql, spec: "collections:\n  todo:\n    move: pos\n", ["new"])
        #expect(bottom.status == 1)
        #expect(bottom.stderr.contains("pos is already 9223372036854775807, so no number is left after it"))
        let renumbered = try run(sql, spec: "collections:\n  todo:\n    new: top\n    move: pos\n",
                                 ["move 1 1", "new", "set name c", "save", "show"])
        #expect(renumbered.status == 0, "\(renumbered.stderr)")
        #expect(renumbered.stdout.hasSuffix("todo (3)\n      name  pos\n   1  c       0\n   2  a       1\n   3  b       2\n"), "\(renumbered.stdout)")
    }
}

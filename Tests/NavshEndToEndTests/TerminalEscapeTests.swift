import Foundation
import NavshTestSupport
import Testing

/// Issue 8, item 18: escape sequences hidden in the schema (table and
/// column names, trigger messages) never reach the terminal raw: in lists,
/// record frames, `changes`, questions, errors and the dry-run report.
@Suite struct TerminalEscapeTests {
    static let esc = "\u{1B}"
    static let bel = "\u{07}"
    static let table = "t\(esc)[31mred"
    static let column = "n\(esc)[2Jote\(bel)"
    static let schema = """
        CREATE TABLE "\(table)" (id INTEGER PRIMARY KEY, name TEXT, "\(column)" TEXT);
        CREATE TABLE plain (id INTEGER PRIMARY KEY, name TEXT);
        INSERT INTO "\(table)" (name, "\(column)") VALUES ('one', 'x');
        CREATE TRIGGER nope BEFORE UPDATE OF name ON "\(table)" WHEN NEW.name = 'boom'
        BEGIN SELECT RAISE(ABORT, 'refused\(esc)]0;pwned\(bel)'); END;
        """

    func expectClean(_ text: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(what): \(text.debugDescription)",
                sourceLocation: sourceLocation)
    }

    @Test func namesAndTriggerMessagesAreEscapedEverywhere() throws {
        let db = try TemporaryDatabase(Self.schema)
        let script = ["show", "open 1", "open 1", "set \(Self.column) y", "changes", "where", "set name boom", "save"]
        let result = try NavshBinary().run([db.path, "--keep-going"], stdin: script.joined(separator: "\n") + "\n")
        expectClean(result.stdout, "stdout")
        expectClean(result.stderr, "stderr")
        #expect(result.stdout.contains("t\\x1B[31mred"))
        #expect(result.stdout.contains("n\\x1B[2Jote\\x07: x → y"))
        #expect(result.stderr.contains("refused\\x1B]0;pwned\\x07"))
        #expect(result.stderr.contains("refused by a trigger: refused"), "a RAISE is a trigger's, not a constraint's")
    }

    @Test func theDryRunReportIsEscaped() throws {
        let db = try TemporaryDatabase(Self.schema)
        let result = try NavshBinary().run([db.path, "--dry-run"], stdin: "open 1\nopen 1\nset \(Self.column) y\nsave\n")
        #expect(result.status == 0)
        expectClean(result.stdout, "stdout")
        #expect(result.stdout.contains("n\\x1B[2Jote\\x07 x → y"))
    }

    /// Found in the last real-use trial: names were measured before they
    /// were escaped, so labels were cut and columns pushed out of line; and
    /// a name shown escaped could not be typed back.
    @Test func escapedNamesLineUpAndCanBeTypedAsShown() throws {
        let db = try TemporaryDatabase(Self.schema)
        let script = "show\nopen 1\nopen 1\nset 'n\\x1B[2Jote\\x07' typed\nsave\n"
        let result = try NavshBinary().run([db.path], stdin: script)
        #expect(result.status == 0, "\(result.stderr)")
        let collections = result.stdout.split(separator: "\n").filter { $0.hasSuffix(" rows") || $0.hasSuffix(" row") }
        #expect(collections.count == 2)
        #expect(Set(collections.map(\.count)).count == 1, "the right-aligned counts line up: \(collections)")
        #expect(result.stdout.contains("n\\x1B[2Jote\\x07  x\n"), "the label is whole: \(result.stdout)")
        #expect(try db.rows("SELECT \"\(Self.column)\" AS v FROM \"\(Self.table)\"")[0]["v"] == "typed")
    }
}

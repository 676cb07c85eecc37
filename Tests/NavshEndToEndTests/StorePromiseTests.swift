import Foundation
import NavshTestSupport
import Testing

/// Promises of the SQLite layer seen through the built binary: no crash on
/// any stored value, and reports that match what the file holds.
@Suite struct StorePromiseTests {
    let navsh = NavshBinary()

    /// `INTEGER PRIMARY KEY DESC` is not a rowid alias: its column may hold NULL or text.
    static let descendingKey = """
        CREATE TABLE t (id INTEGER PRIMARY KEY DESC, name TEXT);
        INSERT INTO t VALUES (NULL, 'no id'), ('x', 'text id'), (5, 'five');
        """

    @Test func aDescendingIntegerKeyHoldingNullOrTextShowsEveryRow() throws {
        let db = try TemporaryDatabase(Self.descendingKey)
        for row in 1...3 {
            let result = try navsh.run([db.path, "-c", "open \(row)", "-c", "show"])
            #expect(result.status == 0, "open \(row): \(result.stderr)")
        }
        let list = try navsh.run([db.path, "-c", "show"])
        #expect(list.status == 0)
        #expect(list.stdout.contains("no id") && list.stdout.contains("text id"))
    }

    @Test func aDescendingIntegerKeyTakesNewRows() throws {
        let db = try TemporaryDatabase(Self.descendingKey)
        let result = try navsh.run([db.path, "-c", "new", "-c", "set name added", "-c", "save"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try db.rows("SELECT count(*) AS n FROM t WHERE name = 'added'") == [["n": "1"]])
    }
}

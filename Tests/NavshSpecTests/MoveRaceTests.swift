import NavshCore
import NavshSpec
import NavshSQLite
import NavshTestSupport
import Testing

/// `move N M` while another process deletes rows: it used to crash with
/// "Index out of range" (issue 8, item 6). Now it moves the row shown as N,
/// or refuses, and never writes a position for a row that is gone.
@Suite struct MoveRaceTests {
    static let todo = "CREATE TABLE todo (id INTEGER PRIMARY KEY, name TEXT, pos INTEGER);"
        + "INSERT INTO todo (name, pos) VALUES ('a', 1), ('b', 2), ('c', 3), ('d', 4);"
    static let spec = "collections:\n  todo:\n    move: pos\n"

    func order(_ h: SessionHarness) throws -> [String] {
        try h.database.rows("SELECT name FROM todo ORDER BY pos").compactMap { $0["name"] }
    }

    @Test func moveAfterADeleteElsewhereIsRefusedUntilShown() throws {
        let h = try SessionHarness(Self.todo, spec: Self.spec)
        h.run("show")
        try h.database.execute("DELETE FROM todo WHERE name IN ('a', 'b')")
        #expect(h.run("move 4 1").error?.message
            == "move: the list changed elsewhere since shown; nothing was moved (show, then move again)")
        #expect(try order(h) == ["c", "d"])
        h.run("show")
        #expect(h.output("move 2 1") == "moved d from row 2 to row 1\n")
        #expect(try order(h) == ["d", "c"])
    }

    @Test func aDeleteElsewhereBetweenCountAndMoveDoesNotCrash() throws {
        let spec = try SpecLoader.parse(Self.spec)
        let database = try TemporaryDatabase(Self.todo)
        let store = CountingStore(try database.store())
        _ = try spec.apply(to: store, thisYear: CivilTime.now().year)
        let session = Session(store: store, mode: .script)
        // The other process deletes three rows after navsh counted four.
        store.beforeReadingIDs = { try database.execute("DELETE FROM todo WHERE name IN ('b', 'c', 'd')") }
        let response = session.execute("move 4 1")
        #expect(response.error?.message == "move: row 4 was deleted elsewhere; nothing was moved (show lists the rows now)")
        store.beforeReadingIDs = nil
        #expect(try database.rows("SELECT name, pos FROM todo") == [["name": "a", "pos": "1"]])
    }

    /// Found by a new user: any change elsewhere refused a move, even one
    /// that left every row where it was shown.
    @Test func aValueChangedElsewhereDoesNotStopAMove() throws {
        let h = try SessionHarness(Self.todo, spec: Self.spec)
        h.run("show")
        try h.database.execute("UPDATE todo SET name = 'B' WHERE name = 'b'")
        #expect(h.output("move 4 1") == "moved d from row 4 to row 1\n")
        #expect(try order(h) == ["d", "a", "B", "c"])
    }

    /// Found by a second adversary round: a UNIQUE position column refused
    /// every move (two rows briefly held one number).
    @Test func aUniquePositionColumnCanBeReordered() throws {
        let h = try SessionHarness("CREATE TABLE todo (id INTEGER PRIMARY KEY, name TEXT, pos INTEGER UNIQUE);"
            + "INSERT INTO todo (name, pos) VALUES ('a', 1), ('b', 2), ('c', 3), ('d', -4);", spec: Self.spec)
        h.run("show")
        #expect(h.output("move 4 1") == "moved c from row 4 to row 1\n")
        #expect(try order(h) == ["c", "d", "a", "b"])
        #expect(try h.database.rows("SELECT min(pos) AS lo, max(pos) AS hi FROM todo") == [["lo": "1", "hi": "4"]])
    }

    /// Found by the trial of the reshaped core: after this session's own
    /// insert at the top, `move 1 2` moved the row shown as 1 to where it
    /// already was, renumbering every row, and said it had moved.
    @Test func moveAfterAnOwnInsertIsRefusedUntilShown() throws {
        let spec = "collections:\n  todo:\n    move: pos\n    new: top\n"
        let h = try SessionHarness(Self.todo, spec: spec)
        h.run("show", "new", "set name z", "save")
        #expect(h.run("move 1 2").error?.message == "move: the list changed since shown; nothing was moved (show, then move again)")
        #expect(try order(h) == ["z", "a", "b", "c", "d"])
        h.run("show")
        #expect(h.output("move 2 3") == "moved a from row 2 to row 3\n")
        #expect(try order(h) == ["z", "b", "a", "c", "d"])
    }
}

import NavshCore
import NavshTestSupport
import Testing

/// `move N M` while another process deletes rows: it used to crash with
/// "Index out of range". Now it moves the row shown as N,
/// or refuses, and never writes a position for a row that is gone.
@Suite struct MoveRaceTests {
    static let todo = "CREATE TABLE todo (id INTEGER PRIMARY KEY, name TEXT, pos INTEGER);"
        + "INSERT INTO todo (name, pos) VALUES ('a', 1), ('b', 2), ('c', 3), ('d', 4);"
    static let spec = "collections:\n  todo:\n    move: pos\n"

    func order(_ h: SessionHarness) throws -> [String] {
        try h.column("SELECT name FROM todo ORDER BY pos")
    }

    @Test(arguments: StoreKind.all)
    func moveAfterADeleteElsewhereIsRefusedUntilShown(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.todo, spec: Self.spec)
        h.run("show")
        try h.elsewhere("DELETE FROM todo WHERE name IN ('a', 'b')")
        #expect(h.run("move 4 1").error?.message
            == "move: the list changed elsewhere since shown; nothing was moved (show, then move again)")
        #expect(try order(h) == ["c", "d"])
        h.run("show")
        #expect(h.output("move 2 1") == "moved d from row 2 to row 1\n")
        #expect(try order(h) == ["d", "c"])
    }

    @Test(arguments: StoreKind.all)
    func aDeleteElsewhereBetweenCountAndMoveDoesNotCrash(kind: StoreKind) throws {
        var counting: CountingStore?
        let h = try SessionHarness(kind, Self.todo, spec: Self.spec, readingThrough: { store in
            let wrapped = CountingStore(store)
            counting = wrapped
            return wrapped
        })
        // The other process deletes three rows after navsh counted four.
        counting?.beforeReadingIDs = { try h.elsewhere("DELETE FROM todo WHERE name IN ('b', 'c', 'd')") }
        let response = h.run("move 4 1")
        #expect(response.error?.message == "move: row 4 was deleted elsewhere; nothing was moved (show lists the rows now)")
        counting?.beforeReadingIDs = nil
        #expect(try h.values("SELECT name, pos FROM todo") == [["a", "1"]])
    }

    /// Found by a new user: any change elsewhere refused a move, even one
    /// that left every row where it was shown.
    @Test(arguments: StoreKind.all)
    func aValueChangedElsewhereDoesNotStopAMove(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.todo, spec: Self.spec)
        h.run("show")
        try h.elsewhere("UPDATE todo SET name = 'B' WHERE name = 'b'")
        #expect(h.output("move 4 1") == "moved d from row 4 to row 1\n")
        #expect(try order(h) == ["d", "a", "B", "c"])
    }

    /// Found by a second adversary round: a UNIQUE position column refused
    /// every move (two rows briefly held one number).
    @Test(arguments: StoreKind.all)
    func aUniquePositionColumnCanBeReordered(kind: StoreKind) throws {
        let h = try SessionHarness(kind, "CREATE TABLE todo (id INTEGER PRIMARY KEY, name TEXT, pos INTEGER UNIQUE);"
            + "INSERT INTO todo (name, pos) VALUES ('a', 1), ('b', 2), ('c', 3), ('d', -4);", spec: Self.spec)
        h.run("show")
        #expect(h.output("move 1 3") == "moved d from row 1 to row 3\n")
        #expect(try order(h) == ["a", "b", "d", "c"])
        #expect(try h.values("SELECT min(pos) AS lo, max(pos) AS hi FROM todo") == [["1", "4"]], "d took c's 3")
    }

    /// Found by the trial of the reshaped core: after this session's own
    /// insert at the top, `move 1 2` moved the row shown as 1 to where it
    /// already was, renumbering every row, and said it had moved.
    @Test(arguments: StoreKind.all)
    func moveAfterAnOwnInsertIsRefusedUntilShown(kind: StoreKind) throws {
        let spec = "collections:\n  todo:\n    move: pos\n    new: top\n"
        let h = try SessionHarness(kind, Self.todo, spec: spec)
        h.run("show", "new", "set name z", "save")
        // On a shared server another test's commit may add "elsewhere".
        let refusal = try #require(h.run("move 1 2").error?.message)
        #expect(refusal.hasPrefix("move: the list changed") && refusal.hasSuffix("since shown; nothing was moved (show, then move again)"))
        #expect(try order(h) == ["z", "a", "b", "c", "d"])
        h.run("show")
        #expect(h.output("move 2 3") == "moved a from row 2 to row 3\n")
        #expect(try order(h) == ["z", "b", "a", "c", "d"])
    }

    func positions(_ h: SessionHarness) throws -> [String] {
        try h.values("SELECT name, pos FROM todo ORDER BY pos, id").map { $0.joined(separator: ":") }
    }

    /// Found by the trial of the reshaped core: undo of a move renumbered
    /// the rows 1, 2, 3… instead of putting back the positions they had,
    /// so gaps were lost and an earlier insert could no longer be undone.
    @Test(arguments: StoreKind.all)
    func undoingAMovePutsBackTheVeryPositions(kind: StoreKind) throws {
        let gaps = "CREATE TABLE todo (id INTEGER PRIMARY KEY, name TEXT, pos INTEGER);"
            + "INSERT INTO todo (name, pos) VALUES ('a', 10), ('b', 20), ('c', 30);"
        let h = try SessionHarness(kind, gaps, spec: Self.spec)
        h.run("show")
        #expect(h.output("move 3 1") == "moved c from row 3 to row 1\n")
        #expect(try positions(h) == ["c:9", "a:10", "b:20"])
        #expect(h.output("undo") == "undid the move of c (back to row 3)\n")
        #expect(try positions(h) == ["a:10", "b:20", "c:30"])
    }

    @Test(arguments: StoreKind.all)
    func anInsertThenAMoveUndoBothWays(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.todo, spec: "collections:\n  todo:\n    move: pos\n    new: top\n")
        h.run("new", "set name z", "save", "show", "move 1 3")
        #expect(try order(h) == ["a", "b", "z", "c", "d"])
        #expect(h.run("undo").error == nil)
        #expect(h.output("undo") == "undid the insert of z (deleted it)\n")
        #expect(try positions(h) == ["a:1", "b:2", "c:3", "d:4"])
    }

    @Test(arguments: StoreKind.all)
    func aDeleteThenAMoveUndoToTheOriginalPositions(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.todo, spec: Self.spec)
        h.run("show", "delete 1", "move 1 2")
        #expect(try positions(h) == ["c:1", "b:2", "d:4"])
        #expect(h.run("undo").error == nil)
        #expect(h.run("undo").error == nil)
        #expect(try positions(h) == ["a:1", "b:2", "c:3", "d:4"])
    }

    /// The undo checks each position it writes and each beside them against
    /// the number the move left: one renumbered elsewhere refuses it, all
    /// or nothing.
    @Test(arguments: StoreKind.all)
    func undoOfAMoveIsRefusedWhenAPositionChangedSince(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.todo, spec: Self.spec)
        h.run("show", "move 4 1")
        // Same order (d, a, b, c), but c, beside where d goes back, no longer holds 3.
        try h.elsewhere("UPDATE todo SET pos = 9 WHERE name = 'c'")
        let before = try positions(h)
        #expect(h.run("undo").error != nil)
        #expect(try positions(h) == before)
    }
}

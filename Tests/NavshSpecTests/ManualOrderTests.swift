import NavshCore
import NavshTestSupport
import Testing

/// `move N M` and its undo on every store: the fewest numbers written in
/// one transaction, a UNIQUE order column never holding one number twice,
/// and nothing written when a row changed elsewhere or a constraint refused.
@Suite struct ManualOrderTests {
    static let spec = "collections:\n  steps:\n    move: pos\n"

    func order(_ h: SessionHarness) throws -> [String] {
        try h.values("SELECT title, pos FROM steps ORDER BY pos").map { $0.joined(separator: " ") }
    }

    @Test(arguments: StoreKind.all)
    func aMoveNumbersOnlyTheRowItMovesAndUndoPutsItBack(kind: StoreKind) throws {
        let h = try SessionHarness(kind, "CREATE TABLE steps (id INTEGER PRIMARY KEY, title TEXT, pos INTEGER);"
            + "INSERT INTO steps (id, title, pos) VALUES (1, 'boil', 3), (2, 'pour', 1), (3, 'stir', 7);", spec: Self.spec)
        h.run("open steps")
        #expect(h.output("move 3 1") == "moved stir from row 3 to row 1\n")
        #expect(try order(h) == ["stir 0", "pour 1", "boil 3"])
        #expect(h.run("undo").error == nil)
        #expect(try order(h) == ["pour 1", "boil 3", "stir 7"])
        #expect(h.output("move 3 2") == "moved stir from row 3 to row 2\n")
        #expect(try order(h) == ["pour 1", "stir 2", "boil 3"])
        #expect(h.output("move 2 2") == "nothing to move: stir is row 2 already\n")
    }

    /// A trial's find: one move on 100,000 rows rewrote every number, for
    /// ten seconds with the file locked. A move writes only the numbers it
    /// must, spread across a gap where there is one.
    @Test(arguments: StoreKind.all)
    func aMoveWritesTheFewestNumbers(kind: StoreKind) throws {
        let rows = (1...300).map { "(\($0), 'r\($0)', \($0 * 10))" }.joined(separator: ", ")
        let h = try SessionHarness(kind, "CREATE TABLE steps (id INTEGER PRIMARY KEY, title TEXT, pos INTEGER UNIQUE);"
            + "INSERT INTO steps (id, title, pos) VALUES \(rows);", spec: Self.spec)
        func moved() throws -> [String] {
            try h.values("SELECT title, pos FROM steps WHERE pos != id * 10 ORDER BY pos").map { $0.joined(separator: " ") }
        }
        h.run("open steps", "page 15")
        #expect(h.output("move 300 2") == "moved r300 from row 300 to row 2\n")
        #expect(try moved() == ["r300 15"])
        #expect(h.run("undo").error == nil)
        #expect(try moved() == [])
        try h.elsewhere("UPDATE steps SET pos = -id")
        try h.elsewhere("UPDATE steps SET pos = id")
        func renumbered() throws -> [String] {
            try h.values("SELECT title, pos FROM steps WHERE pos != id ORDER BY pos").map { $0.joined(separator: " ") }
        }
        h.run("show", "page 1")
        #expect(h.output("move 1 300") == "moved r1 from row 1 to row 300\n")
        #expect(try renumbered() == ["r1 301"])
        h.run("page 15")
        #expect(h.output("move 300 1") == "moved r1 from row 300 to row 1\n")
        #expect(try renumbered() == [])
        h.run("page 3")
        #expect(h.output("move 50 60") == "moved r50 from row 50 to row 60\n")
        #expect(try renumbered() == (51...60).map { "r\($0) \($0 - 1)" } + ["r50 60"], "without a gap, the rows between")
    }

    /// Undo wrote each number straight back, so a UNIQUE column refused it.
    /// Numbers parked on the way must miss the negative ones it puts back.
    @Test(arguments: StoreKind.all)
    func aUniqueOrderIsMovedAndPutBack(kind: StoreKind) throws {
        let h = try SessionHarness(kind, "CREATE TABLE steps (id INTEGER PRIMARY KEY, title TEXT, pos INTEGER UNIQUE);"
            + "INSERT INTO steps (id, title, pos) VALUES (1, 'boil', 1), (2, 'pour', 2), (3, 'stir', 3), (4, 'wait', 4);",
            spec: Self.spec)
        h.run("open steps")
        #expect(h.output("move 2 3") == "moved pour from row 2 to row 3\n")
        #expect(try order(h) == ["boil 1", "stir 3", "pour 4", "wait 5"], "pour took wait's 4")
        #expect(h.run("undo").error == nil)
        #expect(try order(h) == ["boil 1", "pour 2", "stir 3", "wait 4"], "wait took pour's 4 back")
        try h.elsewhere("UPDATE steps SET pos = CASE id WHEN 1 THEN -2 WHEN 2 THEN -1 WHEN 3 THEN 1 ELSE 2 END")
        h.run("show")
        #expect(h.output("move 1 1") == "renumbered the order of 4 rows of steps; boil stays row 1\n")
        #expect(try order(h) == ["boil 1", "pour 2", "stir 3", "wait 4"])
        #expect(h.run("undo").error == nil)
        #expect(try order(h) == ["boil -2", "pour -1", "stir 1", "wait 2"])
    }

    /// Numbers parked on the way went below 0, which `CHECK (pos > 0)`
    /// refused: a UNIQUE order counted from 1 could not shift its rows.
    @Test(arguments: StoreKind.all)
    func aUniqueOrderFromOneParksAboveItsNumbers(kind: StoreKind) throws {
        let h = try SessionHarness(kind, "CREATE TABLE steps (id INTEGER PRIMARY KEY, title TEXT, pos INTEGER UNIQUE CHECK (pos > 0));"
            + "INSERT INTO steps (id, title, pos) VALUES (1, 'boil', 1), (2, 'pour', 2), (3, 'stir', 3), (4, 'wait', 4);",
            spec: Self.spec)
        h.run("open steps")
        #expect(h.output("move 2 3") == "moved pour from row 2 to row 3\n")
        #expect(try order(h) == ["boil 1", "stir 3", "pour 4", "wait 5"])
        #expect(h.run("undo").error == nil)
        #expect(try order(h) == ["boil 1", "pour 2", "stir 3", "wait 4"])
    }

    /// A trial's find: in a `where` list, move numbered the rows shown 1, 2,
    /// 3…, so rows left out came to share numbers with them, and a filter on
    /// the order field itself could not be undone.
    @Test(arguments: StoreKind.all)
    func aMoveInAWhereListKeepsTheRowsLeftOutInPlace(kind: StoreKind) throws {
        let h = try SessionHarness(kind, "CREATE TABLE steps (id INTEGER PRIMARY KEY, title TEXT, pos INTEGER);"
            + "INSERT INTO steps (id, title, pos) VALUES (1, 'a', 1), (2, 'b', 2), (3, 'c', 3), (4, 'd', 4), (5, 'e', 5);",
            spec: Self.spec)
        h.run("open steps", "where title != b")
        #expect(h.output("move 4 1") == "moved e from row 4 to row 1\n")
        #expect(try order(h) == ["e 0", "a 1", "b 2", "c 3", "d 4"])
        #expect(h.run("undo").error == nil)
        #expect(try order(h) == ["a 1", "b 2", "c 3", "d 4", "e 5"])
        h.run("back", "where pos >= 3")
        #expect(h.output("move 3 1") == "moved e from row 3 to row 1\n")
        #expect(try order(h) == ["a 1", "b 2", "e 5", "c 6", "d 7"])
        #expect(h.run("undo").error == nil)
        #expect(try order(h) == ["a 1", "b 2", "c 3", "d 4", "e 5"])
        h.run("back", "where title = c")
        #expect(h.output("move 1 1") == "nothing to move: c is row 1 already\n")
    }

    /// A trial's find: `move 2 2` in a `where` list put the row after a
    /// row the list hid, and a move down was placed before the next row
    /// shown, past the hidden ones, not just after the row it now follows.
    @Test(arguments: StoreKind.all)
    func aMoveInAWhereListPassesNoHiddenRow(kind: StoreKind) throws {
        let h = try SessionHarness(kind, "CREATE TABLE steps (id INTEGER PRIMARY KEY, title TEXT, kind TEXT, pos INTEGER UNIQUE);"
            + "INSERT INTO steps (id, title, kind, pos) VALUES (1, 'a', 'x', 10), (2, 'b', 'y', 20), (3, 'c', 'x', 30),"
            + " (4, 'd', 'y', 40), (5, 'e', 'x', 50), (6, 'f', 'y', 60);", spec: Self.spec)
        h.run("open steps", "where kind = x")
        #expect(h.output("move 2 2") == "renumbered the order of 6 rows of steps; c stays row 2\n")
        #expect(try order(h) == ["a 1", "b 2", "c 3", "d 4", "e 5", "f 6"])
        h.run("show")
        #expect(h.output("move 1 2") == "moved a from row 1 to row 2\n")
        #expect(try h.values("SELECT title FROM steps ORDER BY pos").map { $0[0] } == ["b", "c", "a", "d", "e", "f"],
                "just after c, before the hidden d")
    }

    /// A trial's find: a move to the top wrote 0, which `CHECK (pos > 0)`
    /// refused every time, and a spec's `min` and `max` were passed by.
    @Test(arguments: StoreKind.all)
    func aMoveKeepsTheNumbersTheFieldAllows(kind: StoreKind) throws {
        let h = try SessionHarness(kind, "CREATE TABLE steps (id INTEGER PRIMARY KEY, title TEXT, pos INTEGER CHECK (pos > 0));"
            + "INSERT INTO steps (id, title, pos) VALUES (1, 'boil', 1), (2, 'pour', 2), (3, 'stir', 3);", spec: Self.spec)
        h.run("open steps")
        #expect(h.output("move 3 1") == "moved stir from row 3 to row 1\n")
        #expect(try order(h) == ["stir 3", "boil 4", "pour 5"])
        let bounded = try SessionHarness(kind, "CREATE TABLE steps (id INTEGER PRIMARY KEY, title TEXT, pos INTEGER);"
            + "INSERT INTO steps (id, title, pos) VALUES (1, 'boil', 1), (2, 'pour', 2), (3, 'stir', 3);",
            spec: "collections:\n  steps:\n    move: pos\n    fields:\n      pos: { type: integer, min: 1, max: 3 }\n")
        bounded.run("open steps")
        #expect(bounded.output("move 3 1") == "moved stir from row 3 to row 1\n")
        #expect(try order(bounded) == ["stir 1", "boil 2", "pour 3"], "numbered afresh: no gap fits in 1 to 3")
    }

    /// A trial's find: on PostgreSQL the list went back to marked every row
    /// the move wrote as changed elsewhere, as each savepoint's write has
    /// an xmin of its own.
    @Test(arguments: StoreKind.all)
    func aMoveIsNoChangeElsewhere(kind: StoreKind) throws {
        let h = try SessionHarness(kind, "CREATE TABLE steps (id INTEGER PRIMARY KEY, title TEXT, pos INTEGER);"
            + "INSERT INTO steps (id, title, pos) VALUES (1, 'a', 1), (2, 'b', 2), (3, 'c', 3);",
            spec: Self.spec, mode: .interactive)
        h.run("open steps", "where title != b", "move 2 1")
        try kind.onAQuietServer {
            // As the prompt looks before each line: at the rows shown too.
            let notice = h.session.noticeChangesElsewhere(watchingShownRows: true)
            let shown = h.output("back")
            #expect(!(notice + shown).contains("~"), "\(notice + shown)")
        }
    }

    @Test(arguments: StoreKind.all)
    func aNumberTheSchemaRefusesWritesNothing(kind: StoreKind) throws {
        let h = try SessionHarness(kind, "CREATE TABLE steps (id INTEGER PRIMARY KEY, title TEXT, pos INTEGER CHECK (pos IN (0, 1, 2)));"
            + "INSERT INTO steps (id, title, pos) VALUES (1, 'boil', 2), (2, 'pour', 1), (3, 'stir', 0);", spec: Self.spec)
        h.run("open steps")
        try h.expectUnchanged("steps") {
            #expect(h.run("move 1 3").error?.message.contains("CHECK") == true)
        }
    }

    /// Another process renumbered a row between the move's read of the
    /// order and its write: the move overwrote that number.
    @Test(arguments: StoreKind.all)
    func aNumberChangedElsewhereMidMoveWritesNothing(kind: StoreKind) throws {
        var counting: CountingStore?
        let h = try SessionHarness(kind, "CREATE TABLE steps (id INTEGER PRIMARY KEY, title TEXT, pos INTEGER);"
            + "INSERT INTO steps (id, title, pos) VALUES (1, 'boil', 1), (2, 'pour', 2), (3, 'stir', 3);", spec: Self.spec,
            readingThrough: { store in
                let wrapped = CountingStore(store)
                counting = wrapped
                return wrapped
            })
        h.run("open steps")
        counting?.afterReadingIDs = { try h.elsewhere("UPDATE steps SET pos = 9 WHERE title = 'boil'") }
        #expect(h.run("move 3 1").error?.message
            == "move: the list changed elsewhere since shown; nothing was moved (show, then move again)")
        counting?.afterReadingIDs = nil
        #expect(try order(h) == ["pour 2", "stir 3", "boil 9"])
    }

    // Another process deletes, inserts or renumbers rows around a move:
    // it used to crash with "Index out of range". Now it moves the row
    // shown as N, or refuses, and never writes a number for a row that is gone.

    /// A list another process changes while a move runs.
    static let todo = "CREATE TABLE todo (id INTEGER PRIMARY KEY, name TEXT, pos INTEGER);"
        + "INSERT INTO todo (name, pos) VALUES ('a', 1), ('b', 2), ('c', 3), ('d', 4);"
    static let todoSpec = "collections:\n  todo:\n    move: pos\n"

    func names(_ h: SessionHarness) throws -> [String] {
        try h.column("SELECT name FROM todo ORDER BY pos")
    }

    @Test(arguments: StoreKind.all)
    func moveAfterADeleteElsewhereIsRefusedUntilShown(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.todo, spec: Self.todoSpec)
        h.run("show")
        try h.elsewhere("DELETE FROM todo WHERE name IN ('a', 'b')")
        #expect(h.run("move 4 1").error?.message
            == "move: the list changed elsewhere since shown; nothing was moved (show, then move again)")
        #expect(try names(h) == ["c", "d"])
        h.run("show")
        #expect(h.output("move 2 1") == "moved d from row 2 to row 1\n")
        #expect(try names(h) == ["d", "c"])
    }

    @Test(arguments: StoreKind.all)
    func aDeleteElsewhereBetweenCountAndMoveDoesNotCrash(kind: StoreKind) throws {
        var counting: CountingStore?
        let h = try SessionHarness(kind, Self.todo, spec: Self.todoSpec, readingThrough: { store in
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
        let h = try SessionHarness(kind, Self.todo, spec: Self.todoSpec)
        h.run("show")
        try h.elsewhere("UPDATE todo SET name = 'B' WHERE name = 'b'")
        #expect(h.output("move 4 1") == "moved d from row 4 to row 1\n")
        #expect(try names(h) == ["d", "a", "B", "c"])
    }

    /// Found by a second adversary round: a UNIQUE position column refused
    /// every move (two rows briefly held one number).
    @Test(arguments: StoreKind.all)
    func aUniquePositionColumnCanBeReordered(kind: StoreKind) throws {
        let h = try SessionHarness(kind, "CREATE TABLE todo (id INTEGER PRIMARY KEY, name TEXT, pos INTEGER UNIQUE);"
            + "INSERT INTO todo (name, pos) VALUES ('a', 1), ('b', 2), ('c', 3), ('d', -4);", spec: Self.todoSpec)
        h.run("show")
        #expect(h.output("move 1 3") == "moved d from row 1 to row 3\n")
        #expect(try names(h) == ["a", "b", "d", "c"])
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
        #expect(try names(h) == ["z", "a", "b", "c", "d"])
        h.run("show")
        #expect(h.output("move 2 3") == "moved a from row 2 to row 3\n")
        #expect(try names(h) == ["z", "b", "a", "c", "d"])
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
        let h = try SessionHarness(kind, gaps, spec: Self.todoSpec)
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
        #expect(try names(h) == ["a", "b", "z", "c", "d"])
        #expect(h.run("undo").error == nil)
        #expect(h.output("undo") == "undid the insert of z (deleted it)\n")
        #expect(try positions(h) == ["a:1", "b:2", "c:3", "d:4"])
    }

    @Test(arguments: StoreKind.all)
    func aDeleteThenAMoveUndoToTheOriginalPositions(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.todo, spec: Self.todoSpec)
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
        let h = try SessionHarness(kind, Self.todo, spec: Self.todoSpec)
        h.run("show", "move 4 1")
        // Same order (d, a, b, c), but c, beside where d goes back, no longer holds 3.
        try h.elsewhere("UPDATE todo SET pos = 9 WHERE name = 'c'")
        let before = try positions(h)
        #expect(h.run("undo").error != nil)
        #expect(try positions(h) == before)
    }
}

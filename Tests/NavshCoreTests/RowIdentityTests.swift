import NavshCore
import NavshTestSupport
import Testing

/// Row numbers mean the rows the user was shown: `delete 3` and `open 3` act
/// on the row shown as 3, or refuse, never on whatever row is third now
/// (issue 8, item 3). "Elsewhere" is a second connection, as another
/// navsh process would be.
@Suite struct RowIdentityTests {
    func names(_ h: SessionHarness) throws -> [String] {
        try h.column("SELECT name FROM items ORDER BY id")
    }

    @Test(arguments: StoreKind.all)
    func deleteNDeletesTheRowShownAsN(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        #expect(h.output("show").contains("   3  Hoverboard"))
        try h.elsewhere("DELETE FROM items WHERE id = 1")
        #expect(h.output("delete 3") == "deleted Hoverboard\n")
        #expect(try names(h) == ["Rusty spork", "木彫りの熊", "Lucky cat 🐱"])
    }

    @Test(arguments: StoreKind.all)
    func openNOpensTheRowShownAsN(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        h.run("show")
        try h.elsewhere("DELETE FROM items WHERE id = 1")
        #expect(h.output("open 3").hasPrefix("items › Hoverboard\n"))
    }

    @Test(arguments: StoreKind.all)
    func aShownRowDeletedElsewhereIsRefusedNotReplaced(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        h.run("show")
        try h.elsewhere("DELETE FROM items WHERE id = 3")
        let refusal = "row 3, Hoverboard, was deleted or re-keyed elsewhere since shown; nothing was done (show lists the rows now)"
        #expect(h.run("delete 3").error?.message == refusal)
        #expect(h.run("open 3").error?.message == refusal)
        #expect(try names(h) == ["Gort statue", "Rusty spork", "木彫りの熊", "Lucky cat 🐱"])
        // Once shown again, the numbers are the new ones.
        #expect(h.output("show").contains("   3  木彫りの熊"))
        #expect(h.output("open 3").hasPrefix("items › 木彫りの熊\n"))
    }

    @Test(arguments: StoreKind.all)
    func aRowInsertedElsewhereDoesNotShiftTheNumbers(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items + "\nCREATE INDEX byName ON items(name);")
        h.run("show")
        try h.elsewhere("INSERT INTO items (id, name, value) VALUES (0, 'Aardvark', 1)")
        #expect(h.output("delete 1") == "deleted Gort statue\n")
        #expect(try names(h).first == "Aardvark")
    }

    @Test(arguments: StoreKind.all)
    func thisSessionsOwnDeleteRenumbersAsATableViewDoes(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        h.run("show")
        #expect(h.output("delete 1") == "deleted Gort statue\n")
        #expect(h.output("delete 1") == "deleted Rusty spork\n")
    }

    /// Found by an adversary: this session's own delete used to replace the
    /// rows shown with the list as it is now, other processes' changes
    /// included, so the next `delete 1` hit a row nobody had seen as 1.
    @Test(arguments: StoreKind.all)
    func anOwnDeleteDoesNotLetChangesElsewhereRenumberTheRowsShown(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        h.run("show")
        try h.elsewhere("DELETE FROM items WHERE id = 1")
        #expect(h.output("delete 3") == "deleted Hoverboard\n")
        #expect(h.run("delete 1").error?.message
            == "row 1, Gort statue, was deleted or re-keyed elsewhere since shown; nothing was done (show lists the rows now)")
        #expect(try names(h) == ["Rusty spork", "木彫りの熊", "Lucky cat 🐱"])
    }

    @Test(arguments: StoreKind.all)
    func anOwnInsertDoesNotLetChangesElsewhereRenumberTheRowsShown(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        h.run("show")
        try h.elsewhere("INSERT INTO items (id, name, value) VALUES (0, 'Intruder', 1)")
        h.run("new", "set name Mine", "save")
        #expect(h.output("delete 1") == "deleted Gort statue\n")
        #expect(try names(h).contains("Intruder"))
    }

    /// Found by a new user: another row that took the shown row's id (a
    /// delete and an insert elsewhere) was opened as if it were the row shown.
    @Test(arguments: StoreKind.all)
    func openNRefusesARowThatIsNoLongerTheOneShown(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        h.run("show")
        try h.elsewhere("DELETE FROM items WHERE id = 3; INSERT INTO items (id, name, value) VALUES (3, 'Wombat', 77)")
        #expect(h.run("open 3").error?.message
            == "row 3, Hoverboard, is now Wombat (changed elsewhere since shown); nothing was opened (show, then open again)")
        h.run("show")
        #expect(h.output("open 3").hasPrefix("items › Wombat\n"))
    }

    /// Found by a second adversary round: a number past the rows shown
    /// (after an own delete, or beyond the last row) took whatever row had
    /// that number after another process inserted one.
    @Test(arguments: StoreKind.all)
    func aNumberPastTheRowsShownIsRefusedOnceTheListChangedElsewhere(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        h.run("show")
        #expect(h.output("delete 5") == "deleted Lucky cat 🐱\n")
        try h.elsewhere("INSERT INTO items (id, name, value) VALUES (0, 'Intruder', 1)")
        let refusal = "row 5 was not among the rows shown, and the list changed elsewhere since; nothing was done (show lists the rows now)"
        #expect(h.run("delete 5").error?.message == refusal)
        #expect(h.run("open 6").error?.message.hasPrefix("row 6 was not among the rows shown") == true)
        #expect(try names(h).count == 5, "nothing else was deleted")
    }

    /// Found by a second adversary round: this session's own save and undo
    /// left the row shown with the saved value, so `open 1` then said it had
    /// "changed elsewhere" in a script nobody else touched.
    @Test(arguments: StoreKind.all)
    func anOwnUndoIsNoChangeElsewhere(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        h.run("show", "open 1", "set value 7", "save", "undo")
        #expect(h.output("open 1").hasPrefix("items › Gort statue\n"))
        h.run("back")
        #expect(h.output("delete 1") == "deleted Gort statue\n")
    }

    /// A value changed elsewhere does not make it another row: open takes it
    /// as it is now and says so (a busy list must stay openable by number).
    @Test(arguments: StoreKind.all)
    func openNOfARowWhoseValuesChangedSaysSo(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        h.run("show")
        try h.elsewhere("UPDATE items SET value = 999 WHERE id = 3")
        let opened = h.output("open 3")
        #expect(opened.hasPrefix("row 3 changed elsewhere since shown; this is it as it is now\nitems › Hoverboard\n"))
        #expect(opened.contains("999"))
    }

    @Test(arguments: StoreKind.all)
    func aListedColumnRenamedElsewhereDoesNotMakeTheRowsShownOthers(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        h.run("show")
        try h.elsewhere("ALTER TABLE items RENAME COLUMN serial TO code")
        #expect(h.run("delete 2").error == nil)
        #expect(try names(h) == ["Gort statue", "Hoverboard", "木彫りの熊", "Lucky cat 🐱"])
    }

    /// Found by the final trial: after `delete 2` and `undo`, `open 2`
    /// opened the row that had moved up into 2, not the row put back, which
    /// the list on screen still showed as 2.
    @Test(arguments: StoreKind.all)
    func anUndoneDeletePutsTheRowBackUnderItsNumber(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        h.run("show")
        #expect(h.output("delete 2") == "deleted Rusty spork\n")
        #expect(h.output("open 2").hasPrefix("items › Hoverboard\n"), "an own delete moves the rows after it up")
        h.run("back", "undo")
        #expect(h.output("open 2").hasPrefix("items › Rusty spork\n"), "and its undo puts them back")
        h.run("back")
        #expect(h.output("open 3").hasPrefix("items › Hoverboard\n"))
    }
}

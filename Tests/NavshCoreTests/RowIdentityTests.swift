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

/// Rows renumbered by a VACUUM, keyless rows, and rows moved by this session.
extension RowIdentityTests {
    /// A table without a declared key is known by rowids, which VACUUM
    /// renumbers: `delete #2` of a row shown is checked against it as shown
    /// (it deleted the row renumbered into 2), and `delete N` of a row no
    /// longer under its rowid says it may have been renumbered.
    /// SQLite alone: rowids and VACUUM are its own.
    @Test(arguments: StoreKind.sqlite)
    func aRowRenumberedByVacuumIsNotDeletedForAnother(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE notes (title TEXT, body TEXT);
            INSERT INTO notes VALUES ('alpha', 'keep'), ('beta', 'delete me'), ('gamma', 'keep too'), ('delta', 'keep as well');
            """)
        #expect(h.output("show").contains("   2  beta"))
        try h.database.execute("DELETE FROM notes WHERE rowid = 1")
        try h.database.vacuum()
        let keyed = h.run("delete #2")
        #expect(keyed.error?.message.contains("#2, shown as beta, is now gamma (changed or renumbered)") == true,
                "\(keyed.error?.message ?? keyed.output)")
        let numbered = h.run("delete 4")
        #expect(numbered.error?.message.contains("no longer under its rowid (deleted elsewhere, or renumbered by a VACUUM)") == true,
                "\(numbered.error?.message ?? numbered.output)")
        #expect(try h.database.rows("SELECT title FROM notes ORDER BY rowid").compactMap { $0["title"] } == ["beta", "gamma", "delta"])
        // Shown again (marked as changed), #1 is beta, and deleting it by key deletes beta.
        #expect(h.output("show").contains("   1 ~ beta"))
        #expect(h.output("delete #1") == "deleted beta\n")
    }

    /// Two rows of a keyless table alike in every column shown, differing
    /// in a blob: after a delete and VACUUM elsewhere renumbered them, the
    /// row under 2 passed the check of the values shown and `delete 2`
    /// deleted the one shown as 3. After any change elsewhere, a delete in
    /// a keyless table waits for the list to be shown again.
    /// SQLite alone: rowids and VACUUM are its own.
    @Test(arguments: StoreKind.sqlite)
    func aKeylessTablesDeleteWaitsForTheListShownAgain(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE photos (name TEXT, taken TEXT, img BLOB);
            INSERT INTO photos VALUES ('Alpha', '2024', x'00'), ('Beach', '2024', x'AAAA'), ('Beach', '2024', x'BBBB'),
              ('Omega', '2024', x'00');
            """)
        h.run("show")
        try h.database.execute("DELETE FROM photos WHERE rowid = 1")
        try h.database.vacuum()
        for command in ["delete 2", "delete #2"] {
            let refused = h.run(command)
            #expect(refused.error?.message.contains("photos has no key of its own") == true, "\(command): \(refused)")
        }
        #expect(try h.database.rows("SELECT hex(img) AS img FROM photos ORDER BY rowid").compactMap { $0["img"] }
                == ["AAAA", "BBBB", "00"])
        // Shown again, the rows are numbered as they are now.
        h.run("show")
        #expect(h.output("delete 1") == "deleted Beach\n")
        #expect(try h.database.rows("SELECT hex(img) AS img FROM photos ORDER BY rowid").compactMap { $0["img"] } == ["BBBB", "00"])
    }

    /// The same in a record frame: `delete` there, after another process
    /// changed the file since the row was opened, waits for the list (it
    /// deleted whatever row the VACUUM had renumbered into the rowid, made
    /// to look like the one opened; the adversary's find).
    /// SQLite alone: rowids and VACUUM are its own.
    @Test(arguments: StoreKind.sqlite)
    func aKeylessRecordsDeleteWaitsAfterAChangeElsewhere(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE notes (name TEXT, v INTEGER);
            INSERT INTO notes VALUES ('b', 2), ('c', 3), ('d', 4);
            """)
        h.run("show")
        h.run("open 2")
        try h.database.execute("DELETE FROM notes WHERE name = 'b'")
        try h.database.vacuum()
        try h.database.execute("UPDATE notes SET name = 'c', v = 3 WHERE rowid = 2")
        let refused = try h.database.expectUnchanged("notes") { h.run("delete") }
        #expect(refused.error?.message.contains("since you opened this row; nothing was deleted") == true, "\(refused)")
        // Opened again after the change, it deletes.
        h.run("back")
        h.run("show")
        h.run("open 1")
        #expect(h.output("delete") == "deleted c\n")
    }

    /// After `sort`, rows sharing a title are still told apart in the
    /// refusal: by their number when the page shown holds them, else by
    /// `#KEY` (the store counts no position in a field's order, and both
    /// were listed as plain "Ada Lovelace").
    @Test(arguments: StoreKind.all)
    func aSortedListsSeveralMatchesAreNumberedOrKeyed(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT);
            WITH RECURSIVE n(i) AS (SELECT 2 UNION ALL SELECT i + 1 FROM n WHERE i < 29)
              INSERT INTO people SELECT i, 'Zed ' || i FROM n;
            INSERT INTO people VALUES (1, 'Ada Lovelace'), (30, 'Ada Lovelace');
            """)
        h.run("open people")
        h.run("sort name desc")
        #expect(h.run("open Ada Lovelace").error?.message
                == "'Ada Lovelace' matches several rows: #30 Ada Lovelace, #1 Ada Lovelace; open N or #KEY picks one")
        h.run("page 2")
        try kind.onAQuietServer {
            #expect(h.run("open Ada Lovelace").error?.message
                    == "'Ada Lovelace' matches several rows: 29 Ada Lovelace, 30 Ada Lovelace; open N picks one")
        }
    }

    /// After this session takes a row off an earlier page, or adds one, a
    /// number off the page shown waits for the list to be shown again: read
    /// from the list as it is now, `delete 20` deleted the row shown as 21.
    /// SQLite alone: on the shared PostgreSQL server, other tests' commits
    /// refuse every number off the page as changed elsewhere.
    @Test(arguments: StoreKind.sqlite)
    func aNumberOffThePageShownWaitsAfterOwnWritesMovedRows(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.numbered(60))
        h.run("open things")
        h.run("page 2")
        #expect(h.output("delete 5") == "deleted Row 5\n")
        let refused = try h.expectUnchanged("things") { h.run("delete 20") }
        #expect(refused.error?.message == "row 20 was not among the rows shown, and rows moved since (a row added or taken "
                + "off another page here); nothing was done (show lists the rows now)")
        // A row shown is still the row shown under its number.
        #expect(h.output("delete 21") == "deleted Row 21\n")
        // Shown again, the numbers are the list's as it is now.
        h.run("show")
        #expect(h.output("delete 19") == "deleted Row 20\n")
        // A new row, wherever it lands, moves the numbers after it too.
        h.run("new")
        h.run("set name Row 0")
        h.run("save")
        #expect(h.run("open 45").error?.message.contains("rows moved since") == true)
    }

    /// A script saves row 3 of a sorted list under a new name, which moves
    /// it, and shows nothing: row 3 as shown is still that row, changed by
    /// this session, so `open 3` opens it (as in the list's own order), not
    /// a refusal that it changed elsewhere, and never the row now third.
    @Test(arguments: StoreKind.all)
    func aSortedListsRowSavedHereIsNotChangedElsewhere(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE artists (id INTEGER PRIMARY KEY, name TEXT);
            INSERT INTO artists VALUES (1, 'AC/DC'), (2, 'Accept'), (3, 'Aerosmith'), (4, 'Björk');
            """)
        h.run("sort name")
        h.run("open 3")
        h.run("set name Zed")
        #expect(h.output("save") == "saved Zed\n")
        let opened = h.run("open 3")
        #expect(opened.error == nil, "\(opened.error?.message ?? "")")
        #expect(opened.output.hasPrefix("artists › Zed\n"), "\(opened.output)")
        h.run("back")
        // Shown again, the list has it last, and row 3 is the row now third.
        #expect(h.output("show").contains("   4  Zed"))
        #expect(h.output("open 3").hasPrefix("artists › Björk\n"))
    }
}

import NavshCore
import NavshTestSupport
import Testing

/// Saves never overwrite someone else's save silently. "Someone else" is a
/// second connection to the same file, as another navsh process would be.
@Suite struct ConflictTests {
    func value(_ h: SessionHarness, _ id: Int = 1) throws -> String? {
        try h.value("SELECT value FROM items WHERE id = \(id)")
    }

    @Test(arguments: StoreKind.all)
    func aSaveOverAChangeElsewhereIsRefusedWithBothSides(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        h.run("open 1", "set value 150")
        try h.elsewhere("UPDATE items SET value = 130 WHERE id = 1")
        let refused = h.run("save")
        #expect(refused.error?.message == "Gort statue changed elsewhere since you opened it; nothing was saved "
            + "(reload takes theirs and keeps your edits, save! overwrites theirs)")
        #expect(refused.output == "  field  original  theirs  yours\n! value  120       130     150\n")
        #expect(try value(h) == "130")
        #expect(h.session.breadcrumb == "items › Gort statue*")

        #expect(h.output("reload") == "reloaded Gort statue; kept your edits to value\n"
            + "  both changed value: theirs 130, yours 150 (yours kept)\n")
        #expect(h.output("changes") == "  value: 130 → 150\n")
        #expect(h.output("save") == "saved Gort statue\n")
        #expect(try value(h) == "150")
    }

    /// Long values are cut, so the table keeps a line a field (the trial's
    /// 644-character text wrapped it mid-cell), and it says how to see them.
    @Test(arguments: StoreKind.all)
    func aConflictTableCutsLongValues(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        h.run("open 1", "set note " + String(repeating: "mine ", count: 40))
        try h.elsewhere("UPDATE items SET note = '\(String(repeating: "theirs ", count: 40))' WHERE id = 1")
        let table = h.run("save").output
        #expect(table.split(separator: "\n").allSatisfy { DisplayWidth.of(String($0)) <= 80 }, "\(table)")
        #expect(table.contains("! note   none      \"theirs theirs thei…  mine mine mine mine…\n"), "\(table)")
        #expect(table.hasSuffix("(long values are cut: show FIELD prints yours whole, reload theirs)\n"))
    }

    /// The conflict table a save of `yours` into row 1's note shows when
    /// the note held `original` when opened and `theirs` (SQL) at the save.
    func noteConflictTable(_ kind: StoreKind, original: String, theirs: String, yours: String) throws -> String {
        let h = try SessionHarness(kind, Fixtures.items)
        try h.elsewhere("UPDATE items SET note = '\(original)' WHERE id = 1")
        h.run("open 1", "set note \(yours)")
        try h.elsewhere("UPDATE items SET note = \(theirs) WHERE id = 1")
        return h.run("save").output
    }

    /// Versions that print alike, é as one character or two, are said to
    /// differ: alike, the table read as a change of nothing.
    @Test(arguments: StoreKind.all)
    func versionsThatLookAlikeAreSaidToDiffer(kind: StoreKind) throws {
        let table = try noteConflictTable(kind, original: "Caf\u{E9}", theirs: "'Cafe\u{301}'", yours: "Cafe")
        #expect(table.contains("! note   Caf\u{E9}"), "\(table)")
        #expect(table.hasSuffix("  (note: the original and theirs look alike but are not the same value)\n"), "\(table)")
    }

    /// Long versions that differ past the cut are cut where they differ:
    /// cut from the start, theirs and the original would read alike, and
    /// `save!` would overwrite a change its user never saw.
    @Test(arguments: StoreKind.all)
    func aConflictTableShowsLongValuesWhereTheyDiffer(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        let start = String(repeating: "same words ", count: 10)
        try h.elsewhere("UPDATE items SET note = '\(start)as first written' WHERE id = 1")
        h.run("open 1", "set value 150")
        try h.elsewhere("UPDATE items SET note = '\(start)as they wrote it', value = 130 WHERE id = 1")
        let table = h.run("save").output
        let note = try #require(table.split(separator: "\n").first { $0.contains("note") }, "\(table)")
        // The note was not edited: "yours" says so, rather than show the original as if save! wrote it back.
        #expect(note == "  note   …ds as first written  …ds as they wrote it  (not edited)", "\(table)")
        #expect(table.hasSuffix("(long values are cut: show FIELD prints yours whole, reload theirs)\n"))
    }

    /// Theirs and yours changed a long value in different places: a line
    /// for each place, so neither change is out of sight (one window, at
    /// the first difference, left theirs at the end unseen; the trial's find).
    @Test(arguments: StoreKind.all, [
        (original: String(repeating: "x", count: 300) + "AAAA", theirs: String(repeating: "x", count: 300) + "THEIRS",
         yours: "YOURS" + String(repeating: "x", count: 300) + "AAAA", seen: ["THEIRS", "YOURS", "AAAA"]),
        (original: String(repeating: "ab", count: 150), theirs: String(repeating: "ab", count: 70) + "aZ" + String(repeating: "ab", count: 79),
         yours: String(repeating: "ab", count: 150) + "c", seen: ["aZ", "abc"]),
    ])
    func aConflictTableShowsEveryPlaceALongValueChanged(kind: StoreKind,
                                                        versions: (original: String, theirs: String, yours: String, seen: [String])) throws {
        let (original, theirs, yours, seen) = versions
        let table = try noteConflictTable(kind, original: original, theirs: "'\(theirs)'", yours: yours)
        let lines = table.split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 80 }, "\(table)")
        for text in seen { #expect(lines.contains { $0.hasPrefix("! note") && $0.contains(text) }, "\(text) in \(table)") }
        // Every line of the field shows the three versions from one place.
        #expect(lines.filter { $0.hasPrefix("! note") }.count == 2, "\(table)")
    }

    /// Yours changed a long value in two places far apart: the table shows
    /// the first and says that yours changes more than its lines show,
    /// rather than let the second look like no change (the re-attack's find).
    @Test(arguments: StoreKind.all)
    func aChangeRunningPastTheLinesShownIsSaid(kind: StoreKind) throws {
        func p(_ n: Int) -> String { String(repeating: "p", count: n) }
        let table = try noteConflictTable(kind, original: p(50) + "1" + p(200) + "2" + p(200) + "3" + p(50),
                                          theirs: "'" + p(50) + "X" + p(200) + "2" + p(200) + "3" + p(50) + "'",
                                          yours: p(50) + "1" + p(200) + "Y" + p(200) + "Z" + p(50))
        #expect(table.contains("  (note: yours changes more than these lines show)\n"), "\(table)")
        #expect(!table.contains("theirs changes more"), "\(table)")
    }

    /// Theirs is short and shown whole: nothing of it is hidden, whatever
    /// the long original (the note said theirs changed more; the trial's find).
    @Test(arguments: StoreKind.all)
    func aVersionShownWholeIsNotSaidToChangeMore(kind: StoreKind) throws {
        let long = String(repeating: "x", count: 200)
        let table = try noteConflictTable(kind, original: long, theirs: "'SECOND EXTERNAL'", yours: "Y" + long)
        #expect(table.contains("SECOND EXTERNAL"), "\(table)")
        #expect(!table.contains("changes more"), "\(table)")
    }

    /// Theirs is empty (NULL) and yours changed the middle of a long text:
    /// the one place is yours, theirs shows whole.
    @Test(arguments: StoreKind.all)
    func aShortVersionNeedsNoPlaceOfItsOwn(kind: StoreKind) throws {
        let long = String(repeating: "x", count: 100)
        let lines = try noteConflictTable(kind, original: long + long, theirs: "NULL", yours: long + "Q" + long).split(separator: "\n").filter { $0.hasPrefix("! note") }
        #expect(lines == ["! note   …xxxxxxxxxxxxxxxxxx…  (null)  …xxxxxxQxxxxxxxxxxx…"], "\(lines)")
    }

    /// `changes` on a long text shows where it changed, not both values
    /// whole (the trial's 13 wrapped lines for a few words appended).
    @Test(arguments: StoreKind.all)
    func changesCutsLongValuesWhereTheyDiffer(kind: StoreKind) throws {
        let long = String(repeating: "word ", count: 60) + "end"
        let h = try SessionHarness(kind, Fixtures.items)
        try h.elsewhere("UPDATE items SET note = '\(long)' WHERE id = 1")
        h.run("open 1", "set note \(long) and more")
        let changes = h.output("changes")
        #expect(changes == "  note: …d word word word end (303 characters) → "
            + "…d word word word end and more (312 characters)\n", "\(changes)")
    }

    /// `delete` of a record deleted elsewhere is refused in words that fit
    /// a delete (it said "nothing was saved"; the trial's find).
    @Test(arguments: StoreKind.all)
    func deletingARecordDeletedElsewhereSaysNothingChanged(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        h.run("open 1")
        try h.elsewhere("DELETE FROM items WHERE id = 1")
        let message = try #require(h.run("delete").error?.message)
        #expect(message.hasSuffix("no longer exists (deleted elsewhere); nothing changed"), "\(message)")
    }

    @Test(arguments: StoreKind.all)
    func reloadKeepsEditsToFieldsTheyDidNotTouch(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        h.run("open 2", "set value 7")
        try h.elsewhere("UPDATE items SET name = 'Shiny spork' WHERE id = 2")
        #expect(h.output("reload") == "reloaded Shiny spork; kept your edits to value\n  name changed elsewhere: Rusty spork → Shiny spork (taken)\n")
        h.run("save")
        #expect(try h.values("SELECT name, value FROM items WHERE id = 2") == [["Shiny spork", "7"]])
    }

    /// A save checks only the fields its user edited: a change elsewhere to
    /// another field is kept and said, and undo puts back only the edit.
    @Test(arguments: StoreKind.all)
    func aSaveKeepsAChangeElsewhereToAFieldItDidNotEdit(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        h.run("open 1", "set value 150")
        try h.elsewhere("UPDATE items SET note = 'theirs' WHERE id = 1")
        #expect(h.output("save") == "saved Gort statue; note was changed elsewhere to theirs, kept\n")
        #expect(try h.values("SELECT value, note FROM items WHERE id = 1") == [["150", "theirs"]])
        h.run("undo")
        #expect(try h.values("SELECT value, note FROM items WHERE id = 1") == [["120", "theirs"]])
        h.run("open 1", "set value 160")
        try h.elsewhere("UPDATE items SET note = 'again', serial = 'GS-1952' WHERE id = 1")
        #expect(h.output("save") == "saved Gort statue; changed elsewhere and kept: serial GS-1952, note again\n")
        #expect(try h.values("SELECT serial, value, note FROM items WHERE id = 1") == [["GS-1952", "160", "again"]])
    }

    /// An adversary's find: a row deleted elsewhere and another inserted
    /// under its key took the save ("saved Bob; name was changed elsewhere
    /// to Eve, kept": Bob's raise went to Eve). A change to the title is
    /// no merge: the row may be someone else.
    @Test(arguments: StoreKind.all)
    func aRowWhoseTitleChangedElsewhereIsNotMergedInto(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        h.run("open 2", "set note raised")
        try h.elsewhere("DELETE FROM items WHERE id = 2; "
                        + "INSERT INTO items (id, name, value, created) VALUES (2, 'Eve', 2, '2026-11-21 10:00:00')")
        #expect(h.run("save").error != nil)
        #expect(try h.values("SELECT name, note FROM items WHERE id = 2") == [["Eve", "none"]])
    }

    /// The second trial's find: a field changed elsewhere that you did not
    /// edit showed the original under "yours", beside "save! overwrites
    /// theirs", which read as if save! would write it back. It says it was
    /// not edited, and save! keeps theirs there.
    @Test(arguments: StoreKind.all)
    func aFieldYouDidNotEditIsShownAsNotEdited(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        h.run("open 1", "set value 150")
        try h.elsewhere("UPDATE items SET value = 130, note = 'theirs' WHERE id = 1")
        let table = h.run("save").output
        #expect(table == "  field  original  theirs  yours\n! value  120       130     150\n  note   none      theirs  (not edited)\n",
                "\(table)")
        h.run("save!")
        #expect(try h.values("SELECT value, note FROM items WHERE id = 1") == [["150", "theirs"]])
    }

    @Test(arguments: StoreKind.all)
    func saveBangOverwritesOnPurpose(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        h.run("open 1", "set value 150")
        try h.elsewhere("UPDATE items SET value = 130, note = 'theirs' WHERE id = 1")
        // Theirs is shown first (a save! never overwrites what nobody saw), then overwritten.
        #expect(h.run("save!").error != nil)
        #expect(h.output("save!") == "saved Gort statue\n")
        #expect(try h.values("SELECT value, note FROM items WHERE id = 1") == [["150", "theirs"]])
    }

    /// The trial's find: after a conflict table, a second change elsewhere
    /// was overwritten by `save!` unseen, and undo then restored the value
    /// as first read, not the one save! had overwritten.
    @Test(arguments: StoreKind.all)
    func saveBangOverwritesOnlyTheRowItsConflictTableShowed(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        h.run("open 1", "set value 150")
        try h.elsewhere("UPDATE items SET value = 130 WHERE id = 1")
        #expect(h.run("save").error != nil)
        try h.elsewhere("UPDATE items SET value = 140 WHERE id = 1")
        let again = h.run("save!")
        #expect(again.error != nil, "140 was never shown")
        // The trial's find: the refused save! advised save!; it now says what happened.
        #expect(again.error?.message == "Gort statue changed again elsewhere since the table you were shown; nothing was saved "
            + "(the table above is theirs now: save! overwrites it, reload takes it and keeps your edits)")
        #expect(again.output.contains("! value  120       140     150"), "\(again.output)")
        #expect(try value(h) == "140")
        #expect(h.output("save!") == "saved Gort statue\n")
        #expect(try value(h) == "150")
        #expect(h.output("undo") == "undid the save of Gort statue: value: 150 → 140\n", "theirs comes back")
        #expect(try value(h) == "140")
    }

    @Test(arguments: StoreKind.all)
    func aRowDeletedElsewhereComesBackOnlyWithSaveBang(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        h.run("open 3", "set value 999")
        try h.elsewhere("DELETE FROM items WHERE id = 3")
        #expect(h.run("save").error?.message
            == "Hoverboard is gone from under its key (deleted or re-keyed elsewhere); nothing was saved "
            + "(save! puts it back under its key with your edits, cancel discards them)")
        #expect(try value(h, 3) == nil)
        #expect(h.output("save!") == "saved Hoverboard (put back under its key: it had been deleted or re-keyed elsewhere)\n")
        #expect(try h.values("SELECT name, value, serial FROM items WHERE id = 3") == [["Hoverboard", "999", "HB-2015"]])
    }

    /// The trial's re-key: another process moved the row to a new key, so
    /// under its old key it reads as deleted. `save!` must not put it back
    /// beside itself (the record would exist twice); it names the row that
    /// holds the values instead, and writes nothing.
    @Test(arguments: StoreKind.all)
    func saveBangDoesNotPutBackARowReKeyedElsewhere(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.shop)
        h.run("open cars", "open 1", "set year 1999")
        try h.elsewhere("UPDATE cars SET id = 101 WHERE id = 1")
        #expect(h.run("save").error?.message
            == "Corolla is gone from under its key (deleted or re-keyed elsewhere); nothing was saved "
            + "(save! puts it back under its key with your edits, cancel discards them)")
        #expect(h.run("save!").error?.message == "Corolla was not put back: #101 holds the values it was shown with "
            + "(re-keyed elsewhere?); nothing was saved (save! again puts it back beside that row, cancel discards your edits)")
        #expect(try h.values("SELECT id, year FROM cars WHERE model = 'Corolla'") == [["101", "2014"]])
        #expect(h.session.breadcrumb.hasSuffix(" › cars › Corolla*"), "the edits are kept")
        // A table may hold equal rows: told once, a second save! puts it back beside the other.
        #expect(h.output("save!") == "saved Corolla (put back under its key: it had been deleted or re-keyed elsewhere)\n")
        #expect(try h.values("SELECT id, year FROM cars WHERE model = 'Corolla' ORDER BY id") == [["1", "1999"], ["101", "2014"]])
    }

    @Test(arguments: StoreKind.all)
    func deletesOfRowsChangedSinceShownAreRefused(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        h.run("show", "open 1")
        try h.elsewhere("UPDATE items SET value = 1 WHERE id = 1")
        // A script's record frame keeps what it showed (nobody would read a
        // notice of the change)...
        #expect(h.output("show").contains("value  120\n"))
        h.run("set value 2")
        try h.elsewhere("UPDATE items SET value = 3 WHERE id = 1")
        // ...but a frame with edits keeps its buffer and refuses to delete blind.
        #expect(h.run("delete").error?.message
            == "Gort statue changed elsewhere since you opened it; nothing was deleted (reload shows it)")
        #expect(try value(h) == "3")
    }

    @Test(arguments: StoreKind.all)
    func deletingARowChangedSinceShownIsRefused(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        h.run("show")
        try h.elsewhere("UPDATE items SET value = 3 WHERE id = 2")
        #expect(h.run("delete 2").error?.message
            == "row 2, Rusty spork, changed elsewhere since shown; nothing was deleted (show, then delete again)")
        #expect(h.output("show").contains("   2 ~ Rusty spork"))
        #expect(h.output("delete 2") == "deleted Rusty spork\n")
    }

    @Test(arguments: StoreKind.all)
    func listsMarkRowsChangedElsewhere(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        let before = h.output("show")
        #expect(!before.contains("~"))
        try h.elsewhere("UPDATE items SET value = 121 WHERE id = 1")
        let after = h.output("show")
        #expect(after.contains("   1 ~ Gort statue"))
        #expect(after.contains("   2   Rusty spork"))
        #expect(after.hasSuffix("~ changed elsewhere since last shown\n"))
        #expect(!h.output("show").contains("~"), "marked once, the next time the list is shown")
    }
}

@Suite struct UndoTests {
    @Test(arguments: StoreKind.all)
    func undoTakesBackSavesInsertsAndDeletesNewestFirst(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        let before = try h.values("SELECT * FROM items ORDER BY id")
        #expect(h.output("undo") == "nothing to undo\n")
        h.run("open 1", "set value 150", "save")
        h.run("new", "set name Sonic screwdriver", "save")
        h.run("delete 2")
        #expect(try h.values("SELECT * FROM items ORDER BY id") != before)
        #expect(h.output("undo") == "undid the delete of Rusty spork (put it back)\n")
        #expect(h.output("undo") == "undid the insert of Sonic screwdriver (deleted it)\n")
        #expect(h.output("undo") == "undid the save of Gort statue: value: 150 → 120\n")
        #expect(h.output("undo") == "nothing to undo\n")
        #expect(try h.values("SELECT * FROM items ORDER BY id") == before)
        #expect(h.output("show").hasPrefix("items (5)\n"))
    }

    @Test(arguments: StoreKind.all)
    func unsavedEditsAreRevertedNotUndone(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        h.run("open 1", "set value 150", "save", "open 1", "set value 1")
        #expect(h.run("undo").error?.message
            == "undo takes back saves; the edits here are not saved yet: revert [FIELD] undoes them")
        #expect(h.output("revert", "undo") == "undid the save of Gort statue: value: 150 → 120\n")
        #expect(h.output("show").contains("value  120\n"), "the open record shows the undone value")
    }

    @Test(arguments: StoreKind.all)
    func undoIsRefusedWhenTheRowChangedSince(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        h.run("open 1", "set value 150", "save")
        try h.elsewhere("UPDATE items SET value = 175 WHERE id = 1")
        #expect(h.run("undo").error?.message == "cannot undo the save of Gort statue: it changed since; nothing changed")
        #expect(try h.value("SELECT value FROM items WHERE id = 1") == "175")
    }

    /// A rowid names a row of a table with no key: SQLite alone.
    @Test(arguments: StoreKind.sqlite)
    func undoOfADeleteKeepsTheRowsIdentity(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE plain (name TEXT, qty INTEGER);
            INSERT INTO plain VALUES ('a', 1), ('b', 2), ('c', 3);
            """)
        h.run("delete 2")
        h.run("undo")
        #expect(try h.database.rows("SELECT rowid AS r, name, qty FROM plain ORDER BY rowid").map { $0["r"]! + $0["name"]! }
            == ["1a", "2b", "3c"])
    }
}

import NavshCore
import NavshTestSupport
import Testing

/// A save's expectation is the values its user was shown: a record frame
/// takes a change made elsewhere only while saying so (at the prompt), and a
/// script's record frame never takes it (issue 8, item 1).
@Suite struct FreshnessTests {
    @Test(arguments: StoreKind.all)
    func aScriptsCleanRecordNeverRefreshesSoTheSaveIsRefused(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items, mode: .script)
        #expect(h.output("open 1").contains("120"))
        try h.elsewhere("UPDATE items SET value = 200 WHERE id = 1")
        let set = h.run("set value 150")
        #expect(set.error == nil)
        #expect(set.output == "", "nothing is refreshed, so nothing is announced")
        let save = h.run("save")
        #expect(save.error != nil, "the value shown was 120; 200 was never shown")
        #expect(try h.value("SELECT value FROM items WHERE id = 1") == "200")
    }

    /// Found by a trial on PostgreSQL: a column dropped elsewhere while the
    /// record held an edit of it left every save failing ("unknown fields")
    /// and no way to revert that one edit. The edit goes, saying so; the
    /// record's other edits save.
    @Test(arguments: StoreKind.all)
    func anEditOfAColumnDroppedElsewhereIsDroppedSayingSoAndTheRestSaves(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items, mode: .interactive)
        h.run("open 1", "set note gift", "set value 150")
        try h.elsewhere("ALTER TABLE items DROP COLUMN note")
        let saved = h.run("save")
        #expect(saved.error == nil, "\(saved.error?.message ?? "")")
        #expect(saved.output.contains("items changed elsewhere (removed note; your edit of note was dropped with it)"),
                "\(saved.output)")
        #expect(try h.value("SELECT value FROM items WHERE id = 1") == "150")
    }

    /// A column renamed elsewhere is said as renamed (it read as one added
    /// and one removed, or as added alone).
    @Test(arguments: StoreKind.all)
    func aColumnRenamedElsewhereIsSaidAsRenamed(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items, mode: .interactive)
        h.run("open 1")
        try h.elsewhere("ALTER TABLE items RENAME COLUMN note TO memo")
        let shown = h.run("show")
        #expect(shown.output.contains("items changed elsewhere (renamed note to memo)"), "\(shown.output)")
    }

    /// The trial's find: a schema change elsewhere (a column renamed) took a
    /// `find` list's filter away but kept its caption, so it listed every
    /// row and its `delete 1` deleted a row that never matched. The list
    /// stays filtered, in a script as at the prompt.
    @Test(arguments: StoreKind.all, [Session.Mode.interactive, .script])
    func aFilteredListStaysFilteredAfterASchemaChangeElsewhere(kind: StoreKind, mode: Session.Mode) throws {
        let h = try SessionHarness(kind, Fixtures.items, mode: mode)
        #expect(h.output("find statue").contains("Gort statue"))
        try h.elsewhere("ALTER TABLE items RENAME COLUMN note TO memo")
        let shown = h.output("show")
        #expect(shown.contains("Gort statue") && !shown.contains("Rusty spork"), "\(shown)")
        var deleted = h.run("delete 1")
        if let question = deleted.question {
            #expect(question.prompt.contains("Gort statue"), "\(question.prompt)")
            deleted = h.session.answer(question, .yes)
        }
        #expect(deleted.error == nil, "\(deleted.error?.message ?? "")")
        #expect(try h.column("SELECT name FROM items ORDER BY id")
                == ["Rusty spork", "Hoverboard", "木彫りの熊", "Lucky cat 🐱"])
    }

    /// The trial's find: a script's `open #KEY`, `set` and `save` take no
    /// look for changes elsewhere, so after a column was dropped elsewhere
    /// every save failed on it ("storage error: no such column"). The
    /// failed save takes the look and says what changed; the next passes.
    @Test(arguments: StoreKind.all)
    func aScriptsSaveAfterAColumnDroppedElsewhereSaysSoAndTheNextPasses(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items, mode: .script)
        h.run("open #1")
        try h.elsewhere("ALTER TABLE items DROP COLUMN note")
        h.run("set value 150")
        let refused = h.run("save")
        #expect(refused.error?.message == "items changed elsewhere (removed note); nothing was saved "
                + "(save again writes your edits to the table as it is now)", "\(refused.error?.message ?? "no error")")
        #expect(try h.value("SELECT value FROM items WHERE id = 1") == "120")
        let saved = h.run("save")
        #expect(saved.error == nil, "\(saved.error?.message ?? "")")
        #expect(try h.value("SELECT value FROM items WHERE id = 1") == "150")
    }

    /// A `where` on a column renamed elsewhere reads nothing (each read is
    /// an error), and the notice says why and how to leave it.
    @Test(arguments: StoreKind.all)
    func aWhereOnAColumnRenamedElsewhereSaysBackLeavesIt(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items, mode: .interactive)
        #expect(h.output("where value > 100").contains("Gort statue"))
        try h.elsewhere("ALTER TABLE items RENAME COLUMN value TO price")
        let notice = h.session.noticeChangesElsewhere()
        #expect(notice.contains("this list's filter on value can no longer be read: back leaves it"), "\(notice)")
        // Each read says so in the same words, not SQLite's "no such column" (a trial's find).
        #expect(h.run("show").error?.message == "this list's filter on value can no longer be read "
                + "(the column was renamed or dropped elsewhere): back leaves it")
        #expect(h.run("back").error == nil)
        #expect(h.output("show").contains("Rusty spork"))
    }

    /// With a record opened from the list on top, the record's own notice
    /// of the dropped column no longer hides the list's (the final trial's find).
    @Test(arguments: StoreKind.all)
    func aWhereBelowARecordIsStillNamedWhenItsFieldIsDroppedElsewhere(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items, mode: .interactive)
        h.run("where value > 100", "open 1", "set name N")
        try h.elsewhere("ALTER TABLE items DROP COLUMN value")
        let notice = h.session.noticeChangesElsewhere()
        #expect(notice.contains("removed value") && notice.contains("this list's filter on value"), "\(notice)")
    }

    /// The tmux trial's find: a column added elsewhere during an edit was
    /// shown as "(null)" though it held its default, a notice said the save
    /// would be refused, and the save passed. The added column's stored
    /// value is shown, and a save checks it like every other value shown.
    @Test(arguments: StoreKind.all)
    func aColumnAddedElsewhereDuringAnEditIsShownAsStoredAndChecked(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items, mode: .interactive)
        h.run("open 1", "set value 150")
        try h.elsewhere("ALTER TABLE items ADD COLUMN colour TEXT DEFAULT 'red'")
        let shown = h.run("show")
        #expect(shown.output.contains("colour  red"), "\(shown.output)")
        #expect(!shown.output.contains("refused"), "\(shown.output)")
        #expect(h.session.noticeChangesElsewhere() == "")
        try h.elsewhere("UPDATE items SET colour = 'blue' WHERE id = 1")
        // Not edited here: shown as it is now, and kept by the save.
        #expect(h.session.noticeChangesElsewhere() == "colour: red → blue (changed elsewhere)\n")
        #expect(h.run("save").error == nil)
        #expect(try h.values("SELECT value, colour FROM items WHERE id = 1") == [["150", "blue"]])
    }

    /// A trial's find: the one table of a store dropped elsewhere left
    /// every command saying "no table named items", with nowhere to go.
    /// The root becomes the list of what the store holds now.
    @Test(arguments: StoreKind.all)
    func theOnlyTableGoneElsewhereLeavesANewRoot(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items, mode: .interactive)
        #expect(h.output("show").contains("Gort statue"))
        try h.elsewhere("CREATE TABLE things (id INTEGER PRIMARY KEY, label TEXT); INSERT INTO things VALUES (1, 'Kite');"
                               + "DROP TABLE items")
        let shown = h.run("show")
        #expect(shown.error == nil, "\(shown.error?.message ?? "")")
        #expect(shown.output.hasPrefix("items is gone (renamed or dropped elsewhere); the list below is now things\n"),
                "\(shown.output)")
        #expect(shown.output.contains("Kite"))
        #expect(h.output("open 1").contains("things › Kite"))
    }

    /// A table renamed elsewhere is followed by every frame that shows it:
    /// a record's edits save to it under its new name (the second trial's
    /// find: save, reload and save! all said "no table named items").
    @Test(arguments: StoreKind.all)
    func aTableRenamedElsewhereIsFollowedAndAnEditSavesToIt(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items, mode: .interactive)
        h.run("open 1", "set value 150")
        try h.elsewhere("ALTER TABLE items RENAME TO things")
        let shown = h.run("show")
        #expect(shown.output.hasPrefix("items changed elsewhere (renamed to things); showing it as it is now\n"),
                "\(shown.output)")
        #expect(h.session.breadcrumb == "things › Gort statue*")
        let saved = h.run("save")
        #expect(saved.error == nil, "\(saved.error?.message ?? "")")
        #expect(try h.value("SELECT value FROM things WHERE id = 1") == "150")
    }

    /// A value changed elsewhere to one that prints alike (é as one
    /// character or two) is said to differ, as a conflict table says it.
    @Test(arguments: StoreKind.all)
    func aChangeElsewhereThatLooksAlikeIsSaidToDiffer(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items, mode: .interactive)
        try h.elsewhere("UPDATE items SET note = 'Caf\u{E9}' WHERE id = 1")
        h.run("open 1")
        try h.elsewhere("UPDATE items SET note = 'Cafe\u{301}' WHERE id = 1")
        #expect(h.session.noticeChangesElsewhere()
                == "note: Caf\u{E9} → Cafe\u{301} (changed elsewhere; it looks alike but is not the same value)\n")
    }

    @Test(arguments: StoreKind.all)
    func atThePromptACleanRecordTakesTheChangeAndSaysSo(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items, mode: .interactive)
        h.run("open 1")
        try h.elsewhere("UPDATE items SET value = 200 WHERE id = 1")
        #expect(h.session.noticeChangesElsewhere() == "value: 120 → 200 (changed elsewhere)\n")
        #expect(h.session.noticeChangesElsewhere() == "", "said once")
        let saved = h.output("set value 150", "save")
        #expect(saved.hasPrefix("saved Gort statue\n") && !saved.contains("changed elsewhere"), "\(saved)")
        #expect(try h.value("SELECT value FROM items WHERE id = 1") == "150")
    }

    @Test(arguments: StoreKind.all)
    func anEditTypedBeforeTheNoticeIsNotRun(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items, mode: .interactive)
        h.run("open 1")
        try h.elsewhere("UPDATE items SET value = 200, note = 'x' WHERE id = 1")
        // Typed (or pasted) looking at 120: it must not land on 200 unseen.
        let response = h.run("set value 150")
        #expect(response.output == "value: 120 → 200 (changed elsewhere)\nnote: none → x (changed elsewhere)\n")
        #expect(response.error?.message
            == "the record changed elsewhere (see above); nothing was run: type the command again if it still applies")
        #expect(h.run("changes").output == "no unsaved changes\n")
        #expect(h.output("set value 150", "save").hasPrefix("saved Gort statue\n"), "typed again, knowingly")
    }

    @Test(arguments: StoreKind.all)
    func aReadOnlyCommandStillRunsAfterTheNotice(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items, mode: .interactive)
        h.run("open 1")
        try h.elsewhere("UPDATE items SET value = 200 WHERE id = 1")
        let response = h.run("show")
        #expect(response.error == nil)
        #expect(response.output.hasPrefix("value: 120 → 200 (changed elsewhere)\nitems › Gort statue\n"))
    }

    @Test(arguments: StoreKind.all)
    func aRecordWithEditsKeepsWhatItShowedAndIsWarnedOnce(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items, mode: .interactive)
        h.run("open 1", "set name Gort")
        try h.elsewhere("UPDATE items SET name = 'Gort the robot' WHERE id = 1")
        #expect(h.session.noticeChangesElsewhere()
            == "name changed elsewhere; save will be refused (reload takes their values and keeps your edits)\n")
        #expect(h.session.noticeChangesElsewhere() == "")
        #expect(h.run("changes").output == "  name: Gort statue → Gort\n")
        #expect(h.run("save").error != nil)
        #expect(try h.value("SELECT name FROM items WHERE id = 1") == "Gort the robot")
    }

    /// A field the frame did not edit, changed elsewhere, is shown as it is
    /// now; the edits stay and the save keeps the other process's value.
    @Test(arguments: StoreKind.all)
    func aRecordWithEditsTakesChangesToOtherFields(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items, mode: .interactive)
        h.run("open 1", "set name Gort")
        try h.elsewhere("UPDATE items SET value = 200 WHERE id = 1")
        #expect(h.session.noticeChangesElsewhere() == "value: 120 → 200 (changed elsewhere)\n")
        #expect(h.session.noticeChangesElsewhere() == "")
        #expect(h.run("changes").output == "  name: Gort statue → Gort\n")
        let saved = h.run("save").output
        #expect(saved.hasPrefix("saved Gort\n"), "told before the save: \(saved)")
        #expect(try h.values("SELECT name, value FROM items WHERE id = 1") == [["Gort", "200"]])
    }

    /// The notice does not stop the save typed after the change: the save
    /// writes only the edited field (a trial's find: "nothing was run").
    @Test(arguments: StoreKind.all)
    func aSaveRightAfterAChangeToAnotherFieldRuns(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items, mode: .interactive)
        h.run("open 1", "set name Gort")
        try h.elsewhere("UPDATE items SET value = 200 WHERE id = 1")
        let saved = h.run("save")
        #expect(saved.error == nil, "\(saved.error?.message ?? "")")
        #expect(saved.output.hasPrefix("value: 120 → 200 (changed elsewhere)\nsaved Gort\n"), "\(saved.output)")
        #expect(try h.values("SELECT name, value FROM items WHERE id = 1") == [["Gort", "200"]])
    }

    @Test(arguments: StoreKind.all)
    func aFrameBelowTheTopIsNamedInItsNotice(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.shop, mode: .interactive)
        h.run("open cars", "open 1", "open owner_id")
        try h.elsewhere("UPDATE cars SET year = 2015 WHERE id = 1")
        #expect(h.session.noticeChangesElsewhere() == "\(h.root) › cars › Corolla: year: 2014 → 2015 (changed elsewhere)\n")
    }

    /// Found by a new user: `name: GORT → GORT   (changed elsewhere)` looked
    /// like no change. Spaces at either end are shown inside quotes.
    @Test(arguments: StoreKind.all)
    func spacesAtTheEndOfAValueAreVisible(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items, mode: .interactive)
        h.run("open 1")
        try h.elsewhere("UPDATE items SET name = 'Gort statue   ' WHERE id = 1")
        #expect(h.session.noticeChangesElsewhere() == "name: Gort statue → \"Gort statue   \" (changed elsewhere)\n")
    }

    /// Issue 10: at the prompt, a list on top says at once that rows it
    /// shows changed, instead of waiting for `show`; scripts stay quiet.
    @Test(arguments: StoreKind.all)
    func atThePromptAListSaysHowManyOfItsRowsChanged(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items, mode: .interactive)
        h.run("show")
        try h.elsewhere("UPDATE items SET value = 3 WHERE id IN (1, 2)")
        #expect(h.session.noticeChangesElsewhere() == "2 rows shown changed elsewhere; show to see them\n")
        #expect(h.session.noticeChangesElsewhere() == "", "said once")
        try h.elsewhere("DELETE FROM items WHERE id = 5")
        #expect(h.session.noticeChangesElsewhere() == "1 row shown changed elsewhere; show to see it\n")
        try h.elsewhere("INSERT INTO items (id, name) VALUES (10, 'new elsewhere')")
        #expect(h.session.noticeChangesElsewhere() == "", "no row shown changed: show will list the new one")

        let script = try SessionHarness(kind, Fixtures.items)
        script.run("show")
        try script.elsewhere("UPDATE items SET value = 3 WHERE id = 1")
        #expect(script.session.noticeChangesElsewhere() == "")
    }

    /// A command's own look leaves the line about the list's rows to the
    /// prompt: said before a `show`, it and the list's marks pushed the
    /// list's title off the screen (a trial's find). The list shown marks
    /// the rows instead.
    @Test(arguments: StoreKind.all)
    func aCommandShowingTheListIsNotPrecededByTheLineAboutItsRows(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items, mode: .interactive)
        h.run("show")
        try h.elsewhere("UPDATE items SET value = 3 WHERE id IN (1, 2)")
        let shown = h.output("show")
        #expect(!shown.contains("shown changed elsewhere"), "\(shown)")
        #expect(shown.hasPrefix("items ("), "\(shown)")
        #expect(shown.contains("~ changed elsewhere since last shown"), "\(shown)")
        #expect(h.session.noticeChangesElsewhere(watchingShownRows: true) == "", "the list marked them")
        // A command that does not show the list leaves the line to the
        // prompt, which says it: a trial's `count` and `help` never did.
        try h.elsewhere("UPDATE items SET value = 4 WHERE id = 3")
        #expect(h.output("count") == "items: 5 rows\n")
        #expect(h.session.noticeChangesElsewhere(watchingShownRows: true) == "1 row shown changed elsewhere; show to see it\n")
        #expect(h.session.noticeChangesElsewhere(watchingShownRows: true) == "", "said once")
    }

    /// A page shown again after a change elsewhere marks its rows that
    /// changed, though other pages were shown in between (`next`, a change,
    /// `prev` marked nothing); a column renamed elsewhere marks no row (it
    /// marked every one; the trial's finds).
    @Test(arguments: StoreKind.all)
    func aPageShownAgainMarksWhatChangedSinceItWasShown(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, qty INTEGER);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 50)
            INSERT INTO t SELECT i, 'item ' || i, i FROM n;
            """, mode: .interactive)
        h.run("show")
        h.run("next")
        try h.elsewhere("UPDATE t SET qty = 4242 WHERE id = 5")
        let first = h.output("prev")
        #expect(first.contains(" ~ item 5 "), "\(first)")
        // The legend leads the footer: a line of its own pushed the title off a full screen.
        #expect(first.split(separator: "\n").last?.hasPrefix("~ changed elsewhere since last shown · rows 1–20 of 50") == true,
                "\(first)")
        #expect(first.split(separator: "\n").count == 23, "title, labels, 20 rows and the footer: \(first)")
        let again = h.output("next")
        #expect(!again.contains("~"), "nothing changed on page 2: \(again)")

        // The row come back from, changed elsewhere meanwhile, shows the change.
        h.run("prev")
        h.run("open 3")
        try h.elsewhere("UPDATE t SET qty = 99 WHERE id = 3")
        h.run("reload")
        let back = h.output("back")
        #expect(back.contains("   3 ~ item 3 "), "\(back)")

        try h.elsewhere("ALTER TABLE t RENAME COLUMN qty TO amount")
        let renamed = h.output("show")
        #expect(!renamed.contains("~"), "\(renamed)")
        #expect(renamed.contains("amount"), "\(renamed)")
    }

    /// A record's note of a change elsewhere bounds each side and says its
    /// length: whole, a one-letter change to a 5 MB text wrote 10 MB to the
    /// terminal (a trial's find).
    /// SQLite alone: another process's write uses SQLite's printf.
    @Test(arguments: StoreKind.sqlite)
    func aChangeElsewhereToALongValueIsSaidBounded(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, body TEXT);
            INSERT INTO t VALUES (1, 'one', printf('%.*c', 100000, 'x'));
            """, mode: .interactive)
        h.run("open 1")
        try h.elsewhere("UPDATE t SET body = body || 'y' WHERE id = 1")
        let notice = h.session.noticeChangesElsewhere()
        #expect(notice.utf8.count < 10_000, "\(notice.utf8.count) bytes")
        #expect(notice.contains("… (100,000 characters) → "), "\(notice.prefix(200))")
        #expect(notice.hasSuffix("… (100,001 characters) (changed elsewhere)\n"), "\(notice.suffix(200))")
    }
}

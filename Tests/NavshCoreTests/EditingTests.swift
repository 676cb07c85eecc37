import NavshCore
import NavshTestSupport
import Testing

/// The buffered edit model: edits stay private until `save`, which writes
/// exactly the changed fields; `cancel` and refusals write nothing.
@Suite struct EditingTests {
    /// Rows keyed by two columns and no row number: a save that changes
    /// the key must follow the row to its new one.
    static let pairs = """
        CREATE TABLE pairs (a TEXT, b INTEGER, label TEXT, PRIMARY KEY (a, b)) WITHOUT ROWID;
        INSERT INTO pairs VALUES ('x', 1, 'one'), ('y', 2, 'two');
        """

    @Test(arguments: StoreKind.all)
    func saveWritesExactlyTheChangedFields(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        let before = try h.snapshot("items")
        #expect(h.output("open 1", "set value 150", "set name Gort statue II").hasPrefix("items › Gort statue\n"))
        #expect(h.session.breadcrumb == "items › Gort statue II*")
        #expect(try h.snapshot("items") == before, "nothing is written before save")
        #expect(h.output("save") == "saved Gort statue II\n")
        #expect(h.session.breadcrumb == "items")
        let after = try h.snapshot("items")
        #expect(Array(after.dropFirst()) == Array(before.dropFirst()))
        #expect(try h.values("SELECT name, value, serial, weight, created FROM items WHERE id = 1")
                == [["Gort statue II", "150", "GS-1951", "12.5", "2026-11-21 10:00:00"]])
    }

    /// The re-trial's find: at the prompt, `undo` at a list said what it
    /// undid while the rows above still showed the saved value. The list
    /// is shown again, as after the save; a script stays quiet.
    @Test(arguments: StoreKind.all)
    func undoAtThePromptShowsTheListAgain(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items, mode: .interactive)
        #expect(h.output("open 1", "set value 150", "save").contains("150"))
        let undone = h.output("undo")
        let list = try #require(undone.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().first)
        #expect(undone.hasPrefix("undid the save of Gort statue") && list.hasPrefix("items (5)"), "\(undone)")
        #expect(undone.contains("120") && !undone.contains("150  "), "\(undone)")
        let script = try SessionHarness(kind, Fixtures.items, mode: .script)
        #expect(!script.output("open 1", "set value 150", "save", "undo").contains("items (5)"))
    }

    @Test(arguments: StoreKind.all)
    func cancelDiscardsAndWritesNothing(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        let before = try h.snapshot("items")
        h.run("open 2", "set value 99")
        #expect(h.output("cancel") == "discarded edits in items › Rusty spork (value)\n")
        #expect(try h.snapshot("items") == before)
        #expect(h.session.unsavedWork.isEmpty)
    }

    @Test(arguments: StoreKind.all)
    func changesAndRevert(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        h.run("open 1", "set value 150", "set serial X-1")
        #expect(h.output("changes") == "  serial: GS-1951 → X-1\n  value: 120 → 150\n")
        #expect(h.output("revert value", "changes") == "  serial: GS-1951 → X-1\n")
        #expect(h.output("revert value") == "nothing to revert: value has no unsaved edit\n")
        #expect(h.output("revert", "changes") == "no unsaved changes\n")
        #expect(h.run("revert nosuch").error != nil)
    }

    @Test(arguments: StoreKind.all)
    func newDraftShowsDefaultsAndSaveInserts(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        let draft = h.output("new")
        #expect(draft.contains("(new, not saved yet)"))
        #expect(draft.contains("note  none"))
        #expect(draft.contains("created  (set when saved)"))
        #expect(draft.contains("name  (null)  (required)"))
        #expect(h.session.breadcrumb == "items › (new)")
        #expect(h.output("set name Sonic screwdriver", "set value 7", "save") == "saved Sonic screwdriver as #6 (row 6)\n")
        #expect(try h.values("SELECT name, value, note, serial FROM items WHERE id = 6")
                == [["Sonic screwdriver", "7", "none", "NULL"]])
        #expect(try h.value("SELECT created FROM items WHERE id = 6") != "NULL")
        #expect(h.output("show").contains("items (6)"))
    }

    @Test(arguments: StoreKind.all)
    func constraintRefusalsNameTheFieldAndKeepTheBuffer(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        let before = try h.snapshot("items")
        h.run("open 1")
        #expect(h.run("set name \"\"").error?.message == "name: empty, but it takes at least 1 character",
                "the CHECK's length is checked at set")
        h.run("set name Gort", "set serial HB-2015")
        #expect(h.run("save").error?.message == "another row already has this serial (UNIQUE); nothing was saved")
        #expect(h.session.breadcrumb == "items › Gort*", "a refused save stays in the record with its edits")
        #expect(try h.snapshot("items") == before)

        h.run("cancel", "new")
        #expect(h.run("save").error?.message == "name is required (NOT NULL); set name VALUE, then save again")
        #expect(try h.snapshot("items") == before)
    }

    @Test(arguments: StoreKind.all)
    func foreignKeyRefusalNamesTheMissingParent(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.shop)
        h.run("open cars", "open 1", "set owner_id 42")
        #expect(h.run("save").error?.message
            == "owner_id: no row in owners has id = 42 (FOREIGN KEY); nothing was saved")
        h.run("cancel", "back", "open owners")
        #expect(h.run("delete 1").error?.message == "cannot delete Ada: 1 car refers to it (cars.owner_id); nothing was deleted")
        #expect(try h.value("SELECT count(*) AS n FROM owners") == "2")
    }

    @Test(arguments: StoreKind.all)
    func deleteRowAndDeleteRecord(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        #expect(h.output("delete 2") == "deleted Rusty spork\n")
        h.run("open 1")
        #expect(h.output("delete") == "deleted Gort statue\n")
        #expect(try h.column("SELECT name FROM items ORDER BY id")
            == ["Hoverboard", "木彫りの熊", "Lucky cat 🐱"])
        #expect(h.output("show").hasPrefix("items (3)\n      name          serial   value  weight  bought      note\n   1  Hoverboard"))
        h.run("new")
        #expect(h.run("delete").error?.message == "this record is not saved yet; cancel discards it")
    }

    @Test(arguments: StoreKind.all)
    func interactiveDeleteAsksFirst(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items, mode: .interactive)
        let response = h.run("delete 2")
        let question = try #require(response.question)
        #expect(question.prompt == "Delete row 2, Rusty spork, from items? [y/N] ")
        #expect(question.interpret("n") == .no && question.interpret("") == .no)
        #expect(question.interpret("sure") == nil, "not a choice: asked again, never yes")
        #expect(h.session.answer(question, .no) == Response(output: "nothing was deleted\n"), "said, not a bare prompt")
        #expect(try h.value("SELECT count(*) AS n FROM items") == "5")
        #expect(h.session.answer(question, try #require(question.interpret("Y"))).output.hasPrefix("deleted Rusty spork\n"))
        #expect(try h.value("SELECT count(*) AS n FROM items") == "4")
    }

    @Test(arguments: StoreKind.all)
    func changingTheKeyOfAWithoutRowidRowFollowsIt(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.pairs)
        h.run("show", "open one", "set b 5")
        #expect(h.output("save") == "saved one\n")
        #expect(try h.value("SELECT b FROM pairs WHERE label = 'one'") == "5")
        h.run("open one")
        #expect(h.output("show").contains("b  5\n"), "the row is found under its new key")
        h.run("back")
        #expect(h.output("undo") == "undid the save of one: b: 5 → 1\n")
        #expect(try h.value("SELECT b FROM pairs WHERE label = 'one'") == "1")
    }

    /// Issue 8, item 11: after a re-keying save, the list and `open N` show
    /// the row under its new key; a later save is no "deleted elsewhere" and
    /// `save!` never puts the old row back beside the new one.
    @Test(arguments: StoreKind.all)
    func aRowReKeyedByASaveIsFollowedEverywhere(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.pairs)
        h.run("show", "open 1", "set b 5")
        #expect(h.output("save") == "saved one\n")
        #expect(h.output("open 1").contains("b  5\n"), "open N opens the row under its new key")
        h.run("set label uno")
        #expect(h.output("save") == "saved uno\n")
        h.run("open 1", "set label eins")
        #expect(h.output("save!") == "saved eins\n")
        #expect(try h.values("SELECT a, b, label FROM pairs ORDER BY a") == [["x", "5", "eins"], ["y", "2", "two"]])
    }

    /// The save takes the row as the store's update returned it, read in
    /// the write's own transaction: no second read of the row, no page.
    @Test(arguments: StoreKind.all)
    func saveReadsNothingAfterTheWrite(kind: StoreKind) throws {
        let (h, store) = try SessionHarness.counting(Fixtures.numbered(50))
        h.run("show", "open 3", "set name Third")
        store.resetCounters()
        #expect(h.run("save").output == "saved Third\n")
        let shown = h.run("show").output
        #expect(shown.contains("   3  Third"))
        #expect(store.pageReads == 0, "the page is not read again")
        #expect(store.rowsRead == 0, "the update returned the stored row")
        #expect(store.counts == 0)
    }
}

/// Found by an adversary: `edit` pre-filled the escaped display text of a
/// value holding invalid UTF-8 (or dropped a C1 control), so Enter alone
/// saved an altered value. The prompt refuses such values; scripts, whose
/// value line replaces the value, may still edit them.
@Suite struct EditFidelityTests {
    static let schema = """
        CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT);
        INSERT INTO t VALUES (1, CAST(x'61ff62' AS TEXT)), (2, 'x' || char(155) || 'y'), (3, 'a' || char(9) || 'b');
        """

    @Test(arguments: [1, 2, 3])
    func thePromptRefusesToEditAValueItCannotShowAsStored(row: Int) throws {
        let h = try SessionHarness(Self.schema, mode: .interactive)
        h.run("open \(row)")
        let response = h.run("edit name")
        #expect(response.edit == nil)
        #expect(response.error?.message.contains("set name VALUE replaces the value") == true)
    }

    /// SQLite alone: the schema's values are built with SQLite's functions.
    @Test(arguments: StoreKind.sqlite)
    func aScriptMayReplaceSuchAValue(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.schema)
        h.run("open 1")
        let edit = try #require(h.run("edit name").edit)
        #expect(h.session.finishEdit(edit, with: "ab").error == nil)
        #expect(h.output("save") == "saved ab\n")
    }

    /// Found by a second adversary round: Enter on an unchanged value stored
    /// a blob's placeholder text, or turned 5 into '5' in an untyped column.
    @Test(arguments: StoreKind.sqlite)
    func enterOnTheValueAsItWasChangesNothing(kind: StoreKind) throws {
        let h = try SessionHarness(kind, "CREATE TABLE t (id INTEGER PRIMARY KEY, v, b TEXT);"
            + "INSERT INTO t VALUES (1, 5, x'00ff01');", mode: .interactive)
        h.run("open 1")
        let edit = try #require(h.run("edit v").edit)
        #expect(h.session.finishEdit(edit, with: edit.initial).output == "v unchanged\n")
        #expect(h.run("edit b").error?.message == "b holds binary data, which cannot be edited as text; set b VALUE replaces it")
        #expect(h.run("changes").output == "no unsaved changes\n")
        #expect(try h.value("SELECT typeof(v) AS t FROM t") == "integer")
    }

    /// Found in the last real-use trial: save! of a WITHOUT ROWID row whose
    /// key the user changed recorded the old key, so undo said "deleted
    /// since" and left the row behind, blocking every older undo.
    /// A column's type may store another value than the one saved (3.0 as
    /// 3 in a NUMERIC column, 1e3 as 1000): undo expects what was stored,
    /// not what was sent, so nothing else touching the row, it undoes (the
    /// trial's find: "cannot undo the save of one: it changed since").
    @Test(arguments: StoreKind.sqlite)
    func aSaveWhoseValueTheColumnsTypeChangedCanBeUndone(kind: StoreKind) throws {
        let h = try SessionHarness(kind, "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, n NUMERIC); INSERT INTO t VALUES (1, 'one', 7);")
        for typed in ["3.0", "1e3", "99999999999999999999"] {
            h.run("open 1", "set n \(typed)")
            #expect(h.run("save").error == nil)
            #expect(h.run("undo").error == nil, "undo after set n \(typed)")
            #expect(try h.database.rows("SELECT n, typeof(n) AS kind FROM t")[0] == ["n": "7", "kind": "integer"])
        }
    }

    @Test(arguments: StoreKind.all)
    func aPutBackUnderANewKeyCanBeUndone(kind: StoreKind) throws {
        let h = try SessionHarness(kind, "CREATE TABLE k (code TEXT PRIMARY KEY, v TEXT) WITHOUT ROWID; INSERT INTO k VALUES ('a', '1');")
        h.run("open 1", "set code z")
        try h.elsewhere("DELETE FROM k")
        #expect(h.run("save").error != nil)
        #expect(h.output("save!") == "saved 1 (put back under its key: it had been deleted or re-keyed elsewhere)\n")
        #expect(h.output("undo") == "undid the insert of 1 (deleted it)\n")
        #expect(try h.value("SELECT count(*) AS n FROM k") == "0")
    }

    /// `café` typed composed over `café` stored decomposed is a change: the
    /// two match and sort apart in the store, and cleaning such data is
    /// what the edit is for.
    @Test(arguments: StoreKind.all)
    func aValueThatDiffersOnlyInItsBytesIsAChange(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, f TEXT);
            INSERT INTO t VALUES (1, 'a', 'cafe\u{301}'), (2, 'b', 'cafe\u{301}');
            """)
        h.run("open t", "open 1", "set f caf\u{E9}")
        #expect(h.output("save").hasPrefix("saved a"))
        h.run("open *", "set f caf\u{E9}")
        #expect(h.output("save").hasPrefix("saved f on 1 row of t (1 held it already)"))
        #expect(try h.column("SELECT f FROM t ORDER BY id").map { Array($0.utf8) } == [Array("caf\u{E9}".utf8), Array("caf\u{E9}".utf8)])
    }
}

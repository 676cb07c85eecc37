import NavshCore
import NavshTestSupport
import Testing

/// Abbreviations, completion, field editors and the unsaved-work question:
/// the parts of the interactive prompt that live in the core.
@Suite struct PromptFeatureTests {
    @Test(arguments: StoreKind.all)
    func uniquePrefixesRunOnlyAtThePrompt(kind: StoreKind) throws {
        let interactive = try SessionHarness(kind, Fixtures.items, mode: .interactive)
        interactive.run("op 3")
        #expect(interactive.session.breadcrumb == "items › Hoverboard")
        #expect(interactive.run("s").error?.message == "'s' is ambiguous: save set show")
        #expect(interactive.session.breadcrumb == "items › Hoverboard")
        #expect(interactive.run("ba").error == nil, "back, not back!")
        #expect(interactive.session.breadcrumb == "items")

        let script = try SessionHarness(kind, Fixtures.items)
        #expect(script.run("op 3").error?.message == "unknown command 'op'; scripts take full command names (open)")
        #expect(script.run("sav").error?.message == "unknown command 'sav'; did you mean save?",
                "a near miss suggests the command")
        #expect(script.run("frobnicate").error?.message == "unknown command 'frobnicate'; help lists the commands here")
    }

    /// A field name that must be quoted is completed quoted, as the error
    /// suggesting it says to type it: inserted bare, `it's` left an open
    /// quote, `back\` escaped the space after it, and a name holding a line
    /// break completed nothing (the re-trial's find).
    @Test(arguments: StoreKind.all)
    func fieldNamesAreCompletedAsTheyMustBeTyped(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE q (id INTEGER PRIMARY KEY, "it's" TEXT, "back\\" TEXT, "wei\nrd" TEXT, plain TEXT, " sp" TEXT);
            INSERT INTO q VALUES (1, 'a', 'b', 'c', 'd', 'e');
            """, mode: .interactive)
        h.run("open 1")
        #expect(h.session.completions(before: "set it").candidates == [#""it's""#])
        #expect(h.session.completions(before: #"set "it"#).candidates == [#""it's""#])
        #expect(h.session.completions(before: "set ba").candidates == [#""back\\""#])
        #expect(h.session.completions(before: "set wei").candidates == [#""wei\nrd""#])
        #expect(h.session.completions(before: "show pl").candidates == ["plain"])
        // A quote opened is part of the word: its spaces are the name's.
        #expect(h.session.completions(before: "set 'it").candidates == [#""it's""#])
        #expect(h.session.completions(before: #"set " s"#).candidates == [#"" sp""#])
        #expect(h.session.completions(before: #"revert " s"#).candidates == [#"" sp""#])
        #expect(h.session.completions(before: #"set "it's" x"#).candidates == [], "the value has begun")
        for candidate in h.session.completions(before: "set ").candidates {
            #expect(h.run("set \(candidate) x").error == nil, "\(candidate) reads back as its field")
        }
    }

    /// A field with a label completes by it, as the screen shows it, quoted
    /// where it must be (`set Len` completed nothing where the screen said
    /// `Length (ms)`; the new user's find); its column name still completes.
    @Test(arguments: StoreKind.all)
    func aLabelledFieldCompletesByItsLabel(kind: StoreKind) throws {
        let h = try SessionHarness(kind, "CREATE TABLE t (id INTEGER PRIMARY KEY, ms INTEGER, genre_id INTEGER);\nINSERT INTO t VALUES (1, 5, 2);",
                                   spec: "collections:\n  t:\n    fields:\n      ms: {label: Length (ms)}\n      genre_id: {label: Genre}\n",
                                   mode: .interactive)
        h.run("open 1")
        #expect(h.session.completions(before: "set Len").candidates == [#""Length (ms)""#])
        #expect(h.session.completions(before: "set g").candidates == ["Genre"])
        #expect(h.session.completions(before: "set ms").candidates == ["ms"])
        #expect(h.session.completions(before: "show ").candidates == ["id", #""Length (ms)""#, "Genre"])
        #expect(h.run(#"set "Length (ms)" 7"#).error == nil)
        #expect(h.session.completions(before: "revert ").candidates == [#""Length (ms)""#])
    }

    @Test(arguments: StoreKind.all)
    func completesCommandsFieldsRowsAndTitles(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items, mode: .interactive)
        #expect(h.session.completions(before: "o") == Completion(word: "o", candidates: ["open"]))
        #expect(h.session.completions(before: "").candidates.contains("new"))
        #expect(!h.session.completions(before: "").candidates.contains("set"), "only this frame's commands")
        #expect(h.session.completions(before: "open Go") == Completion(word: "Go", candidates: ["Gort statue"]))
        #expect(h.session.completions(before: "open gort s") == Completion(word: "gort s", candidates: ["Gort statue"]))
        #expect(h.session.completions(before: "open 木") == Completion(word: "木", candidates: ["木彫りの熊"]))
        #expect(h.session.completions(before: "open ").candidates == ["1", "2", "3", "4", "5"])
        #expect(h.session.completions(before: "delete 4") == Completion(word: "4", candidates: ["4"]))
        #expect(h.session.completions(before: "help se").candidates == [])

        h.run("open 1")
        #expect(h.session.completions(before: "s").candidates == ["save", "save!", "set", "show"])
        #expect(h.session.completions(before: "set ").candidates
            == ["name", "serial", "value", "weight", "bought", "note", "created"])
        #expect(h.session.completions(before: "set se") == Completion(word: "se", candidates: ["serial"]))
        #expect(h.session.completions(before: "edit NA") == Completion(word: "NA", candidates: ["name"]))
        #expect(h.session.completions(before: "set name Go").candidates == [], "free text has no candidates")
        h.run("set value 3")
        #expect(h.session.completions(before: "revert ").candidates == ["value"])
    }

    @Test(arguments: StoreKind.all)
    func completesBooleansAndCollections(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE flags (name TEXT, active BOOLEAN);
            CREATE TABLE other (x TEXT);
            INSERT INTO flags VALUES ('a', TRUE);
            """, mode: .interactive)
        #expect(h.session.completions(before: "open f") == Completion(word: "f", candidates: ["flags"]))
        h.run("open flags", "open 1")
        #expect(h.session.completions(before: "set active t") == Completion(word: "t", candidates: ["true"]))
        #expect(h.session.completions(before: "set active ").candidates == ["false", "true"])
    }

    @Test(arguments: StoreKind.all)
    func editOpensAFieldEditorAndChecksWhatComesBack(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items, mode: .interactive)
        h.run("open 4")
        let edit = try #require(h.run("edit name").edit)
        #expect(edit.prompt == "Name: ")
        #expect(edit.initial == "木彫りの熊")
        #expect(h.session.finishEdit(edit, with: "木彫りの熊と鮭").error == nil)
        #expect(h.output("changes") == "  name: 木彫りの熊 → 木彫りの熊と鮭\n")

        let value = try #require(h.run("edit value").edit)
        #expect(value.initial == "45")
        let refused = h.session.finishEdit(value, with: "lots")
        #expect(refused.error?.message == "value: 'lots' is not a whole number")
        #expect(refused.edit?.initial == "lots", "the editor re-opens with what was typed")
        #expect(h.session.finishEdit(value, with: "").output == "value unchanged (an empty line keeps the value)\n",
                "a new user cleared the line and was not told why nothing changed")
        #expect(h.session.finishEdit(value, with: nil).output == "value unchanged\n")
        #expect(h.output("changes") == "  name: 木彫りの熊 → 木彫りの熊と鮭\n")

        #expect(h.run("edit id").error?.message.hasPrefix("id is read-only") == true)
        let empty = try #require(h.run("edit bought").edit)
        #expect(empty.initial == "" && !empty.hadValue)
        #expect(h.session.finishEdit(empty, with: "").output == "bought unchanged\n", "Enter on an empty NULL keeps NULL")
    }

    @Test(arguments: StoreKind.all)
    func savingFromTheUnsavedWorkQuestion(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items, mode: .interactive)
        h.run("open 1", "set value 150")
        let question = try #require(h.run("back").question)
        #expect(question.interpret("s") == .save)
        #expect(question.interpret("S") == .save, "S is save: no choice differs from another only by case")
        #expect(question.interpret("k") == .stay && question.interpret("Keep") == .stay)
        let response = h.session.answer(question, .save)
        #expect(response.output.hasPrefix("saved Gort statue\nitems (5)\n"), "then the list it went back to")
        #expect(h.session.breadcrumb == "items")
        #expect(try h.value("SELECT value FROM items WHERE id = 1") == "150")

        // A refused save keeps the user where they were, edits intact.
        h.run("open 2", "set weight 2", "set serial HB-2015")
        let again = try #require(h.run("quit").question)
        let refused = h.session.answer(again, .save)
        #expect(refused.error?.message.contains("UNIQUE") == true)
        #expect(!refused.quits)
        #expect(h.session.breadcrumb == "items › Rusty spork*", "the edits kept")
    }

    @Test(arguments: StoreKind.all)
    func historyIsTheRunnersToGive(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items, mode: .interactive)
        #expect(h.output("history") == "no history: only lines typed at the interactive prompt are kept\n")
        h.session.configuration.historyEntries = { ["open 1", "back", "show"] }
        #expect(h.output("history") == "  1  open 1\n  2  back\n  3  show\n")
    }
}

/// `back` to a record shows it, as `back` to a list shows the list.
@Suite struct BackToRecordTests {
    @Test(arguments: StoreKind.all)
    func backToARecordShowsItWithItsEdits(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.shop, mode: .interactive)
        h.run("open cars", "open Corolla", "set year 2015", "open owner_id")
        let back = h.run("back")
        #expect(back.error == nil, "\(back.error?.message ?? "")")
        #expect(back.output.hasPrefix("cars › Corolla\n") && back.output.contains("*     year  2015  (was 2014)"), "\(back.output)")
    }
}

/// Completion of shared titles, and notices wider than the terminal.
extension PromptFeatureTests {
    /// Tab on a title two rows share offers each row by its key, which
    /// `open` and `set` take: completing the title made `open Summer
    /// Garden`, which is refused as matching several rows.
    @Test(arguments: StoreKind.all)
    func aSharedTitleCompletesToEachRowsKey(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE tracks (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE lines (id INTEGER PRIMARY KEY, track INTEGER REFERENCES tracks(id));
            INSERT INTO tracks VALUES (14, 'Summer Garden'), (144, 'summer garden'), (3, 'Summertime');
            INSERT INTO lines VALUES (1, 3);
            """)
        h.run("open tracks")
        let offered = h.session.completions(before: "open summer g")
        #expect(offered.candidates == ["#14", "#144"], "\(offered)")
        #expect(h.output("open #144").hasPrefix("tracks › summer garden\n"))
        h.run("top")
        h.run("open lines")
        h.run("open 1")
        #expect(h.session.completions(before: "set track Summer").candidates == ["Summertime", "#14", "#144"])
        #expect(h.session.completions(before: "set track Summert").candidates == ["Summertime"])
    }

    /// At the prompt a notice wider than the terminal is broken at spaces,
    /// later lines indented, not cut mid-word by the terminal ("re-ke" /
    /// "yed"); every line fits.
    @Test(arguments: StoreKind.all)
    func aLongNoticeIsBrokenAtSpaces(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE artists (id INTEGER PRIMARY KEY, name TEXT);
            INSERT INTO artists VALUES (16, 'Various Artists');
            """, mode: .interactive, viewport: Viewport(columns: 60, rows: 30))
        h.run("open 1")
        try h.elsewhere("DELETE FROM artists WHERE id = 16")
        let notice = h.session.noticeChangesElsewhere(watchingShownRows: true)
        #expect(notice.contains("Various Artists is gone from under its key (deleted or\n  re-keyed elsewhere;"), "\(notice)")
        #expect(notice.split(separator: "\n").allSatisfy { DisplayWidth.of(String($0)) <= 60 }, "\(notice)")
    }
}

import NavshCore
import NavshTestSupport
import Testing

/// `open *` in a list: one frame for every row of it. Its edits are written
/// to every row in one transaction, each row checked for a change made
/// elsewhere since; a refusal names the rows and writes nothing.
@Suite struct BatchTests {
    static let tracks = """
        CREATE TABLE tracks (id INTEGER PRIMARY KEY, name TEXT NOT NULL, composer TEXT, ms INTEGER,
                             genre TEXT CHECK (genre IN ('rock', 'pop')));
        INSERT INTO tracks VALUES (1, 'Stairway', 'Jimmy Page/Robert Plnt', 480, 'rock'),
            (2, 'Kashmir', 'Jimmy Page/Robert Plnt', 500, 'rock'),
            (3, 'Rock and Roll', 'Jimmy Page, Robert Plnt', 200, 'rock'),
            (4, 'Black Dog', 'Jimmy Page/Robert Plant', 300, 'rock'),
            (5, 'Hey Jude', 'Lennon/McCartney', 400, 'pop');
        """

    func composers(_ h: SessionHarness) throws -> [String] {
        try h.column("SELECT composer FROM tracks ORDER BY id")
    }

    @Test(arguments: StoreKind.all)
    func theBatchShowsWhatItsRowsShareAndHowManyValuesTheyHold(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.tracks)
        let shown = h.output("where composer ~ Plnt", "open *")
        #expect(shown.contains("tracks › composer ~ \"Plnt\" › 3 rows\n"), "\(shown)")
        #expect(shown.contains("  composer  2 values: Jimmy Page/Robert Plnt, Jimmy Page, Robert Plnt\n"), "\(shown)")
        #expect(shown.contains("     genre  rock\n"), "\(shown)")
        #expect(h.session.crumbs.last?.title == "3 rows")
    }

    @Test(arguments: StoreKind.all)
    func aSetIsSavedToEveryRowInOneTransaction(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.tracks)
        h.run("where composer ~ Plnt", "open *", "set composer Jimmy Page/Robert Plant")
        #expect(h.output("changes") == "  composer: 2 values → Jimmy Page/Robert Plant (3 of 3 rows)\n")
        #expect(h.output("save").hasPrefix("saved composer on 3 rows of tracks\n"))
        #expect(try composers(h) == ["Jimmy Page/Robert Plant", "Jimmy Page/Robert Plant", "Jimmy Page/Robert Plant",
                                     "Jimmy Page/Robert Plant", "Lennon/McCartney"])
        #expect(h.session.changesMade.count == 3, "a line a row: \(h.session.changesMade)")
        #expect(h.output("undo").hasPrefix("undid the save of composer on 3 rows of tracks\n"))
        #expect(try composers(h) == ["Jimmy Page/Robert Plnt", "Jimmy Page/Robert Plnt", "Jimmy Page, Robert Plnt",
                                     "Jimmy Page/Robert Plant", "Lennon/McCartney"])
    }

    /// Values with the characters an array literal or a quoted list gives
    /// meaning to are written as typed, on rows whose own values hold them too.
    @Test(arguments: StoreKind.all)
    func valuesWithQuotesBracesAndBackslashesAreWrittenAsTyped(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.tracks)
        try h.elsewhere(#"UPDATE tracks SET name = 'Say "hi", {x} \ NULL' WHERE id = 1"#)
        h.run("where composer ~ Plnt", "open *")
        #expect(h.run(#"set composer 'a "b", {c}\d NULL'"#, "unset ms").error == nil)
        #expect(h.run("save").error == nil)
        #expect(try h.values("SELECT name, composer, ms FROM tracks WHERE id <= 3 ORDER BY id")
                == [[#"Say "hi", {x} \ NULL"#, #"a "b", {c}\d NULL"#, "NULL"],
                    ["Kashmir", #"a "b", {c}\d NULL"#, "NULL"],
                    ["Rock and Roll", #"a "b", {c}\d NULL"#, "NULL"]])
    }

    @Test(arguments: StoreKind.all)
    func rowsHoldingTheValueAlreadyAreLeftAlone(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.tracks)
        h.run("where composer ~ Jimmy", "open *", "set composer Jimmy Page/Robert Plant")
        #expect(h.output("changes") == "  composer: 3 values → Jimmy Page/Robert Plant (3 of 4 rows; 1 holds it already)\n")
        #expect(h.output("save").hasPrefix("saved composer on 3 rows of tracks (1 held it already)\n"))
        // "It" is the value, whatever the count of rows holding it.
        h.run("open 1", "set composer Jimmy Page", "save", "open *", "set composer Jimmy Page/Robert Plant")
        #expect(h.output("save").hasPrefix("saved composer on 1 row of tracks (3 held it already)\n"))
    }

    @Test(arguments: StoreKind.all)
    func replaceChangesTheTextInEachRowsOwnValue(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.tracks)
        h.run("open *")
        #expect(h.output("replace composer Plnt Plant") == "composer: replaces Plnt in 3 of 5 rows\n")
        #expect(h.output("changes") == "  composer: replace Plnt with Plant (3 of 5 rows; 2 without it)\n")
        #expect(h.output("reload") == "reloaded 5 rows; kept your edits to composer\n", "a replace outlives a reload")
        #expect(h.output("changes --rows").hasSuffix(
            "  #3 Rock and Roll: composer Jimmy Page, Robert Plnt → Jimmy Page, Robert Plant\n"))
        // A row whose text no longer holds Plnt is said so (an adversary read "applies to theirs").
        try h.elsewhere("UPDATE tracks SET composer = 'Zed' WHERE id = 1")
        #expect(h.output("reload") == "reloaded 5 rows; kept your edits to composer\n"
                + "  both changed composer on 1 row (your replace finds nothing in theirs): #1 Stairway, theirs Zed\n")
        // The rows without the text are no rows that held the new value (an adversary's find).
        #expect(h.output("save").hasPrefix("saved composer on 2 rows of tracks (3 needed no change)\n"))
        #expect(try composers(h) == ["Zed", "Jimmy Page/Robert Plant", "Jimmy Page, Robert Plant",
                                     "Jimmy Page/Robert Plant", "Lennon/McCartney"])
        // Text no row holds, and a choice the CHECK does not allow, change nothing.
        h.run("open *")
        #expect(h.run("replace composer Zeppelin Led").error?.message
                == "no row's composer contains Zeppelin (5 rows looked at); nothing changed")
        #expect(h.run("replace genre rock metal").error != nil)
        #expect(h.output("changes") == "no unsaved changes\n")
    }

    /// A set or an unset after a replace takes its place: an unset was
    /// called held already, and the replace was saved instead.
    @Test(arguments: StoreKind.all)
    func aSetOrUnsetAfterAReplaceTakesItsPlace(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.tracks)
        h.run("open *", "replace composer Plnt Plant")
        #expect(h.output("unset composer") == "")
        #expect(h.output("changes") == "  composer: 4 values → (null) (5 of 5 rows)\n")
        #expect(h.output("save").hasPrefix("saved composer on 5 rows of tracks\n"))
        #expect(try composers(h) == Array(repeating: "NULL", count: 5))
        h.run("undo", "where id < 3", "open *", "replace composer Plnt Plant")
        // Both rows hold the value set: the replace goes, and nothing is left to save.
        #expect(h.output("set composer Jimmy Page/Robert Plnt") == "")
        #expect(h.output("changes") == "no unsaved changes\n")
    }

    /// A replace is checked as `set` checks each row's new text: a trial's
    /// `char(4)` key took `C10 → Cxx10`, and the server refused the save.
    /// The refusal names the row whose text would not fit.
    @Test(arguments: StoreKind.all)
    func aReplaceIsCheckedAsSetChecksEachRowsText(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE parts (id INTEGER PRIMARY KEY, code TEXT CHECK (length(code) <= 4));
            INSERT INTO parts VALUES (1, 'C1'), (2, 'C22');
            """)
        h.run("open *")
        // `C1` becomes `Cxx1`, which fits; `C22` does not, and is named.
        let refused = h.run("replace code C Cxx").error?.message ?? ""
        #expect(refused.hasPrefix("#2 C22 after the replace: code: ") && refused.contains("at most 4"), "\(refused)")
        #expect(h.output("changes") == "no unsaved changes\n")
        #expect(h.output("replace code C D") == "code: replaces C in 2 of 2 rows\n")
    }

    /// A replace applies to each row's own text, so a reload names the rows
    /// whose text changed elsewhere: the save would write the replace into theirs.
    @Test(arguments: StoreKind.all)
    func aReloadNamesTheRowsAReplaceNowAppliesToTheirTextIn(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.tracks)
        h.run("where composer ~ Plnt", "open *", "replace composer Plnt Plant")
        try h.elsewhere("UPDATE tracks SET composer = 'Zed Plnt' WHERE id = 2")
        #expect(h.run("save").error != nil)
        #expect(h.output("reload") == "reloaded 3 rows; kept your edits to composer\n"
                + "  both changed composer on 1 row (your replace applies to theirs): #2 Kashmir, theirs Zed Plnt\n")
    }

    @Test(arguments: StoreKind.all)
    func replaceInARecordChangesItsOneValue(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.tracks)
        h.run("open #3", "replace composer Plnt Plant")
        #expect(h.output("changes") == "  composer: Jimmy Page, Robert Plnt → Jimmy Page, Robert Plant\n")
        #expect(h.run("replace ms 2 3").error?.message.hasPrefix("replace changes text") == true)
    }

    @Test(arguments: StoreKind.all)
    func aRowChangedElsewhereInAFieldBeingSetRefusesTheWholeSave(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.tracks)
        h.run("where composer ~ Plnt", "open *", "set composer Jimmy Page/Robert Plant", "set ms 1")
        try h.elsewhere("UPDATE tracks SET ms = 481 WHERE id = 1")
        let before = try h.snapshot("tracks")
        #expect(h.run("save").error?.message == "1 of 3 rows changed elsewhere since open *: #1 Stairway (ms changed); "
                + "nothing was saved (reload reads the rows again and keeps your edits)")
        #expect(try h.snapshot("tracks") == before)
        // The value the save will write over is shown before it can be.
        #expect(h.output("reload") == "reloaded 3 rows; kept your edits to composer, ms\n"
                + "  both changed ms on 1 row (yours kept): #1 Stairway, theirs 481\n")
        // A change after the reload is named as one since the reload.
        try h.elsewhere("UPDATE tracks SET ms = 482 WHERE id = 2")
        #expect(h.run("save").error?.message == "1 of 3 rows changed elsewhere since reload: #2 Kashmir (ms changed); "
                + "nothing was saved (reload reads the rows again and keeps your edits)")
        h.run("reload")
        h.run("save")
        #expect(try h.column("SELECT ms FROM tracks WHERE id <= 3 ORDER BY id") == ["1", "1", "1"])
    }

    /// A reload names a reference by its row's title, as the record shows
    /// it: a trial read `#4 Cid, 2 → 1` where the record said Ann and Ceo.
    @Test(arguments: StoreKind.all)
    func aReloadNamesAReferenceByItsTitle(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE staff (id INTEGER PRIMARY KEY, name TEXT NOT NULL, boss INTEGER REFERENCES staff(id));
            INSERT INTO staff VALUES (1, 'Ceo', NULL), (2, 'Ann', 1), (3, 'Bob', 2), (4, 'Cid', 2);
            """)
        h.run("open staff", "where id >= 3", "open *", "set name X")
        try h.elsewhere("UPDATE staff SET boss = 1 WHERE id = 4")
        #expect(h.output("reload") == "reloaded 2 rows; kept your edits to name\n"
                + "  boss changed elsewhere on 1 row (taken): #4 Cid, Ann → Ceo\n")
    }

    /// A change elsewhere to a field the batch does not set is no
    /// conflict: it is kept, and the save says so, as a record's save does.
    @Test(arguments: StoreKind.all)
    func aChangeElsewhereToAFieldNotBeingSetIsKeptAndSaid(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.tracks)
        h.run("where composer ~ Plnt", "open *", "set ms 1")
        try h.elsewhere("UPDATE tracks SET genre = 'pop' WHERE id = 1")
        #expect(h.output("save").hasPrefix("saved ms on 3 rows of tracks; genre was changed elsewhere on 1 row, kept\n"))
        #expect(try h.values("SELECT genre, ms FROM tracks WHERE id = 1") == [["pop", "1"]])
        h.run("open *", "replace composer Plnt Plant")
        try h.elsewhere("UPDATE tracks SET genre = 'rock', ms = 7 WHERE id IN (1, 2)")
        #expect(h.output("save").hasPrefix("saved composer on 3 rows of tracks; changed elsewhere and kept: ms on 2 rows, genre on 1 row\n"))
        #expect(try h.values("SELECT genre, ms FROM tracks WHERE id <= 3 ORDER BY id") == [["rock", "7"], ["rock", "7"], ["rock", "1"]])
    }

    /// A column dropped or added elsewhere leaves a batch that does not
    /// set it saveable at the prompt: its question and `reload` read the
    /// rows by the columns there are now.
    @Test(arguments: StoreKind.all)
    func aColumnDroppedOrAddedElsewhereLeavesABatchSaveable(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.tracks, mode: .interactive)
        h.run("where composer ~ Plnt", "open *", "set ms 1")
        try h.elsewhere("ALTER TABLE tracks DROP COLUMN genre")
        let reloaded = h.run("reload")
        #expect(reloaded.error == nil, "\(reloaded.error?.message ?? "")")
        // A column added since the rows were read is not one changed on each row.
        try h.elsewhere("ALTER TABLE tracks ADD COLUMN rating INTEGER DEFAULT 3")
        let again = h.output("reload")
        #expect(again.contains("reloaded 3 rows; kept your edits to ms\n") && !again.contains("rating changed"), "\(again)")
        try h.elsewhere("ALTER TABLE tracks ADD COLUMN stars INTEGER DEFAULT 5")
        let question = try #require(h.run("save").question, "no question")
        #expect(h.session.answer(question, .yes).output.hasPrefix("saved ms on 3 rows of tracks\n"))
        #expect(try h.column("SELECT ms FROM tracks WHERE id <= 3 ORDER BY id") == ["1", "1", "1"])
    }

    /// An undo of a save whose column was dropped since says so, for a
    /// batch and a record alike: it failed with "no such column".
    @Test(arguments: StoreKind.all)
    func anUndoOfAColumnDroppedSinceSaysSo(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.tracks, mode: .interactive)
        h.run("where composer ~ Plnt", "open *", "set ms 1")
        let question = try #require(h.run("save").question, "no question")
        h.session.answer(question, .yes)
        try h.elsewhere("ALTER TABLE tracks DROP COLUMN ms")
        #expect(h.run("undo").error?.message
                == "cannot undo the save of 3 rows: ms is no longer in tracks (removed elsewhere); nothing changed")
        let record = try SessionHarness(kind, Self.tracks, mode: .interactive)
        record.run("open tracks", "open #5", "set composer Lennon", "save")
        try record.elsewhere("ALTER TABLE tracks DROP COLUMN composer")
        #expect(record.run("undo").error?.message
                == "cannot undo the save of Hey Jude: composer is no longer in tracks (removed elsewhere); nothing changed")
    }

    /// A batch that writes keys goes a row at a time, and says what it kept the same way.
    @Test(arguments: StoreKind.all)
    func aBatchWritingKeysSaysWhatItKept(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE codes (code TEXT PRIMARY KEY, name TEXT NOT NULL, note TEXT);
            INSERT INTO codes VALUES ('C1', 'one', 'a'), ('C2', 'two', 'b'), ('C3', 'three', 'c');
            """)
        h.run("open codes", "open *", "replace code C K")
        try h.elsewhere("UPDATE codes SET note = 'z' WHERE code = 'C2'")
        #expect(h.output("save").hasPrefix("saved code on 3 rows of codes; note was changed elsewhere on 1 row, kept\n"))
        #expect(try h.values("SELECT code, note FROM codes ORDER BY code") == [["K1", "a"], ["K2", "z"], ["K3", "c"]])
    }

    /// Rows refused are named in the list's order, those the save would
    /// write and those that hold the value already alike.
    @Test(arguments: StoreKind.all)
    func aRefusalNamesItsRowsInTheListsOrder(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.tracks)
        h.run("where composer ~ Plnt", "open *", "set composer Jimmy Page/Robert Plnt")
        try h.elsewhere("UPDATE tracks SET name = name || '!' WHERE id IN (1, 3)")
        let message = try #require(h.run("save").error?.message)
        #expect(message.hasPrefix("2 of 3 rows changed elsewhere since open *: #1 Stairway (name changed), "
                                  + "#3 Rock and Roll (name changed)"), "\(message)")
    }

    @Test(arguments: StoreKind.all)
    func rowsDeletedOrGoneFromTheListRefuseTheSave(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.tracks)
        h.run("where composer ~ Plnt", "open *", "set ms 1")
        try h.elsewhere("DELETE FROM tracks WHERE id = 2; UPDATE tracks SET composer = 'Page' WHERE id = 3")
        let before = try h.snapshot("tracks")
        let message = try #require(h.run("save").error?.message)
        #expect(message.hasPrefix("2 of 3 rows changed elsewhere since open *: #2 Kashmir (deleted or re-keyed), "
                                  + "#3 Rock and Roll (composer changed; it left the list); nothing was saved"), "\(message)")
        #expect(try h.snapshot("tracks") == before)
        #expect(h.output("reload") == "reloaded 1 row (were 3); kept your edits to ms\n"
                + "  left the list: #2 Kashmir; #3 Rock and Roll\n")
    }

    /// A row deleted elsewhere and another inserted under its key is
    /// someone else: its title tells them apart, as a single save's does.
    @Test(arguments: StoreKind.all)
    func aRowReplacedElsewhereUnderItsKeyRefusesTheSave(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.tracks)
        h.run("open *", "set ms 1")
        try h.elsewhere("DELETE FROM tracks WHERE id = 2; INSERT INTO tracks VALUES (2, 'Whole Lotta Love', 'Jimmy Page/Robert Plnt', 500, 'rock')")
        let before = try h.snapshot("tracks")
        let message = try #require(h.run("save").error?.message)
        #expect(message.hasPrefix("1 of 5 rows changed elsewhere since open *: #2 Kashmir (name changed)"), "\(message)")
        #expect(try h.snapshot("tracks") == before)
    }

    @Test(arguments: StoreKind.all)
    func aReloadNamesTheRowsThatJoinedTheListAndTheFieldsItTook(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.tracks)
        h.run("where composer ~ Plnt", "open *", "set ms 1")
        try h.elsewhere("""
            UPDATE tracks SET composer = 'Robert Plnt' WHERE id = 5;
            UPDATE tracks SET genre = 'pop' WHERE id IN (1, 2)
            """)
        #expect(h.output("reload") == "reloaded 4 rows (were 3); kept your edits to ms\n"
                + "  genre changed elsewhere on 2 rows (taken): #1 Stairway, rock → pop; #2 Kashmir, rock → pop\n"
                + "  joined the list: #5 Hey Jude\n")
    }

    @Test(arguments: StoreKind.all)
    func aReloadNamesTheFirstFiveRowsBothChangedThenCountsTheRest(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.tracks)
        try h.elsewhere("INSERT INTO tracks VALUES (6, 'Help', 'Lennon/McCartney', 140, 'pop'), (7, 'Yesterday', NULL, 125, 'pop')")
        h.run("open *", "set ms 1")
        try h.elsewhere("UPDATE tracks SET ms = ms + 1")
        #expect(h.output("reload") == "reloaded 7 rows; kept your edits to ms\n"
                + "  both changed ms on 7 rows (yours kept): #1 Stairway, theirs 481; #2 Kashmir, theirs 501; "
                + "#3 Rock and Roll, theirs 201; #4 Black Dog, theirs 301; #5 Hey Jude, theirs 401; and 2 more\n")
    }

    @Test(arguments: StoreKind.all)
    func aRowDeletedElsewhereFromAWholeTableIsNamed(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.tracks)
        h.run("open *", "set ms 1")
        try h.elsewhere("DELETE FROM tracks WHERE id = 5")
        let message = try #require(h.run("save").error?.message)
        #expect(message.hasPrefix("1 of 5 rows changed elsewhere since open *: #5 Hey Jude (deleted or re-keyed)"), "\(message)")
    }

    @Test(arguments: StoreKind.all)
    func undoOfABatchIsRefusedWhenARowChangedSince(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.tracks)
        h.run("open *", "set ms 1", "save")
        try h.elsewhere("UPDATE tracks SET ms = 2 WHERE id = 4")
        let after = try h.snapshot("tracks")
        #expect(h.run("undo").error?.message
                == "cannot undo the save of 5 rows: 1 changed elsewhere since: #4 Black Dog (ms changed); nothing changed")
        #expect(try h.snapshot("tracks") == after)
    }

    /// An undo names a row deleted elsewhere since as deleted, and one
    /// changed as changed, and puts nothing back.
    @Test(arguments: StoreKind.all)
    func undoOfABatchNamesRowsDeletedAndChangedSince(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.tracks)
        h.run("where composer ~ Plnt", "open *", "set ms 1", "save")
        try h.elsewhere("DELETE FROM tracks WHERE id = 1; UPDATE tracks SET ms = 2 WHERE id = 2")
        let after = try h.snapshot("tracks")
        #expect(h.run("undo").error?.message
                == "cannot undo the save of 3 rows: 2 changed elsewhere since: #1 Stairway (deleted), #2 Kashmir (ms changed); nothing changed")
        #expect(try h.snapshot("tracks") == after)
    }

    /// An undo the store refuses says what it could not put back, as an
    /// undo: it read "another row already has this code, region (PRIMARY
    /// KEY); nothing was saved". It names the row.
    @Test(arguments: StoreKind.all)
    func undoOfABatchThatAKeyTakenSinceRefusesSaysSo(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE stock (code TEXT, region TEXT, qty INTEGER, PRIMARY KEY (code, region));
            INSERT INTO stock VALUES ('C1', 'north', 1), ('C2', 'north', 2);
            """)
        h.run("open *", "set region west", "save")
        try h.elsewhere("INSERT INTO stock VALUES ('C1', 'north', 9)")
        let after = try h.snapshot("stock")
        #expect(h.run("undo").error?.message
                == "cannot undo the save of 2 rows: another row now holds the code, region of #C1 · #north, which it would put back; nothing changed")
        #expect(try h.snapshot("stock") == after)
    }

    /// Three rows keyed by a text code: SQLite keeps their rowids apart from it.
    static let stock = """
        CREATE TABLE stock (code TEXT PRIMARY KEY, name TEXT, qty INTEGER);
        INSERT INTO stock VALUES ('C1', 'Bolt', 1), ('C2', 'Nut', 2), ('C3', 'Washer', 3);
        """

    /// The undo of a batch delete names the row whose key was taken since,
    /// where PostgreSQL puts the rows back as one set and SQLite one by one.
    /// On SQLite the new row also took the rowid of the first deleted row,
    /// which then comes back under a new one: its key is what names it.
    @Test(arguments: StoreKind.all)
    func undoOfABatchDeleteNamesTheRowWhoseKeyWasTaken(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.stock)
        h.run("open *", "delete")
        try h.elsewhere("INSERT INTO stock VALUES ('C2', 'Screw', 9)")
        let after = try h.snapshot("stock")
        #expect(h.run("undo").error?.message
                == "cannot undo the delete of 3 rows: another row now holds the code of Nut, which it would put back; nothing changed")
        #expect(try h.snapshot("stock") == after)
    }

    /// A deleted row's rowid that SQLite gave to a row added since is no
    /// reason to refuse the undo: the row comes back under a new rowid.
    @Test(arguments: StoreKind.all)
    func undoPutsBackARowWhoseRowidWasTakenSince(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.stock)
        h.run("open stock", "where qty > 1", "open *", "delete")
        try h.elsewhere("INSERT INTO stock VALUES ('C4', 'Screw', 9)")
        #expect(h.run("undo").error == nil)
        h.run("back")
        #expect(try h.values("SELECT code FROM stock ORDER BY code") == [["C1"], ["C2"], ["C3"], ["C4"]])
        // One row's too: C2 came back last, so SQLite gives its rowid to C5.
        h.run("open stock", "where code = C2", "open 1", "delete")
        try h.elsewhere("INSERT INTO stock VALUES ('C5', 'Pin', 5)")
        #expect(h.run("undo").error == nil)
        #expect(try h.values("SELECT code FROM stock ORDER BY code") == [["C1"], ["C2"], ["C3"], ["C4"], ["C5"]])
    }

    @Test(arguments: StoreKind.all)
    func theSaveAsksOnceAtThePrompt(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.tracks, mode: .interactive)
        h.run("where composer ~ Plnt", "open *", "set ms 1")
        let question = try #require(h.run("save").question)
        #expect(question.prompt == "Set ms to 1 on 3 rows of tracks? [y/N] ")
        #expect(try h.column("SELECT ms FROM tracks WHERE id = 1") == ["480"], "nothing written before the answer")
        // A no says so (an adversary met a bare prompt); the edits stay.
        #expect(h.session.answer(question, .no).output == "nothing was saved; the edits are kept (cancel discards them)\n")
        #expect(h.output("changes").contains("ms"))
        #expect(h.session.answer(question, .yes).output.hasPrefix("saved ms on 3 rows of tracks\n"))
        #expect(try h.column("SELECT ms FROM tracks WHERE id <= 3 ORDER BY id") == ["1", "1", "1"])
        // Its undo asks too: one keystroke took back 66,486 rows.
        let undo = try #require(h.run("undo").question)
        #expect(undo.prompt == "Undo the save of ms on 3 rows of tracks? [y/N] ")
        #expect(h.session.answer(undo, .no).output == "nothing was undone\n")
        #expect(try h.column("SELECT ms FROM tracks WHERE id <= 3 ORDER BY id") == ["1", "1", "1"])
        #expect(h.session.answer(undo, .yes).output.contains("undid the save of ms on 3 rows of tracks"))
        #expect(try h.column("SELECT ms FROM tracks WHERE id <= 3 ORDER BY id") == ["480", "500", "200"])
        // An undo the store would refuse refuses before its question.
        h.run("open *", "set ms 2")
        _ = h.session.answer(try #require(h.run("save").question), .yes)
        try h.elsewhere("UPDATE tracks SET ms = 3 WHERE id = 2")
        let refused = h.run("undo")
        #expect(refused.question == nil && refused.error?.message.contains("1 changed elsewhere since") == true, "\(refused)")
        #expect(try h.column("SELECT ms FROM tracks WHERE id <= 3 ORDER BY id") == ["2", "3", "2"])
        // The question names what the rows get, and how many of the batch's.
        h.run("open *", "replace composer Plnt Plant")
        #expect(h.run("save").question?.prompt == "Replace Plnt with Plant in composer on 3 rows of tracks? [y/N] ")
        h.run("cancel", "back", "where composer ~ Jimmy", "open *", "set composer Jimmy Page/Robert Plant")
        #expect(h.run("save").question?.prompt == "Set composer to Jimmy Page/Robert Plant on 3 of 4 rows of tracks? [y/N] ")
        h.run("unset composer")
        #expect(h.run("save").question?.prompt == "Unset composer on 4 rows of tracks? [y/N] ")
        // One row of three needing the edit is asked about too.
        h.run("cancel", "back", "where composer ~ Plnt", "open *", "set composer Jimmy Page/Robert Plnt")
        #expect(h.run("save").question?.prompt == "Set composer to Jimmy Page/Robert Plnt on 1 of 3 rows of tracks? [y/N] ")
    }

    /// The list drawn after a batch save marks only the rows changed
    /// elsewhere: a trial saw each row the save wrote marked too, once
    /// another process had changed one of them.
    @Test(arguments: StoreKind.all)
    func theListAfterABatchSaveMarksOnlyRowsChangedElsewhere(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.tracks, mode: .interactive)
        h.run("where composer ~ Plnt", "open *")
        try h.elsewhere("UPDATE tracks SET ms = 1 WHERE id = 1")
        h.run("set ms 1")
        #expect(h.run("save").error != nil, "refused: a row changed elsewhere")
        h.run("reload")
        let question = try #require(h.run("save").question)
        let lines = h.session.answer(question, .yes).output.split(separator: "\n")
        let marked = lines.filter { Int($0.split(separator: " ").first ?? "") != nil && $0.contains(" ~ ") }
        #expect(marked.count == 1 && marked[0].contains("Stairway"), "\(lines)")
        #expect(lines.contains { $0.contains("Kashmir") }, "the list is drawn again: \(lines)")
    }

    /// The list drawn after the undo of a batch save marks only the rows
    /// changed elsewhere: a trial saw every row the undo put back marked.
    @Test(arguments: StoreKind.all)
    func theListAfterABatchUndoMarksOnlyRowsChangedElsewhere(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.tracks, mode: .interactive)
        h.run("where composer ~ Plnt", "open *", "set ms 1")
        let question = try #require(h.run("save").question)
        _ = h.session.answer(question, .yes)
        try h.elsewhere("UPDATE tracks SET genre = 'pop' WHERE id = 5")
        let undo = try #require(h.run("undo").question)
        let lines = h.session.answer(undo, .yes).output.split(separator: "\n")
        let marked = lines.filter { Int($0.split(separator: " ").first ?? "") != nil && $0.contains(" ~ ") }
        #expect(marked.isEmpty, "\(lines)")
        #expect(try h.column("SELECT ms FROM tracks WHERE id <= 3 ORDER BY id") == ["480", "500", "200"])
    }

    /// At the prompt, a batch is not read again when the store changes
    /// elsewhere, so it says once that its rows may have changed.
    @Test(arguments: StoreKind.all)
    func aBatchSaysOnceAtThePromptThatItsRowsMayHaveChanged(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.tracks, mode: .interactive)
        // The reload clears a notice a look before it may have given: on
        // PostgreSQL, other tests' writes move the change token too.
        h.run("where composer ~ Plnt", "open *", "set ms 1", "reload")
        try h.elsewhere("UPDATE tracks SET ms = 7 WHERE id = 2")
        // Since the rows were last read: it said "since open *" after a reload.
        let said = "rows may have changed elsewhere since reload: reload reads its list again, and save or delete checks each\n"
        #expect(h.session.noticeChangesElsewhere() == said)
        try h.elsewhere("UPDATE tracks SET ms = 8 WHERE id = 2")
        #expect(h.session.noticeChangesElsewhere() == "", "said once")
        h.run("reload")
        try h.elsewhere("UPDATE tracks SET ms = 9 WHERE id = 2")
        #expect(h.session.noticeChangesElsewhere() == said, "and again after a reload")
    }

    /// One key for several rows cannot pass: it is refused before the
    /// question, and in a script before any write (a trial's `set track_id 7`
    /// on 40 rows was asked about, then refused by the store).
    @Test(arguments: StoreKind.all)
    func oneKeyForSeveralRowsIsRefusedBeforeTheQuestion(kind: StoreKind) throws {
        let codes = """
            CREATE TABLE codes (code TEXT PRIMARY KEY, name TEXT);
            INSERT INTO codes VALUES ('a', 'x'), ('b', 'x'), ('c', 'y');
            """
        let refusal = "code is the key, which names one row: 2 rows cannot all take z; nothing was saved"
        let h = try SessionHarness(kind, codes, mode: .interactive)
        let before = try h.snapshot("codes")
        h.run("open codes", "where name = x", "open *", "set code z")
        let reply = h.run("save")
        #expect(reply.question == nil)
        #expect(reply.error?.message == refusal)
        #expect(try h.snapshot("codes") == before)
        let script = try SessionHarness(kind, codes)
        script.run("open codes", "where name = x", "open *", "set code z")
        #expect(script.run("save").error?.message == refusal)
        #expect(try script.snapshot("codes") == before)
        // One row may take a new key.
        script.run("cancel", "back", "where name = y", "open *", "set code z")
        #expect(script.run("save").error == nil)
        #expect(try script.column("SELECT code FROM codes WHERE name = 'y'") == ["z"])
    }

    /// At the prompt a reload's notes break at spaces to the terminal's
    /// width: the terminal broke them mid-word ("theirs Robre" / "t Plant").
    @Test(arguments: StoreKind.all)
    func aReloadsNotesBreakAtSpacesAtThePrompt(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.tracks, mode: .interactive, viewport: Viewport(columns: 40, rows: 24))
        h.run("where composer ~ Plnt", "open *", "set composer Jimmy Page and Robert Plant")
        try h.elsewhere("UPDATE tracks SET composer = 'Jimmy Page with Robert Plant and John Paul Jones' WHERE id = 2")
        let said = h.output("reload")
        let lines = said.split(separator: "\n").map(String.init)
        #expect(lines.count > 2, "\(said)")
        for line in lines { #expect(DisplayWidth.of(line) <= 40, "\(line)") }
    }

    @Test(arguments: StoreKind.all)
    func aSaveThatWouldBeRefusedIsNotAskedAbout(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.tracks, mode: .interactive)
        h.run("where composer ~ Plnt", "open *", "set ms 1")
        try h.elsewhere("UPDATE tracks SET ms = 7 WHERE id = 2")
        let before = try h.snapshot("tracks")
        let reply = h.run("save")
        #expect(reply.question == nil, "no y/N for 3 rows when 1 will refuse the save")
        #expect(reply.error?.message.hasPrefix("1 of 3 rows changed elsewhere since open *: #2 Kashmir (ms changed)") == true)
        #expect(try h.snapshot("tracks") == before)
    }

    /// A reference set by a title that names another row by the save is
    /// refused before the question, and not with `save!`, which a batch refuses.
    @Test(arguments: StoreKind.all)
    func aReferenceRenamedElsewhereRefusesTheBatchBeforeTheQuestion(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE reps (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT, rep_id INTEGER REFERENCES reps(id));
            INSERT INTO reps VALUES (1, 'Jane Peacock'), (2, 'Steve Johnson');
            INSERT INTO customers VALUES (1, 'Ann', 1), (2, 'Bo', 1), (3, 'Cy', 1);
            """, mode: .interactive)
        h.run("open customers", "open *", "set rep_id Steve Johnson")
        try h.elsewhere("UPDATE reps SET name = 'Steve Johnson-Lee' WHERE id = 2")
        let reply = h.run("save")
        #expect(reply.question == nil)
        #expect(reply.error?.message == "rep_id names #2, which was Steve Johnson when you set it and is Steve Johnson-Lee now "
                + "(changed elsewhere); nothing was saved (set rep_id again)")
        #expect(try h.column("SELECT rep_id FROM customers ORDER BY id") == ["1", "1", "1"])
    }

    @Test(arguments: StoreKind.all)
    func aBatchDeleteTakesEveryRowAndUndoPutsThemBack(kind: StoreKind) throws {
        let h = try SessionHarness(kind, CascadeTests.schema, mode: .interactive)
        let before = try CascadeTests.tables.map { try h.snapshot($0) }
        h.run("open owners", "open *")
        let question = try #require(h.run("delete").question)
        #expect(question.prompt == "Delete 2 rows of owners? It also deletes 3 cars, 1 service "
                + "and clears the reference of 2 trips. [y/N] ")
        #expect(h.session.answer(question, .yes).output.hasPrefix(
            "deleted 2 rows of owners and 3 cars, 1 service; cleared the reference of 2 trips\n"))
        #expect(try h.value("SELECT count(*) FROM cars") == "0")
        let undo = try #require(h.run("undo").question)
        #expect(undo.prompt == "Undo the delete of 2 rows of owners (put them back)? [y/N] ")
        #expect(h.session.answer(undo, .yes).output.hasPrefix("undid the delete of 2 rows of owners (put them back with 3 cars, "
                                                              + "1 service and the reference of 2 trips)"))
        #expect(try CascadeTests.tables.map { try h.snapshot($0) } == before)
        // A batch of one row is put back as "it" (an adversary read "put them back").
        let one = try #require(h.run("where name = Bo", "open *", "delete").question)
        #expect(h.session.answer(one, .yes).error == nil)
        #expect(h.output("undo").hasPrefix("undid the delete of 1 row of owners (put it back with 1 car "))
    }

    /// The refusal names the field that changed, as a batch save's does.
    @Test(arguments: StoreKind.all)
    func aBatchDeleteIsRefusedWholeWhenARowChanged(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.tracks)
        h.run("where composer ~ Plnt", "open *")
        try h.elsewhere("UPDATE tracks SET ms = 1 WHERE id = 3")
        let before = try h.snapshot("tracks")
        #expect(h.run("delete").error?.message.hasPrefix("1 of 3 rows changed elsewhere since open *: #3 Rock and Roll (ms changed)") == true)
        #expect(try h.snapshot("tracks") == before)
    }

    /// A trial's find: the delete asked its y/N, then refused.
    @Test(arguments: StoreKind.all)
    func aDeleteThatWouldBeRefusedIsNotAskedAbout(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.tracks, mode: .interactive)
        h.run("where composer ~ Plnt", "open *")
        try h.elsewhere("UPDATE tracks SET ms = 1 WHERE id = 3")
        let before = try h.snapshot("tracks")
        let reply = h.run("delete")
        #expect(reply.question == nil)
        #expect(reply.error?.message.hasPrefix("1 of 3 rows changed elsewhere since open *: #3 Rock and Roll (ms changed)") == true)
        #expect(try h.snapshot("tracks") == before)
        // Read again, the rows are asked about, and the tried delete left nothing undoable.
        h.run("back", "open *")
        let question = try #require(h.run("delete").question)
        #expect(h.session.answer(question, .no).error == nil)
        #expect(h.output("undo").hasSuffix("nothing to undo\n"))
    }

    /// Rows that changed different fields go back as a set each: a trial's
    /// `replace` left some rows as they were, and its undo wrote 90,000
    /// rows one at a time, a minute on a server.
    @Test(arguments: StoreKind.all)
    func anUndoOfRowsThatChangedDifferentFieldsGoesBackAsSets(kind: StoreKind) throws {
        let (h, counting) = try SessionHarness.counting(kind, Self.tracks)
        let before = try h.snapshot("tracks")
        h.run("where composer ~ Plnt", "open *", "set ms 1", "replace name Kash Cash")
        #expect(h.output("save").hasPrefix("saved "))
        let written = counting.rowUpdates
        #expect(h.output("undo").hasPrefix("undid the save of"))
        #expect(counting.rowUpdates == written, "no row put back one at a time")
        #expect(try h.snapshot("tracks") == before)
    }

    /// A trial's find: a batch delete named a row others refer to before a
    /// row changed elsewhere, and the prompt then said rows may have changed.
    @Test(arguments: StoreKind.all)
    func aBatchDeleteNamesTheRowsChangedElsewhereFirst(kind: StoreKind) throws {
        let (h, counting) = try SessionHarness.counting(kind, """
            CREATE TABLE artists (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE albums (id INTEGER PRIMARY KEY, title TEXT, artist_id INTEGER REFERENCES artists(id));
            INSERT INTO artists VALUES (1, 'Abba'), (2, 'Blur'), (3, 'Cher');
            INSERT INTO albums VALUES (1, 'Arrival', 1);
            """, mode: .interactive)
        h.run("open artists", "open *")
        // After the delete's look for changes elsewhere: the prompt's next look finds it.
        counting.beforeReadingRows = {
            counting.beforeReadingRows = nil
            try h.elsewhere("UPDATE artists SET name = 'Sonny' WHERE id = 3")
        }
        let reply = h.run("delete")
        #expect(reply.question == nil)
        #expect(reply.error?.message.hasPrefix("1 of 3 rows changed elsewhere since open *: #3 Cher (name changed)") == true,
                "\(reply.error?.message ?? "")")
        #expect(try h.values("SELECT name FROM artists ORDER BY id") == [["Abba"], ["Blur"], ["Sonny"]], "nothing deleted")
        #expect(!h.session.noticeChangesElsewhere(watchingShownRows: true).contains("may have changed"), "the refusal said it")
    }

    /// A trial's find: a blocked batch delete named only its first blocked
    /// row, so each fix was met by the next refusal.
    @Test(arguments: StoreKind.all)
    func aBlockedBatchDeleteCountsEveryBlockedRow(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE artists (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE albums (id INTEGER PRIMARY KEY, title TEXT, artist_id INTEGER REFERENCES artists(id));
            INSERT INTO artists VALUES (1, 'Abba'), (2, 'Blur'), (3, 'Cher'), (4, 'Dido'), (5, 'Enya');
            INSERT INTO albums VALUES (1, 'Arrival', 1), (2, 'Parklife', 2), (3, 'Believe', 3), (4, 'Closer', 3), (5, 'Watermark', 5);
            """)
        h.run("open artists", "open *")
        let before = try h.snapshot("artists")
        #expect(h.run("delete").error?.message == "cannot delete 4 of 5 rows of artists: "
                + "#1 Abba: 1 album refers to it (albums.artist_id); #2 Blur: 1 album refers to it (albums.artist_id); "
                + "#3 Cher: 2 albums refer to it (albums.artist_id); and 1 more; nothing was deleted")
        #expect(try h.snapshot("artists") == before)
    }

    /// As data, a batch says how many rows it stands for, and how many
    /// values a field holds where its rows differ.
    @Test(arguments: StoreKind.all)
    func aBatchAsDataCountsItsRowsAndValues(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.tracks)
        h.session.configuration.framesAsData = true
        let response = h.run("where composer ~ Plnt", "open *")
        guard case .record(let record)? = response.shown.first else { Issue.record("\(response.shown)"); return }
        #expect(record.rows == 3)
        #expect(record.fields.first { $0.name == "composer" }?.values == 2)
        let genre = try #require(record.fields.first { $0.name == "genre" })
        #expect(genre.value == .text("rock") && genre.values == nil)
    }

    /// An adversary's find: a row that held the value already, changed
    /// elsewhere, was said to hold it still.
    @Test(arguments: StoreKind.all)
    func rowsHoldingTheValueAlreadyAreCheckedToo(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.tracks)
        h.run("open *", "set genre rock")
        try h.elsewhere("UPDATE tracks SET genre = 'pop' WHERE id = 1")
        #expect(h.run("save").error?.message.hasPrefix("1 of 5 rows changed elsewhere since open *: #1 Stairway (genre changed)") == true)
        #expect(try h.column("SELECT genre FROM tracks ORDER BY id") == ["pop", "rock", "rock", "rock", "pop"])
    }

    /// A second replace in a field applies to what the first left.
    @Test(arguments: StoreKind.all)
    func replacesInOneFieldFollowEachOther(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.tracks)
        h.run("open *", "replace composer Plnt Plant")
        #expect(h.output("replace composer Plant Plant!") == "composer: replaces Plant in 4 of 5 rows\n")
        h.run("save")
        #expect(try composers(h) == ["Jimmy Page/Robert Plant!", "Jimmy Page/Robert Plant!", "Jimmy Page, Robert Plant!",
                                     "Jimmy Page/Robert Plant!", "Lennon/McCartney"])
    }

    /// An adversary's find: rows a batch delete took through their own
    /// cascade were refused as deleted elsewhere.
    @Test(arguments: StoreKind.all)
    func aBatchDeleteTakesRowsItsOwnCascadeReaches(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE node (id INTEGER PRIMARY KEY, name TEXT, parent INTEGER REFERENCES node(id) ON DELETE CASCADE,
                               boss INTEGER REFERENCES node(id) ON DELETE SET NULL);
            INSERT INTO node VALUES (1, 'root', NULL, NULL), (2, 'kid', 1, NULL), (3, 'grandkid', 2, NULL),
                                    (4, 'other', NULL, NULL), (5, 'worker', NULL, 4);
            """)
        h.run("open node", "where id != 4", "open *")
        #expect(h.run("delete").error == nil)
        #expect(try h.column("SELECT name FROM node ORDER BY id") == ["other"])
        h.run("undo")
        #expect(try h.column("SELECT name FROM node ORDER BY id") == ["root", "kid", "grandkid", "other", "worker"])
        h.run("back", "where name ~ o", "open *")
        #expect(h.run("delete").error == nil, "other's delete cleared worker's boss")
    }

    /// A row known by its rowid alone is checked whole: after a VACUUM
    /// elsewhere its rowid may name another row (an adversary's find: the
    /// save wrote a row never shown). PostgreSQL opens such a table read-only.
    @Test(arguments: StoreKind.sqlite)
    func aRowKnownByItsRowidIsCheckedWhole(kind: StoreKind) throws {
        let h = try SessionHarness(kind, "CREATE TABLE k (name TEXT, n INT); INSERT INTO k VALUES ('a', 0), ('b', 0), ('c', 0);")
        h.run("open k", "open *", "set n 1")
        try h.elsewhere("DELETE FROM k WHERE name = 'a'; INSERT INTO k VALUES ('new', 0)")
        try h.database.vacuum()
        #expect(h.run("save").error != nil)
        #expect(try h.column("SELECT n FROM k ORDER BY name") == ["0", "0", "0"])
        h.run("cancel", "open k", "open 1", "set n 5")
        try h.elsewhere("DELETE FROM k WHERE name = 'b'")
        try h.database.vacuum()
        #expect(h.run("save").error != nil, "the rowid names c now")
        #expect(try h.column("SELECT n FROM k ORDER BY name") == ["0", "0"])
    }

    /// A trial's find: several references showed as bare keys.
    @Test(arguments: StoreKind.all)
    func referencesThatDifferAreNamedByTheirRowsTitles(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.shop)
        let shown = h.output("open cars", "open *")
        #expect(shown.contains("  owner_id  2 values: Ada, Grace\n"), "\(shown)")
        #expect(h.run("set year 2000", "save!").error?.message.hasPrefix("save! writes over one record") == true)
        h.run("cancel", "back", "open owners", "open *")
        #expect(h.run("open cars").error?.message.hasPrefix("a batch stands for many rows, and cars lists one row's") == true)
    }

    /// A field of unique values stops being counted: a hash a row of a
    /// million rows bought nothing a person reads.
    @Test(arguments: StoreKind.sqlite)
    func manyValuesAreCountedUpToAThousand(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.numbered(1_200))
        #expect(h.output("open *").contains("name  more than 1,000 values: Row 1, Row 2, Row 3, …\n"))
    }

    /// A row the store refuses is named, and nothing of the batch is kept.
    @Test(arguments: StoreKind.all)
    func aRowTheStoreRefusesIsNamedAndNothingIsWritten(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE tags (id INTEGER PRIMARY KEY, name TEXT UNIQUE, n INTEGER);
            INSERT INTO tags VALUES (1, 'a', 0), (2, 'b', 0), (3, 'c', 0);
            """)
        h.run("open tags", "open *", "set name same")
        let before = try h.snapshot("tags")
        let message = try #require(h.run("save").error?.message)
        #expect(message.hasPrefix("#2 b: another row already has this name (UNIQUE)"), "\(message)")
        #expect(try h.snapshot("tags") == before)
    }

    /// A fix script run a second time finds no rows left to fix. Each line
    /// works and writes nothing, as an `UPDATE` of no rows does: the first
    /// `open *` refused, so the script could not be run again.
    @Test(arguments: StoreKind.all)
    func aFixRunAgainFindsNoRowsAndWritesNothing(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.tracks)
        let fix = ["open tracks", "where composer ~ Plnt", "open *", "replace composer Plnt Plant", "save", "top"]
        for line in fix { #expect(h.run(line).error == nil, "\(line)") }
        let fixed = try h.snapshot("tracks")
        #expect(try composers(h).filter { $0.contains("Plnt") }.isEmpty)
        h.run("open tracks", "where composer ~ Plnt")
        let empty = h.output("open *")
        #expect(h.session.crumbs.last?.title == "0 rows")
        #expect(empty.contains("composer  no values"), "\(empty)")
        #expect(h.output("replace composer Plnt Plant", "set ms 1", "unset genre") == "composer: replaces Plnt in 0 of 0 rows\n")
        #expect(h.output("save").hasPrefix("saved nothing: the batch holds no rows\n"))
        h.run("open *")
        #expect(h.output("delete").hasPrefix("deleted nothing: the batch holds no rows\n"))
        #expect(try h.snapshot("tracks") == fixed)
        // Nothing was journaled: undo takes back the first run's save.
        #expect(h.output("undo").hasPrefix("undid the save of composer on 3 rows"))
    }

    /// Text composed and decomposed (`café`) are one Swift String but two
    /// values to a store: each row gets back its own bytes.
    static let accents = """
        CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, f TEXT);
        INSERT INTO t VALUES (1, 'a', 'caf\u{E9}'), (2, 'b', 'cafe\u{301}');
        """

    func bytes(_ h: SessionHarness, _ column: String) throws -> [[UInt8]] {
        try h.column("SELECT \(column) FROM t ORDER BY id").map { Array($0.utf8) }
    }

    @Test(arguments: StoreKind.all)
    func undoPutsBackEachRowsOwnBytes(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.accents)
        let before = try bytes(h, "f")
        #expect(before[0] != before[1])
        h.run("open t", "open *", "set f z", "save")
        #expect(h.run("undo").error == nil)
        #expect(try bytes(h, "f") == before)
    }

    @Test(arguments: StoreKind.all)
    func aValueReEncodedElsewhereIsAChange(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.accents)
        h.run("open t", "open *", "set f z")
        try h.elsewhere("UPDATE t SET f = 'caf\u{E9}' WHERE id = 2")
        let before = try bytes(h, "f")
        #expect(h.run("save").error?.message.hasPrefix("1 of 2 rows changed elsewhere since open *: #2 b") == true)
        #expect(try bytes(h, "f") == before)
    }

    @Test(arguments: StoreKind.all)
    func aTitleReEncodedElsewhereIsAChange(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, f TEXT);
            INSERT INTO t VALUES (1, 'caf\u{E9}', 'x'), (2, 'b', 'x');
            """)
        h.run("open t", "open *", "set f z")
        try h.elsewhere("UPDATE t SET name = 'cafe\u{301}' WHERE id = 1")
        #expect(h.run("save").error != nil)
        #expect(try h.column("SELECT f FROM t ORDER BY id") == ["x", "x"])
    }

    /// A trigger that changes another row of the batch while the save runs,
    /// or ignores a row's write, refuses the save naming the row and the
    /// trigger, not a change elsewhere that `reload` would take in. The
    /// refused write is taken back with what its triggers did.
    @Test(arguments: StoreKind.sqlite, [
        "AFTER UPDATE OF f ON t WHEN new.id = 1 BEGIN UPDATE t SET f = 'trig' WHERE id = 2; END",
        "BEFORE UPDATE OF f ON t WHEN old.id = 2 BEGIN SELECT RAISE(IGNORE); END",
    ])
    func aTriggerThatKeepsARowFromItsWriteRefusesTheSave(kind: StoreKind, trigger: String) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, f TEXT);
            INSERT INTO t VALUES (1, 'a', 'x'), (2, 'b', 'x');
            CREATE TRIGGER tr \(trigger);
            """)
        h.run("open t", "open *", "set f z")
        let message = h.run("save").error?.message ?? ""
        #expect(message == "#2 b: refused by a trigger: a trigger on t ignored the update; nothing was written")
        #expect(try h.column("SELECT f FROM t ORDER BY id") == ["x", "x"])
    }

    /// The first row a trigger ignores is named; beside a row changed
    /// elsewhere, they are listed with it, as `reload` then helps.
    @Test(arguments: StoreKind.sqlite)
    func rowsATriggerIgnoresAreListedBesideChangedOnes(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, f TEXT);
            INSERT INTO t VALUES (1, 'a', 'x'), (2, 'b', 'x'), (3, 'c', 'x'), (4, 'd', 'x'), (5, 'e', 'x');
            CREATE TRIGGER tr BEFORE UPDATE OF f ON t WHEN old.id > 1 BEGIN SELECT RAISE(IGNORE); END;
            """)
        h.run("open t", "open *", "set f z")
        #expect(h.run("save").error?.message == "#2 b: refused by a trigger: a trigger on t ignored the update; nothing was written")
        try h.elsewhere("UPDATE t SET name = 'A' WHERE id = 1")
        #expect(h.run("save").error?.message
                == "5 of 5 rows changed elsewhere since open *: #1 a (name changed), #2 b (a trigger ignored its write, "
                + "or changed the row as the save ran), #3 c (a trigger ignored its write, or changed the row as the save ran) "
                + "and 2 more; nothing was saved (reload reads the rows again and keeps your edits)")
        #expect(try h.column("SELECT f FROM t ORDER BY id") == ["x", "x", "x", "x", "x"])
    }

    /// Names a batch save uses for itself clash with none of the file's:
    /// a table called `j`, and one called `json_each`.
    @Test(arguments: StoreKind.sqlite)
    func tablesNamedLikeTheSavesOwnNamesAreSaved(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE j (id INTEGER PRIMARY KEY, name TEXT, f TEXT);
            INSERT INTO j VALUES (1, 'a', 'x'), (2, 'b', 'x');
            CREATE TABLE json_each (id INTEGER PRIMARY KEY);
            """)
        h.run("open j", "open *", "set f z")
        #expect(h.run("save").error == nil)
        #expect(try h.column("SELECT f FROM j ORDER BY id") == ["z", "z"])
    }
}

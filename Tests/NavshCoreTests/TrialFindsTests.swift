@testable import NavshCore
import NavshTestSupport
import Testing

/// What a trial of the release binary found wrong on 2026-11-26: a row
/// without a title named by its rowid where `#KEY` means its key, and a
/// list that kept a row a trigger had deleted or re-keyed as it was saved.
@Suite struct TrialFindsTests {
    /// A TEXT primary key in a rowid table: the rows are told apart by
    /// rowid, but `#KEY` names the key, so an untitled row is named by it.
    @Test func anUntitledRowIsNamedByTheKeyThatAddressesIt() throws {
        let h = try SessionHarness("""
            CREATE TABLE z (code TEXT PRIMARY KEY, v TEXT, w INTEGER);
            INSERT INTO z VALUES ('3', NULL, 0), ('x', NULL, 0), ('1', NULL, 0);
            """)
        let list = h.output("show")
        #expect(list.contains("#'3'") && list.contains("#x") && list.contains("#'1'"), "\(list)")
        #expect(!list.contains("#2"), "no rowid for a name: \(list)")
        // What the list calls #'1' is what `delete #1` deletes.
        #expect(h.output("delete #1") == "deleted #'1'\n")
        #expect(try h.database.rows("SELECT code FROM z ORDER BY rowid").compactMap { $0["code"] } == ["3", "x"])
        #expect(h.output("open #3").hasPrefix("z › #'3'\n"))
    }

    /// A row whose key is NULL has no `#KEY`: its name must not look like
    /// one, or typing it reaches the row whose key is that number.
    @Test func aRowWithANullKeyIsNotNamedLikeAKey() throws {
        let h = try SessionHarness("""
            CREATE TABLE z (code TEXT PRIMARY KEY, v TEXT);
            INSERT INTO z VALUES ('3', NULL), (NULL, NULL), ('2', 'two');
            """)
        let list = h.output("show")
        #expect(list.contains("(rowid 2)") && !list.contains("#2"), "\(list)")
        #expect(h.output("open #2").hasPrefix("z › two\n"), "#2 is the key 2, named two")
    }

    /// A key SQLite stored as text in an INTEGER column opens by the name
    /// the list shows; a typed key that is no such value is still no key.
    @Test func aTextKeyInAnIntegerColumnOpensByItsName() throws {
        let h = try SessionHarness("""
            CREATE TABLE i2 (k INT PRIMARY KEY, v TEXT);
            INSERT INTO i2 VALUES (1, NULL), ('abc', NULL);
            """)
        #expect(h.output("show").contains("#abc"))
        #expect(h.output("open #abc").hasPrefix("i2 › #abc\n"))
        h.run("back")
        #expect(h.run("open #zz").error?.message.contains("is not a key of i2") ?? false)
    }

    /// A key part of a composite title is written as `#KEY` takes it back:
    /// the text 3 is `#'3'`, since `#3` reads as the number 3.
    @Test func aCompositeTitlesKeyPartIsTypedBackAsWritten() throws {
        let h = try SessionHarness("""
            CREATE TABLE nb (id PRIMARY KEY, q INT);
            INSERT INTO nb VALUES ('3', 1), (3, 2);
            """)
        let list = h.output("show")
        #expect(list.contains("#'3' · 1") && list.contains("#3 · 2"), "\(list)")
        #expect(h.output("open #'3'").contains("q  1"))
    }

    /// An undo whose write sets a trigger going has the lists read again.
    @Test func anUndoThatReachesOtherRowsHasTheListsReadAgain() throws {
        let h = try SessionHarness("""
            CREATE TABLE parent (id INTEGER PRIMARY KEY, name TEXT, total INT);
            CREATE TABLE child (id INTEGER PRIMARY KEY, parent_id INTEGER REFERENCES parent, name TEXT, amt INT);
            CREATE TRIGGER sum AFTER UPDATE OF amt ON child
            BEGIN UPDATE parent SET total = (SELECT sum(amt) FROM child WHERE parent_id = new.parent_id) WHERE id = new.parent_id; END;
            INSERT INTO parent VALUES (1, 'P1', 12); INSERT INTO child VALUES (10, 1, 'c10', 5), (11, 1, 'c11', 7);
            """)
        h.run("open parent", "open 1", "open child", "open #10", "set amt 100", "save", "back", "back")
        #expect(h.output("show").contains("107"))
        // The trigger ran again on the undo's write: undo says so, not "not undone".
        let undone = h.output("undo")
        #expect(undone.contains("they ran again on the undo") && !undone.contains("not undone"), "\(undone)")
        let list = h.output("show")
        #expect(list.contains("12") && !list.contains("107"), "\(list)")
    }

    /// A save whose trigger changes other rows has every list read again.
    @Test func aTriggerOnOtherRowsHasTheListsReadAgain() throws {
        let h = try SessionHarness("""
            CREATE TABLE a (id INTEGER PRIMARY KEY, name TEXT, flag INT);
            INSERT INTO a VALUES (1, 'one', 0), (2, 'two', 0);
            CREATE TRIGGER others AFTER UPDATE OF flag ON a WHEN new.flag = 5
            BEGIN UPDATE a SET name = name || '!' WHERE id <> new.id; INSERT INTO a (name, flag) VALUES ('spawn', 0); END;
            """)
        h.run("show", "open 1", "set flag 5", "save")
        let list = h.output("show")
        #expect(list.contains("a (3)") && list.contains("two!") && list.contains("spawn"), "\(list)")
        // Undo takes back the row's own values and says what stays.
        let undone = h.output("undo")
        #expect(undone.contains("the changes its triggers or cascades made to other rows were not undone"), "\(undone)")
        #expect(!h.output("undo").contains("were not undone"), "said of that save only")
    }

    /// The row a save patches into its list keeps that name.
    @Test func aSavedUntitledRowKeepsItsKeyForAName() throws {
        let h = try SessionHarness("""
            CREATE TABLE z (code TEXT PRIMARY KEY, v TEXT, w INTEGER);
            INSERT INTO z VALUES ('3', NULL, 0), ('x', NULL, 0);
            """)
        h.run("show", "open #3", "set w 5", "save")
        let after = h.output("show")
        #expect(after.contains("#'3'  5") && !after.contains("#1 "), "\(after)")
    }

    static let vanishing = """
        CREATE TABLE g (id INTEGER PRIMARY KEY, name TEXT, n INTEGER);
        INSERT INTO g VALUES (1, 'a', 1), (2, 'b', 2);
        CREATE TRIGGER g_del AFTER UPDATE OF name ON g WHEN new.name = 'vanish' BEGIN DELETE FROM g WHERE id = new.id; END;
        CREATE TRIGGER g_rekey AFTER UPDATE OF name ON g WHEN new.name = 'move' BEGIN UPDATE g SET id = id + 100 WHERE id = new.id; END;
        """

    @Test func aRowATriggerDeletesAsItIsSavedLeavesTheList() throws {
        let h = try SessionHarness(Self.vanishing, mode: .interactive)
        h.run("show", "open #2", "set name vanish")
        let saved = h.output("save")
        #expect(saved.hasPrefix("saved vanish (a trigger then deleted or re-keyed the row)\ng (1)\n"), "\(saved)")
        #expect(!saved.dropFirst(60).contains("vanish"), "the list is read again: \(saved)")
    }

    @Test func aRowATriggerReKeysAsItIsSavedIsShownUnderItsNewKey() throws {
        let h = try SessionHarness(Self.vanishing, mode: .interactive)
        h.run("show", "open #1", "set name move")
        let saved = h.output("save")
        // Read again: under its new key, after row 2, with its n (the list
        // kept it where it was, n blank).
        let rows = saved.split(separator: "\n").filter { $0.drop { $0 == " " }.first?.isNumber ?? false }
        #expect(rows.count == 2 && rows[1].hasSuffix("move  1"), "\(saved)")
        // Undo cannot find the row under the key it saved: it says why both ways.
        #expect(h.run("undo").error?.message.contains("it was deleted or re-keyed since") ?? false)
        #expect(h.output("open #101").contains("move"))
        let row = try h.database.rows("SELECT id, name, n FROM g WHERE name = 'move'")
        #expect(row == [["id": "101", "name": "move", "n": "1"]])
    }
}

/// `columns` naming a list's own default columns shows them all, cut to
/// fit or said to be left out: the list kept its first page's choice of
/// them, which the width had narrowed to one (the trial's find).
@Suite struct ChosenColumnsTests {
    @Test func columnsNamedAfterTheDefaultsAreAllShown() throws {
        let h = try SessionHarness("""
            CREATE TABLE w (id INTEGER PRIMARY KEY, a TEXT, b TEXT, c TEXT, d TEXT);
            INSERT INTO w VALUES (1, '\(String(repeating: "坂本龍一", count: 5))', '\(String(repeating: "b", count: 25))',
                                  '\(String(repeating: "c", count: 26))', '\(String(repeating: "d", count: 34))'),
                                 (2, 'x', 'y', 'z', 'w');
            """)
        let first = h.output("show")
        #expect(!first.contains("ccc"), "the defaults at 80 columns: \(first)")
        let chosen = h.output("columns b c d")
        let header = chosen.split(separator: "\n").dropFirst().first ?? ""
        #expect(header.split(separator: " ").map(String.init) == ["a", "b", "c", "d"], "\(chosen)")
        #expect(chosen.split(separator: "\n").allSatisfy { DisplayWidth.of($0) <= 80 }, "\(chosen)")
    }
}

/// A list too long to count at once learns its count on its last page,
/// full or not: a full last page said `of many` while `next` said it was
/// the last (the trial's find).
@Suite struct LastPageCountTests {
    @Test func aFullLastPageSaysTheCount() throws {
        let h = try SessionHarness(Fixtures.numbered(12_000))
        #expect(h.output("show").contains("of many"), "too many to count at once")
        let size = h.session.viewport().pageSize
        let last = h.output("page \(12_000 / size)")
        #expect(last.contains("of 12,000"), "\(last)")
        #expect(h.run("next").error?.message.contains("last page") ?? false)
    }

    /// A script saves row 3 of a sorted list under a new name, which moves
    /// it, and shows nothing: row 3 as shown is still that row, changed by
    /// this session, so `open 3` opens it (as in the list's own order), not
    /// a refusal that it changed elsewhere, and never the row now third.
    @Test func aSortedListsRowSavedHereIsNotChangedElsewhere() throws {
        let h = try SessionHarness("""
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

    /// `count` in a `where` inside a `where` names both filters, as the
    /// list's header does: named by the last alone, its number read as
    /// that filter's over the whole table.
    @Test func aNestedFiltersCountNamesEveryFilter() throws {
        let h = try SessionHarness("""
            CREATE TABLE tracks (id INTEGER PRIMARY KEY, name TEXT, genre TEXT, ms INTEGER);
            INSERT INTO tracks VALUES (1, 'a', 'Rock', 400), (2, 'b', 'Jazz', 500), (3, 'c', 'Rock', 100);
            """)
        h.run("where genre = Rock")
        h.run("where ms > 300")
        #expect(h.output("count") == "tracks · genre = \"Rock\" · ms > 300: 1 row\n")
        h.run("back")
        #expect(h.output("count") == "tracks · genre = \"Rock\": 2 rows\n")
        h.run("back")
        #expect(h.output("count") == "tracks: 3 rows\n")
    }

    /// After the terminal's height changes, `next` and `prev` go on from the
    /// rows shown, not from the page number: rows 33–48 shown, a taller
    /// window, and `next` showed rows 109–144, never 49–108.
    @Test func nextAndPrevAfterAResizeSkipNoRow() throws {
        let h = try SessionHarness("""
            CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT);
            WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 300)
            INSERT INTO t (name) SELECT 'n' || i FROM c;
            """, mode: .interactive, viewport: Viewport(columns: 80, rows: 20))
        let size = h.viewport.pageSize
        h.run("page 3")
        let shownLast = 3 * size
        h.viewport = Viewport(columns: 80, rows: 40)
        let bigger = h.viewport.pageSize
        #expect(bigger > size)
        let next = h.output("next")
        // The page holding the row after the last one shown.
        let first = shownLast / bigger * bigger + 1
        #expect(next.contains("rows \(first)–\(first + bigger - 1) of 300"), "\(next)")
        #expect(first <= shownLast + 1)
        h.viewport = Viewport(columns: 80, rows: 20)
        let prev = h.output("prev")
        let before = (first - 2) / size * size + 1
        #expect(prev.contains("rows \(before)–\(before + size - 1) of 300"), "\(prev)")
        #expect(before + size - 1 >= first - 1)
    }

    /// A join row titled by its key and a reference is named in its record
    /// frame as its list names it (`#1 · Prague`), not `#1 · #1`.
    @Test func aRecordTitledByAReferenceIsNamedAsItsListNamesIt() throws {
        let h = try SessionHarness("""
            CREATE TABLE invoices (id INTEGER PRIMARY KEY, customer TEXT);
            CREATE TABLE lines (id INTEGER PRIMARY KEY, invoice INTEGER REFERENCES invoices(id), quantity INTEGER);
            INSERT INTO invoices VALUES (1, 'Prague');
            INSERT INTO lines VALUES (1, 1, 1);
            """)
        h.run("open lines")
        #expect(h.output("show").contains("#1 · Prague"))
        #expect(h.output("open 1").hasPrefix("lines › #1 · Prague\n"))
        h.run("set quantity 2")
        #expect(h.output("save") == "saved #1 · Prague\n")
        // Set to another invoice, it is named by that one's title at once.
        try h.database.execute("INSERT INTO invoices VALUES (7, 'Oslo')")
        h.run("open 1")
        h.run("set invoice 7")
        #expect(h.output("save") == "saved #1 · Oslo\n")
    }

    /// Tab on a title two rows share offers each row by its key, which
    /// `open` and `set` take: completing the title made `open Summer
    /// Garden`, which is refused as matching several rows.
    @Test func aSharedTitleCompletesToEachRowsKey() throws {
        let h = try SessionHarness("""
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

    /// A `sort` (or `columns`) keeps the count `count` just made: the rows
    /// are the same, only their order changes.
    @Test func aSortKeepsTheCountJustMade() throws {
        let h = try SessionHarness("""
            CREATE TABLE big (id INTEGER PRIMARY KEY, name TEXT, note TEXT);
            WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 12000)
            INSERT INTO big (name, note) SELECT 'item ' || i, 'note ' || (i * 7 % 1000) FROM c;
            """)
        #expect(h.output("show").contains("of many"))
        #expect(h.output("count") == "big: 12,000 rows\n")
        let sorted = h.output("sort note desc")
        #expect(sorted.hasPrefix("big (12,000)"), "\(sorted.prefix(80))")
        #expect(sorted.contains("of 12,000"))
        #expect(h.output("columns note").contains("of 12,000"))
    }

    /// At the prompt a notice wider than the terminal is broken at spaces,
    /// later lines indented, not cut mid-word by the terminal ("re-ke" /
    /// "yed"); every line fits.
    @Test func aLongNoticeIsBrokenAtSpaces() throws {
        let h = try SessionHarness("""
            CREATE TABLE artists (id INTEGER PRIMARY KEY, name TEXT);
            INSERT INTO artists VALUES (16, 'Various Artists');
            """, mode: .interactive, viewport: Viewport(columns: 60, rows: 30))
        h.run("open 1")
        try h.database.execute("DELETE FROM artists WHERE id = 16")
        let notice = h.session.noticeChangesElsewhere(watchingShownRows: true)
        #expect(notice.contains("Various Artists is gone from under its key (deleted or\n  re-keyed elsewhere;"), "\(notice)")
        #expect(notice.split(separator: "\n").allSatisfy { DisplayWidth.of(String($0)) <= 60 }, "\(notice)")
    }

    /// Two keys shown alike, `k\x1B` (a backslash typed into the key) and k
    /// then ESC (shown escaped): `#k\x1B` names neither, and says so, where
    /// it deleted the one typed for the other; alone, each is found.
    @Test func aKeyShownLikeAnotherIsRefused() throws {
        let h = try SessionHarness("""
            CREATE TABLE kv (a TEXT, b INTEGER, v TEXT, PRIMARY KEY (a, b)) WITHOUT ROWID;
            INSERT INTO kv VALUES ('k' || char(27), 1, 'real ESC'), ('k' || char(92) || 'x1B', 1, 'literal backslash');
            """)
        let refused = h.run("delete #k\\x1B,1")
        #expect(refused.error?.message.contains("names two rows") == true, "\(refused)")
        #expect(try h.database.rows("SELECT v FROM kv ORDER BY v").count == 2)
        try h.database.execute("DELETE FROM kv WHERE v = 'real ESC'")
        #expect(h.output("open #k\\x1B,1").contains("literal backslash"))
        h.run("back")
        try h.database.execute("DELETE FROM kv")
        try h.database.execute("INSERT INTO kv VALUES ('k' || char(27), 1, 'real ESC')")
        #expect(h.output("open #k\\x1B,1").contains("real ESC"))
    }

    /// A title with spaces at either end is quoted wherever it names the
    /// row (the list's title column, a reference to it, the record's
    /// breadcrumb), as its cell and field are, and typed back in quotes.
    @Test func aTitleWithSpacesAtAnEndIsQuoted() throws {
        let h = try SessionHarness("""
            CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, other INTEGER REFERENCES t(id));
            INSERT INTO t VALUES (1, '  spaced  ', NULL), (2, 'plain', 1);
            """)
        let list = h.output("show")
        #expect(list.contains("   1  \"  spaced  \""), "\(list)")
        #expect(list.contains("   2  plain         \"  spaced  \""), "\(list)")
        #expect(h.output("open \"  spaced  \"").hasPrefix("t › \"  spaced  \"\n"))
    }

    /// A table without a declared key is known by rowids, which VACUUM
    /// renumbers: `delete #2` of a row shown is checked against it as shown
    /// (it deleted the row renumbered into 2), and `delete N` of a row no
    /// longer under its rowid says it may have been renumbered.
    @Test func aRowRenumberedByVacuumIsNotDeletedForAnother() throws {
        let h = try SessionHarness("""
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

    /// A title holding a control character is shown, and completed by Tab,
    /// escaped (`Tab\tbed`): typed back that way, it opens the row.
    @Test func aTitleShownEscapedOpensAsShown() throws {
        let h = try SessionHarness("""
            CREATE TABLE things (id INTEGER PRIMARY KEY, name TEXT);
            INSERT INTO things (name) VALUES ('Tab' || char(9) || 'bed'), ('plain');
            """)
        #expect(h.session.completions(before: "open Ta").candidates == ["Tab\\tbed"])
        #expect(h.output("open Tab\\tbed").hasPrefix("things › Tab\\tbed\n"))
        h.run("back")
        #expect(h.run("open Tab\\tbad").error?.message.contains("no row in things has a title matching") == true)
        // A title holding the backslash as typed is shown alike: neither is taken.
        try h.database.execute("INSERT INTO things (name) VALUES ('Tab' || char(92) || 'tbed')")
        #expect(h.run("open Tab\\tbed").error?.message.contains("matches several rows: 1 Tab\\tbed, 3 Tab\\tbed") == true)
    }

    /// Two rows of a keyless table alike in every column shown, differing
    /// in a blob: after a delete and VACUUM elsewhere renumbered them, the
    /// row under 2 passed the check of the values shown and `delete 2`
    /// deleted the one shown as 3. After any change elsewhere, a delete in
    /// a keyless table waits for the list to be shown again.
    @Test func aKeylessTablesDeleteWaitsForTheListShownAgain() throws {
        let h = try SessionHarness("""
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
    @Test func aKeylessRecordsDeleteWaitsAfterAChangeElsewhere() throws {
        let h = try SessionHarness("""
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

    /// A number typed for a reference that is one row's key and another
    /// row's title (a band named "2") takes neither, and says so: it took
    /// the key silently. A number that is no other row's title is the key.
    @Test func aNumberThatIsAKeyAndATitleIsRefused() throws {
        let h = try SessionHarness("""
            CREATE TABLE artists (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
            CREATE TABLE albums (id INTEGER PRIMARY KEY, title TEXT, artist_id INTEGER REFERENCES artists(id));
            INSERT INTO artists VALUES (1, 'Blur'), (2, 'Oasis'), (3, '2'), (4, '4');
            INSERT INTO albums VALUES (1, 'Parklife', 1);
            """)
        h.run("open albums")
        #expect(h.run("where artist_id = 2").error?.message == "artist_id: '2' is the key of #2 Oasis and the title of #3 2; write the row as #KEY")
        h.run("open 1")
        #expect(h.run("set artist_id 2").error?.message.contains("is the key of #2 Oasis and the title of #3 2") == true)
        #expect(h.output("changes") == "no unsaved changes\n")
        h.run("set artist_id 4")
        h.run("set artist_id #3")
        #expect(h.output("changes").contains("artist_id: Blur → 2"))
        // A number no row has for a key, and one row for its whole title,
        // is that row (an album called "1999"; it was refused).
        try h.database.execute("INSERT INTO artists VALUES (10, '1999')")
        h.run("set artist_id 1999")
        #expect(h.output("changes").contains("artist_id: Blur → 1999"))
        h.run("save")
        #expect(try h.database.rows("SELECT artist_id FROM albums") == [["artist_id": "10"]])
    }

    /// After `sort`, rows sharing a title are still told apart in the
    /// refusal: by their number when the page shown holds them, else by
    /// `#KEY` (the store counts no position in a field's order, and both
    /// were listed as plain "Ada Lovelace").
    @Test func aSortedListsSeveralMatchesAreNumberedOrKeyed() throws {
        let h = try SessionHarness("""
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
        #expect(h.run("open Ada Lovelace").error?.message
                == "'Ada Lovelace' matches several rows: 29 Ada Lovelace, 30 Ada Lovelace; open N picks one")
    }

    /// A write made in a `find` list (a new row, a delete, a save) reaches
    /// the full list below: it kept its rows as they were, so `show` and
    /// `count` missed the write and `open N` blamed another process.
    @Test func aWriteInAFilteredListReachesTheListBelow() throws {
        let h = try SessionHarness("""
            CREATE TABLE artists (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
            INSERT INTO artists VALUES (1, 'AC/DC'), (2, 'Accept'), (3, 'Aerosmith'), (5, 'Björk'), (7, 'Queen');
            """)
        h.run("open artists")
        h.run("show")
        h.run("find Qu")
        h.run("new")
        h.run("set name Muse")
        // Not a row of this `find` list: no number is given for it.
        #expect(h.output("save") == "saved Muse as #8\n")
        h.run("back")
        #expect(h.output("count") == "artists: 6 rows\n")
        // A row added is numbered when the list is shown again.
        #expect(h.run("open 6").error?.message.contains("rows moved since") == true)
        #expect(h.output("show").contains("   6  Muse"))
        #expect(h.output("open 6").hasPrefix("artists › Muse\n"))
        h.run("back")
        h.run("find Ae")
        #expect(h.output("delete 1") == "deleted Aerosmith\n")
        h.run("back")
        h.run("find Acc")
        h.run("open 1")
        h.run("set name Acceptance")
        h.run("save")
        h.run("back")
        #expect(h.output("open 2").hasPrefix("artists › Acceptance\n"), "its own save, not a change elsewhere")
        h.run("back")
        let shown = h.output("show")
        #expect(!shown.contains("Aerosmith") && shown.contains("artists (5)"), "\(shown)")
    }

    /// A value the store kept otherwise than sent (here a trigger's
    /// upper-casing) is said with the save, which said only "saved"; the
    /// same number in another form (3 as 3.0 in a REAL column) is not.
    @Test func aValueStoredOtherwiseIsSaidWithTheSave() throws {
        let h = try SessionHarness("""
            CREATE TABLE tags (id INTEGER PRIMARY KEY, name TEXT, weight REAL);
            INSERT INTO tags VALUES (1, 'red', 1.5);
            CREATE TRIGGER up AFTER UPDATE OF name ON tags BEGIN UPDATE tags SET name = upper(NEW.name) WHERE id = NEW.id; END;
            CREATE TABLE n (id INTEGER PRIMARY KEY, name TEXT, amount NUMERIC);
            CREATE TRIGGER trimmed AFTER INSERT ON n BEGIN UPDATE n SET name = trim(NEW.name) WHERE id = NEW.id; END;
            """)
        h.run("open tags")
        h.run("open #1")
        h.run("set name blue")
        h.run("set weight 3")
        #expect(h.output("save") == "saved blue (name stored as BLUE)\n")
        // A new row's too, and digits a NUMERIC column cannot keep.
        h.run("top")
        h.run("open n")
        h.run("new")
        h.run("set name \" b \"")
        h.run("set amount 3.0")
        #expect(h.output("save") == "saved b as #1 (row 1) (name stored as b)\n")
        h.run("open 1")
        h.run("set amount 12345678901234567890")
        #expect(h.output("save") == "saved b (amount stored as 1.2345678901234567e+19)\n")
    }

    /// After this session takes a row off an earlier page, or adds one, a
    /// number off the page shown waits for the list to be shown again: read
    /// from the list as it is now, `delete 20` deleted the row shown as 21.
    @Test func aNumberOffThePageShownWaitsAfterOwnWritesMovedRows() throws {
        let h = try SessionHarness(Fixtures.numbered(60))
        h.run("open things")
        h.run("page 2")
        #expect(h.output("delete 5") == "deleted Row 5\n")
        let refused = try h.database.expectUnchanged("things") { h.run("delete 20") }
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
}

import NavshCore
import NavshTestSupport
import Testing

/// `open #KEY` and `delete #KEY` (issue 10): rows by primary key, wherever
/// they are, so a script means the same row however the list moves.
@Suite struct RowKeyTests {
    static let playlists = """
        CREATE TABLE playlist_track (playlist INTEGER, track TEXT, note TEXT, PRIMARY KEY (playlist, track)) WITHOUT ROWID;
        INSERT INTO playlist_track VALUES (1, 'a', 'first'), (1, 'b, c', 'comma'), (2, 'a', 'other');
        """

    @Test(arguments: StoreKind.all)
    func openByKeyWhateverThePosition(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.numbered(45))
        #expect(h.output("open #42").hasPrefix("things › Row 42\n"), "not on the page shown")
        h.run("back", "sort name desc")
        #expect(h.output("open #7").hasPrefix("things › Row 7\n"), "whatever the order")
    }

    @Test(arguments: StoreKind.all)
    func deleteByKeyDeletesThatRowOnly(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        h.run("sort value")
        #expect(h.output("delete #3") == "deleted Hoverboard\n")
        #expect(try h.column("SELECT id FROM items ORDER BY id") == ["1", "2", "4", "5"])
        #expect(h.run("delete #3").error?.message == "no row #3 in items")
    }

    @Test(arguments: StoreKind.all)
    func compositeKeysAreWrittenWithCommasAndQuotes(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.playlists)
        #expect(h.output("open #2,a").contains("other"))
        h.run("back")
        #expect(h.output("open #1,'b, c'").contains("comma"), "a part holding a comma is quoted")
        h.run("back")
        #expect(h.output("delete #1,'b, c'") == "deleted #1 · #'b, c'\n", "delete keeps the quotes too (found by the trial)")
        #expect(h.run("open #1").error?.message
            == "'#1' is not a key of playlist_track: its key is playlist, track (#PLAYLIST,TRACK)")
        #expect(h.run("delete #9,z").error?.message == "no row #9,z in playlist_track")
    }

    /// An untyped key column may hold 1 and '1' as two rows (found by the
    /// adversary: `delete #1` deleted the text row, while the JSON output
    /// wrote the other row's key as `[1]`). Bare is the number, quoted the text.
    /// SQLite alone: only its columns may have no type.
    @Test(arguments: StoreKind.sqlite)
    func aBareKeyIsTheNumberAndAQuotedOneTheText(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE k (code PRIMARY KEY, name TEXT);
            INSERT INTO k VALUES (1, 'int one'), ('1', 'text one'), (2.5, 'real'), ('2.5', 'text real');
            """)
        #expect(h.output("delete #1") == "deleted int one\n")
        #expect(h.output("delete #'1'") == "deleted text one\n")
        #expect(h.output("delete #2.5") == "deleted real\n")
        #expect(try h.column("SELECT name FROM k") == ["text real"])
    }

    /// A bare number names only the number: a row whose key is the text
    /// '6' is named `#'6'`, which the error says. Taking the text when no
    /// number was held made `delete #6` run twice delete two rows, and in a
    /// filtered list take the text while the number was a row it left out.
    @Test(arguments: StoreKind.sqlite)
    func aBareKeyThatIsTextIsNamedQuoted(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE k (code PRIMARY KEY, name TEXT, grp TEXT);
            INSERT INTO k VALUES ('6', 'text six', 'a'), (6, 'int six', 'b'), ('7', 'text seven', 'a');
            """)
        h.run("open k")
        #expect(h.run("open #7").error?.message == "no row #7 in k holds a number key; #'7' names the row whose key is the text")
        #expect(h.output("open #'7'").hasPrefix("k › text seven\n"))
        h.run("back", "where grp = a")
        #expect(h.run("delete #6").error?.message == "#6 is a row of k this list leaves out (its filter or owner); "
                + "back to the whole list to open it")
        h.run("top", "open k")
        #expect(h.output("delete #6") == "deleted int six\n")
        #expect(h.run("delete #6").error?.message == "no row #6 in k holds a number key; #'6' names the row whose key is the text")
        #expect(try h.column("SELECT name FROM k ORDER BY name") == ["text seven", "text six"])
    }

    /// A key holding a double quote is named quoted, as `#KEY` takes it
    /// back (`#q"r` was shown, and `open #q"r` refused it).
    @Test(arguments: StoreKind.all)
    func aKeyHoldingADoubleQuoteIsNamedQuoted(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE tags (code TEXT PRIMARY KEY, name TEXT NOT NULL);
            INSERT INTO tags VALUES ('a', 'Alpha'), ('q"r', '');
            """)
        h.run("open tags")
        #expect(h.output("show").contains("#'q\"r'"))
        #expect(h.output("open #'q\"r'").hasPrefix("tags › #'q\"r'\n"))
    }

    /// A key, or a part of one, may be the empty text: `#''` names it as
    /// the JSON output and `keyText` write it (the trial's find: no spelling
    /// opened or deleted such a row). An unquoted empty part is no key.
    @Test(arguments: StoreKind.all)
    func anEmptyTextKeyIsNamedQuoted(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE k (k TEXT PRIMARY KEY, c TEXT);
            INSERT INTO k VALUES ('', 'empty key'), ('x', 'ex');
            CREATE TABLE w (a TEXT, b INTEGER, c TEXT, PRIMARY KEY (a, b)) WITHOUT ROWID;
            INSERT INTO w VALUES ('', 4, 'empty part'), ('z', 4, 'zed');
            """)
        h.run("open k")
        #expect(h.output("open #''").contains("empty key"))
        h.run("back")
        #expect(h.run("open #").error != nil)
        h.run("top", "open w")
        #expect(h.output("delete #'',4") == "deleted empty part\n")
        #expect(h.run("delete #,4").error != nil)
        #expect(try h.column("SELECT c FROM w") == ["zed"])
    }

    @Test(arguments: StoreKind.all)
    func aKeyRespectsTheListItIsTypedIn(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        h.run("where value > 100")
        #expect(h.run("open #2").error?.message == "#2 is a row of items this list leaves out (its filter or owner); "
            + "back to the whole list to open it", "Rusty spork is not in this list")
        #expect(h.output("open #3").hasPrefix("items › Hoverboard\n"))
    }

    @Test(arguments: StoreKind.all)
    func aTitleStartingWithHashIsStillFound(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        h.run("open 1", "set name #1 Hits", "save")
        #expect(h.output("open #1 Hits").hasPrefix("items › #1 Hits\n"))
        h.run("back")
        #expect(h.run("open #x").error?.message
            == "'#x' is not a key of items: its key is id (#ID)")
    }

    @Test(arguments: StoreKind.all)
    func anInteractiveKeyedDeleteAsksFirst(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items, mode: .interactive)
        let question = try #require(h.run("delete #2").question)
        #expect(question.prompt == "Delete #2, Rusty spork, from items? [y/N] ")
        #expect(h.session.answer(question, .yes).output.hasPrefix("deleted Rusty spork\n"))
    }
}

/// Found by the readable-lists work: Tab offered "Ada Lovelace" for a
/// first+last-name title, but `open Ada Lovelace` searched the first name only.
@Suite struct WholeTitleTests {
    @Test(arguments: StoreKind.all)
    func aTitleMadeOfSeveralFieldsOpensAsTabCompletesIt(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE people (id INTEGER PRIMARY KEY, FirstName TEXT, LastName TEXT);
            INSERT INTO people (FirstName, LastName) VALUES ('Ada', 'Lovelace'), ('Ada', 'Byron'), ('Grace', 'Hopper');
            """, mode: .interactive)
        #expect(h.session.completions(before: "open Ada").candidates == ["Ada Lovelace", "Ada Byron"])
        #expect(h.output("open Ada Byron").hasPrefix("people › Ada Byron\n"))
        h.run("back")
        #expect(h.output("open ada lovelace").hasPrefix("people › Ada Lovelace\n"))
    }

    /// A key of a fixed length names its own row: on PostgreSQL a value
    /// cast to `character` was cut to one letter, so `open #DE` opened and
    /// renamed D, and `delete #FR` deleted F.
    @Test(arguments: StoreKind.all)
    func aKeyOfAFixedLengthNamesItsOwnRow(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE codes (code CHAR(2) PRIMARY KEY, name TEXT);
            INSERT INTO codes VALUES ('D', 'd'), ('DE', 'de'), ('F', 'f'), ('FR', 'fr');
            """)
        try h.session.setUp("open #DE", "set name Germany", "save", "delete #FR")
        #expect(try h.values("SELECT rtrim(code), name FROM codes ORDER BY code") == [["D", "d"], ["DE", "Germany"], ["F", "f"]])
    }

    /// A parent table's rows are its own: on PostgreSQL a save or delete of
    /// `ip(1)` also rewrote the child table's `ic(1)`, never opened. Both
    /// rows are written by one statement, so they share a row version.
    @Test(arguments: StoreKind.postgresOnly)
    func aParentTableWritesOnlyItsOwnRows(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE ip (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE ic (extra TEXT) INHERITS (ip);
            WITH parent AS (INSERT INTO ip VALUES (1, 'parent')) INSERT INTO ic (id, name) VALUES (1, 'child');
            """)
        try h.session.setUp("open ip", "open #1", "set name renamed", "save")
        #expect(try h.values("SELECT name FROM ONLY ip") == [["renamed"]])
        #expect(try h.values("SELECT name FROM ic") == [["child"]])
        try h.session.setUp("delete #1")
        #expect(try h.values("SELECT name FROM ic") == [["child"]])
        #expect(try h.values("SELECT count(*) FROM ONLY ip") == [["0"]])
    }
}

/// Rows named by the key that addresses them, and keys typed back as shown.
extension RowKeyTests {
    /// A TEXT primary key in a rowid table: the rows are told apart by
    /// rowid, but `#KEY` names the key, so an untitled row is named by it.
    @Test(arguments: StoreKind.all)
    func anUntitledRowIsNamedByTheKeyThatAddressesIt(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE z (code TEXT PRIMARY KEY, v TEXT, w INTEGER);
            INSERT INTO z VALUES ('3', NULL, 0), ('x', NULL, 0), ('1', NULL, 0);
            """)
        let list = h.output("show")
        #expect(list.contains("#'3'") && list.contains("#x") && list.contains("#'1'"), "\(list)")
        #expect(!list.contains("#2"), "no rowid for a name: \(list)")
        // What the list calls #'1' is what `delete #1` deletes.
        #expect(h.output("delete #1") == "deleted #'1'\n")
        #expect(try h.column("SELECT code FROM z ORDER BY code") == ["3", "x"])
        #expect(h.output("open #3").hasPrefix("z › #'3'\n"))
    }

    /// A row whose key is NULL has no `#KEY`: its name must not look like
    /// one, or typing it reaches the row whose key is that number.
    /// SQLite alone: only it lets a primary key be NULL.
    @Test(arguments: StoreKind.sqlite)
    func aRowWithANullKeyIsNotNamedLikeAKey(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE z (code TEXT PRIMARY KEY, v TEXT);
            INSERT INTO z VALUES ('3', NULL), (NULL, NULL), ('2', 'two');
            """)
        let list = h.output("show")
        #expect(list.contains("(rowid 2)") && !list.contains("#2"), "\(list)")
        #expect(h.output("open #2").hasPrefix("z › two\n"), "#2 is the key 2, named two")
    }

    /// A key SQLite stored as text in an INTEGER column opens by the name
    /// the list shows; a typed key that is no such value is still no key.
    /// SQLite alone: only it keeps text in an INT column.
    @Test(arguments: StoreKind.sqlite)
    func aTextKeyInAnIntegerColumnOpensByItsName(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
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
    /// SQLite alone: only its columns may have no type.
    @Test(arguments: StoreKind.sqlite)
    func aCompositeTitlesKeyPartIsTypedBackAsWritten(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE nb (id PRIMARY KEY, q INT);
            INSERT INTO nb VALUES ('3', 1), (3, 2);
            """)
        let list = h.output("show")
        #expect(list.contains("#'3' · 1") && list.contains("#3 · 2"), "\(list)")
        #expect(h.output("open #'3'").contains("q  1"))
    }

    /// The row a save patches into its list keeps that name.
    @Test(arguments: StoreKind.all)
    func aSavedUntitledRowKeepsItsKeyForAName(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE z (code TEXT PRIMARY KEY, v TEXT, w INTEGER);
            INSERT INTO z VALUES ('3', NULL, 0), ('x', NULL, 0);
            """)
        h.run("show", "open #3", "set w 5", "save")
        let after = h.output("show")
        #expect(after.contains("#'3'  5") && !after.contains("#1 "), "\(after)")
    }

    /// Two keys shown alike, `k\x1B` (a backslash typed into the key) and k
    /// then ESC (shown escaped): `#k\x1B` names neither, and says so, where
    /// it deleted the one typed for the other; alone, each is found.
    /// The ESC is written into the SQL itself: no function makes one on every store.
    @Test(arguments: StoreKind.all)
    func aKeyShownLikeAnotherIsRefused(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE kv (a TEXT, b INTEGER, v TEXT, PRIMARY KEY (a, b)) WITHOUT ROWID;
            INSERT INTO kv VALUES ('k\u{1B}', 1, 'real ESC'), ('k\\x1B', 1, 'literal backslash');
            """)
        let refused = h.run("delete #k\\x1B,1")
        #expect(refused.error?.message.contains("names two rows") == true, "\(refused)")
        #expect(try h.values("SELECT v FROM kv ORDER BY v").count == 2)
        try h.elsewhere("DELETE FROM kv WHERE v = 'real ESC'")
        #expect(h.output("open #k\\x1B,1").contains("literal backslash"))
        h.run("back")
        try h.elsewhere("DELETE FROM kv")
        try h.elsewhere("INSERT INTO kv VALUES ('k\u{1B}', 1, 'real ESC')")
        #expect(h.output("open #k\\x1B,1").contains("real ESC"))
    }

    /// A number typed for a reference that is one row's key and another
    /// row's title (a band named "2") takes neither, and says so: it took
    /// the key silently. A number that is no other row's title is the key.
    @Test(arguments: StoreKind.all)
    func aNumberThatIsAKeyAndATitleIsRefused(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
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
        try h.elsewhere("INSERT INTO artists VALUES (10, '1999')")
        h.run("set artist_id 1999")
        #expect(h.output("changes").contains("artist_id: Blur → 1999"))
        h.run("save")
        #expect(try h.column("SELECT artist_id FROM albums") == ["10"])
    }
}

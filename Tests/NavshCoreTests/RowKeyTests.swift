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

    @Test func openByKeyWhateverThePosition() throws {
        let h = try SessionHarness(Fixtures.numbered(45))
        #expect(h.output("open #42").hasPrefix("things › Row 42\n"), "not on the page shown")
        h.run("back", "sort name desc")
        #expect(h.output("open #7").hasPrefix("things › Row 7\n"), "whatever the order")
    }

    @Test func deleteByKeyDeletesThatRowOnly() throws {
        let h = try SessionHarness(Fixtures.items)
        h.run("sort value")
        #expect(h.output("delete #3") == "deleted Hoverboard\n")
        #expect(try h.database.rows("SELECT id FROM items ORDER BY id").compactMap { $0["id"] } == ["1", "2", "4", "5"])
        #expect(h.run("delete #3").error?.message == "no row #3 in items")
    }

    @Test func compositeKeysAreWrittenWithCommasAndQuotes() throws {
        let h = try SessionHarness(Self.playlists)
        #expect(h.output("open #2,a").contains("other"))
        h.run("back")
        #expect(h.output("open #1,'b, c'").contains("comma"), "a part holding a comma is quoted")
        h.run("back")
        #expect(h.output("delete #1,'b, c'") == "deleted comma\n", "delete keeps the quotes too (found by the trial)")
        #expect(h.run("open #1").error?.message
            == "'#1' is not a key of playlist_track: its key is playlist, track (#PLAYLIST,TRACK)")
        #expect(h.run("delete #9,z").error?.message == "no row #9,z in playlist_track")
    }

    /// An untyped key column may hold 1 and '1' as two rows (found by the
    /// adversary: `delete #1` deleted the text row, while the JSON output
    /// wrote the other row's key as `[1]`). Bare is the number, quoted the text.
    @Test func aBareKeyIsTheNumberAndAQuotedOneTheText() throws {
        let h = try SessionHarness("""
            CREATE TABLE k (code PRIMARY KEY, name TEXT);
            INSERT INTO k VALUES (1, 'int one'), ('1', 'text one'), (2.5, 'real'), ('2.5', 'text real');
            """)
        #expect(h.output("delete #1") == "deleted int one\n")
        #expect(h.output("delete #'1'") == "deleted text one\n")
        #expect(h.output("delete #2.5") == "deleted real\n")
        #expect(try h.database.rows("SELECT name FROM k").compactMap { $0["name"] } == ["text real"])
    }

    /// A key holding a double quote is named quoted, as `#KEY` takes it
    /// back (`#q"r` was shown, and `open #q"r` refused it).
    @Test func aKeyHoldingADoubleQuoteIsNamedQuoted() throws {
        let h = try SessionHarness("""
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
    @Test func anEmptyTextKeyIsNamedQuoted() throws {
        let h = try SessionHarness("""
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
        #expect(try h.database.rows("SELECT c FROM w").compactMap { $0["c"] } == ["zed"])
    }

    @Test func aKeyRespectsTheListItIsTypedIn() throws {
        let h = try SessionHarness(Fixtures.items)
        h.run("where value > 100")
        #expect(h.run("open #2").error?.message == "#2 is a row of items this list leaves out (its filter or owner); "
            + "back to the whole list to open it", "Rusty spork is not in this list")
        #expect(h.output("open #3").hasPrefix("items › Hoverboard\n"))
    }

    @Test func aTitleStartingWithHashIsStillFound() throws {
        let h = try SessionHarness(Fixtures.items)
        h.run("open 1", "set name #1 Hits", "save")
        #expect(h.output("open #1 Hits").hasPrefix("items › #1 Hits\n"))
        h.run("back")
        #expect(h.run("open #x").error?.message
            == "'#x' is not a key of items: its key is id (#ID)")
    }

    @Test func anInteractiveKeyedDeleteAsksFirst() throws {
        let h = try SessionHarness(Fixtures.items, mode: .interactive)
        let question = try #require(h.run("delete #2").question)
        #expect(question.prompt == "Delete #2, Rusty spork, from items? [y/N] ")
        #expect(h.session.answer(question, .yes).output == "deleted Rusty spork\n")
    }
}

/// Found by the readable-lists work: Tab offered "Ada Lovelace" for a
/// first+last-name title, but `open Ada Lovelace` searched the first name only.
@Suite struct WholeTitleTests {
    @Test func aTitleMadeOfSeveralFieldsOpensAsTabCompletesIt() throws {
        let h = try SessionHarness("""
            CREATE TABLE people (id INTEGER PRIMARY KEY, FirstName TEXT, LastName TEXT);
            INSERT INTO people (FirstName, LastName) VALUES ('Ada', 'Lovelace'), ('Ada', 'Byron'), ('Grace', 'Hopper');
            """, mode: .interactive)
        #expect(h.session.completions(before: "open Ada").candidates == ["Ada Lovelace", "Ada Byron"])
        #expect(h.output("open Ada Byron").hasPrefix("people › Ada Byron\n"))
        h.run("back")
        #expect(h.output("open ada lovelace").hasPrefix("people › Ada Lovelace\n"))
    }
}

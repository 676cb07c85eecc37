import NavshCore
import NavshTestSupport
import Testing

/// Lists people can read (issue 10): a header of labels, text left and
/// numbers right, references by their rows' titles, as many columns as fit,
/// a footer with thousands separators, and titles from the schema alone.
@Suite struct ReadableListTests {
    /// The names are quoted: PostgreSQL folds an unquoted name to lower case.
    static let music = """
        CREATE TABLE artists ("ArtistId" INTEGER PRIMARY KEY, "Name" TEXT);
        CREATE TABLE albums ("AlbumId" INTEGER PRIMARY KEY, "Title" TEXT,
                             "ArtistId" INTEGER REFERENCES artists("ArtistId"), "Year" INTEGER);
        CREATE TABLE playlists ("PlaylistId" INTEGER PRIMARY KEY, "Name" TEXT);
        CREATE TABLE playlist_track ("PlaylistId" INTEGER REFERENCES playlists, "AlbumId" INTEGER REFERENCES albums,
                                     PRIMARY KEY ("PlaylistId", "AlbumId")) WITHOUT ROWID;
        CREATE TABLE customers ("CustomerId" INTEGER PRIMARY KEY, "Email" TEXT, "FirstName" TEXT, "LastName" TEXT);
        CREATE TABLE invoices ("InvoiceId" INTEGER PRIMARY KEY, "CustomerId" INTEGER REFERENCES customers,
                               "InvoiceDate" DATETIME, "Total" NUMERIC);
        INSERT INTO artists VALUES (1, 'AC/DC'), (2, 'Accept');
        INSERT INTO albums VALUES (1, 'For Those About To Rock', 1, 1981), (2, 'Balls to the Wall', 2, 1983),
                                  (3, 'Restless and Wild', 2, 1982);
        INSERT INTO playlists VALUES (1, 'Music'), (2, 'Grunge');
        INSERT INTO playlist_track VALUES (1, 1), (2, 3);
        INSERT INTO customers VALUES (1, 'ada@example.com', 'Ada', 'Lovelace');
        INSERT INTO invoices VALUES (1, 1, '2009-01-01 00:00:00', 1.98);
        """
    /// Rows whose reference names no row (written with foreign keys off).
    static let orphans = "INSERT INTO albums VALUES (4, 'Orphan', 7, NULL);"
        + "INSERT INTO invoices VALUES (2, 9, '2009-01-02 00:00:00', 13.86);"

    func music(_ kind: StoreKind) throws -> SessionHarness {
        let h = try SessionHarness(kind, Self.music)
        try h.elsewhereIgnoringForeignKeys(Self.orphans)
        return h
    }

    @Test(arguments: StoreKind.all)
    func aHeaderOfLabelsTextLeftNumbersRightAndReferencesByTitle(kind: StoreKind) throws {
        let h = try music(kind)
        #expect(h.output("open albums") == """
            albums (4)
                  Title                    ArtistId      Year
               1  For Those About To Rock  AC/DC         1981
               2  Balls to the Wall        Accept        1983
               3  Restless and Wild        Accept        1982
               4  Orphan                   #7 (missing)

            """)
    }

    @Test(arguments: StoreKind.all)
    func referenceTitlesAreReadOnceForThePageNotOncePerRow(kind: StoreKind) throws {
        let (h, store) = try SessionHarness.counting(kind, Self.music)
        store.resetCounters()
        h.run("open albums")
        #expect(store.batchReferenceReads == 1, "one read for the three rows' artists")
        #expect(store.referenceReads == 0)
    }

    /// The list of collections groups thousands as every other count does
    /// (it said "2000 rows"; the second trial's find).
    @Test(arguments: StoreKind.all)
    func theCollectionsCountsGroupThousands(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.numbered(1_001) + "CREATE TABLE other (id INTEGER PRIMARY KEY);")
        #expect(h.output("show").contains("1,001 rows"), "\(h.output("show"))")
    }

    @Test(arguments: StoreKind.all)
    func theFooterGroupsThousands(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.numbered(1_001))
        #expect(h.output("show").hasPrefix("things (1,001)\n"))
        #expect(h.output("page 51").hasSuffix("row 1,001 of 1,001 · page 51 of 51 · next, prev, page N\n"), "a page of one row")
    }

    static let wide = "CREATE TABLE w (id INTEGER PRIMARY KEY, name TEXT, "
        + (1...14).map { "c\($0) INTEGER" }.joined(separator: ", ") + ", photo BLOB, story TEXT);"
        + "INSERT INTO w VALUES (1, 'one', " + (1...14).map { String($0 * 1000) }.joined(separator: ", ")
        + ", x'00ff', '" + String(repeating: "a long story ", count: 10) + "');"

    /// A table of `count` tracks: name, album (as `album` says), genre,
    /// composer and, with `bytes`, a size that grows with the row.
    static func tracks(_ count: Int, name: String = "Track number", album: (Int) -> String = { "Album \($0)" },
                       bytes: Int? = 1_000) -> String {
        let rows = (1...count).map { i -> String in
            "(\(i), '\(name) \(i)', '\(album(i))', 'Rock', 'Composer number \(i)'" + (bytes.map { ", \(i * $0)" } ?? "") + ")"
        }.joined(separator: ", ")
        return "CREATE TABLE tracks (id INTEGER PRIMARY KEY, name TEXT, album TEXT, genre TEXT, composer TEXT"
            + (bytes == nil ? "" : ", bytes INTEGER") + "); INSERT INTO tracks VALUES " + rows + ";"
    }

    func labels(_ listing: String) -> [String] {
        listing.split(separator: "\n")[1].split(separator: " ").map(String.init)
    }

    @Test(arguments: StoreKind.all)
    func aWideTerminalShowsMoreColumnsInSchemaOrder(kind: StoreKind) throws {
        let narrow = try SessionHarness(kind, Self.wide, viewport: Viewport(columns: 80))
        let wide = try SessionHarness(kind, Self.wide, viewport: Viewport(columns: 200))
        #expect(labels(narrow.output("show")) == ["name"] + (1...11).map { "c\($0)" })
        #expect(labels(wide.output("show")) == ["name"] + (1...14).map { "c\($0)" },
                "every field but the key, the blob and the long text")
        for line in wide.output("show").split(separator: "\n") { #expect(DisplayWidth.of(line) <= 200) }
    }

    /// Paging never makes a column come or go: which columns a list shows
    /// is decided on its first page and kept, each later page sizing them
    /// to its own values (cut to fit); a `find` in it shows the same ones.
    /// They were decided on each page: page 2's longer albums left the
    /// genre out, and a page of short ones brought the composer in.
    @Test(arguments: StoreKind.all)
    func pagingAndNarrowingKeepTheListsColumns(kind: StoreKind) throws {
        let schema = Self.tracks(40, name: "Track", album: { $0 <= 20 ? "A\($0)" : String(repeating: "Long album name ", count: 3) + "\($0)" },
                                 bytes: nil)
        let h = try SessionHarness(kind, schema, viewport: Viewport(columns: 60))
        let first = labels(h.output("show"))
        #expect(first == ["name", "album", "genre", "composer"])
        let second = h.output("next")
        #expect(labels(second) == first, "\(second)")
        for line in second.split(separator: "\n") { #expect(DisplayWidth.of(line) <= 60, "\(line)") }
        #expect(second.contains("Long album"), "the wider values are cut, not dropped")
        #expect(labels(h.output("find Track 3")) == first)
    }

    /// A `sort` by a field the list does not show adds its column and
    /// takes none away: the columns shown last are kept first (the trial's
    /// find: `sort Bytes` dropped the price). A cut value is cut in the
    /// widest column, the title keeping its two fifths of the width.
    @Test(arguments: StoreKind.all)
    func aSortThatShowsItsFieldKeepsTheColumnsShown(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.tracks(40, album: { "Album \($0 % 7)" }), viewport: Viewport(columns: 60))
        let first = labels(h.output("show"))
        #expect(!first.contains("bytes"), "\(first)")
        let sorted = h.output("sort bytes desc")
        #expect(labels(sorted).contains("bytes"))
        #expect(first.allSatisfy(labels(sorted).contains), "\(sorted)")
        for line in sorted.split(separator: "\n") { #expect(DisplayWidth.of(line) <= 60, "\(line)") }
        #expect(sorted.contains("Track number 40"), "the title keeps its room: \(sorted)")
        #expect(labels(h.output("sort")) == first)
    }

    /// Columns chosen by name are shown, cut to fit; those that cannot fit
    /// at all are named in a line under the list (`columns` left them out
    /// in silence at 60 columns; the trial's find).
    @Test(arguments: StoreKind.all)
    func chosenColumnsAreShownCutOrNamedWhenLeftOut(kind: StoreKind) throws {
        let schema = Self.tracks(5)
        let h = try SessionHarness(kind, schema, viewport: Viewport(columns: 50))
        let cut = h.output("columns composer bytes genre album")
        let shown = labels(cut)
        #expect(zip(shown, ["name", "composer", "bytes", "genre", "album"]).allSatisfy { label, name in
            label == name || name.hasPrefix(String(label.dropLast())) && label.hasSuffix("…")
        } && shown.count == 5, "every chosen column, its label cut with the column: \(cut)")
        for line in cut.split(separator: "\n") { #expect(DisplayWidth.of(line) <= 50, "\(line)") }
        let narrow = try SessionHarness(kind, schema, viewport: Viewport(columns: 30))
        let leftOut = narrow.output("columns composer bytes genre album")
        for line in leftOut.split(separator: "\n") { #expect(DisplayWidth.of(line) <= 30, "\(line)") }
        #expect(leftOut.contains("2 columns not shown\n"), "named by their count where their names do not fit: \(leftOut)")
        let named = try SessionHarness(kind, schema, viewport: Viewport(columns: 40)).output("columns composer bytes genre album")
        #expect(named.contains("not shown at this width: "), "\(named)")
        for line in named.split(separator: "\n") { #expect(DisplayWidth.of(line) <= 40, "\(line)") }
    }

    /// On a narrow, short terminal a list of several pages still fits: the
    /// columns left out are said in the footer, not on a line of their own
    /// (which scrolled the list's title off), the title line is cut to the
    /// width, and a number is never cut (`977…` read as less than `117…`;
    /// the last trial's finds).
    @Test(arguments: StoreKind.all)
    func aNarrowShortTerminalFitsThePageAndNeverCutsANumber(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.tracks(40, bytes: 1_000_003), viewport: Viewport(columns: 40, rows: 15))
        for command in ["columns composer bytes genre album", "sort bytes desc", "next", "find Track number 1"] {
            let page = h.output(command)
            let lines = page.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            #expect(lines.count + 1 <= 15, "\(command): the page and the prompt fit 15 rows: \(page)")
            for line in lines { #expect(DisplayWidth.of(String(line)) <= 40, "\(command): \(line)") }
            #expect(lines.first?.hasPrefix("tracks (") == true, "\(command): \(page)")
            #expect(!page.contains { $0 == "…" } || !page.split(separator: "\n").contains { line in
                line.split(separator: " ").contains { $0.last == "…" && $0.dropLast().allSatisfy(\.isNumber) && !$0.dropLast().isEmpty }
            }, "\(command): a number was cut: \(page)")
        }
        h.run("back")
        #expect(h.output("show").contains("not shown"), "the footer says what was left out")
    }

    /// A text stored in a number column is cut like text, and a page never
    /// drops a column in silence: kept whole, a long text in an INTEGER
    /// column pushed it and every column after it off page 2 with nothing
    /// said (a trial's find). A column chosen by name is shown though the
    /// list's first page found it long text, and a long text takes the
    /// room the line has, not a third of it.
    /// SQLite alone: only it keeps text in an INTEGER column.
    @Test(arguments: StoreKind.sqlite)
    func textInANumberColumnIsCutAndNoColumnGoesUnsaid(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, a INTEGER, b REAL, c TEXT);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 40)
            INSERT INTO t SELECT i, 'n' || i, i, i / 2.0, 'c' FROM n;
            UPDATE t SET a = 'this text was stored in an INTEGER column and is longer than the terminal' WHERE id = 25;
            """, viewport: Viewport(columns: 80))
        #expect(labels(h.output("page 1")) == ["name", "a", "b", "c"])
        let second = h.output("page 2")
        #expect(labels(second) == ["name", "a", "b", "c"], "\(second)")
        #expect(second.contains("this text was stored"), "\(second)")
        for line in second.split(separator: "\n") { #expect(DisplayWidth.of(line) <= 80, "\(line)") }

        let wide = try SessionHarness(kind, """
            CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, a INTEGER, b REAL);
            INSERT INTO t VALUES (1, 'x', 1, 0.5), (2, 'y', -9223372036854775808, -2.2250738585072014e-308);
            """, viewport: Viewport(columns: 40))
        let numbers = wide.output("columns a b")
        #expect(numbers.contains("-9223372036854775808"), "a number is still never cut: \(numbers)")
        #expect(numbers.contains("not shown at this width: b"), "and the column it pushed out is said: \(numbers)")

        // A number in a column that holds long text too is never cut: the
        // text is (the re-trial's find: `922…` for Int64.max).
        let mixed = try SessionHarness(kind, """
            CREATE TABLE m (id INTEGER PRIMARY KEY, name TEXT, n INTEGER, r REAL, note TEXT);
            INSERT INTO m VALUES (1, 'a', '\(String(repeating: "long text ", count: 8))', 1.5, 'x'),
                                 (2, 'b', 9223372036854775807, 1e-300, 'y');
            """, viewport: Viewport(columns: 40))
        let both = mixed.output("columns n r note")
        #expect(both.contains("9223372036854775807") && both.contains("1e-300"), "\(both)")
        #expect(both.contains("long text long"), "\(both)")
        #expect(both.contains("not shown at this width: note"), "\(both)")
        for line in both.split(separator: "\n") { #expect(DisplayWidth.of(line) <= 40, "\(line)") }

        // Nor in a column of no declared type that also holds text, which
        // is left-aligned (the trial's find: `123456789012345…`).
        let untyped = try SessionHarness(kind, """
            CREATE TABLE u (id INTEGER PRIMARY KEY, name TEXT, v);
            INSERT INTO u VALUES (1, 'alpha beta gamma delta', 1234567890123456789), (2, 'b', 'short text here ok');
            """, viewport: Viewport(columns: 40))
        let kept = untyped.output("columns v")
        #expect(kept.contains("1234567890123456789"), "\(kept)")
        #expect(kept.contains("short text"), "the text beside it is cut, not the number: \(kept)")
        for line in kept.split(separator: "\n") { #expect(DisplayWidth.of(line) <= 40, "\(line)") }

        let long = try SessionHarness(kind, """
            CREATE TABLE l (id INTEGER PRIMARY KEY, name TEXT, v TEXT);
            INSERT INTO l VALUES (1, 'a', printf('%.*c', 600, 'z')), (2, 'b', 'short');
            """, viewport: Viewport(columns: 200))
        #expect(labels(long.output("show")) == ["name"], "a default column of long text is left out")
        let chosen = long.output("columns v")
        #expect(labels(chosen) == ["name", "v"], "chosen by name, it is shown: \(chosen)")
        let row = try #require(chosen.split(separator: "\n").first { $0.contains("zzz") })
        #expect(DisplayWidth.of(row) > 150 && DisplayWidth.of(row) <= 200, "it takes the line's room: \(row)")
    }

    /// Spaces at either end of a text are shown inside quotes in a list as
    /// in a record: a lone space read as NULL's blank cell (a trial's find).
    @Test(arguments: StoreKind.all)
    func aListQuotesTextWithSpacesAtEitherEnd(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, note TEXT);
            INSERT INTO t VALUES (1, 'a', ' '), (2, 'b', '  lead'), (3, 'c', 'trail  '), (4, 'd', NULL), (5, 'e', 'plain');
            """)
        let rows = h.output("show").split(separator: "\n").map(String.init)
        #expect(rows.contains("   1  a     \" \""), "\(rows)")
        #expect(rows.contains("   2  b     \"  lead\""), "\(rows)")
        #expect(rows.contains("   3  c     \"trail  \""), "\(rows)")
        #expect(rows.contains("   4  d"), "\(rows)")
        #expect(rows.contains("   5  e     plain"), "\(rows)")
    }

    /// A record's labels are cut at a third of the line: one very long
    /// field name padded every line past the width (a trial's find).
    /// SQLite alone: PostgreSQL cuts a name at 63 bytes.
    @Test(arguments: StoreKind.sqlite)
    func aVeryLongFieldNameIsCutInTheRecord(kind: StoreKind) throws {
        let long = String(repeating: "very_long_name_", count: 10)
        let h = try SessionHarness(kind, """
            CREATE TABLE w (id INTEGER PRIMARY KEY, name TEXT, \(long) TEXT);
            INSERT INTO w VALUES (1, 'a', 'b');
            """, viewport: Viewport(columns: 80))
        let record = h.output("open 1")
        for line in record.split(separator: "\n") { #expect(DisplayWidth.of(line) <= 80, "\(line)") }
        #expect(record.contains("…  b"), "\(record)")
        // At 40 columns a cut text's `(N characters)` leaves its label less room.
        let narrow = try SessionHarness(kind, """
            CREATE TABLE w (id INTEGER PRIMARY KEY, name TEXT, \(long) TEXT);
            INSERT INTO w VALUES (1, 'a', '\(String(repeating: "value of fifty-three characters ", count: 2))');
            """, viewport: Viewport(columns: 40))
        let cut = narrow.output("open 1")
        for line in cut.split(separator: "\n") { #expect(DisplayWidth.of(line) <= 40, "\(line)") }
        // The note gives way (`chars`), not the label: the labels stay one column.
        #expect(cut.contains("  very_long_na…  \"value of") && cut.contains("           name  a\n"), "\(cut)")
        #expect(cut.contains("chars)"), "\(cut)")
        // An edit's `was` note is cut to the line, not run past it.
        #expect(narrow.run("set \(long) \(String(repeating: "new words here ", count: 3))").error == nil)
        let edited = narrow.output("show")
        for line in edited.split(separator: "\n") { #expect(DisplayWidth.of(line) <= 40, "\(line)") }
        #expect(edited.contains("was "), "\(edited)")
        // A reference's number and title are cut as text: its label stays.
        let referring = try SessionHarness(kind, """
            CREATE TABLE albums (id INTEGER PRIMARY KEY, title TEXT);
            CREATE TABLE tracks (id INTEGER PRIMARY KEY, name TEXT, album_id INTEGER REFERENCES albums(id));
            INSERT INTO albums VALUES (1, 'For Those About To Rock We Salute You');
            INSERT INTO tracks VALUES (1, 'a', 1);
            """, viewport: Viewport(columns: 40))
        referring.run("open tracks")
        let track = referring.output("open 1")
        for line in track.split(separator: "\n") { #expect(DisplayWidth.of(line) <= 40, "\(line)") }
        #expect(track.contains("album_id  1 (For Those"), "\(track)")
        let twice = try SessionHarness(kind, "CREATE TABLE f (id INTEGER PRIMARY KEY, name TEXT, flag INTEGER); INSERT INTO f VALUES (1, 'a', 1);")
        #expect(labels(twice.output("columns flag flag")) == ["name", "flag"], "a column named twice is shown once")
    }
    /// Which columns show does not change from page to page: a column a
    /// page had to leave out for its values' width stays out, named, on
    /// the pages after (a chosen column came and went; the re-trial's find).
    @Test(arguments: StoreKind.all)
    func pagingNeverMakesAColumnComeOrGo(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, n INTEGER, r REAL, k TEXT);
            WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < 80)
            INSERT INTO t SELECT i, 'n' || i, i * 1000, CASE WHEN i > 20 THEN i / 7.0 ELSE i END, 'kk' FROM s;
            """, viewport: Viewport(columns: 40, rows: 30))
        let pages = ["columns n r k", "next", "next", "prev", "prev"].map { h.output($0) }
        let shown = pages.map(labels)
        #expect(Set(shown.map { $0.joined(separator: " ") }).count == 1, "\(pages.joined(separator: "\n"))")
        for page in pages {
            for line in page.split(separator: "\n") { #expect(DisplayWidth.of(line) <= 40, "\(line)") }
            #expect(!page.contains { $0 == "…" } || !page.split(separator: "\n").dropFirst(2).contains { line in
                line.split(separator: " ").contains { $0.last == "…" && $0.dropLast().allSatisfy { $0.isNumber || $0 == "." } }
            }, "a number was cut: \(page)")
        }
    }

    /// A number in a record is never cut, not even beside a long label:
    /// the label gives way (`-1.2345678901234568e-3…` read as e-3; a
    /// trial's find).
    /// SQLite alone: it keeps a real as typed in a NUMERIC column.
    @Test(arguments: StoreKind.sqlite)
    func aNumberBesideALongLabelIsShownWhole(kind: StoreKind) throws {
        let long = String(repeating: "long_label_", count: 6)
        let h = try SessionHarness(kind, """
            CREATE TABLE r (id INTEGER PRIMARY KEY, name TEXT, \(long) REAL);
            INSERT INTO r VALUES (1, 'a', -1.2345678901234567e-300);
            """, viewport: Viewport(columns: 40))
        let record = h.output("open 1")
        #expect(record.contains("  -1.2345678901234568e-300"), "\(record)")
        for line in record.split(separator: "\n") { #expect(DisplayWidth.of(line) <= 40, "\(line)") }
    }


    /// A collection that cannot be counted (a view whose sum overflows)
    /// says so in its own row; the root showed nothing but the error, so no
    /// table could be reached (the last trial's find).
    /// SQLite alone: its integers are 64 bits wherever declared.
    @Test(arguments: StoreKind.sqlite)
    func aViewThatCannotBeCountedLeavesTheRootUsable(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, x INTEGER);
            INSERT INTO t VALUES (1, 'big', 9223372036854775807), (2, 'one more', 1);
            CREATE TABLE u (id INTEGER PRIMARY KEY, name TEXT);
            CREATE VIEW totals AS SELECT sum(x) AS total FROM t;
            """)
        let root = h.output("show")
        #expect(root.contains("cannot count: integer overflow"), "\(root)")
        #expect(root.contains("t ") && root.contains("u "), "\(root)")
        #expect(h.output("open u").hasPrefix("u (0)"))
    }

    /// A number is never cut, not even by the cap on a column's width
    /// (`$1,000,000,000,…` read as another amount; the last trial's find).
    /// SQLite alone: its integers are 64 bits wherever declared.
    @Test(arguments: StoreKind.sqlite)
    func aLongNumberIsShownWhole(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, bytes INTEGER);
            INSERT INTO t VALUES (1, 'one', 1234567890123456789), (2, 'two', 2);
            """, viewport: Viewport(columns: 50))
        let page = h.output("show")
        #expect(page.contains("1234567890123456789"), "\(page)")
    }

    @Test(arguments: StoreKind.all)
    func titlesFromTheSchemaAlone(kind: StoreKind) throws {
        let h = try music(kind)
        #expect(h.output("open customers").contains("   1  Ada Lovelace        ada@example.com\n"),
                "a first and last name, before an earlier text column")
        h.run("back")
        #expect(h.output("open playlist_track").contains("""
                  PlaylistId · AlbumId
               1  Music · For Those About To Rock
               2  Grunge · Restless and Wild
            """), "a join table reads by its references' titles")
        h.run("back")
        let invoices = h.output("open invoices")
        #expect(invoices.contains("   1  #1 · Ada Lovelace       2009-01-01 00:00:00   1.98\n"), "\(invoices)")
        #expect(invoices.contains("   2  #2 · #9 (missing)       2009-01-02 00:00:00  13.86\n"), "\(invoices)")
    }

    /// TrackName is quoted: PostgreSQL folds an unquoted name to lower case.
    @Test(arguments: StoreKind.all)
    func aColumnNamedLikeATitleWins(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE a (id INTEGER PRIMARY KEY, city TEXT, label TEXT); INSERT INTO a VALUES (1, 'Oslo', 'First');
            CREATE TABLE b (id INTEGER PRIMARY KEY, code TEXT, album_title TEXT); INSERT INTO b VALUES (1, 'X1', 'Blue');
            CREATE TABLE c (id INTEGER PRIMARY KEY, surname TEXT, "TrackName" TEXT); INSERT INTO c VALUES (1, 'S', 'Zen');
            """)
        #expect(h.collections.map(\.titleField) == ["label", "album_title", "TrackName"])
        #expect(h.output("open a").contains("   1  First  Oslo\n"))
    }

    /// Labels and titles come from the file: escaped, and measured as printed.
    /// The ESC is written into the SQL itself: no function makes one on every store.
    @Test(arguments: StoreKind.all)
    func labelsAndReferenceTitlesAreEscaped(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE p (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE c (id INTEGER PRIMARY KEY, name TEXT, "a\u{1B}b" INTEGER, p_id INTEGER REFERENCES p);
            INSERT INTO p VALUES (1, 'evil\u{1B}[2J');
            INSERT INTO c VALUES (1, 'x', 5, 1), (2, 'yy', 60, 1);
            """)
        let output = h.output("open c")
        #expect(output == """
            c (2)
                  name  a\\x1Bb  p_id
               1  x          5  evil\\x1B[2J
               2  yy        60  evil\\x1B[2J

            """)
    }
}

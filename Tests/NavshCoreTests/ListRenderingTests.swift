@testable import NavshCore
import NavshTestSupport
import Testing

@Suite struct ListRenderingTests {
    /// Row numbers and the footer's counts are written digit by digit
    /// into a buffer: the same text as grouping `String(n)`, at every
    /// length of a group and at both ends of Int.
    @Test func numbersAreWrittenAsDigitsGroupedByThousands() {
        for number in [0, 7, 10, 999, 1_000, 12_345, 999_999, 1_000_000, 1_234_567, -1, -1_000, -1_234_567, Int.max, Int.min] {
            let sign = number < 0 ? "-" : ""
            #expect(ListLayout.grouped(number) == sign + ValueText.grouped(String(number.magnitude)), "\(number)")
            #expect(ListLayout.decimal(number) == String(number))
        }
        #expect(ListLayout.grouped(Int.min) == "-9,223,372,036,854,775,808")
    }

    /// A trial's find: the text `(null)` read as NULL in a record, and empty
    /// text as NULL in a list. Each value now reads its own way: NULL as
    /// `(null)` in a record and blank in a list, empty text as `""`, and a
    /// text that would read as either is quoted (as `set` takes it back).
    @Test(arguments: StoreKind.all)
    func noTwoValuesLookAlike(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, note TEXT);
            INSERT INTO t VALUES (1, 'a', NULL), (2, 'b', ''), (3, 'c', '(null)'), (4, 'd', '""');
            """)
        #expect(h.output("show") == """
            t (4)
                  name  note
               1  a
               2  b     ""
               3  c     (null)
               4  d     "\\"\\""

            """)
        let notes = try (1...4).map { n in
            try #require(h.output("open \(n)", "back").split(separator: "\n").first { $0.contains("note") })
        }
        #expect(notes == ["  note  (null)", "  note  \"\"", "  note  \"(null)\"", "  note  \"\\\"\\\"\""])
        h.run("open 4", "set note \"(null)\"", "save")
        #expect(try h.value("SELECT note FROM t WHERE id = 4") == "(null)", "taken back as text")
    }

    @Test(arguments: StoreKind.all)
    func rowsAlignByDisplayWidth(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        let lines = h.output("show").split(separator: "\n").map(String.init)
        #expect(lines[0] == "items (5)")
        #expect(lines[1] == "      name          serial   value  weight  bought      note", "a header line of column names")
        let rows = Array(lines.dropFirst(2))
        #expect(rows.count == 5)
        // Every row ends at the same column, CJK and emoji titles included.
        let widths = Set(rows.map { DisplayWidth.of($0) })
        #expect(widths.count == 1, "rows: \(rows)")
        #expect(rows[3].hasPrefix("   4  木彫りの熊 "))
        #expect(rows[0].hasSuffix("GS-1951    120    12.5  2026-11-21  none"))
    }

    @Test(arguments: StoreKind.all)
    func narrowTerminalsDropDetailsAndTruncateTitles(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items, viewport: Viewport(columns: 20))
        let rows = h.output("show").split(separator: "\n").dropFirst(2)
        for row in rows { #expect(DisplayWidth.of(row) <= 20, "\(row)") }
        let tiny = try SessionHarness(kind, "CREATE TABLE t (name TEXT); INSERT INTO t VALUES ('A very long title that cannot fit');",
                                      viewport: Viewport(columns: 20))
        #expect(tiny.output("show") == "t (1)\n      name\n   1  A very long t…\n")
    }

    /// Trailing spaces are cut by bytes after ASCII, and by characters
    /// after anything else, where a space may belong to the character
    /// before it (U+0600 takes the space after it into its character).
    @Test func trailingSpacesAreCutAsCharacters() {
        #expect("ab  ".trimmingTrailingSpaces == "ab")
        #expect("   ".trimmingTrailingSpaces == "")
        #expect("ab".trimmingTrailingSpaces == "ab")
        #expect("木彫り  ".trimmingTrailingSpaces == "木彫り")
        #expect("a\u{600}  ".trimmingTrailingSpaces == "a\u{600} ")
    }

    /// The byte-level check finds exactly the scalars `isControl` names.
    @Test(arguments: StoreKind.all)
    func controlCharactersAreFoundByTheirBytes(kind: StoreKind) throws {
        let controls: [UInt32] = [0x00, 0x09, 0x1B, 0x7F, 0x80, 0x9F, 0x061C, 0x200B, 0x200E, 0x200F, 0x2028, 0x2029,
                                  0x202A, 0x202E, 0x2066, 0x2069, 0xFEFF,
                                  // Invisible: names that differ by them read alike (a trial's find).
                                  0x00AD, 0x034F, 0x115F, 0x180E, 0x2060, 0x2064, 0x206A, 0x3164, 0xFFA0, 0xFFF9, 0xE0001, 0xE0041,
                                  // Format characters, variation selectors, no character, a private one (the re-trial's).
                                  0x2065, 0xFE00, 0xE0100, 0x180B, 0x17B4, 0x1D173, 0x1BCA0, 0x13430, 0xD7FF, 0x0378,
                                  0xFFF0, 0xE000, 0x10FFFF]
        for value in controls {
            let scalar = try #require(Unicode.Scalar(value))
            let text = "a·–\(Character(scalar))木🙂"
            #expect(TextLayout.containsControl(text, allowingNewlines: true), "U+\(String(value, radix: 16))")
        }
        for text in ["", "plain", "rows 1–20 of many · page 1", "木彫りの熊 🙂 é\u{301}", "\u{200D}", "\u{A0}\u{2027}\u{202F}",
                     "می\u{200C}خواهم", "❤\u{FE0F}", "👨\u{200D}👩\u{200D}👧"] {
            #expect(!TextLayout.containsControl(text, allowingNewlines: false), "\(text)")
        }
        #expect(TextLayout.containsControl("a\nb", allowingNewlines: false))
        #expect(!TextLayout.containsControl("a\nb", allowingNewlines: true))
    }

    /// What `printable` escapes, `unescaped` takes back; a backslash that
    /// starts no escape stays, and text without escapes gives nil.
    @Test func printedEscapesAreTakenBack() {
        for text in ["a\u{1B}[31m", "line\nbreak\tand\r", "\u{202E}evil", "ad\u{2060}min", "tag\u{E0041}", "\u{7F}\u{9B}"] {
            #expect(TextLayout.unescaped(TextLayout.printable(text)) == text, "\(TextLayout.printable(text))")
        }
        #expect(TextLayout.unescaped("C:\\dir") == nil)
        #expect(TextLayout.unescaped("plain") == nil)
        #expect(TextLayout.unescaped("a\\x1") == nil, "two hex digits or no escape")
        #expect(TextLayout.unescaped("a\\u{110000}") == nil, "no such scalar")
        #expect(TextLayout.unescaped("\\q\\n") == "\\q\n")
    }

    /// A row whose key holds control characters is titled by its key,
    /// escaped, and `open` or `delete` with that title finds it (it found
    /// none; a trial's find).
    /// SQLite alone: the schema's values are built with SQLite's functions.
    @Test(arguments: StoreKind.sqlite)
    func aKeyShownEscapedIsTypedBackAsShown(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE k (code TEXT PRIMARY KEY, qty INTEGER);
            INSERT INTO k VALUES (char(27) || '[31m', 7), ('plain', 8);
            """)
        let list = h.output("show")
        #expect(list.contains("#\\x1B[31m"), "\(list)")
        let opened = h.output("open #\\x1B[31m")
        #expect(opened.contains("qty  7"), "\(opened)")
    }

    /// On a narrow terminal the footer keeps what matters in fewer words:
    /// the columns left out as a count (`2 not shown`) and the legend of
    /// `~` (`~ changed`) before the page number and the hint; at 40
    /// columns both went (the re-trial's finds).
    @Test func aNarrowFooterKeepsTheLeftOutCountAndTheLegend() {
        let footer = ListLayout.footer(total: 120, pageIndex: 4, pageSize: 26, shown: 16, width: 40, leftOut: ["d", "e"])
        #expect(footer == "rows 105–120 of 120 · 2 not shown\n")
        let marked = ListLayout.footer(total: 120, pageIndex: 1, pageSize: 26, shown: 26, width: 40, marked: true)
        #expect(marked == "~ changed elsewhere · rows 27–52 of 120\n")
        let wide = ListLayout.footer(total: 120, pageIndex: 1, pageSize: 26, shown: 26, width: 80, marked: true)
        #expect(wide == "~ changed elsewhere since last shown · rows 27–52 of 120 · page 2 of 5\n")
        let unmarked = ListLayout.footer(total: 120, pageIndex: 1, pageSize: 26, shown: 26, width: 80)
        #expect(unmarked == "rows 27–52 of 120 · page 2 of 5 · next, prev, page N\n")
        for text in [footer, marked] { #expect(DisplayWidth.of(text.dropLast()) <= 40) }
    }

    /// SQLite alone: the schema's values are built with SQLite's functions.
    @Test(arguments: StoreKind.sqlite)
    func storedControlCharactersCannotReachTheTerminal(kind: StoreKind) throws {
        let h = try SessionHarness(kind, "CREATE TABLE t (name TEXT); INSERT INTO t VALUES ('evil' || char(27) || '[2J' || char(10) || 'x');")
        let output = h.output("show", "open 1")
        #expect(!output.unicodeScalars.contains("\u{1B}"))
        #expect(output.contains("evil\\x1B[2J\\nx"))
    }

    @Test(arguments: StoreKind.all)
    func pagingByViewport(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.numbered(45))
        let first = h.output("show")
        #expect(first.hasPrefix("things (45)\n      name\n   1  Row 1\n"))
        #expect(first.hasSuffix("  20  Row 20\nrows 1–20 of 45 · page 1 of 3 · next, prev, page N\n"))
        #expect(h.run("prev").error?.message == "already on the first page")
        #expect(h.output("next").contains("  21  Row 21\n"))
        #expect(h.output("page 3").hasSuffix("  45  Row 45\nrows 41–45 of 45 · page 3 of 3 · next, prev, page N\n"))
        #expect(h.run("next").error?.message == "already on the last page (page 3 of 3)")
        #expect(h.run("page 4").error?.message == "page: '4' is not a page here; pages are 1 to 3")
        h.run("open 44")
        #expect(h.session.breadcrumb == "things › Row 44")
        h.run("back", "open 2")
        try kind.onAQuietServer {
            #expect(h.session.breadcrumb == "things › Row 2", "row numbers reach rows on other pages")
        }

        // A page and the prompt fill the terminal, no more: the title, the
        // labels, 9 rows, the footer, the prompt (one more scrolled the
        // title off; the trial's find).
        let tall = try SessionHarness(kind, Fixtures.numbered(45), viewport: Viewport(columns: 80, rows: 13))
        let page = tall.output("show")
        #expect(page.contains("rows 1–9 of 45 · page 1 of 5"))
        #expect(page.split(separator: "\n").count + 1 == 13, "\(page)")
    }

    /// Counts in messages group thousands, as lists do (`100324 rows`; the trial's find).
    @Test(arguments: StoreKind.all)
    func aRowPastTheEndIsToldWithTheCountGrouped(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.numbered(1_234))
        #expect(h.run("open 2000").error?.message == "no row 2000; things has 1,234 rows")
    }

    /// A `find` list counts its own rows in its messages, not the table's.
    @Test(arguments: StoreKind.all)
    func aRowPastTheEndOfAFindListCountsTheList(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.numbered(1_234))
        h.run("find Row 123")
        try kind.onAQuietServer {
            #expect(h.run("open 20").error?.message == "no row 20; this list has 6 rows")
        }
    }

    /// SQLite alone: a PostgreSQL table with no key is read-only.
    @Test(arguments: StoreKind.sqlite)
    func emptyCollection(kind: StoreKind) throws {
        let h = try SessionHarness(kind, "CREATE TABLE t (name TEXT);")
        #expect(h.output("show") == "t (0)\n  no rows yet; new adds one\n")
        #expect(h.run("open 1").error?.message == "t has no rows")
    }

    /// The re-trial's find: an empty view offered `new`, which views refuse.
    @Test(arguments: StoreKind.all)
    func anEmptyViewDoesNotOfferNew(kind: StoreKind) throws {
        let h = try SessionHarness(kind, "CREATE TABLE t (name TEXT);\nCREATE VIEW v AS SELECT name FROM t;")
        #expect(h.output("open v") == "v (0)\n  no rows\n")
    }
}

/// Chosen columns and titles shown quoted or escaped.
extension ListRenderingTests {
    @Test(arguments: StoreKind.all)
    func columnsNamedAfterTheDefaultsAreAllShown(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
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

    /// A title with spaces at either end is quoted wherever it names the
    /// row (the list's title column, a reference to it, the record's
    /// breadcrumb), as its cell and field are, and typed back in quotes.
    @Test(arguments: StoreKind.all)
    func aTitleWithSpacesAtAnEndIsQuoted(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, other INTEGER REFERENCES t(id));
            INSERT INTO t VALUES (1, '  spaced  ', NULL), (2, 'plain', 1);
            """)
        let list = h.output("show")
        #expect(list.contains("   1  \"  spaced  \""), "\(list)")
        #expect(list.contains("   2  plain         \"  spaced  \""), "\(list)")
        #expect(h.output("open \"  spaced  \"").hasPrefix("t › \"  spaced  \"\n"))
    }

    /// A title holding a control character is shown, and completed by Tab,
    /// escaped (`Tab\tbed`): typed back that way, it opens the row. The
    /// tab is written into the SQL itself: no function makes one on every store.
    @Test(arguments: StoreKind.all)
    func aTitleShownEscapedOpensAsShown(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE things (id INTEGER PRIMARY KEY, name TEXT);
            INSERT INTO things (name) VALUES ('Tab\tbed'), ('plain');
            """)
        #expect(h.session.completions(before: "open Ta").candidates == ["Tab\\tbed"])
        #expect(h.output("open Tab\\tbed").hasPrefix("things › Tab\\tbed\n"))
        h.run("back")
        #expect(h.run("open Tab\\tbad").error?.message.contains("no row in things has a title matching") == true)
        // A title holding the backslash as typed is shown alike: neither is taken.
        try h.elsewhere(#"INSERT INTO things (name) VALUES ('Tab\tbed')"#)
        #expect(h.run("open Tab\\tbed").error?.message.contains("matches several rows: 1 Tab\\tbed, 3 Tab\\tbed") == true)
    }
}

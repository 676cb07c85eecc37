import NavshCore
import NavshTestSupport
import Testing

/// Issue 10: help and the prompt fit a narrow terminal.
@Suite struct NarrowTerminalTests {
    /// A record's header is cut to the terminal's width, as the prompt is,
    /// and a long value's length in `changes` counts its characters, not the
    /// quotes it is shown in (the second trial's finds: a 410-character
    /// title wrapped mid-word; 412 characters for a value of 410).
    @Test(arguments: StoreKind.all)
    func aLongTitleIsCutInTheHeaderAndCountedAsItIs(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items, viewport: Viewport(columns: 50))
        let long = String(repeating: "name ", count: 82)  // 410 characters, ending in a space
        h.run("open 1", "set name \"\(long)\"", "save", "open 1")
        let header = try #require(h.output("show").split(separator: "\n").first)
        #expect(DisplayWidth.of(String(header)) <= 50, "\(header)")
        #expect(header.hasPrefix("items › \"name name") && header.hasSuffix("…"), "\(header)")
        h.run("set name \"\(long)x\"")
        let changes = h.output("changes")
        #expect(changes.contains("(410 characters)") && changes.contains("(411 characters)"), "\(changes)")
        // undo says it as changes does: cut where the values differ, not 800 characters on four lines.
        h.run("save")
        let undone = h.output("undo")
        #expect(undone.hasPrefix("undid the save of "), "\(undone)")
        #expect(undone.contains("(411 characters)") && undone.contains("(410 characters)"), "\(undone)")
        #expect(undone.count < 400, "\(undone.count) characters")
    }

    /// A list's footer fits the width: the hint goes first, then the page
    /// count (`rows 38–74 of many (count counts them) · page 2 · next,
    /// prev, page N` wrapped at 60 columns; the trial's find).
    @Test(arguments: StoreKind.all)
    func theFooterFitsANarrowTerminal(kind: StoreKind) throws {
        for width in [30, 40, 50, 60] {
            let h = try SessionHarness(kind, Fixtures.numbered(45), viewport: Viewport(columns: width))
            let footer = try #require(h.output("next").split(separator: "\n").last.map(String.init))
            #expect(footer.hasPrefix("rows 21–40 of 45"), "\(footer)")
            #expect(DisplayWidth.of(footer) <= width, "\(width): \(footer)")
        }
        let wide = try SessionHarness(kind, Fixtures.numbered(45), viewport: Viewport(columns: 80))
        #expect(wide.output("next").hasSuffix("rows 21–40 of 45 · page 2 of 3 · next, prev, page N\n"))
    }

    @Test(arguments: StoreKind.all)
    func helpWrapsAtWordBoundaries(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items, viewport: Viewport(columns: 50))
        let help = h.output("help")
        for line in help.split(separator: "\n") {
            #expect(DisplayWidth.of(String(line)) <= 50, "\(line)")
        }
        #expect(help.contains("  open N | open #KEY | open TITLE | open *\n      open row N, the row with key KEY or title\n"
            + "      TITLE, or every row as one\n"), "too narrow for a column beside the usages: under each")
        let medium = try SessionHarness(kind, Fixtures.items, viewport: Viewport(columns: 70)).output("help")
        #expect(medium.contains("  open N | open #KEY | open TITLE | open *  open row N, the row with\n"
            + "                                            key KEY or title TITLE, or\n"), "continued under its column")
        let wide = try SessionHarness(kind, Fixtures.items, viewport: Viewport(columns: 200)).output("help")
        #expect(wide.contains("  open N | open #KEY | open TITLE | open *  open row N, the row with key KEY or title TITLE, or every row as one\n"))
    }

    /// SQLite alone: the widths are reckoned for the file's short name, test.
    @Test(arguments: StoreKind.sqlite)
    func aLongBreadcrumbGivesWayInTheMiddle(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.shop, mode: .interactive, viewport: Viewport(columns: 60))
        h.run("open owners", "open Ada", "set name Ada Lovelace", "open cars", "open 1")
        #expect(h.session.breadcrumb == "test › owners › Ada Lovelace* › cars › Corolla")
        #expect(h.session.prompt == "test › …* › cars › Corolla> ", "the unsaved mark of a hidden frame stays")
        let wide = try SessionHarness(kind, Fixtures.shop, mode: .interactive, viewport: Viewport(columns: 200))
        let script = try SessionHarness(kind, Fixtures.shop, viewport: Viewport(columns: 60))
        script.run("open owners", "open Ada", "open cars", "open 1")
        #expect(script.session.prompt == "test › owners › Ada › cars › Corolla> ", "a script fits no terminal: --echo keeps every frame")
        wide.run("open owners", "open Ada", "open cars", "open 1")
        #expect(wide.session.prompt == "test › owners › Ada › cars › Corolla> ")
        // A long title at the end gives way too: the prompt fits half the
        // width (it wrapped at 40 columns; the trial's find).
        let narrow = try SessionHarness(kind, Fixtures.shop, mode: .interactive, viewport: Viewport(columns: 40))
        narrow.run("open owners", "open Ada", "set name For Those About To Rock We Salute You", "save", "open For")
        #expect(narrow.session.breadcrumb.hasPrefix("test › owners › For Those About To Rock"))
        #expect(DisplayWidth.of(narrow.session.prompt) <= 26, "half the width, the last title kept to 8: \(narrow.session.prompt)")
        #expect(narrow.session.prompt.hasPrefix("test › … › For") && narrow.session.prompt.hasSuffix("…> "),
                "\(narrow.session.prompt)")
    }
}

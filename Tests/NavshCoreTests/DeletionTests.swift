import NavshCore
import NavshTestSupport
import Testing

/// What a delete leaves on screen at the prompt. The rows below a deleted
/// row move up a number, so a list left as it was named the next row by
/// the deleted one's number.
@Suite struct DeletionTests {
    static let viewport = Viewport(columns: 80, rows: 24)

    /// The numbered rows of a screen: `2 Hoverboard` for `   2  Hoverboard …`.
    func rows(_ screen: String) -> [String] {
        screen.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ")
            guard words.count > 1, Int(words[0]) != nil else { return nil }
            return words[0] + " " + words[1]
        }
    }

    @Test(arguments: StoreKind.all)
    func theListIsDrawnAgainAfterDeletingARowByNumber(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items, mode: .interactive, viewport: Self.viewport)
        #expect(rows(h.output("open items")).prefix(3) == ["1 Gort", "2 Rusty", "3 Hoverboard"])
        let question = try #require(h.run("delete 2").question)
        let shown = h.session.answer(question, .yes).output
        #expect(shown.hasPrefix("deleted Rusty spork\n"), "\(shown)")
        #expect(rows(shown).prefix(3) == ["1 Gort", "2 Hoverboard", "3 木彫りの熊"], "\(shown)")
        let script = try SessionHarness(kind, Fixtures.items)
        script.run("open items")
        #expect(script.output("delete 2") == "deleted Rusty spork\n", "a script is told only")
    }

    @Test(arguments: StoreKind.all)
    func theListIsDrawnAgainAfterDeletingTheOpenRecord(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items, mode: .interactive, viewport: Self.viewport)
        h.run("open items", "open 2")
        let question = try #require(h.run("delete").question)
        let shown = h.session.answer(question, .yes).output
        #expect(shown.hasPrefix("deleted Rusty spork\n"), "\(shown)")
        #expect(rows(shown).prefix(2) == ["1 Gort", "2 Hoverboard"], "\(shown)")
        #expect(h.session.breadcrumb == "items")
    }

    @Test(arguments: StoreKind.all)
    func theListIsDrawnAgainAfterDeletingABatch(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items, mode: .interactive, viewport: Self.viewport)
        h.run("open items", "where value < 50", "open *")
        let question = try #require(h.run("delete").question)
        let shown = h.session.answer(question, .yes).output
        #expect(shown.hasPrefix("deleted 3 rows of items\n"), "\(shown)")
        #expect(shown.contains("items (0) · value < 50\n"), "the filtered list, empty now, with its title: \(shown)")
    }

    /// The list drawn below the message keeps its pages, and the message
    /// stands in for its title line: a shorter page showed row 20 of page 1
    /// as the top of page 2, counted pages wrong, and `next` showed page 2 again.
    @Test(arguments: StoreKind.all)
    func aListDrawnBelowADeleteKeepsItsPages(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.fiftyRows, mode: .interactive, viewport: Self.viewport)
        h.run("open t", "next")
        let question = try #require(h.run("delete 40").question)
        let shown = h.session.answer(question, .yes).output
        #expect(shown.hasPrefix("deleted Row 40\n      name\n"), "the message, then the column titles: \(shown)")
        #expect(rows(shown).first == "21 Row" && rows(shown).count == Self.viewport.pageSize, "\(shown)")
        #expect(shown.contains("rows 21–40 of 49 · page 2 of 3"), "\(shown)")
        let next = h.output("next")
        #expect(next.hasPrefix("t (49)\n"), "the title is back: \(next)")
        #expect(next.contains("rows 41–49 of 49 · page 3 of 3"), "\(next)")
    }

    /// A message of two lines takes the title's line and one row's: the
    /// page's last row is left out, and `next` shows the page whole.
    @Test(arguments: StoreKind.all)
    func aLongMessageLeavesOutTheLastRowNotThePages(kind: StoreKind) throws {
        let narrow = Viewport(columns: 24, rows: 24)
        let h = try SessionHarness(kind, Self.fiftyRows.replacingOccurrences(of: "'Row ' || i", with: "'Row ' || i || ' of the fifty'"),
                                   mode: .interactive, viewport: narrow)
        h.run("open t", "next")
        let question = try #require(h.run("delete 40").question)
        let shown = h.session.answer(question, .yes).output
        #expect(shown.hasPrefix("deleted Row 40 of the\n  fifty\n"), "\(shown)")
        #expect(rows(shown).first == "21 Row" && rows(shown).count == narrow.pageSize - 1, "\(shown)")
        #expect(rows(h.output("next")).count == narrow.pageSize, "the page whole")
        #expect(rows(h.output("next")).first == "41 Row")
    }

    /// A message with a word wider than the terminal is counted in the
    /// lines the terminal wraps it to: counted as one, the page pushed the
    /// message's first line off the screen (an adversary's find).
    @Test(arguments: StoreKind.all)
    func aMessageWiderThanTheTerminalStaysOnScreen(kind: StoreKind) throws {
        let long = String(repeating: "L", count: 200)
        let h = try SessionHarness(kind, Self.fiftyRows.replacingOccurrences(of: "'Row ' || i", with: "'\(long)' || i"),
                                   mode: .interactive, viewport: Self.viewport)
        h.run("open t")
        let question = try #require(h.run("delete 5").question)
        let shown = h.session.answer(question, .yes).output
        #expect(shown.hasPrefix("deleted\n  LLLL"), "broken at the space: \(shown)")
        let lines = shown.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        let rows = lines.reduce(0) { $0 + max(1, ($1.count + 79) / 80) }
        #expect(rows < Self.viewport.rows!, "the prompt's line is left: \(rows) lines drawn")
    }

    static let fiftyRows = """
        CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT);
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 50) INSERT INTO t SELECT i, 'Row ' || i FROM n;
        """
}

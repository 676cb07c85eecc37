@testable import NavshCore
import NavshTestSupport
import Testing

/// A list of many rows costs what a short one does (issue 10, "the same
/// speed at a million rows"): pages and far rows are read by key from
/// anchors, never by OFFSET; the first page does not wait for a full
/// count; anchors are dropped when rows move, here or elsewhere, so row
/// numbers keep meaning the rows as they are (or as shown).
/// Far rows and pages are tested on SQLite alone: on the shared PostgreSQL test server, other tests' commits
/// move the change token, and a row number past the page shown is then
/// refused as "the list changed elsewhere". Keyset paging on PostgreSQL is
/// the conformance suite's (`KeysetConformanceTests`).
@Suite struct LongListTests {
    /// The root list, with anchors every `spacing` rows so a few dozen rows reach them.
    func list(_ h: SessionHarness, spacing: Int) throws -> ListFrame {
        let list = try #require(h.session.top as? ListFrame)
        list.anchorSpacing = spacing
        return list
    }

    @Test(arguments: StoreKind.sqlite)
    func farPagesAndRowsAreReadByKeyNeverByOffsetOrAFullCount(kind: StoreKind) throws {
        let (h, store) = try SessionHarness.counting(kind, Fixtures.numbered(5_000))
        _ = try list(h, spacing: 100)
        #expect(h.output("page 40").contains("\n 781  Row 781\n"))
        #expect(h.output("open 3999").hasPrefix("things › Row 3999\n"))
        h.run("back")
        #expect(h.output("page 3").contains("\n  41  Row 41\n"))
        #expect(h.output("next").contains("\n  61  Row 61\n"))
        #expect(h.output("open 4321").hasPrefix("things › Row 4321\n"))
        // A read by offset from the top steps over every row before it.
        #expect(store.mostSkipped < 100, "stepped over \(store.mostSkipped) rows")
        #expect(store.fullCounts == 0)
    }

    /// A list in its key's order has an anchor every 250 rows (built in one
    /// statement), so a far row or page steps over fewer than 250 rows past
    /// its anchor; up to 999 were stepped over before.
    /// A page number whose first row lies past Int is no page: its offset
    /// overflowed and crashed navsh, counted list or not (the trial's find).
    @Test(arguments: StoreKind.all)
    func aPageNumberPastIntIsNoPage(kind: StoreKind) throws {
        let (h, _) = try SessionHarness.counting(kind, Fixtures.numbered(50))
        for number in ["9223372036854775807", "461168601842738792", "99999999999999999999", "0", "-1"] {
            let error = h.run("page \(number)").error?.message
            #expect(error?.hasPrefix("page: '\(number)' is not a page here") == true, "\(number): \(error ?? "no error")")
        }
        #expect(h.output("page 2").contains("\n  21  Row 21\n"))
    }

    /// The trial's find: on page 5, with rows deleted elsewhere down to
    /// one page, `prev` said "already on the last page (page 5 of 1)". It
    /// goes back to the last page there is.
    @Test(arguments: StoreKind.sqlite)
    func prevFromAPageGoneElsewhereShowsTheLastPage(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.numbered(95), mode: .interactive)
        #expect(h.output("page 5").contains("\n  81  Row 81\n"))
        try h.elsewhere("DELETE FROM things WHERE id > 10")
        let back = h.run("prev")
        #expect(back.error == nil, "\(back.error?.message ?? "")")
        #expect(back.output.contains("\n   1  Row 1\n") && back.output.contains("Row 10"), "\(back.output)")
        #expect(h.run("next").error?.message.contains("page 1 of 1") == true)
    }

    @Test(arguments: StoreKind.sqlite)
    func aFarRowInKeyOrderStepsOverFewerThan250Rows(kind: StoreKind) throws {
        let (h, store) = try SessionHarness.counting(kind, Fixtures.numbered(5_000))
        #expect(h.output("open 3999").hasPrefix("things › Row 3999\n"))
        #expect(h.output("back", "page 150").contains("\n2981  Row 2981\n"))
        #expect(h.output("open 4998").hasPrefix("things › Row 4998\n"))
        #expect(store.mostSkipped < 250, "stepped over \(store.mostSkipped) rows past an anchor")
    }

    /// Review of the change: a far page handed out as data (`--format
    /// json`) read its full rows by OFFSET from the top.
    @Test(arguments: StoreKind.sqlite)
    func aFarPageHandedOutAsDataIsReadByKeyToo(kind: StoreKind) throws {
        let (h, store) = try SessionHarness.counting(kind, Fixtures.numbered(5_000))
        _ = try list(h, spacing: 100)
        h.session.configuration.framesAsData = true
        guard case .list(let page)? = h.run("page 40").shown.first else {
            Issue.record("expected a list")
            return
        }
        #expect(page.rows.first?.values["name"] == .text("Row 781"))
        #expect(page.rows.last?.values["name"] == .text("Row 800"))
        #expect(store.mostSkipped < 100, "stepped over \(store.mostSkipped) rows")
    }

    @Test(arguments: StoreKind.sqlite)
    func sortedPagesComeFromAnchorsInTheSortedOrder(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.numbered(60))
        _ = try list(h, spacing: 4)
        let sorted = try h.column("SELECT name FROM things ORDER BY name DESC, id DESC")
        h.run("sort name desc")
        let page = h.output("page 3")
        #expect(page.contains("\n  41  \(sorted[40])\n"))
        #expect(page.contains("\n  60  \(sorted[59])\n"))
        #expect(h.output("open 57").hasPrefix("things › \(sorted[56])\n"))
    }

    @Test(arguments: StoreKind.sqlite)
    func anOwnDeleteDropsTheAnchorsSoRowNIsRowNNow(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.numbered(60))
        _ = try list(h, spacing: 4)
        h.run("show")
        #expect(h.output("open 45").hasPrefix("things › Row 45\n"))
        h.run("back", "delete 3")
        #expect(h.output("open 45").hasPrefix("things › Row 46\n"))
    }

    @Test(arguments: StoreKind.sqlite)
    func aChangeElsewhereDropsTheAnchors(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.numbered(60))
        _ = try list(h, spacing: 4)
        h.run("show")
        #expect(h.output("open 45").hasPrefix("things › Row 45\n"))
        h.run("back")
        try h.elsewhere("DELETE FROM things WHERE id = 2")
        // Not shown, and the list changed: refused, as before anchors.
        #expect(h.run("open 45").error?.message.hasPrefix("row 45 was not among the rows shown") == true)
        h.run("show")
        #expect(h.output("open 45").hasPrefix("things › Row 46\n"))
    }

    @Test(arguments: StoreKind.all)
    func theFirstPageDoesNotWaitForALongCount(kind: StoreKind) throws {
        let (h, store) = try SessionHarness.counting(kind, Fixtures.numbered(10_050))
        let first = h.output("show")
        #expect(first.hasPrefix("things (many)\n"))
        #expect(first.contains("\n  20  Row 20\nrows 1–20 of many (count counts them) · page 1 · next, prev, page N\n"))
        #expect(store.fullCounts == 0)
        #expect(h.output("count") == "things: 10,050 rows\n")
        try kind.onAQuietServer {
            #expect(h.output("show").contains("rows 1–20 of 10,050 · page 1 of 503"))
        }
    }

    /// Found by the final trial: a find of 2 rows in a long table said
    /// "(many)" with both rows on screen. A page that is not full is the last.
    @Test(arguments: StoreKind.all)
    func aShortFilteredListOfALongTableIsCounted(kind: StoreKind) throws {
        let (h, store) = try SessionHarness.counting(kind, Fixtures.numbered(10_050))
        #expect(h.output("find Row 1005").hasPrefix("things (2) · find \"Row 1005\"\n"))
        #expect(store.fullCounts == 0)
    }

    @Test(arguments: StoreKind.all)
    func readingTheLastPageTellsTheCount(kind: StoreKind) throws {
        let (h, store) = try SessionHarness.counting(kind, Fixtures.numbered(10_050))
        #expect(h.output("page 503").contains("rows 10,041–10,050 of 10,050 · page 503 of 503"))
        #expect(h.run("page 504").error?.message.contains("503") == true)
        #expect(h.run("next").error != nil)
        try kind.onAQuietServer {
            #expect(store.fullCounts == 0)
        }
    }

    /// `find` streams its first page: SQLite stops after the rows it needs
    /// (and the bounded count's), far fewer steps than reading every row.
    /// Counted in SQLite's progress-handler calls (one every 1,000 VM
    /// steps): deterministic, unlike time.
    @Test(arguments: StoreKind.sqlite)
    func findShowsItsFirstPageWithoutReadingEveryRow(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.numbered(100_000))
        var steps = 0
        h.store.isCancelled = {
            steps += 1
            return false
        }
        let found = h.output("find 5")
        #expect(found.contains("  1  Row 5\n"))
        #expect(found.contains("of many (count counts them)"))
        let firstPage = steps
        steps = 0
        #expect(h.output("count").hasSuffix(": 40,951 rows\n"))
        // Reading every row (as the count does) takes several times more.
        #expect(firstPage * 4 < steps, "first page \(firstPage), count \(steps) thousand VM steps")
        let filtered = h.output("back", "where name ~ 99999")
        #expect(filtered.contains("   1  Row 99999\n"))
    }

    /// Ctrl-C during a slow `find` says "interrupted; nothing changed", and
    /// the stack is as it was (the trial found the find frame pushed anyway).
    @Test(arguments: StoreKind.sqlite)
    func anInterruptedFindLeavesTheStackAsItWas(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.numbered(20_000))
        h.run("show")
        h.store.isCancelled = { true }
        #expect(h.run("find zzz").error?.message.contains("interrupted") == true)
        #expect(h.run("where name ~ zzz").error != nil)
        h.store.isCancelled = { false }
        #expect(h.session.breadcrumb == "things")
    }

    @Test(arguments: StoreKind.sqlite)
    func titleCompletionThatStopsEarlySaysSoAndInsertsNothing(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.numbered(20_000))
        h.run("show")
        let stopped = OpenRowCommand.complete("Row 1999", in: h.session, within: ReadBudget(rows: 2_000))
        #expect(stopped.candidates == ["Row 1999", "… stopped early, not every row searched: 1 found, more may match",
                                       "… type more of the title, or find TEXT lists them all"])
        let none = OpenRowCommand.complete("Row 1999", in: h.session, within: ReadBudget(rows: 1_000))
        #expect(none.candidates.allSatisfy(Completion.isNote))
        #expect(none.candidates.count == 2, "two notes: Tab lists them, never inserts one")
        let whole = OpenRowCommand.complete("Row 1999", in: h.session, within: ReadBudget(rows: 20_000))
        #expect(whole.candidates == ["Row 1999"] + (19990...19999).map { "Row \($0)" })
    }

    @Test(arguments: StoreKind.all)
    func theListOfCollectionsDoesNotCountALongTable(kind: StoreKind) throws {
        let (h, store) = try SessionHarness.counting(
            kind, Fixtures.numbered(10_050) + "\nCREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT);")
        let root = h.output("show")
        #expect(root.contains("things") && root.contains("many rows"))
        #expect(root.contains("0 rows"))
        #expect(store.fullCounts == 0)
    }
}

/// Counts learnt on the last page, kept by a sort, and paging after a resize.
extension LongListTests {
    @Test(arguments: StoreKind.all)
    func aFullLastPageSaysTheCount(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.numbered(12_000))
        #expect(h.output("show").contains("of many"), "too many to count at once")
        let size = h.session.viewport().pageSize
        let last = h.output("page \(12_000 / size)")
        #expect(last.contains("of 12,000"), "\(last)")
        #expect(h.run("next").error?.message.contains("last page") ?? false)
    }

    /// Past page 999, the pages are counted with a comma, as the header counts them.
    @Test(arguments: StoreKind.all)
    func aPageNumberInAnErrorIsGrouped(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.numbered(20_020))
        let size = h.session.viewport().pageSize
        let pages = (20_020 + size - 1) / size
        let grouped = "\(pages / 1000),\(String(format: "%03d", pages % 1000))"
        #expect(h.output("page \(pages)").contains("page \(grouped) of \(grouped)"))
        #expect(h.run("next").error?.message == "already on the last page (page \(grouped) of \(grouped))")
        #expect(h.run("page 0").error?.message.hasSuffix("; pages are 1 to \(grouped)") == true)
        // The footer's form is taken back: `page 1,001` as typed from it.
        #expect(h.output("page 1", "page \(grouped)").contains("page \(grouped) of \(grouped)"))
        for malformed in ["1,0001", ",001", "1,,001", "1,00a", "0,001"] {
            #expect(h.run("page \(malformed)").error?.message.hasPrefix("page: '\(malformed)' is not a page here") == true, "\(malformed)")
        }
    }

    /// `count` in a `where` inside a `where` names both filters, as the
    /// list's header does: named by the last alone, its number read as
    /// that filter's over the whole table.
    @Test(arguments: StoreKind.all)
    func aNestedFiltersCountNamesEveryFilter(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
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
    @Test(arguments: StoreKind.all)
    func nextAndPrevAfterAResizeSkipNoRow(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
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

    /// A `sort` (or `columns`) keeps the count `count` just made: the rows
    /// are the same, only their order changes.
    @Test(arguments: StoreKind.all)
    func aSortKeepsTheCountJustMade(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE big (id INTEGER PRIMARY KEY, name TEXT, note TEXT);
            WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 12000)
            INSERT INTO big (name, note) SELECT 'item ' || i, 'note ' || (i * 7 % 1000) FROM c;
            """)
        #expect(h.output("show").contains("of many"))
        #expect(h.output("count") == "big: 12,000 rows\n")
        try kind.onAQuietServer {
            let sorted = h.output("sort note desc")
            #expect(sorted.hasPrefix("big (12,000)"), "\(sorted.prefix(80))")
            #expect(sorted.contains("of 12,000"))
            #expect(h.output("columns note").contains("of 12,000"))
        }
    }
}

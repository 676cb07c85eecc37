import NavshCore
import NavshTestSupport
import Testing

/// `sort FIELD [desc]`: a list frame's own order, the first
/// command added as one type and one registry line.
@Suite struct SortTests {
    static let todo = "CREATE TABLE todo (id INTEGER PRIMARY KEY, name TEXT, pos INTEGER, due DATE);"
        + "INSERT INTO todo (name, pos, due) VALUES ('b', 1, '2026-03-01'), ('d', 2, NULL), ('a', 3, '2026-01-01'),"
        + " ('c', 4, '2026-02-01');"
    static let spec = "collections:\n  todo:\n    move: pos\n"

    /// The titles of the numbered rows (the header and column labels skipped).
    func names(_ listing: String) -> [String] {
        listing.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ").filter { $0 != "~" }
            guard let number = words.first, Int(number) != nil else { return nil }
            return words.dropFirst().first.map(String.init)
        }
    }

    /// A `sort` whose read fails changes nothing: the list stays in its
    /// order (the trial saw "sorted by" after a sort refused by a lock).
    /// Here the read fails by itself: ordering a view by a column it
    /// computes makes SQLite compute it for every row, and one row's overflows.
    @Test func aSortWhoseReadFailsLeavesTheListAsItWas() throws {
        let h = try SessionHarness("""
            CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, v INTEGER);
            WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 30)
            INSERT INTO t (name, v) SELECT 'n' || i, i FROM c;
            UPDATE t SET v = -9223372036854775807 - 1 WHERE id = 30;
            CREATE VIEW w AS SELECT id, name, abs(v) AS g FROM t;
            """)
        let before = h.output("open w")
        #expect(before.hasPrefix("w (30)"), "\(before)")
        #expect(h.run("sort g").error?.message.contains("integer overflow") == true)
        #expect(h.output("show") == before)
    }

    @Test(arguments: StoreKind.all)
    func sortOrdersTheListAndRowNumbersFollowIt(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.todo)
        let sorted = h.output("sort name")
        #expect(names(sorted) == ["a", "b", "c", "d"])
        #expect(sorted.hasPrefix("todo (4) · sorted by name\n"), "the header says how the list is sorted")
        #expect(names(h.output("sort name desc")) == ["d", "c", "b", "a"], "a second sort replaces the first")
        #expect(names(h.output("show")) == ["d", "c", "b", "a"])
        #expect(h.output("delete 1") == "deleted d\n", "row 1 is the first row as sorted and shown")
        #expect(try h.column("SELECT name FROM todo ORDER BY id") == ["b", "a", "c"])
        let restored = h.output("sort")
        #expect(names(restored) == ["b", "a", "c"], "sort alone goes back to the collection's order")
        #expect(restored.hasPrefix("todo (3)\n"))
    }

    @Test(arguments: StoreKind.all)
    func sortPagesThroughTheWholeListInItsOrder(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.numbered(45))
        let first = h.output("sort name desc")
        #expect(first.contains("   1  Row 9\n"))
        let third = h.output("page 3")
        #expect(third.contains("  41  Row 13\n"), "the third page continues the sorted order")
        #expect(h.output("open 41").hasPrefix("things › Row 13\n"))
    }

    /// A spec's detail `{pos}` already shows the field sorted by: the
    /// sort moves that column first instead of adding the field again.
    @Test(arguments: StoreKind.all)
    func aDetailShowingTheSortedFieldIsNotShownTwice(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.todo, spec: "collections:\n  todo:\n    detail: [\"{due}\", \"{pos}\"]\n")
        let sorted = h.output("sort pos desc")
        let header = sorted.split(separator: "\n")[1].split(separator: " ")
        #expect(header == ["name", "pos", "due"], "\(sorted)")
    }

    @Test(arguments: StoreKind.all)
    func fieldsAreNamedByColumnOrLabelAndMistakesAreOneLine(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.todo, spec: "collections:\n  todo:\n    fields:\n      due: {label: Due date}\n")
        #expect(names(h.output("sort \"due date\" desc")) == ["b", "c", "a", "d"])
        #expect(h.run("sort nosuch").error?.message
            == "sort: no field 'nosuch' in todo; the fields are id, name, pos, due")
        #expect(h.run("sort name up").error?.message
            == "sort: 'up' is not a direction; use asc or desc (usage: sort FIELD [desc])")
        #expect(h.run("sort name desc now").error?.message
            == "sort takes at most 2 words (field, then asc or desc); quote a name that holds spaces; usage: sort [FIELD [desc]]")
        #expect(names(h.output("sort Due date desc")) == ["b", "c", "a", "d"], "a label of two words is read whole")
    }

    /// `move` rewrites the order field along the rows as listed: sorted by
    /// another field, it would scramble the manual order.
    @Test(arguments: StoreKind.all)
    func moveIsRefusedWhileTheListIsSortedOtherwise(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.todo, spec: Self.spec)
        h.run("sort name")
        #expect(h.run("move 1 4").error?.message
            == "move: this list is sorted by name; sort (alone) restores its own order, where move works")
        #expect(try h.column("SELECT name FROM todo ORDER BY pos") == ["b", "d", "a", "c"])
        h.run("sort")
        #expect(h.output("move 1 4") == "moved b from row 1 to row 4\n")
    }

    @Test(arguments: StoreKind.all)
    func aSortStaysWhenTheTableChangesElsewhere(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.todo)
        h.run("sort name desc")
        try h.elsewhere("ALTER TABLE todo ADD COLUMN note TEXT")
        #expect(names(h.output("show")).suffix(4) == ["d", "c", "b", "a"])
    }

    /// Found by the trial: a sort by a column renamed elsewhere fell back to
    /// the table's order without a word.
    @Test(arguments: StoreKind.all)
    func aSortWhoseFieldIsGoneSaysSo(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.todo, mode: .interactive)
        h.run("sort name desc")
        try h.elsewhere("ALTER TABLE todo RENAME COLUMN name TO title")
        let shown = h.output("show")
        #expect(shown.hasPrefix("todo changed elsewhere (renamed name to title; the sort by name is gone); showing it as it is now\n"))
        #expect(h.run("sort name up").error?.message
            == "sort: 'up' is not a direction; use asc or desc (usage: sort FIELD [desc])")
        #expect(h.run("sort title DOWN").error?.message
            == "sort: 'DOWN' is not a direction; use asc or desc (usage: sort FIELD [desc])", "said as typed")
    }

    /// A `where` in a sorted list keeps its sort too: when its field goes,
    /// both frames find it gone, and the note says it once (a trial's find).
    @Test(arguments: StoreKind.all)
    func aSortGoneFromTwoFramesIsSaidOnce(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.todo, mode: .interactive)
        h.run("sort name desc", "where pos > 0")
        try h.elsewhere("ALTER TABLE todo RENAME COLUMN name TO title")
        let shown = h.output("show")
        #expect(shown.components(separatedBy: "the sort by name is gone").count == 2, "\(shown)")
    }

    @Test(arguments: StoreKind.all)
    func sortCompletesFieldsThenDirections(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.todo, mode: .interactive)
        #expect(h.session.completions(before: "sort n").candidates == ["name"])
        #expect(h.session.completions(before: "sort name d").candidates == ["desc"])
        #expect(h.session.completions(before: "so").candidates == ["sort"])
    }
}

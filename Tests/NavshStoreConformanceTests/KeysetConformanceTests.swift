@testable import NavshCore
import NavshTestSupport
import Testing

/// Keyset reads (`records(of:from:limit:)`, `cursors(of:after:every:count:)`): walking a
/// list page by page from each page's last cursor, or starting anywhere
/// from a cursor and a skip, gives exactly the rows the collection's order
/// gives by position, in every order `sort`, a spec, a scope and filters
/// can make: ties, NULLs, NOCASE text, descending, a group field first,
/// new rows on top, composite WITHOUT ROWID keys.
@Suite struct KeysetConformanceTests {
    /// Every order to check on `players`, with what makes it hard.
    static func playerOrders(_ players: CollectionSchema) -> [(String, CollectionSchema)] {
        func variant(_ change: (inout CollectionSchema) -> Void) -> CollectionSchema {
            var c = players
            change(&c)
            return c
        }
        return [
            ("by key", players),
            ("new rows on top", variant { $0.newRowsOnTop = true }),
            ("score, ties and NULLs", variant { $0.order = SortOrder(field: "score", descending: false) }),
            ("score desc", variant { $0.order = SortOrder(field: "score", descending: true) }),
            ("NOCASE name", variant { $0.order = SortOrder(field: "name", descending: false) }),
            ("NOCASE name desc", variant { $0.order = SortOrder(field: "name", descending: true) }),
            ("grouped by team, score desc", variant {
                $0.groupField = "team"
                $0.order = SortOrder(field: "score", descending: true)
            }),
            ("grouped by team, new rows on top", variant {
                $0.groupField = "team"
                $0.newRowsOnTop = true
            }),
            ("an owner's, by score", variant {
                $0.scope = CollectionSchema.Scope(field: "owner", value: .integer(1))
                $0.order = SortOrder(field: "score", descending: false)
            }),
            ("filtered, by name desc", variant {
                $0.filters = [.compare(field: "score", .greaterOrEqual, .integer(1)), .contains(field: "team", "e")]
                $0.order = SortOrder(field: "name", descending: true)
            }),
            // By key alone, in a scope and filtered: SQLite's anchors in one
            // statement bind the scope's and the filters' values twice.
            ("an owner's, filtered, by key", variant {
                $0.scope = CollectionSchema.Scope(field: "owner", value: .integer(1))
                $0.filters = [.compare(field: "score", .greaterOrEqual, .integer(1))]
            }),
            ("found, by team", variant {
                $0.filters = [.anyTextContains("n")]
                $0.order = SortOrder(field: "team", descending: false)
            }),
        ]
    }

    static func pairOrders(_ pairs: CollectionSchema) -> [(String, CollectionSchema)] {
        func variant(_ change: (inout CollectionSchema) -> Void) -> CollectionSchema {
            var c = pairs
            change(&c)
            return c
        }
        return [
            ("composite key", pairs),
            ("composite key, new rows on top", variant { $0.newRowsOnTop = true }),
            ("rank desc, NULLs", variant { $0.order = SortOrder(field: "rank", descending: true) }),
            ("label, NULL first", variant { $0.order = SortOrder(field: "label", descending: false) }),
            ("grouped by label, rank", variant {
                $0.groupField = "label"
                $0.order = SortOrder(field: "rank", descending: false)
            }),
        ]
    }

    @Test(arguments: StoreKind.all)
    func keysetPagesAreTheRowsByPositionInEveryOrder(kind: StoreKind) throws {
        let fixture = try kind.make(Schemas.ranked)
        let orders = Self.playerOrders(try fixture.collection("players"))
            + Self.pairOrders(try fixture.collection("ranked_pairs"))
        for (name, collection) in orders {
            try expectKeysetMatchesPositions(fixture.store, collection, name)
        }
    }

    /// `sort` by a reference orders by the referenced row's title, not by
    /// its key (a missing one first, as NULL), and pages by it both ways.
    @Test(arguments: StoreKind.all)
    func aSortByAReferenceGoesByTheReferencedTitle(kind: StoreKind) throws {
        let (fixture, cars) = try kind.make(Schemas.titledOwners, opening: "cars")
        let owner = ReferencedTitle(collection: "owners", key: "id", title: "name")
        for (descending, models) in [(false, ["Mini", "Model T", "Polo", "Golf", "Corolla", "Beetle"]),
                                     (true, ["Beetle", "Corolla", "Golf", "Polo", "Model T", "Mini"])] {
            var byOwner = cars
            byOwner.order = SortOrder(field: "owner_id", descending: descending, byTitle: owner)
            let read = try fixture.store.records(of: byOwner, offset: 0, limit: 100).map { ValueText.raw($0["model"]) }
            #expect(read == models, "descending: \(descending)")
            try expectKeysetMatchesPositions(fixture.store, byOwner, "by owner's name, descending: \(descending)")
        }
    }

    /// Each page from the last cursor of the one before, for several page
    /// sizes; every start (cursor and skip) against the rows by position;
    /// anchors (`cursors`) against the cursors read with the rows.
    func expectKeysetMatchesPositions(_ store: any Store, _ collection: CollectionSchema, _ name: String,
                                      sourceLocation: SourceLocation = #_sourceLocation) throws {
        let byPosition = try store.records(of: collection, offset: 0, limit: 1_000)
        #expect(!byPosition.isEmpty, "\(name): no rows", sourceLocation: sourceLocation)
        for size in 1...4 {
            var walked: [Record] = []
            var start = RowStart.first
            while true {
                let run = try store.records(of: collection, from: start, limit: size)
                #expect(run.cursors.count == run.rows.count, sourceLocation: sourceLocation)
                walked += run.rows
                guard run.rows.count == size, let last = run.cursors.last, walked.count <= byPosition.count else { break }
                start = RowStart(after: last)
            }
            #expect(walked.map(\.id) == byPosition.map(\.id), "\(name), pages of \(size)", sourceLocation: sourceLocation)
        }
        let all = try store.records(of: collection, from: .first, limit: 1_000)
        #expect(all.rows == byPosition, "\(name): one read", sourceLocation: sourceLocation)
        // Runs of one statement (`forEachRun`, what an export and `open *` read).
        for size in [1, 3, 1_000] {
            for fields in [RowFields.all, .listed] {
                var runs: [[Record]] = []
                try store.consistently { try store.forEachRun(of: collection, fields: fields, size: size) { runs.append($0) } }
                let expected = fields == .all ? byPosition : byPosition.map { ListPreview.of($0, in: collection) }
                #expect(runs.joined().map { $0 } == expected, "\(name): runs of \(size), \(fields)", sourceLocation: sourceLocation)
                #expect(runs.dropLast().allSatisfy { $0.count == size } && runs.last.map { (1...size).contains($0.count) } ?? true,
                        "\(name): runs of \(size)", sourceLocation: sourceLocation)
            }
        }
        for i in all.rows.indices {
            for skip in 0...2 {
                let start = RowStart(after: all.cursors[i], skip: skip)
                let expected = Array(byPosition.dropFirst(i + 1 + skip).prefix(2))
                #expect(try store.records(of: collection, from: start, limit: 2).rows == expected,
                        "\(name): 2 rows from row \(i) + \(skip)", sourceLocation: sourceLocation)
                let listed = try store.listRecords(of: collection, from: start, limit: 2).rows
                #expect(listed == expected.map { ListPreview.of($0, in: collection) }, "\(name): listed",
                        sourceLocation: sourceLocation)
            }
            for spacing in 1...3 {
                // After rows i + spacing, i + 2·spacing, …: every one there is, or `count`.
                let expected = stride(from: i + spacing, to: all.cursors.count, by: spacing).map { all.cursors[$0] }
                #expect(try store.cursors(of: collection, after: all.cursors[i], every: spacing, count: 100) == expected,
                        "\(name): anchors every \(spacing) after row \(i)", sourceLocation: sourceLocation)
                #expect(try store.cursors(of: collection, after: all.cursors[i], every: spacing, count: 1)
                        == Array(expected.prefix(1)), sourceLocation: sourceLocation)
            }
        }
        let fromTop = stride(from: 1, to: all.cursors.count, by: 2).map { all.cursors[$0] }
        #expect(try store.cursors(of: collection, after: nil, every: 2, count: 100) == fromTop, "\(name): anchors from the top",
                sourceLocation: sourceLocation)
    }

    /// A cursor names a place, not a row: after that row is deleted
    /// elsewhere, the next page still starts right after where it was.
    @Test(arguments: StoreKind.all)
    func aCursorOutlivesItsRow(kind: StoreKind) throws {
        let (fixture, players) = try kind.make(Schemas.ranked, opening: "players")
        var byScore = players
        byScore.order = SortOrder(field: "score", descending: true)
        let first = try fixture.store.records(of: byScore, from: .first, limit: 3)
        let gone = try #require(first.rows.last)
        try fixture.elsewhere("DELETE FROM players WHERE id = \(ValueText.raw(gone["id"]))")
        let next = try fixture.store.records(of: byScore, from: RowStart(after: first.cursors[2]), limit: 100)
        let now = try fixture.store.records(of: byScore, offset: 0, limit: 100)
        #expect(next.rows == Array(now.dropFirst(2)))
    }

    /// The count within a budget: exact when the rows it may look at cover
    /// the list, nil past them, filters and scope applied. Looking is
    /// bounded by rows looked at, not rows matched: a filter that matches
    /// few rows cannot make it read the whole table.
    @Test(arguments: StoreKind.all)
    func aBoundedCountIsExactOrNil(kind: StoreKind) throws {
        let fixture = try kind.make(Schemas.ranked + Schemas.many)
        let players = try fixture.collection("players")
        #expect(try fixture.store.count(of: players, within: ReadBudget(rows: 12)) == 12)
        #expect(try fixture.store.count(of: players, within: ReadBudget(rows: 11)) == nil)
        var mine = players
        mine.scope = CollectionSchema.Scope(field: "owner", value: .integer(2))
        #expect(try fixture.store.count(of: mine, within: ReadBudget(rows: 4)) == 4)
        mine.filters = [.isNull(field: "score")]
        #expect(try fixture.store.count(of: mine, within: ReadBudget(rows: 4)) == 2)
        var many = try fixture.collection("many")
        many.filters = [.contains(field: "name", "19999")]
        #expect(try fixture.store.count(of: many, within: ReadBudget(rows: 20_000)) == 1)
        #expect(try fixture.store.count(of: many, within: ReadBudget(rows: 19_998)) == nil,
                "one match, but more rows than the budget to look at")
    }

    /// Title completion's find: through an index on the field it finds every
    /// match whatever the budget (NOCASE: any case; BINARY: as typed,
    /// lowercased, capitalised, uppercased); without one it looks at no more
    /// rows than the budget allows and says it stopped early.
    @Test(arguments: StoreKind.all)
    func aBoundedFindUsesAnIndexOrStopsEarlySayingSo(kind: StoreKind) throws {
        let fixture = try kind.make(Schemas.many)
        let many = try fixture.collection("many")
        func find(_ text: String, rows: Int, limit: Int = 200) throws -> Bounded<[Record]> {
            try fixture.store.find(text, in: "name", of: many, match: .prefix, limit: limit, within: ReadBudget(rows: rows))
        }
        let names = { (found: Bounded<[Record]>) in found.value.map { $0["name"] } }
        let unbounded = try find("row 1999", rows: 1_000_000)
        #expect(unbounded.isComplete)
        #expect(names(unbounded) == [.text("Row 1999")] + (19990...19999).map { .text("Row \($0)") })
        let stopped = try find("row 1999", rows: 2_000)
        #expect(!stopped.isComplete, "the rows after the first 2,000 were not looked at")
        #expect(names(stopped) == [.text("Row 1999")])
        #expect(try find("row 1999", rows: 1_000).value.isEmpty)
        #expect(try find("row 1999", rows: 1_000_000, limit: 3).isComplete, "as many as asked: nothing missing")
        #expect(!(try find("nothing", rows: 19_999)).isComplete)
        #expect(try find("nothing", rows: 20_000).isComplete)

        try fixture.elsewhere("CREATE INDEX many_name ON many(name)")
        let indexed = try find("Row 1999", rows: 1)
        #expect(indexed.isComplete)
        #expect(names(indexed) == names(unbounded))
        #expect(names(try find("row 1999", rows: 1)) == names(unbounded), "lowercased, then capitalised")
        try fixture.elsewhere("DROP INDEX many_name; CREATE INDEX many_name ON many(name COLLATE NOCASE)")
        #expect(names(try find("rOW 1999", rows: 1)) == names(unbounded))
    }
}

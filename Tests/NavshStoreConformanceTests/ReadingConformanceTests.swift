@testable import NavshCore
import NavshTestSupport
import Testing

/// What every store promises about reading: the schema, pages, single rows,
/// positions and text search.
@Suite struct ReadingConformanceTests {
    @Test(arguments: StoreKind.all)
    func collectionsAndFieldKindsComeFromTheSchema(kind: StoreKind) throws {
        let fixture = try kind.make(Schemas.items + Schemas.garage)
        #expect(Set(fixture.store.collections.map(\.name)) == ["items", "owners", "cars", "services", "trips"])
        let items = try fixture.collection("items")
        #expect(items.fields.map(\.name) == ["id", "name", "serial", "value", "weight", "note", "created"])
        #expect(items.fields.map(\.kind) == [.integer, .text, .text, .integer, .real, .text, .text])
        // The key's own NULL rule differs between stores; the other fields' does not.
        #expect(items.fields.dropFirst().map(\.isNotNull) == [true, false, true, false, false, true])
        #expect(items.fields.map(\.primaryKeyPosition) == [1, nil, nil, nil, nil, nil, nil])
        #expect(items.field(named: "value")?.defaultValue == .value(.integer(0)))
        #expect(items.field(named: "note")?.defaultValue == .value(.text("none")))
        guard case .expression = items.field(named: "created")?.defaultValue else {
            Issue.record("created's default is \(String(describing: items.field(named: "created")?.defaultValue))")
            return
        }
        let cars = try fixture.collection("cars")
        #expect(cars.field(named: "owner_id")?.references?.collection == "owners")
    }

    @Test(arguments: StoreKind.all)
    func pagesCountAndPositionsFollowTheCollectionsOrder(kind: StoreKind) throws {
        let (fixture, things) = try kind.make(Schemas.numbered(30), opening: "things")
        let store = fixture.store
        #expect(try store.count(of: things) == 30)
        #expect(try store.records(of: things, offset: 10, limit: 5).map { $0["name"] } == (11...15).map { .text("Row \($0)") })
        #expect(try store.records(of: things, offset: 29, limit: 5).map { $0["name"] } == [.text("Row 30")])
        #expect(try store.records(of: things, offset: 30, limit: 5).isEmpty)
        let all = try store.records(of: things, offset: 0, limit: 100)
        #expect(try store.ids(of: things) == all.map(\.id))
        let names = try store.orderValues(of: things, field: "name")
        #expect(names.map(\.id) == all.map(\.id), "orderValues: every row, in the same order")
        #expect(names.map(\.value) == all.map { $0["name"] }, "with the field's stored value")
        #expect(try store.position(of: all[16].id, in: things) == 16)

        var newestFirst = things
        newestFirst.newRowsOnTop = true
        #expect(try store.records(of: newestFirst, offset: 0, limit: 2).map { $0["name"] } == [.text("Row 30"), .text("Row 29")])
        #expect(try store.position(of: all[29].id, in: newestFirst) == 0)
    }

    @Test(arguments: StoreKind.all)
    func aFieldOrderAndAScopeApplyToEveryRead(kind: StoreKind) throws {
        let fixture = try kind.make(Schemas.garage)
        var cars = try fixture.collection("cars")
        cars.order = SortOrder(field: "model", descending: true)
        let store = fixture.store
        #expect(try store.records(of: cars, offset: 0, limit: 10).map { $0["model"] }
                == [.text("Model T"), .text("Corolla"), .text("Beetle")])
        #expect(try store.ids(of: cars) == store.records(of: cars, offset: 0, limit: 10).map(\.id))

        let ada = try fixture.row("owners", "name", .text("Ada"))
        cars.scope = CollectionSchema.Scope(field: "owner_id", value: ada["id"])
        #expect(try store.count(of: cars) == 2)
        #expect(try store.records(of: cars, offset: 0, limit: 10).map { $0["model"] } == [.text("Corolla"), .text("Beetle")])
        #expect(try store.find("model", in: "model", of: cars, match: .prefix, limit: 10).isEmpty)
        let modelT = try fixture.row("cars", "model", .text("Model T"))
        #expect(try store.record(of: cars, id: modelT.id) == nil)
    }

    @Test(arguments: StoreKind.all)
    func aRecordIsReadByItsIdentityAndAMissingOneIsNil(kind: StoreKind) throws {
        let (fixture, items) = try kind.make(Schemas.items, opening: "items")
        let cat = try fixture.row("items", "name", .text("Lucky cat 🐱"))
        #expect(cat.values == [
            "id": .integer(5), "name": .text("Lucky cat 🐱"), "serial": .text("LC-0888"), "value": .integer(18),
            "weight": .null, "note": .null, "created": .text("2026-11-21 10:00:00"),
        ])
        #expect(try fixture.store.record(of: items, id: cat.id) == cat)
        try fixture.elsewhere("DELETE FROM items WHERE id = 5")
        #expect(try fixture.store.record(of: items, id: cat.id) == nil)
    }

    /// A store may read less for a list, but what it returns is exactly
    /// what `ListPreview` makes of the full row.
    @Test(arguments: StoreKind.all)
    func aListRowHoldsTheListedFieldsCutAsListPreviewCutsThem(kind: StoreKind) throws {
        let long = String(repeating: "ü", count: ListPreview.bytes)
        let fixture = try kind.make(Schemas.items + Schemas.files)
        try fixture.elsewhere("UPDATE items SET name = '\(long)' WHERE id = 1")
        let items = try fixture.collection("items")
        let full = try fixture.store.records(of: items, offset: 0, limit: 10)
        let listed = try fixture.store.listRecords(of: items, offset: 0, limit: 10)
        #expect(listed == full.map { ListPreview.of($0, in: items) })
        #expect(listed[0]["name"] == .text(String(long.prefix(ListPreview.characters)) + "…"))

        var files = try fixture.collection("files")
        files.details = [CollectionSchema.Detail(field: "body")]
        for (name, body) in [
            ("big", Value.blob(Array(repeating: 7, count: ListPreview.characters + 1))),
            ("small", .blob([0, 1, 2])),
            ("nul", .text("a\u{0}b" + long)),
            // As long as a blob is given whole, and all digits: the mark of
            // a longer one's length is one byte longer (SQLite).
            ("digits", .blob(Array(repeating: UInt8(ascii: "0"), count: ListPreview.characters - 1) + [UInt8(ascii: "9")])),
            ("longer", .blob(Array(repeating: UInt8(ascii: "0"), count: ListPreview.characters) + [UInt8(ascii: "9")])),
        ] {
            _ = try fixture.store.insert(["name": .text(name), "body": body], into: files)
        }
        let fullFiles = try fixture.store.records(of: files, offset: 0, limit: 10)
        let listedFiles = try fixture.store.listRecords(of: files, offset: 0, limit: 10)
        #expect(listedFiles == fullFiles.map { ListPreview.of($0, in: files) })
        #expect(listedFiles.map { $0["body"] }.prefix(2)
                == [ListPreview.longBlob(bytes: Int64(ListPreview.characters + 1)), .blob([0, 1, 2])])
    }

    @Test(arguments: StoreKind.all)
    func findMatchesExactlyByPrefixOrAnywhereIgnoringCase(kind: StoreKind) throws {
        let (fixture, words) = try kind.make(Schemas.words, opening: "words")
        func found(_ text: String, _ match: TextMatch, limit: Int = 10) throws -> [Value] {
            try fixture.store.find(text, in: "word", of: words, match: match, limit: limit).map { $0["word"] }
        }
        #expect(try found("gort", .exact) == [.text("Gort")])
        #expect(try found("GORT", .prefix) == [.text("Gort"), .text("gorTex")])
        #expect(try found("GORT", .prefix, limit: 1) == [.text("Gort")])
        #expect(try found("ORTE", .contains) == [.text("gorTex")])
        // Wildcards of any pattern language are plain characters.
        #expect(try found("0%", .contains) == [.text("100% cotton")])
        #expect(try found("a_b", .contains) == [.text("a_b")])
        #expect(try found(":\\D", .contains) == [.text("C:\\dir")])
        #expect(try found("100", .prefix) == [.text("100% cotton"), .text("100 percent")])
        #expect(try found("cotton", .prefix).isEmpty)
        #expect(try found("go", .exact).isEmpty)
    }

    /// The protocol says "ignoring case", without an ASCII-only exception.
    @Test(arguments: StoreKind.all)
    func findIgnoresTheCaseOfLettersBeyondASCII(kind: StoreKind) throws {
        let (fixture, words) = try kind.make(Schemas.words, opening: "words")
        let exact = try fixture.store.find("éCLAIR", in: "word", of: words, match: .exact, limit: 10)
        let prefix = try fixture.store.find("écl", in: "word", of: words, match: .prefix, limit: 10)
        // Accents composed or not ("e" + U+0301 is stored in row 9).
        let anywhere = try fixture.store.find("FÉ AU", in: "word", of: words, match: .contains, limit: 10)
        #expect(exact.map { $0["word"] } == [.text("Éclair")])
        #expect(prefix.map { $0["word"] } == [.text("Éclair")])
        #expect(anywhere.map { $0["id"] } == [.integer(9)])
        // Within the time budget too (Tab and `open TEXT` read that way).
        let bounded = try fixture.store.find("ÉCL", in: "word", of: words, match: .prefix, limit: 10,
                                             within: ReadBudget(rows: 1_000, seconds: 1))
        #expect(bounded.value.map { $0["word"] } == [.text("Éclair")])
    }

    /// `#KEY`: a row by its declared key (composite too), or by rowid where
    /// none is declared; within the collection's filters; nil when none.
    @Test(arguments: StoreKind.all)
    func aRowIsFoundByItsKey(kind: StoreKind) throws {
        let (fixture, pairs) = try kind.make(Schemas.pairs, opening: "pairs")
        #expect(try fixture.store.record(of: pairs, key: [.text("x"), .integer(2)])?["label"] == .text("second"))
        #expect(try fixture.store.record(of: pairs, key: [.text("x"), .integer(3)]) == nil)
        #expect(try fixture.store.record(of: pairs, key: [.text("x")]) == nil, "a part missing names no row")
        var firsts = pairs
        firsts.filters = [.compare(field: "b", .equal, .integer(1))]
        #expect(try fixture.store.record(of: firsts, key: [.text("x"), .integer(2)]) == nil, "filtered out")

        let (numbered, things) = try kind.make(Schemas.numbered(30), opening: "things")
        #expect(try numbered.store.record(of: things, key: [.integer(17)])?["name"] == .text("Row 17"))
    }
}

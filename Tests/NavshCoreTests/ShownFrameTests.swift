import NavshCore
import NavshTestSupport
import Testing

/// What a session hands its runner for another format than the table:
/// each shown frame as data (`Response.shown`), and whether the output is
/// what the line asked to see (`Response.requested`, for `--quiet`).
/// SQLite alone: the schema is built with SQLite's functions and an untyped column.
@Suite struct ShownFrameTests {
    static let sql = """
        CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, note TEXT, data BLOB);
        INSERT INTO t VALUES (1, 'short', NULL, x'0102'), (2, 'long', printf('%.3000c', 'x'), NULL);
        CREATE TABLE other (x);
        """

    @Test(arguments: StoreKind.sqlite)
    func aListIsHandedOutWithFullValuesNotTheListsCutPreviews(kind: StoreKind) throws {
        let harness = try SessionHarness(kind, Self.sql)
        harness.session.configuration.framesAsData = true
        let response = harness.run("open t")
        #expect(response.output == "")
        guard case .list(let list)? = response.shown.first, response.shown.count == 1 else {
            Issue.record("expected one list, got \(response.shown)")
            return
        }
        #expect(list.path == ["test", "t"])
        #expect(list.collection == "t")
        #expect(list.count == 2)
        #expect(list.rows.map(\.key) == [[.integer(1)], [.integer(2)]])
        #expect(list.rows[0].values["note"] == .null)
        #expect(list.rows[1].values["note"] == .text(String(repeating: "x", count: 3000)))
    }

    /// "café" precomposed and "cafe" + U+0301 are one name to Swift and two
    /// columns (or tables) to SQLite. A list handed out as data crashed on
    /// them; each column's row value is its own (found byte for byte); a
    /// table holding both is read-only, since edits are kept by name; of
    /// two such tables the later is left out rather than read as the first.
    @Test(arguments: StoreKind.sqlite)
    func namesThatDifferOnlyInAccentEncodingAreKeptApart(kind: StoreKind) throws {
        let harness = try SessionHarness(kind, """
            CREATE TABLE t (id INTEGER PRIMARY KEY, "caf\u{E9}" TEXT, "cafe\u{301}" TEXT);
            INSERT INTO t VALUES (1, 'precomposed', 'decomposed');
            CREATE TABLE "K" (a TEXT);
            CREATE TABLE "\u{212A}" (b TEXT);
            """)
        #expect(harness.store.collections.map(\.name) == ["t", "K"])
        #expect(harness.store.leftOutNote?.contains("table \u{212A} (its name differs from another's only") == true)
        let t = try #require(harness.store.collections.first)
        #expect(t.readOnlyReason?.contains("differ only in how their accents are encoded") == true)
        let row = try #require(try harness.store.records(of: t, offset: 0, limit: 1).first)
        #expect(row["caf\u{E9}"] == .text("precomposed") && row["cafe\u{301}"] == .text("decomposed"))
        let ascii = Record(id: row.id, names: FieldNames(["K", "id"]), cells: [.text("k"), .integer(1)])
        #expect(ascii.value(of: "\u{212A}") == nil && ascii["K"] == .text("k"), "the Kelvin sign is not K to SQLite")
        harness.session.configuration.framesAsData = true
        let response = harness.run("open t")
        guard case .list(let list)? = response.shown.first else {
            Issue.record("expected a list, got \(response.shown)")
            return
        }
        #expect(list.columns == ["caf\u{E9}", "cafe\u{301}"] && list.rows.map(\.cells) == [[.text("precomposed"), .text("decomposed")]],
                "\(list.columns) \(list.rows.map(\.cells))")
        harness.session.configuration.framesAsData = false
        #expect(harness.output("where cafe\u{301} = decomposed").hasPrefix("t (1)"))
        #expect(harness.output("back", "where caf\u{E9} = decomposed").hasPrefix("t (0)"))
    }

    @Test(arguments: StoreKind.sqlite)
    func theCollectionsAndARecordAreHandedOutAsData(kind: StoreKind) throws {
        let harness = try SessionHarness(kind, Self.sql)
        harness.session.configuration.framesAsData = true
        let root = harness.run("show")
        guard case .list(let collections)? = root.shown.first else { Issue.record("no list: \(root.shown)"); return }
        #expect(collections.collection == nil)
        #expect(collections.rows.map { $0.values["name"] } == [.text("t"), .text("other")])
        #expect(collections.rows.map { $0.values["rows"] } == [.integer(2), .integer(0)])
        let record = harness.run("open t", "open 1", "set name S")
        #expect(record.shown == [])
        let shown = harness.run("show")
        guard case .record(let data)? = shown.shown.first else { Issue.record("no record: \(shown.shown)"); return }
        #expect(data.key == [.integer(1)])
        #expect(data.fields.map(\.name) == ["id", "name", "note", "data"])
        #expect(data.fields[1].value == .text("S") && data.fields[1].changed)
        #expect(data.fields[3].value == .blob([1, 2]) && !data.fields[3].changed)
        #expect(data.fields[0].readOnly && data.fields[0].type == "integer")
    }

    @Test(arguments: StoreKind.sqlite)
    func byDefaultFramesAreTableTextAndNoDataIsRead(kind: StoreKind) throws {
        let harness = try SessionHarness(kind, Self.sql)
        let response = harness.run("open t")
        #expect(response.shown == [])
        #expect(response.output.hasPrefix("t (2)\n"))
    }

    @Test(arguments: StoreKind.sqlite)
    func onlyLinesThatAskToSeeSomethingAreRequested(kind: StoreKind) throws {
        let harness = try SessionHarness(kind, Self.sql)
        #expect(!harness.run("open t").requested)
        #expect(harness.run("show").requested)
        #expect(!harness.run("open 1").requested)
        #expect(!harness.run("set name S").requested)
        #expect(harness.run("changes").requested)
        #expect(harness.run("where").requested)
        #expect(harness.run("help").requested)
        #expect(!harness.run("save").requested)
        #expect(harness.run("where").requested, "at a list too (found by the trial: --quiet printed nothing)")
        #expect(!harness.run("where id > 0").requested, "a where that filters shows a frame nobody asked to see")
    }

    /// Found by the trial: for a TEXT PRIMARY KEY table the JSON key was the
    /// rowid, which `open #KEY` does not take; a view's rows have no key.
    @Test(arguments: StoreKind.sqlite)
    func aRowsKeyIsWhatOpenKeyTakes(kind: StoreKind) throws {
        let harness = try SessionHarness(kind, "CREATE TABLE tk (code TEXT PRIMARY KEY, label TEXT);"
            + "INSERT INTO tk VALUES ('100', 'hundred'), ('a,b', 'comma');"
            + "CREATE VIEW v AS SELECT label FROM tk;")
        harness.session.configuration.framesAsData = true
        guard case .list(let list)? = harness.run("open tk").shown.first else {
            Issue.record("expected a list")
            return
        }
        #expect(list.rows.map(\.key) == [[Value.text("100")], [Value.text("a,b")]])
        harness.run("back")
        guard case .list(let view)? = harness.run("open v").shown.first else {
            Issue.record("expected a list")
            return
        }
        #expect(view.rows.map(\.key) == [nil, nil])
    }
}

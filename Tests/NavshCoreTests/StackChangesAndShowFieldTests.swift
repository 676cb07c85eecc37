import NavshCore
import NavshTestSupport
import Testing

/// `changes` at any frame and `show FIELD` (issue 10).
@Suite struct StackChangesAndShowFieldTests {
    @Test(arguments: StoreKind.all)
    func changesAtAnyFrameListsEveryUnsavedEditWithItsFrame(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.shop)
        h.run("open owners", "open Ada", "set name Ada L.", "open cars", "open 1", "set year 2015")
        #expect(h.output("changes") == """
            \(h.root) › owners › Ada L.:
              name: Ada → Ada L.
            \(h.root) › owners › Ada L. › cars › Corolla:
              year: 2014 → 2015

            """)
        h.run("back!")
        #expect(h.output("changes") == "\(h.root) › owners › Ada L.:\n  name: Ada → Ada L.\n", "asked from a list above it")
        h.run("back")
        #expect(h.output("changes") == "  name: Ada → Ada L.\n", "the record on top alone: its fields")
    }

    /// SQLite alone: the schema's values are built with SQLite's functions.
    @Test(arguments: StoreKind.sqlite)
    func showFieldPrintsTheWholeValueEscaped(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        let long = String(repeating: "lorem ipsum ", count: 600)
        try h.elsewhere("UPDATE items SET note = '\(long)' || char(10) || 'line two' || char(27) || '[2J' WHERE id = 1")
        h.run("open 1")
        #expect(h.output("show note") == long + "\nline two\\x1B[2J\n")
        #expect(h.output("show weight") == "12.5\n")
        #expect(h.output("show bought") == "2026-11-21\n")
        h.run("unset weight")
        #expect(h.output("show weight") == "(null)\n", "the buffered value")
        #expect(h.run("show wieght").error?.message == "unknown field 'wieght'; did you mean weight?")
        #expect(h.output("show").hasPrefix("items › Gort statue\n"))
    }

    @Test(arguments: StoreKind.all)
    func showFieldPrintsBinaryAsHex(kind: StoreKind) throws {
        let h = try SessionHarness(kind, "CREATE TABLE f (id INTEGER PRIMARY KEY, name TEXT, data BLOB);"
            + "INSERT INTO f VALUES (1, 'x', x'00ff10'), (2, 'y', x'07');")
        h.run("open 1")
        #expect(h.output("show data") == "(3 bytes of binary data)\n00ff10\n")
        h.run("back")
        #expect(h.output("columns data").contains("   2  y     <blob, 1 byte>\n"), "one byte, not one bytes")
        h.run("open 2")
        #expect(h.output("show data") == "(1 byte of binary data)\n07\n")
    }

    /// Issue 10 (found writing the music example): a value cut to the
    /// terminal in a record said nothing of its length.
    @Test(arguments: StoreKind.all)
    func aRecordSaysHowLongAValueItCutsIs(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items, viewport: Viewport(columns: 60))
        let note = String(repeating: "word ", count: 40)
        try h.elsewhere("UPDATE items SET note = '\(note)' WHERE id = 1")
        let record = h.output("open 1")
        let line = try #require(record.split(separator: "\n").first { $0.contains("note  ") })
        #expect(line.hasSuffix("…  (200 characters)"), "\(line)")
        #expect(DisplayWidth.of(String(line)) <= 60)
    }
}

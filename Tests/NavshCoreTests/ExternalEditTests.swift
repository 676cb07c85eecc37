import NavshCore
import NavshTestSupport
import Testing

/// `edit FIELD` at the prompt hands a value one line cannot hold (several
/// lines, wider than the terminal) to the user's editor; `--editor` asks
/// for it; a script's value line is the value whatever its length.
@Suite struct ExternalEditTests {
    /// The values are written whole into the SQL: no function makes them on every store.
    static let schema = Fixtures.items + """
        UPDATE items SET note = 'first\nsecond' WHERE id = 1;
        UPDATE items SET note = '\(String(repeating: "x", count: 100))' WHERE id = 2;
        """

    @Test(arguments: StoreKind.all)
    func aValueOfSeveralLinesOrWiderThanTheTerminalGoesToTheEditor(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.schema, mode: .interactive, viewport: Viewport(columns: 80, rows: 24))
        _ = h.run("open 1")
        let lines = try #require(h.run("edit note").edit)
        #expect(lines.external && lines.initial == "first\nsecond")
        #expect(try #require(h.run("edit name").edit).external == false)
        #expect(try #require(h.run("edit name --editor").edit).external)
        // What the editor saved goes through set's checks.
        #expect(h.session.finishEdit(lines, with: "first\nthird").error == nil)
        #expect(h.output("changes").contains("note"))
        _ = h.run("back!")
        _ = h.run("open 2")
        #expect(try #require(h.run("edit note").edit).external, "100 columns do not fit in 80")
        #expect(h.run("edit note --wait").error != nil, "only --editor follows the field")
    }

    @Test(arguments: StoreKind.all)
    func aScriptNeverRunsAnEditor(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.schema, mode: .script)
        _ = h.run("open 1")
        #expect(try #require(h.run("edit note --editor").edit).external == false)
    }
}

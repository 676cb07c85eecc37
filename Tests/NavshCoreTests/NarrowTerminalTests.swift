import NavshCore
import NavshTestSupport
import Testing

/// Issue 10: help and the prompt fit a narrow terminal.
@Suite struct NarrowTerminalTests {
    @Test func helpWrapsAtWordBoundaries() throws {
        let h = try SessionHarness(Fixtures.items, viewport: Viewport(columns: 50))
        let help = h.output("help")
        for line in help.split(separator: "\n") {
            #expect(DisplayWidth.of(String(line)) <= 50, "\(line)")
        }
        #expect(help.contains("  open N | open #KEY | open TITLE\n      open row N, the row with key KEY, or the row\n"
            + "      whose title matches\n"), "too narrow for a column beside the usages: under each")
        let medium = try SessionHarness(Fixtures.items, viewport: Viewport(columns: 70)).output("help")
        #expect(medium.contains("  open N | open #KEY | open TITLE  open row N, the row with key KEY,\n"
            + "                                   or the row whose title matches\n"), "continued under its column")
        let wide = try SessionHarness(Fixtures.items, viewport: Viewport(columns: 200)).output("help")
        #expect(wide.contains("  open N | open #KEY | open TITLE  open row N, the row with key KEY, or the row whose title matches\n"))
    }

    @Test func aLongBreadcrumbGivesWayInTheMiddle() throws {
        let h = try SessionHarness(Fixtures.shop, mode: .interactive, viewport: Viewport(columns: 60))
        h.run("open owners", "open Ada", "set name Ada Lovelace", "open cars", "open 1")
        #expect(h.session.breadcrumb == "test › owners › Ada Lovelace* › cars › Corolla")
        #expect(h.session.prompt == "test › …* › cars › Corolla> ", "the unsaved mark of a hidden frame stays")
        let wide = try SessionHarness(Fixtures.shop, mode: .interactive, viewport: Viewport(columns: 200))
        let script = try SessionHarness(Fixtures.shop, viewport: Viewport(columns: 60))
        script.run("open owners", "open Ada", "open cars", "open 1")
        #expect(script.session.prompt == "test › owners › Ada › cars › Corolla> ", "a script fits no terminal: --echo keeps every frame")
        wide.run("open owners", "open Ada", "open cars", "open 1")
        #expect(wide.session.prompt == "test › owners › Ada › cars › Corolla> ")
    }
}

@testable import NavshCore
import NavshTestSupport
import Testing

/// A script checked whole before it runs, each line's shape judged once:
/// a line like one that passed passes unread, and any other is still read.
@Suite struct ScriptCheckTests {
    @Test(arguments: StoreKind.all)
    func linesOfAShapeThatPassedPassAndOthersAreStillRead(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        let lines = ["open items", "open 1", "set value 5", "set value 6", "save", "open 2",
                     "set nosuch 5", "save now", "save", "open", "unset value", "sort name up"]
        let problems = ScriptCheck.problems(in: lines, collections: h.collections)
        #expect(problems.map(\.line) == [7, 8, 10], "\(problems)")
        #expect(problems.first?.message == "set: no table of the store has a field 'nosuch'")
    }

    @Test(arguments: StoreKind.all)
    func aQuotedLineIsReadWhole(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        let problems = ScriptCheck.problems(in: ["set value 5", "set value \"5", "set 'value' 6"],
                                            collections: h.collections)
        #expect(problems.map(\.line) == [2], "\(problems)")
    }
}

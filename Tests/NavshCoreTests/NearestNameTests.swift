@testable import NavshCore
import NavshTestSupport
import Testing

/// "Did you mean" hints (issue 10): one name, near enough, never a guess.
@Suite struct NearestNameTests {
    @Test func aNearNameIsSuggested() {
        #expect(Nearest.name(to: "sav", among: ["save", "set", "show"]) == "save")
        #expect(Nearest.name(to: "nmae", among: ["name", "note"]) == "name", "a swap is one edit")
        #expect(Nearest.name(to: "VALEU", among: ["value"]) == "value", "case is ignored")
        #expect(Nearest.name(to: "weihgt", among: ["weight", "bought"]) == "weight")
    }

    @Test func farOrTiedNamesSuggestNothing() {
        #expect(Nearest.name(to: "frobnicate", among: ["save", "set", "show"]) == nil)
        #expect(Nearest.name(to: "sat", among: ["set", "sit"]) == nil, "two names equally near: no guess")
        #expect(Nearest.name(to: "x", among: ["y"]) == nil, "one letter of one is no evidence")
        #expect(Nearest.name(to: "", among: ["a"]) == nil)
    }

    @Test(arguments: StoreKind.all)
    func aFieldHintReachesTheUser(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        h.run("open 1")
        #expect(h.run("unset serail").error?.message == "unknown field 'serail'; did you mean serial?")
        #expect(h.run("revert wieght").error?.message == "unknown field 'wieght'; did you mean weight?")
    }
}

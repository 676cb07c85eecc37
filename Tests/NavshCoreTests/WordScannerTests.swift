@testable import NavshCore
import Testing

@Suite struct WordScannerTests {
    func words(_ line: String) throws -> [String] {
        var scanner = WordScanner(line)
        return try scanner.remainingWords()
    }

    @Test func splitsOnSpacesAndTabs() throws {
        #expect(try words("open  3\tnow") == ["open", "3", "now"])
    }

    @Test func quotesAndEscapes() throws {
        #expect(try words(#"a "b c" 'd e' f\ g"#) == ["a", "b c", "d e", "f g"])
        #expect(try words(#""say \"hi\"" 'it''s'"#) == [#"say "hi""#, "its"])
        #expect(try words(#"x"y z"w"#) == ["xy zw"])
        #expect(try words(#"'a\b'"#) == [#"a\b"#])
    }

    /// A space with a combining mark after it is one character and no
    /// space: the byte-wise fast path for plain words must not split there.
    @Test func aSpaceCarryingAMarkIsNoSeparator() throws {
        #expect(try words("a \u{301}b c") == ["a \u{301}b", "c"])
        #expect(try words(" \u{301}x y") == [" \u{301}x", "y"])
        #expect(try words("ab\u{301} c") == ["ab\u{301}", "c"])
        #expect(try words("#42  value\t7") == ["#42", "value", "7"])
        #expect("  a b \t".trimmingSpaces == "a b")
        #expect("a \u{301}".trimmingSpaces == "a \u{301}")
        #expect("plain".trimmingSpaces == "plain")
    }

    @Test func unterminatedQuotesAreErrors() {
        #expect(throws: CommandError.self) { try words("open \"Gort") }
        #expect(throws: CommandError.self) { try words("open 'Gort") }
        #expect(throws: CommandError.self) { try words("open Gort\\") }
    }

    @Test func restOfLineIsRawUnlessQuoted() throws {
        var scanner = WordScanner("set name Gort's   statue  ")
        _ = try scanner.next()
        _ = try scanner.next()
        #expect(try scanner.restOfLine() == "Gort's   statue")

        var quoted = WordScanner(#"set name "  padded  ""#)
        _ = try quoted.next()
        _ = try quoted.next()
        #expect(try quoted.restOfLine() == "  padded  ")

        var trailing = WordScanner(#"set name "a" b"#)
        _ = try trailing.next()
        _ = try trailing.next()
        #expect(throws: CommandError.self) { try trailing.restOfLine() }
    }
}

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

    /// A space, tab or quote is that byte, whatever follows it: read as
    /// characters, a combining mark after one joined it into a character
    /// that was neither, and `set name "́x"` stored the quotes.
    @Test func separatorsAndQuotesAreBytesWhateverFollows() throws {
        #expect(try words("a \u{301}b c") == ["a", "\u{301}b", "c"])
        #expect(try words(" \u{301}x y") == ["\u{301}x", "y"])
        #expect(try words("ab\u{301} c") == ["ab\u{301}", "c"])
        #expect(try words("\"\u{301}x\" '\u{301}y'") == ["\u{301}x", "\u{301}y"])
        #expect(try words("\\\u{E9}\u{301} z") == ["\u{E9}\u{301}", "z"])
        #expect(try words("#42  value\t7") == ["#42", "value", "7"])
        var rest = WordScanner("set name  \u{301}x  ")
        _ = try rest.next()
        _ = try rest.next()
        #expect(try rest.restOfLine() == "\u{301}x")
        #expect("  a b \t".trimmingSpaces == "a b")
        #expect(" \u{301}x ".trimmingSpaces == "\u{301}x")
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

    /// `'it''s'`, as SQL writes an apostrophe, is refused with the way to
    /// write it, not read as `its` (two pieces joined, as a shell joins them).
    @Test func aDoubledQuoteInAValueIsRefused() throws {
        for (line, quote) in [("set note 'it''s'", Character("'")), (#"set note "say ""hi""""#, Character("\""))] {
            var scanner = WordScanner(line)
            _ = try scanner.next()
            _ = try scanner.next()
            #expect(throws: CommandError.grammar(.doubledQuote(quote: quote))) { try scanner.restOfLine() }
        }
        var empty = WordScanner("set note ''")
        _ = try empty.next()
        _ = try empty.next()
        #expect(try empty.restOfLine() == "")
        #expect(GrammarError.doubledQuote(quote: "'").message
                == "'' is no apostrophe here (quotes work as in a shell): write \"it's\", or it's unquoted")
    }
}

import NavshCore
import Testing

@Suite struct DisplayWidthTests {
    @Test func widthsByGrapheme() {
        #expect(DisplayWidth.of("abc") == 3)
        #expect(DisplayWidth.of("日本") == 4)
        #expect(DisplayWidth.of("😀") == 2)
        #expect(DisplayWidth.of("é") == 1)
        #expect(DisplayWidth.of("e\u{301}") == 1)  // combining acute: 0 columns of its own
        #expect(DisplayWidth.of("🇯🇵") == 2)
        #expect(DisplayWidth.of("❤\u{FE0F}") == 2)
        #expect(DisplayWidth.of("👨‍👩‍👧") == 2)
    }

    @Test func truncationCountsColumnsNotCharacters() {
        #expect(TextLayout.truncate("木彫りの熊", to: 6) == "木彫…")
        #expect(DisplayWidth.of(TextLayout.truncate("木彫りの熊", to: 6)) <= 6)
        #expect(TextLayout.truncate("short", to: 10) == "short")
        #expect(TextLayout.left("日本", 6) == "日本  ")
        #expect(TextLayout.right("日本", 6) == "  日本")
    }

    @Test func controlCharactersBecomeVisibleEscapes() {
        #expect(TextLayout.printable("a\nb\tc\u{1B}[31m") == "a\\nb\\tc\\x1B[31m")
        #expect(TextLayout.printable("plain") == "plain")
        // Found by the trial: bidi overrides and zero-width spaces reached the
        // terminal raw, so what was shown was not what was stored.
        #expect(TextLayout.printable("abc\u{202E}fed\u{200B}") == "abc\\u{202E}fed\\u{200B}")
        #expect(TextLayout.printable("👨‍👩‍👧") == "👨‍👩‍👧", "the joiner of emoji sequences stays")
    }
}

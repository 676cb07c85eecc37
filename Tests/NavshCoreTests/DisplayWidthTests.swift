@testable import NavshCore
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

    /// The fast path sums scalar widths for scalars that are each a
    /// character of their own: any that joined a neighbour (a combining
    /// mark after "a", a prepended mark before it, a jamo or regional
    /// indicator after its like) would make the sum wrong.
    @Test func standingAloneScalarsAreEachACharacter() {
        var joining: [String] = []
        for range in DisplayWidth.standingAlone {
            for value in range.first...range.last {
                guard let scalar = Unicode.Scalar(value) else { continue }
                let alone = String(Character(scalar))
                let a = "a"
                if (alone + a).count != 2 || (a + alone).count != 2 || (alone + alone).count != 2 {
                    joining.append(String(value, radix: 16))
                }
            }
        }
        #expect(joining.isEmpty, "scalars that join a neighbour: \(joining.prefix(20))")
    }

    /// The eight-bytes-at-a-time scan stops at exactly the first byte
    /// that is not printable ASCII, wherever it falls in a word.
    @Test func printableRunsEndAtTheFirstOtherByte() {
        var wrong: [String] = []
        for byte in 0...255 {
            for position in 0..<20 {
                var bytes = [UInt8](repeating: UInt8(ascii: "~"), count: 20)
                bytes[position] = UInt8(byte)
                let expected = (0x20..<0x7F).contains(byte) ? 20 : position
                let found = bytes.withUnsafeBufferPointer { PrintableASCII.end(of: $0) }
                if found != expected { wrong.append("byte \(byte) at \(position): \(found)") }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(10))")
        #expect(TextLayout.printableLines("a page of plain text,\nthen \u{1B}[31m red") == "a page of plain text,\nthen \\x1B[31m red")
    }

    @Test func textWidthsMatchCharacterWidths() {
        // The scalar fast path and the grapheme path agree, including text
        // that falls back part way (a combining mark after fast-path text).
        let texts = ["rows 1–20 of many · page 1", "Ünïcödé – “quoted” …", "日本語テキスト", "한국어", "café\u{301}·x",
                     "€ 1 000 ₿", "┌─┐│└┘", "ｆｕｌｌ", "e\u{301}·日本", "x🇯🇵y", "a❤\u{FE0F}b"]
        for text in texts {
            #expect(DisplayWidth.of(text) == text.reduce(0) { $0 + DisplayWidth.of($1) }, "\(text)")
        }
        #expect(DisplayWidth.of("rows 1–20 · page 1") == 18)
        #expect(DisplayWidth.of("日本·x") == 6)
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

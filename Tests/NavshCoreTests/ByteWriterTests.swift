@testable import NavshCore
import Testing

/// The layout's byte buffer: it grows past what it reserved, cuts, and
/// gives back exactly what was written, whatever the text.
@Suite struct ByteWriterTests {
    @Test func growsPastItsCapacityAndKeepsEveryByte() {
        var writer = ByteWriter(capacity: 1)
        defer { writer.free() }
        var expected = ""
        for i in 0..<500 {
            let piece = i % 3 == 0 ? "café \(i)" : i % 3 == 1 ? String(repeating: "x", count: i % 70) : "→\u{301}"
            writer.append(piece)
            writer.pad(i % 5)
            writer.append(byte: UInt8(ascii: "|"))
            expected += piece + String(repeating: " ", count: i % 5) + "|"
        }
        #expect(writer.count == expected.utf8.count)
        #expect(writer.string() == expected)
    }

    @Test func cutsAndReadsFromAnIndex() {
        var writer = ByteWriter(capacity: 64)
        defer { writer.free() }
        writer.append("title  ")
        let start = writer.count
        writer.append("naïve   ")
        #expect(writer.text(from: start) == "naïve   ")
        #expect(writer[start] == UInt8(ascii: "n"))
        writer.cut(to: start + 6)
        #expect(writer.string() == "title  naïve")
        writer.pad(0)
        writer.pad(-3)
        #expect(writer.string() == "title  naïve", "no padding for a width not positive")
    }
}

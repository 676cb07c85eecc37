/// Finding the end of a run of printable ASCII (0x20–0x7E) eight bytes at a
/// time. Most of what a page shows is such runs, and it is scanned twice a
/// command (measured for its width, checked for control characters): a
/// byte at a time, those scans were a tenth of laying a page out.
enum PrintableASCII {
    /// Whether every byte of `text` is printable ASCII.
    static func holds(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { end(of: $0) == $0.count }
    }

    /// The index of the first byte in `bytes[start...]` that is not
    /// printable ASCII, or `bytes.count`.
    static func end(of bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0) -> Int {
        var i = start
        if let base = bytes.baseAddress {
            while i + 8 <= bytes.count {
                let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                // A byte below 0x20, or one of 0x7F and above: each test
                // flags a byte's high bit, exactly when some byte is so.
                let below = (word &- 0x2020_2020_2020_2020) & ~word & 0x8080_8080_8080_8080
                let above = ((word &+ 0x0101_0101_0101_0101) | word) & 0x8080_8080_8080_8080
                if below | above != 0 { break }
                i += 8
            }
        }
        while i < bytes.count, bytes[i] >= 0x20, bytes[i] < 0x7F { i += 1 }
        return i
    }
}

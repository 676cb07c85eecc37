/// UTF-8 bytes written into memory of its own, grown when full: what a
/// list's layout builds a page in. A page is a few hundred short appends
/// (cells, padding, gaps), and each through `Array.append(contentsOf:)`
/// checked the array's uniqueness and capacity before copying: a twentieth
/// of laying out a page (bench/README.md).
///
/// A value of it owns its memory: keep it in one variable, never copy it,
/// and `free()` it when done (a `defer` right after making it).
struct ByteWriter {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// Bytes written so far.
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(64, capacity)
        base = .allocate(capacity: self.capacity)
    }

    /// Room for `more` bytes after `count`.
    private mutating func reserve(_ more: Int) {
        guard count + more > capacity else { return }
        let grown = max(capacity * 2, count + more)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        moved.update(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = grown
    }

    mutating func append(_ text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ append($0) }) == nil {
            var text = text
            text.withUTF8 { append($0) }
        }
    }

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let start = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        (base + count).update(from: start, count: bytes.count)
        count += bytes.count
    }

    mutating func append(byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    /// `spaces` spaces (none when not positive).
    mutating func pad(_ spaces: Int) {
        guard spaces > 0 else { return }
        reserve(spaces)
        (base + count).initialize(repeating: UInt8(ascii: " "), count: spaces)
        count += spaces
    }

    /// The byte at `index` (below `count`).
    subscript(index: Int) -> UInt8 {
        precondition(index >= 0 && index < count, "a byte not written")
        return base[index]
    }

    /// Forgets the bytes from `index` on.
    mutating func cut(to index: Int) {
        count = max(0, min(count, index))
    }

    /// The bytes from `index` on, decoded.
    func text(from index: Int) -> String {
        let start = min(max(0, index), count)
        return String(decoding: UnsafeBufferPointer(start: base + start, count: count - start), as: UTF8.self)
    }

    /// The bytes written, decoded.
    func string() -> String {
        text(from: 0)
    }

    /// Frees the memory; the writer must not be used after.
    func free() {
        base.deallocate()
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A regular file read a chunk at a time and handed out a line or a CSV
/// record at a time, so an import holds a chunk of its file, not all of it.
struct ChunkedFile {
    struct ReadError: Error {
        var reason: String
    }

    /// The file's size in bytes.
    let size: Int
    /// Bytes handed out so far.
    private(set) var consumed = 0
    /// Lines ended by CR alone in the first chunk: a file saved so reads as one line.
    private(set) var endsLinesWithCarriageReturnsAlone = false

    private let descriptor: Descriptor
    private var buffer: [UInt8] = []
    /// Where the bytes not yet handed out start in `buffer`.
    private var start = 0
    private var atEnd = false
    /// The line the next record starts on.
    private var lineNumber = 1

    static let chunkSize = 1 << 20

    init(path: String) throws(CommandError) {
        // O_NONBLOCK: opening a FIFO must not wait for a writer (it is refused below).
        let fd = open(path, O_RDONLY | O_NONBLOCK)
        guard fd >= 0 else { throw .imports(.cannotRead(path: path, reason: String(cString: strerror(errno)))) }
        descriptor = Descriptor(fd)
        // A FIFO or a device (`/dev/zero`) would block or never end.
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw .imports(.cannotRead(path: path, reason: "not a regular file"))
        }
        size = Int(info.st_size)
        do { try fill() } catch { throw .imports(.cannotRead(path: path, reason: error.reason)) }
        // A UTF-8 byte-order mark (Excel writes one before a CSV's header) is no part of the first name.
        if buffer.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3; consumed = 3 }
        if let cr = buffer.firstIndex(of: 13), cr + 1 < buffer.count, !buffer.contains(10) {
            endsLinesWithCarriageReturnsAlone = true
        }
    }

    /// The next line without its line break (LF, or CRLF), and its number; nil at the end.
    mutating func textLine() throws(ReadError) -> (line: Int, bytes: ArraySlice<UInt8>)? {
        var scanned = start
        while true {
            if let lf = buffer[scanned...].firstIndex(of: 10) {
                return take(upTo: lf, breakLength: 1, lines: 1)
            }
            scanned = buffer.count
            guard try more(&scanned) else { return rest() }
        }
    }

    /// The next CSV record, up to a line break outside quotes (a quoted
    /// field may hold line breaks), without that break; nil at the end.
    mutating func csvRecord() throws(ReadError) -> (line: Int, bytes: ArraySlice<UInt8>)? {
        var scanned = start
        var quoted = false
        var breaks = 0
        while true {
            // From line break to line break (memchr), counting the quotes
            // between: indexing the array a byte at a time cost twice as much.
            let end: Int? = buffer.withUnsafeBufferPointer { bytes in
                guard let base = bytes.baseAddress else { return nil }
                while scanned < bytes.count {
                    let lf = memchr(base + scanned, 10, bytes.count - scanned)
                        .map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - base } ?? bytes.count
                    for i in scanned..<lf where base[i] == 34 { quoted.toggle() }
                    scanned = lf
                    guard lf < bytes.count else { return nil }
                    if !quoted { return lf }
                    breaks += 1
                    scanned = lf + 1
                }
                return nil
            }
            if let end { return take(upTo: end, breakLength: 1, lines: breaks + 1) }
            guard try more(&scanned) else { return rest() }
        }
    }

    /// The bytes before `end` (a CR before it dropped), past the break after it.
    private mutating func take(upTo end: Int, breakLength: Int, lines: Int) -> (line: Int, bytes: ArraySlice<UInt8>) {
        let cut = end > start && buffer[end - 1] == 13 ? end - 1 : end
        // A slice, not a copy: the reader is done with it before the next
        // chunk is read, so the buffer is not copied when it is refilled.
        let record = (lineNumber, buffer[start..<cut])
        consumed += end + breakLength - start
        start = end + breakLength
        lineNumber += lines
        return record
    }

    /// The last record, with no line break after it; nil when nothing is left.
    private mutating func rest() -> (line: Int, bytes: ArraySlice<UInt8>)? {
        guard start < buffer.count else { return nil }
        let record = (lineNumber, buffer[start...])
        consumed += buffer.count - start
        start = buffer.count
        return record
    }

    /// Reads another chunk, dropping what was handed out (`scanned` moves
    /// with the bytes); false at the end of the file.
    private mutating func more(_ scanned: inout Int) throws(ReadError) -> Bool {
        guard !atEnd else { return false }
        if start > 0 {
            buffer.removeSubrange(0..<start)
            scanned -= start
            start = 0
        }
        try fill()
        return true
    }

    private mutating func fill() throws(ReadError) {
        var chunk = [UInt8](repeating: 0, count: Self.chunkSize)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor.fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw ReadError(reason: String(cString: strerror(errno)))
            }
            if count == 0 { atEnd = true }
            buffer += chunk[0..<count]
            return
        }
    }

    /// Closes the file when the last copy goes.
    private final class Descriptor {
        let fd: Int32
        init(_ fd: Int32) { self.fd = fd }
        deinit { close(fd) }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Unbuffered writes to stdout and stderr, so a coprocess sees each answer
/// as soon as its command ran, and errors interleave with output in order.
enum StandardStreams {
    static func out(_ text: String) { write(text, to: 1) }
    static func err(_ text: String) { write(text, to: 2) }
    /// Bytes as they are: a csv frame may hold text that is not UTF-8.
    static func out(bytes: [UInt8]) { write(bytes[...], to: 1) }

    /// Why standard output could not be written (a full disk, an I/O
    /// error), if it failed: the run must not end as a success. A reader
    /// that went away (EPIPE) is no failure: `navsh … | head -1` is normal.
    nonisolated(unsafe) private(set) static var outputFailure: String?

    private static func write(_ text: String, to fd: Int32) {
        write(Array(text.utf8)[...], to: fd)
    }

    private static func write(_ bytes: ArraySlice<UInt8>, to fd: Int32) {
        guard !bytes.isEmpty else { return }
        var bytes = bytes
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                if errno != EPIPE && fd == 1 && outputFailure == nil {
                    outputFailure = String(cString: strerror(errno))
                }
                return
            }
            bytes = bytes.dropFirst(written)
        }
    }
}

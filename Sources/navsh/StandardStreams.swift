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

    private static func write(_ text: String, to fd: Int32) {
        guard !text.isEmpty else { return }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return  // the reader went away (EPIPE); nothing sensible to do
            }
            bytes = bytes.dropFirst(written)
        }
    }
}

import CTerminal
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads lines from a pipe or file with large buffered reads (libedit reads
/// a byte per system call on a pipe: ten times slower on long scripts).
/// A line is returned as soon as its newline arrives, so navsh can be driven
/// as a coprocess. Memory stays bounded: a line longer than `maximumLength`
/// is skipped to its end and reported by length.
public struct PlainLineReader: LineSource {
    private let fd: Int32
    private let maximumLength: Int
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false
    /// Why reading stopped, when it was not the end of the input.
    private var failure: String?

    public init(fileDescriptor: Int32, maximumLength: Int) {
        self.fd = fileDescriptor
        self.maximumLength = maximumLength
    }

    public mutating func nextLine() -> LineEvent {
        var skipped = 0  // bytes of an over-long line already thrown away
        while true {
            if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                let length = skipped + newline - start
                defer { start = newline + 1 }
                if length > maximumLength { return .tooLong(byteCount: length) }
                return .line(withoutCarriageReturn(buffer[start..<newline]))
            }
            if buffer.count - start > maximumLength {
                skipped += buffer.count - start
                buffer.removeAll(keepingCapacity: true)
                start = 0
            }
            if let failure { return .failed(reason: failure) }
            if atEnd {
                let length = skipped + buffer.count - start
                if length == 0 { return .end }
                defer { buffer.removeAll(); start = 0 }
                if length > maximumLength { return .tooLong(byteCount: length) }
                return .line(withoutCarriageReturn(buffer[start...]))
            }
            fill()
        }
    }

    /// Scripts written on Windows end lines in CRLF; the CR is not part of the command.
    private func withoutCarriageReturn(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        bytes.last == UInt8(ascii: "\r") ? Array(bytes.dropLast()) : Array(bytes)
    }

    private mutating func fill() {
        if start > 0 {
            buffer.removeFirst(start)
            start = 0
        }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count > 0 {
                buffer.append(contentsOf: chunk[0..<count])
                return
            }
            // SIGTERM or SIGHUP ends the input; anything else that interrupts reads again.
            if count < 0 && errno == EINTR && navsh_termination_signal() == 0 { continue }
            if count < 0 && errno != EINTR {
                failure = String(cString: strerror(errno))
                return
            }
            atEnd = true
            return
        }
    }
}

/// What a line source produced.
public enum LineEvent: Equatable, Sendable {
    /// One line without its terminator, as raw bytes (UTF-8 is checked by the session).
    case line([UInt8])
    /// A line longer than the reader keeps; its bytes were skipped, not stored.
    case tooLong(byteCount: Int)
    /// Ctrl-C at the prompt.
    case interrupted
    /// End of input (Ctrl-D at an empty prompt, or end of file).
    case end
    /// The input could not be read (a directory, an I/O error): not an end,
    /// since the rest of a script would silently go unrun.
    case failed(reason: String)
}

/// Something lines come from: a pipe, a file, `-c` arguments or a terminal.
public protocol LineSource {
    mutating func nextLine() -> LineEvent
}

/// Lines given up front (`-c CMD`, tests).
public struct ArrayLineSource: LineSource {
    private var lines: ArraySlice<String>

    public init(_ lines: [String]) {
        self.lines = ArraySlice(lines)
    }

    public mutating func nextLine() -> LineEvent {
        guard let line = lines.popFirst() else { return .end }
        return .line(Array(line.utf8))
    }
}

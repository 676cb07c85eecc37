import CLibEdit
import CTerminal
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lines from a terminal through libedit's native API: emacs keys, in-memory
/// history, `~/.editrc`. Ctrl-C returns `.interrupted` (the line is dropped);
/// Ctrl-D on an empty line returns `.end`.
public final class EditLineReader: LineSource {
    private let editLine: OpaquePointer
    private let history: OpaquePointer
    /// The prompt libedit shows; it must stay valid while el_gets runs.
    private var promptBuffer: UnsafeMutablePointer<CChar>?
    public var prompt: String = "> " {
        didSet { setPromptBuffer(prompt) }
    }

    public init?(program: String = "navsh", historySize: Int32 = 5_000) {
        guard let editLine = navsh_el_init(program), let history = navsh_history_init(historySize) else {
            return nil
        }
        self.editLine = editLine
        self.history = history
        navsh_el_set_clientdata(editLine, Unmanaged.passUnretained(self).toOpaque())
        navsh_el_set_prompt(editLine) { editLine in
            guard let editLine, let data = navsh_el_get_clientdata(editLine) else { return nil }
            return Unmanaged<EditLineReader>.fromOpaque(data).takeUnretainedValue().promptBuffer
        }
        navsh_el_set_editor(editLine, "emacs")
        navsh_el_set_signal(editLine, 1)
        navsh_el_set_history(editLine, history)
        el_source(editLine, nil)
        setPromptBuffer(prompt)
        Terminal.catchInterrupts()
    }

    deinit {
        el_end(editLine)
        history_end(history)
        free(promptBuffer)
    }

    public func nextLine() -> LineEvent {
        var count: Int32 = 0
        _ = Terminal.takeInterrupt()
        guard let raw = el_gets(editLine, &count) else {
            if count == -1 || Terminal.takeInterrupt() {
                return .interrupted
            }
            return .end
        }
        var bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(raw).assumingMemoryBound(to: UInt8.self),
                                              count: Int(strlen(raw))))
        if bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
        return .line(bytes)
    }

    /// Adds a line to the in-memory history (consecutive duplicates dropped).
    public func remember(_ line: String) {
        navsh_history_enter(history, line)
    }

    /// Asks a yes/no question at the terminal; anything but y or yes is no,
    /// and so are Ctrl-C and Ctrl-D. Answers are not kept in history.
    public func ask(_ question: String) -> Bool {
        let saved = prompt
        defer { prompt = saved }
        prompt = question
        var count: Int32 = 0
        guard let raw = el_gets(editLine, &count) else {
            _ = Terminal.takeInterrupt()
            print("")
            return false
        }
        let answer = String(cString: raw).trimmingCharacters(in: " \t\n").lowercased()
        return answer == "y" || answer == "yes"
    }

    private func setPromptBuffer(_ text: String) {
        free(promptBuffer)
        promptBuffer = strdup(text)
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: String) -> String {
        var s = Substring(self)
        while let c = s.first, set.contains(c) { s.removeFirst() }
        while let c = s.last, set.contains(c) { s.removeLast() }
        return String(s)
    }
}

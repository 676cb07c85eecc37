import CLibEdit
import CTerminal
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lines from a terminal through libedit's native API: emacs keys, history,
/// `~/.editrc`, Tab completion in our own handler (readline-only hooks are
/// what broke completion in nmcli, cmd2 and Python's cmd under libedit).
/// Ctrl-C returns `.interrupted` (the line is dropped); Ctrl-D on an empty
/// line returns `.end`.
public final class EditLineReader: LineSource {
    /// Given the line up to the cursor: the word being completed (a suffix
    /// of that text) and the full replacements for it.
    public typealias Completer = (String) -> (word: String, candidates: [String])
    /// Lays candidates out for a terminal `width` columns wide, each line
    /// ending in a newline: the caller's look (escaping, columns, a limit).
    public typealias Listing = (_ candidates: [String], _ width: Int) -> String

    /// Marks invisible escape sequences in the prompt (EL_PROMPT_ESC).
    public static let promptEscape: Character = "\u{1}"

    private let editLine: OpaquePointer
    private let history: OpaquePointer
    /// Questions have a history of their own that stays empty: Up at a
    /// question never offers a command.
    private let questionHistory: OpaquePointer
    /// One history per field for `edit`: Up offers earlier values of that
    /// field typed in this session, never commands.
    private var fieldHistories: [String: OpaquePointer] = [:]
    /// The prompt libedit shows; it must stay valid while el_gets runs.
    private var promptBuffer: UnsafeMutablePointer<CChar>?
    /// The line as it was at the last Tab that could add nothing: a second
    /// Tab on the same line lists the candidates.
    private var lastFruitlessTab: String?
    private var completing = true
    public var completer: Completer?
    /// How a second Tab lists the candidates; one a line unless set.
    public var listing: Listing = { candidates, _ in candidates.map { $0 + "\n" }.joined() }

    /// Terminal columns a text takes (CJK and emoji two, marks none); the
    /// reader links no Unicode tables of its own, so its user hands them in.
    /// Grapheme count unless set.
    public var displayWidth: (String) -> Int = { $0.count }

    /// What to print above the prompt when the wake pipe is written to
    /// (`wake(on:notice:)`); asked on the main thread, between two keys.
    private var wakeNotice: (() -> String)?
    /// Reading a command, not answering a question or editing a field:
    /// only then is the news said while idle (the next prompt's check
    /// says it otherwise).
    private var atCommandPrompt = false

    /// May hold escape sequences between two `promptEscape` characters.
    public var prompt: String = "> " {
        didSet { setPromptBuffer(prompt) }
    }

    /// Nil when libedit cannot be loaded (it is loaded here, at the prompt's
    /// start, not linked) or cannot start.
    public init?(program: String = "navsh", historySize: Int32 = 5_000) {
        guard navsh_libedit_open() == 1, let editLine = navsh_el_init(program), let history = navsh_history_init(historySize),
              let questionHistory = navsh_history_init(1) else {
            return nil
        }
        self.editLine = editLine
        self.history = history
        self.questionHistory = questionHistory
        navsh_el_set_clientdata(editLine, Unmanaged.passUnretained(self).toOpaque())
        navsh_el_set_prompt_esc(editLine, { editLine in
            guard let editLine, let data = navsh_el_get_clientdata(editLine) else { return nil }
            return Unmanaged<EditLineReader>.fromOpaque(data).takeUnretainedValue().promptBuffer
        }, 1)
        navsh_el_set_editor(editLine, "emacs")
        navsh_el_set_signal(editLine, 1)
        navsh_el_set_read_char(editLine)
        navsh_el_set_history(editLine, history)
        navsh_el_addfn(editLine, "navsh-complete", "complete the word before the cursor") { editLine, _ in
            guard let editLine, let data = navsh_el_get_clientdata(editLine) else { return UInt8(CC_ERROR) }
            return Unmanaged<EditLineReader>.fromOpaque(data).takeUnretainedValue().complete()
        }
        navsh_el_bind(editLine, "^I", "navsh-complete")
        navsh_el_source(editLine, nil)
        setPromptBuffer(prompt)
        Terminal.catchInterrupts()
    }

    deinit {
        navsh_el_end(editLine)
        navsh_history_end(history)
        navsh_history_end(questionHistory)
        for fieldHistory in fieldHistories.values { navsh_history_end(fieldHistory) }
        free(promptBuffer)
    }

    public func nextLine() -> LineEvent {
        lastFruitlessTab = nil
        atCommandPrompt = true
        defer { atCommandPrompt = false }
        return read() ?? (Terminal.takeInterrupt() ? .interrupted : .end)
    }

    /// Asks a question at the terminal; nil for Ctrl-C or Ctrl-D. Answers
    /// are not kept in history and nothing is completed.
    public func ask(_ question: String) -> String? {
        modal(prompt: question, initial: "", history: questionHistory)
    }

    /// Throws away what was typed but not yet read (keys pressed before a
    /// question was shown are no answer to it); returns how many lines.
    @discardableResult
    public func discardTypeAhead() -> Int {
        Int(navsh_discard_type_ahead(STDIN_FILENO))
    }

    /// A one-line editor pre-filled with `initial`, cursor at the end; nil
    /// when cancelled with Ctrl-C or Ctrl-D. `field` names the history Up
    /// and Down walk: earlier values of that field, not commands.
    public func edit(prompt: String, initial: String, field: String) -> String? {
        let fieldHistory: OpaquePointer
        if let existing = fieldHistories[field] {
            fieldHistory = existing
        } else {
            guard let created = navsh_history_init(100) else { return nil }
            fieldHistories[field] = created
            fieldHistory = created
        }
        let value = modal(prompt: prompt, initial: initial, history: fieldHistory)
        if let value, !value.isEmpty { navsh_history_enter(fieldHistory, value) }
        return value
    }

    /// While a line is read, a byte written to `fd` (a non-blocking pipe,
    /// from any thread) calls `notice` between two keys; what it returns is
    /// printed above the prompt, and the prompt with the partly typed line
    /// is drawn again below it, as it was: news arrives while its user sits
    /// idle, and nothing typed is lost.
    public func wake(on fd: Int32, notice: @escaping () -> String) {
        wakeNotice = notice
        navsh_set_wake(fd) { editor in
            guard let editor, let data = navsh_el_get_clientdata(OpaquePointer(editor)) else { return }
            Unmanaged<EditLineReader>.fromOpaque(data).takeUnretainedValue().printAbovePrompt()
        }
    }

    /// Adds a line to the history (consecutive duplicates are dropped).
    public func remember(_ line: String) {
        navsh_history_enter(history, line)
    }

    /// The history, oldest first.
    public var entries: [String] {
        var result: [String] = []
        var entry = navsh_history_step(history, H_LAST)
        while let line = entry {
            result.append(String(cString: line))
            entry = navsh_history_step(history, H_PREV)
        }
        return result
    }

    public func loadHistory(from path: String) {
        navsh_history_load(history, path)
    }

    /// Writes the history readable by its owner only.
    public func saveHistory(to path: String) {
        let fd = open(path, O_WRONLY | O_CREAT, 0o600)
        if fd >= 0 { close(fd) }
        chmod(path, 0o600)
        navsh_history_save(history, path)
    }

    // MARK: Internals

    private func read() -> LineEvent? {
        var count: Int32 = 0
        _ = Terminal.takeInterrupt()
        guard let raw = navsh_el_gets(editLine, &count) else {
            return count == -1 ? .interrupted : nil
        }
        var bytes = Array(UnsafeBufferPointer(
            start: UnsafeRawPointer(raw).assumingMemoryBound(to: UInt8.self), count: Int(strlen(raw))))
        if bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
        return .line(bytes)
    }

    private func modal(prompt text: String, initial: String, history modalHistory: OpaquePointer) -> String? {
        let saved = prompt
        completing = false
        navsh_el_set_history(editLine, modalHistory)
        defer {
            prompt = saved
            completing = true
            navsh_el_set_history(editLine, history)
        }
        prompt = text
        // Pushed text is read as if typed; control characters would act as
        // editing keys, so such a value starts empty instead.
        if !initial.isEmpty && !initial.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            navsh_el_push(editLine, initial)
        }
        guard case .line(let bytes)? = read() else {
            _ = Terminal.takeInterrupt()
            write(1, "\n", 1)
            return nil
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// From the start of the prompt's first screen row: the notice, then
    /// the prompt and the line again (libedit's EL_REFRESH draws them from
    /// the cursor's row as if the screen there were empty).
    private func printAbovePrompt() {
        guard atCommandPrompt, let text = wakeNotice?(), !text.isEmpty else { return }
        var rowsAbove = 0
        if let info = navsh_el_line(editLine), let columns = Terminal.size(of: 1)?.columns, columns > 0,
           let start = UnsafeRawPointer(info.pointee.buffer), let cursor = UnsafeRawPointer(info.pointee.cursor),
           cursor >= start {
            let typed = String(decoding: UnsafeRawBufferPointer(start: start, count: cursor - start), as: UTF8.self)
            rowsAbove = (displayWidth(Self.visiblePart(prompt)) + displayWidth(typed)) / columns
        }
        let up = rowsAbove > 0 ? "\u{1B}[\(rowsAbove)A" : ""
        let out = "\r" + up + "\u{1B}[J" + text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n")
        _ = out.withCString { write(1, $0, strlen($0)) }
        navsh_el_refresh(editLine)
    }

    /// The prompt without its invisible parts (between `promptEscape`s).
    static func visiblePart(_ prompt: String) -> String {
        var visible = ""
        var hidden = false
        for character in prompt {
            if character == promptEscape { hidden.toggle() } else if !hidden { visible.append(character) }
        }
        return visible
    }

    private func setPromptBuffer(_ text: String) {
        free(promptBuffer)
        promptBuffer = strdup(text)
    }

    /// The Tab key: one candidate is inserted with a trailing space; several
    /// insert their common prefix; the next Tab that can add nothing lists them.
    private func complete() -> UInt8 {
        guard completing, let completer, let info = navsh_el_line(editLine) else { return UInt8(CC_ERROR) }
        let start = UnsafeRawPointer(info.pointee.buffer)!
        let cursor = UnsafeRawPointer(info.pointee.cursor)!
        let before = String(decoding: UnsafeRawBufferPointer(start: start, count: cursor - start), as: UTF8.self)
        let (word, candidates) = completer(before)
        guard !candidates.isEmpty else { return UInt8(CC_REFRESH_BEEP) }
        if candidates.count == 1 {
            replace(word, with: candidates[0] + " ")
            return UInt8(CC_REFRESH)
        }
        let common = Self.commonPrefix(candidates)
        if common.count > word.count && common.hasPrefix(word) {
            replace(word, with: common)
            // The next Tab can add nothing more: it lists them, as readline's
            // does (it took a third Tab).
            lastFruitlessTab = String(before.dropLast(word.count)) + common
            return UInt8(CC_REFRESH)
        }
        guard lastFruitlessTab == before else {
            lastFruitlessTab = before
            return UInt8(CC_REFRESH_BEEP)
        }
        let columns = Terminal.size(of: 1)?.columns ?? 80
        let text = "\n" + listing(candidates, columns)
        _ = text.withCString { write(1, $0, strlen($0)) }
        return UInt8(CC_REDISPLAY)
    }

    /// The longest start every candidate shares.
    static func commonPrefix(_ words: [String]) -> String {
        guard var prefix = words.first else { return "" }
        for word in words.dropFirst() {
            while !word.hasPrefix(prefix) { prefix.removeLast() }
        }
        return prefix
    }

    private func replace(_ word: String, with text: String) {
        if !word.isEmpty { navsh_el_deletestr(editLine, Int32(word.unicodeScalars.count)) }
        navsh_el_insertstr(editLine, text)
    }
}

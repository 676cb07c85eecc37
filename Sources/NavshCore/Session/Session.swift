/// The navigation state machine: fed one line, it returns what to print.
/// Interactive mode, scripts and tests all drive this same object; it knows
/// nothing of terminals or SQL.
public final class Session {
    public enum Mode: Sendable {
        /// Guarded actions ask a question.
        case interactive
        /// Guarded actions fail: a script must never be answered by its own lines.
        case script
    }

    static let invalidUTF8 = CommandError.line(.invalidUTF8)

    /// Longest line accepted, in UTF-8 bytes.
    public static let maximumLineLength = 65_536

    /// For reads. Every write goes through `writer`, which journals it.
    let store: any StoreReader
    let writer: JournaledStore
    /// The frames, root first; changed only through `push` and `pop` (Session+Stack).
    var stack: [any Frame]
    public internal(set) var isFinished = false
    /// The store's change token when this session last looked.
    var lastChangeToken: Int?
    /// A command's own look found a change and left the top list's line
    /// on its rows to the prompt's look, which finds no change of its own.
    var shownRowsUnsaid = false
    /// `store.connectionsLost` when last said (`connectionNotice`).
    var connectionsLostSaid = 0
    /// The server the last notice (or the start) found the store on.
    var placeSaid: ServerPlace?
    /// The last look at the store refreshed the top record frame: a command
    /// typed before its user saw the new values must not act on them.
    var topTookFreshValues = false
    /// What the last delete question said would go with its row: a yes
    /// holds for that, not for rows that came to depend on it since.
    var askedCascade: (id: RecordID, collection: String, rows: Set<String>)?
    /// Titles chosen by `title` for this session, by collection, and how the
    /// store presented collections before the first of them.
    var titles: [String: TitleChoice] = [:]
    var basePresentation: ((CollectionSchema) -> CollectionSchema)?
    /// How this session runs, given at `init`.
    public var configuration: Configuration {
        didSet {
            writer.summarizes = configuration.summarizesChanges
            writer.rowsWordedPerBatch = configuration.rowsWordedPerBatch
        }
    }
    var mode: Mode { configuration.mode }
    var viewport: () -> Viewport { configuration.viewport }
    var clock: () -> CivilTime { configuration.clock }
    var framesAsData: Bool { configuration.framesAsData }
    var writesFiles: Bool { configuration.writesFiles }
    var showProgress: (_ what: String, _ done: Int, _ total: Int) -> Void { configuration.showProgress }
    var laysOutUnrequested: Bool { configuration.laysOutUnrequested }
    var historyEntries: () -> [String]? { configuration.historyEntries }
    /// The current line showed a page of a list, already cut to the terminal.
    var showedPage = false
    /// Output printed above what the running command shows (a notice of
    /// changes elsewhere, the saves a question's answer made first): a page
    /// leaves room for it.
    var shownAbove = ""
    /// Frames shown while the current line runs, when `framesAsData`.
    var framesShown: [ShownFrame] = []
    /// While a line runs: its frames are laid out (or handed out as data).
    var laysOutFrames = true

    public init(store: any Store, configuration: Configuration) {
        self.store = store
        self.writer = JournaledStore(store)
        self.configuration = configuration
        writer.summarizes = configuration.summarizesChanges
        writer.rowsWordedPerBatch = configuration.rowsWordedPerBatch
        if store.collections.count == 1 {
            stack = [ListFrame(collection: store.collections[0])]
        } else {
            stack = [CollectionsFrame(title: store.displayName, collections: store.collections)]
        }
        lastChangeToken = try? store.changes(since: nil).token
        placeSaid = store.serverPlace
    }

    /// The writes this session made, one line each (`update items › Gort
    /// statue: value 120 → 150`), for a dry run's report.
    public var changesMade: [String] { writer.reported.joined().map { TextLayout.printable($0) } }
    /// How many writes this session made (undo's included), worded or not.
    public var changeCount: Int { writer.journal.count }
    /// The changes as a dry run counts them, each row of a batch one: a
    /// script's 100,000-row batch was "1 change" when rolled back.
    public var changesCounted: Int { writer.journal.reduce(0) { $0 + $1.rowCount } }
    /// A dry run's command whose own COMMIT would be refused: its writes
    /// leave the report (`JournaledStore.forget`). The script stops there.
    public func forgetChanges(after count: Int) {
        writer.forget(after: count)
        forgotChanges = true
    }
    /// `forgetChanges` was called: counts of the transaction's rows include writes no longer reported.
    public private(set) var forgotChanges = false

    // MARK: State for callers

    /// A crumb per frame, titles printable and cut to 32 columns, so a
    /// caller can style the prompt without re-deriving it.
    public var crumbs: [Crumb] {
        stack.map { Crumb(title: TextLayout.truncate(TextLayout.printable($0.crumb), to: 32), isDirty: $0.isDirty) }
    }

    /// `Items › Gort statue*`: a crumb per frame, `*` where edits are unsaved.
    public var breadcrumb: String { Crumb.breadcrumb(crumbs) }

    public var prompt: String { Crumb.breadcrumb(promptCrumbs) + "> " }

    /// The crumbs the prompt shows: at a terminal, no wider than half of it
    /// (`Crumb.fitted`); a script has no terminal, so its echoed prompts
    /// keep every frame.
    public var promptCrumbs: [Crumb] {
        mode == .interactive ? Crumb.fitted(crumbs, width: viewport().columns / 2) : crumbs
    }

    /// The stack as a path without markers, for error messages.
    public var location: String { path(upTo: stack.count - 1) }

    /// Every frame with unsaved edits, outermost first.
    public var unsavedWork: [UnsavedWork] { unsavedWork(from: 0) }

    /// What an interactive session prints when it starts.
    public func welcome() -> Response {
        var response = handingOut { run { Response(output: try show(top)) } }
        // On a cluster, which of its servers this is, as `describe` says it.
        if let place = store.serverPlace, place.servers.count > 1 {
            response.notice = "on \(place.name), \(place.role) (of \(place.servers.joined(separator: ", ")))\n" + response.notice
        }
        return response
    }

    // MARK: Feeding lines

    /// Runs one line. A line that fails changes nothing.
    public func execute(_ line: String) -> Response {
        handingOut { executeLine(line) }
    }

    private func executeLine(_ line: String) -> Response {
        if line.utf8.count > Self.maximumLineLength { return refuseLongLine(byteCount: line.utf8.count) }
        if line.utf8.contains(0) {
            return .failure(.line(.nulByte))
        }
        let command: (any Command)?
        do {
            command = try CommandParser.parse(line, in: top.kind, abbreviations: mode == .interactive)
        } catch {
            return .failure(error)
        }
        guard let command else { return Response() }
        return command.onlyReads ? store.readingAsOne { lookAndRun(command) } : lookAndRun(command)
    }

    /// Says what changed elsewhere, then runs the command.
    private func lookAndRun(_ command: any Command) -> Response {
        // What changed elsewhere is said before the command's own output, so
        // a record never takes values its user was not shown. A script's
        // command that uses nothing read before leaves the look to the next.
        let notice = mode == .script && command.usesNothingReadBefore(in: self) ? ""
            : changesElsewhereNotice(sayingShownRows: false)
        if topTookFreshValues && command.editsTheRecord {
            // The user typed this looking at the old values: say what changed, run nothing.
            return Response(output: notice, error: .line(.recordChangedBeforeLine))
        }
        laysOutFrames = laysOutUnrequested || command.isReport
        // The notice prints first: a list the command shows leaves room for it.
        shownAbove = notice
        defer {
            laysOutFrames = true
            shownAbove = ""
        }
        var response = run { try command.run(in: self, confirmed: false) }
        if !writesFiles { response.output = DryRunWording.wording(response.output) }
        response.output = notice + response.output
        response.notice = connectionNotice(unlessSaidBy: response.error)
        response.requested = command.isReport
        return response
    }

    /// True when `line` is an `edit` command, which in a script owns the
    /// next line as its value, whether or not the edit itself succeeded: a
    /// value line must never run as a command (`--keep-going` included).
    public static func ownsValueLine(_ bytes: [UInt8]) -> Bool {
        var scanner = WordScanner(String(decoding: bytes, as: UTF8.self))
        return (try? scanner.next()) == "edit"
    }

    /// What a script line is to `--keep-going`, which skips the lines after
    /// a failure they may count on until a `top` works.
    public enum ScriptLine: Equatable, Sendable {
        /// A blank line or a comment: it does nothing.
        case nothing
        /// Changes nothing later lines count on, even failed (a report, a page): it runs while skipping.
        case report
        /// `top` or `top!`: from the first frame, later lines mean what they say again.
        case top
        /// `quit` or `quit!`: the lines after it were never meant to run.
        case quit
        /// Anything else: after it failed, later lines may act on a frame, an order or rows not meant.
        case other
    }

    /// The kind of script line `bytes` is here. A line that is no command
    /// here may be a mistyped `where`: it is `.other`.
    public func scriptLine(_ bytes: [UInt8]) -> ScriptLine {
        guard let line = String(validating: bytes, as: UTF8.self), !line.utf8.contains(0) else { return .other }
        let command: (any Command)?
        do {
            command = try CommandParser.parse(line, in: top.kind, abbreviations: mode == .interactive)
        } catch {
            // A report's line that fails to parse changed nothing either. In
            // every frame: `where COND` at a batch meant its list's filter.
            let word = line.trimmingSpaces.prefix { !$0.isWhitespace }
            let forms = CommandRegistry.forms.filter { $0.form.name == word }
            return !forms.isEmpty && forms.allSatisfy({ $0.type.onlyReports }) ? .report : .other
        }
        guard let command else { return .nothing }
        if command is TopCommand { return .top }
        if command is QuitCommand { return .quit }
        return command.leavesLaterLinesAlone ? .report : .other
    }

    /// Runs a line given as bytes, refusing invalid UTF-8 instead of repairing it.
    public func execute(bytes: [UInt8]) -> Response {
        if bytes.count > Self.maximumLineLength { return refuseLongLine(byteCount: bytes.count) }
        guard let line = String(validating: bytes, as: UTF8.self) else { return .failure(Self.invalidUTF8) }
        return execute(line)
    }

    /// The answer to a line a reader skipped for its length.
    public func refuseLongLine(byteCount: Int) -> Response {
        .failure(.line(.tooLong(bytes: byteCount, limit: Self.maximumLineLength)))
    }

    /// Carries out a question's action as the answer allows: `save` saves
    /// every unsaved frame first (and stays if a save is refused); `no` and
    /// `stay` change nothing.
    public func answer(_ question: Question, _ answer: Answer) -> Response {
        handingOut { answerUnsafe(question, answer) }
    }

    private func answerUnsafe(_ question: Question, _ answer: Answer) -> Response {
        switch answer {
        case .no:
            return Response(output: question.declined.map { $0 + "\n" } ?? "")
        case .stay:
            return Response()
        case .yes, .discard:
            return run { try question.then.run(in: self, confirmed: true) }
        case .save:
            var saved = ""
            defer { shownAbove = "" }
            let response = run {
                saved = try saveAll()
                shownAbove = saved
                return try question.then.run(in: self, confirmed: true)
            }
            return Response(output: saved + response.output, error: response.error, quits: response.quits)
        }
    }

    /// Takes the text typed into a field editor (nil when it was cancelled
    /// with Ctrl-C). A refused value comes back with a new editor pre-filled
    /// with what was typed, so nothing typed is lost.
    public func finishEdit(_ edit: FieldEdit, with text: String?) -> Response {
        handingOut { finishEditUnsafe(edit, with: text) }
    }

    private func finishEditUnsafe(_ edit: FieldEdit, with text: String?) -> Response {
        // Named as the record shows it (its label).
        let shown = (top as? RecordFrame)?.collection.field(named: edit.field)?.shownName ?? TextLayout.printable(edit.field)
        // An empty line keeps the value, NULL included: `set FIELD ""` says "empty".
        guard let text, !text.isEmpty else {
            let why = text != nil && edit.hadValue ? " (an empty line keeps the value)" : ""
            return Response(output: "\(shown) unchanged\(why)\n")
        }
        // Enter on the value as it was is no edit: re-parsing its text could
        // change its type (5 → '5' in an untyped column).
        if text == edit.initial { return Response(output: "\(shown) unchanged\n") }
        let response = run { try SetCommand(field: edit.field, value: text).run(in: self, confirmed: false) }
        guard response.error != nil else { return response }
        var retry = response
        retry.edit = FieldEdit(field: edit.field, prompt: edit.prompt, initial: text, hadValue: edit.hadValue,
                               placeholder: edit.placeholder)
        retry.edit?.external = edit.external || EditCommand.needsEditor(text, width: viewport().columns)
        return retry
    }

    /// `finishEdit` for a line read as bytes (a script's next line), refusing
    /// invalid UTF-8 like `execute(bytes:)`; a refused value does not reopen an editor.
    public func finishEdit(_ edit: FieldEdit, bytes: [UInt8]) -> Response {
        guard let text = String(validating: bytes, as: UTF8.self) else { return .failure(Self.invalidUTF8) }
        if bytes.contains(0) { return .failure(.line(.valueLineNulByte)) }
        var response = finishEdit(edit, with: text)
        response.edit = nil
        return response
    }

    /// Throws away every edit buffer (end of a script's input, or a signal).
    public func discardAllEdits() {
        for case let frame as RecordFrame in stack { frame.buffer.revert() }
    }

    // MARK: Internals shared by the command files

    /// A response on its way out: with the frames its line showed, as data
    /// when asked for, and every text made safe for a terminal.
    private func handingOut(_ body: () -> Response) -> Response {
        framesShown = []
        showedPage = false
        var response = body()
        response.shown = framesShown
        response.showsPage = showedPage
        framesShown = []
        return response.terminalSafe()
    }

    /// Runs a command's body, its errors as responses. What it wrote, the
    /// frames it was not made in take (`framesTakeOwnWrites`).
    func run(_ body: () throws -> Response) -> Response {
        let written = writer.journal.count
        defer { if writer.journal.count > written { framesTakeOwnWrites(writer.journal[written...]) } }
        do {
            return try body()
        } catch let error as CommandError {
            return .failure(error)
        } catch let conflict as ConflictReport {
            return Response(output: conflict.table, error: conflict.error)
        } catch let error as StoreError {
            return .failure(.store(error.naming(fieldsOf: collectionOnScreen), at: top.crumb))
        } catch {
            return .failure(CommandError(unexpected: error))
        }
    }

}

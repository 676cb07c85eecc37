/// What a command and its frame see of the session: the frames, read only;
/// the store to read and the journal to write; push, pop and show; the
/// clock and the mode. The stack changes only through these calls, so a
/// command cannot leave it half changed. `Session` is the one context.
protocol CommandContext: AnyObject {
    /// For reads. Every write goes through `writer`, which journals it.
    var store: any StoreReader { get }
    var writer: JournaledStore { get }

    /// The frames, root first.
    var frames: [any Frame] { get }
    var top: any Frame { get }
    func topFrame<F>(_ type: F.Type) throws -> F
    func push(_ frame: any Frame)
    func pushShowing(_ frame: any Frame) throws -> String
    func pop()
    /// Pops, and at the prompt shows the frame returned to below `message`,
    /// which its page leaves room for.
    func popShowingReturn(below message: String) -> String
    func popToRoot()
    func show(_ frame: any Frame) throws -> String
    /// `message`, then the frame: a list's page leaves room for the message on the screen.
    func show(_ frame: any Frame, below message: String) throws -> String
    func finish() -> Response

    /// Unsaved work above `index`: the question before it is dropped.
    func guardUnsaved(from index: Int, retry: any Command, escape: String) -> Response?
    func discardNotice(from index: Int) -> String
    func discardAllEdits()
    func readListsAgain(of table: String?)
    func framesTakeUndo(of change: Change)
    func schemaChangedElsewhere() -> String?
    func titleCollection(_ collection: String, _ choice: TitleChoice?)
    /// What the last delete question said would go with its row.
    var askedCascade: (id: RecordID, collection: String, rows: Set<String>)? { get set }

    var mode: Session.Mode { get }
    var clock: () -> CivilTime { get }
    var viewport: () -> Viewport { get }
    var writesFiles: Bool { get }
    var showProgress: (_ what: String, _ done: Int, _ total: Int) -> Void { get }
    var historyEntries: () -> [String]? { get }
    func path(upTo index: Int) -> String
}

extension CommandContext {
    func readListsAgain() { readListsAgain(of: nil) }

    /// The collection the top frame shows, a list's or a record's; nil at the root.
    var collectionOnScreen: CollectionSchema? {
        (top as? RecordFrame)?.collection ?? (top as? ListFrame)?.collection
    }

    /// `text` broken at spaces to the terminal's width, at the prompt on a
    /// terminal: the terminal itself broke prose mid-word ("Robre" / "t").
    /// Scripts and pipes get it as it is.
    func wrappedAtPrompt(_ text: String) -> String {
        let terminal = viewport()
        guard mode == .interactive, terminal.rows != nil else { return text }
        return TextLayout.wrappingLines(text, width: terminal.columns)
    }

    /// At the prompt, `message` above the list the command changed, drawn
    /// again: the rows on screen were read before it. Never throws: what
    /// was written is written, whether or not the list reads.
    func showAgain(_ list: ListFrame, below message: String) -> String {
        guard mode == .interactive else { return message }
        return (try? show(list, below: message)) ?? wrappedAtPrompt(message)
    }
}

extension Session: CommandContext {
    var frames: [any Frame] { stack }
}

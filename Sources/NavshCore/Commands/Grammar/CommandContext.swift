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
}

extension Session: CommandContext {
    var frames: [any Frame] { stack }
}

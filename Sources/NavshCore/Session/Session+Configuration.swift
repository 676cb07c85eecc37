extension Session {
    /// How a session runs, given once at `init`: the prompt and a script
    /// differ only here, so every setting is seen in one place.
    public struct Configuration {
        /// Whether guarded actions ask (the prompt) or fail (a script).
        public var mode: Mode
        /// The terminal's size, asked each time a page is laid out.
        public var viewport: () -> Viewport
        /// Today and now, for `now`, `today` and `this year`; tests pin it.
        public var clock: () -> CivilTime = CivilTime.now
        /// Shown frames are handed out as data (`Response.shown`), not as table
        /// text: the runner renders them in its format (`--format json`).
        public var framesAsData = false
        /// False in a dry run, which must change nothing: commands that write
        /// files (`export`) refuse.
        public var writesFiles = true
        /// Each write is kept in words (`changesMade`): a dry run's report
        /// needs them; other scripts only count their writes.
        public var summarizesChanges = true
        /// How many rows of a batch `changesMade` words, the rest counted
        /// in one line; nil words them all (a report for programs).
        public var rowsWordedPerBatch: Int?
        /// False under `--quiet`: a frame shown by a command that is not a
        /// report (`open`, `save`, `back`) is read, since row numbers mean the
        /// page shown, but not laid out, as nobody will see it.
        public var laysOutUnrequested = true
        /// A long command's progress (`import`): what it is doing, how far, of
        /// how many; a call with `done == total` ends it. The runner shows it
        /// on a terminal when the command takes more than a second.
        public var showProgress: (_ what: String, _ done: Int, _ total: Int) -> Void = { _, _, _ in }
        /// The commands typed at the prompt for this store, oldest first; the
        /// interactive runner provides them, scripts have none.
        public var historyEntries: () -> [String]? = { nil }

        public init(mode: Mode, viewport: @escaping () -> Viewport = { Viewport() }) {
            self.mode = mode
            self.viewport = viewport
        }
    }

    /// A session with the defaults of `mode`.
    public convenience init(store: any Store, mode: Mode, viewport: @escaping () -> Viewport = { Viewport() }) {
        self.init(store: store, configuration: Configuration(mode: mode, viewport: viewport))
    }
}

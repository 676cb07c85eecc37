/// `open N`, `open #KEY` or `open TITLE` in a list pushes that record.
struct OpenRowCommand: OpenCommand {
    static let forms = [CommandForm("open", [.list], .rest("row"), usage: "open N | open #KEY | open TITLE | open *",
                                    "open row N, the row with key KEY or title TITLE, or every row as one",
                                    example: "open 3")]

    let target: String

    var onlyReads: Bool { true }

    func run(in session: any CommandContext, confirmed: Bool) throws -> Response {
        let list = try session.topFrame(ListFrame.self)
        // A file of one table starts at its list, not at the list of
        // collections: `open TABLE` there means that list, as it does in a
        // file of several, so one script works on both.
        if opensTheList(list, in: session) { return Response(output: try session.show(list)) }
        if target == "*" {
            let batch = try RowBatch.read(list.collection, captions: list.captions, from: session.store)
            return Response(output: try session.pushShowing(RecordFrame(batch: batch)))
        }
        let (record, note) = try ListFrame.isKey(target)
            ? (keyed(in: list, session: session), "")
            : list.recordToOpen(target, in: session.store)
        let frame = RecordFrame(collection: list.collection, record: record)
        return Response(output: session.wrappedAtPrompt(note) + (try session.pushShowing(frame)))
    }

    /// `open TABLE` at a one-table root list: that list, as shown before.
    private func opensTheList(_ list: ListFrame, in session: any CommandContext) -> Bool {
        session.frames.count == 1 && list.collection.filters.isEmpty && Int(target) == nil
            && OpenCollectionCommand.names(list.collection, target.trimmingSpaces)
    }

    /// `open #KEY` reads the row by its key, afresh; a number names a row
    /// as shown, and a title match may list several.
    func usesNothingReadBefore(in session: any CommandContext) -> Bool {
        guard ListFrame.isKey(target), let list = session.top as? ListFrame else { return false }
        return !opensTheList(list, in: session)
    }

    /// The row with the key typed; a title that merely starts with `#`
    /// (`#1 Hits`) is still found by its title when it is no key.
    private func keyed(in list: ListFrame, session: any CommandContext) throws -> Record {
        do {
            return try list.record(keyed: target, in: session.store, thisYear: session.clock().year)
        } catch let error as CommandError {
            guard case .rows(.notAKey) = error, let (record, _) = try? list.recordToOpen(target, in: session.store)
            else { throw error }
            return record
        }
    }

    /// Digits complete row numbers on the page shown (listed with their
    /// titles); text completes titles that hold it, across the whole collection: through an index on
    /// the title when there is one, else by a scan bounded by
    /// `ReadBudget.completion` (a keystroke cannot wait for a million rows).
    /// A scan that stopped early says so in candidates starting with `…`,
    /// so Tab never inserts a title as the only one when others may exist.
    static func complete(_ typed: String, in session: any CommandContext) -> Completion {
        complete(typed, in: session, within: .completion)
    }

    static func complete(_ typed: String, in session: any CommandContext, within budget: ReadBudget) -> Completion {
        guard let list = session.top as? ListFrame else { return .none }
        if typed.isEmpty || typed.allSatisfy({ $0.isASCII && $0.isNumber }) {
            // Numbers are what is inserted; each is listed with its row's title.
            let rows = list.rowsOnPage(size: session.viewport().pageSize, in: session.store)
                .filter { $0.number.hasPrefix(typed) }
            return Completion(word: typed, candidates: rows.map(\.number),
                              labels: Dictionary(rows.map { ($0.number, $0.number + " " + $0.title) }) { a, _ in a })
        }
        return Completion.titles(of: list.collection, matching: typed, in: session.store, within: budget)
    }
}

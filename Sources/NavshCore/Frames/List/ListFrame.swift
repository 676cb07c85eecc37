/// The rows of one collection, a page at a time. It caches the page it last
/// read, so that `show` costs no query and a save re-reads one row only, and
/// it remembers the page its user was last shown: row numbers mean those
/// rows (`delete 3` is the row shown as 3, or a refusal, never another row).
final class ListFrame: Frame {
    struct Page {
        var index: Int
        var size: Int
        var rows: [Record]
        /// No row follows this page's (its read asked for one more).
        var isLast = false
        /// Fewer rows drawn than the page holds, for a message above them.
        var isCut = false

        /// The row shown as `number` (from 1), if this page holds it.
        func row(numbered number: Int) -> Record? {
            let i = number - 1 - index * size
            return rows.indices.contains(i) ? rows[i] : nil
        }
    }

    /// Replaced when the store re-reads its schema (`Session.adoptSchema`).
    var collection: CollectionSchema
    var pageIndex = 0
    /// The rows last read, or nil when they must be read again.
    var cachedPage: Page?
    var cachedCount: Int?
    /// The count could not be had within `ReadBudget.listCount`: lists show
    /// "many" until `count` counts them or the rows change.
    var countIsLong = false
    /// Every 100th or 1,000th row's place in the list (as the store
    /// says), for reaching row N without stepping over the rows before it;
    /// dropped with the cache.
    var anchors = ListAnchors()
    /// Rows between anchors, nil for the store's choice (tests set a small
    /// one to reach anchors in a few rows).
    var anchorSpacing: Int? {
        didSet { anchors = ListAnchors(spacing: anchorSpacing) }
    }
    /// The rows as last shown to the user, which row numbers refer to until
    /// the next `show`. Another process's changes keep it; this session's
    /// own writes adjust it (a row it deleted leaves, and the rows after it
    /// move up, as in a table view), never replace it with rows nobody saw.
    var shownPage: Page?
    /// Another process committed since `shownPage` was shown: the next
    /// render marks rows whose values differ, and row numbers are checked
    /// against the rows as they are now.
    var changedElsewhereSinceShown = false
    /// This session added rows, or moved or took away rows not on the page
    /// shown, since it was shown: a number off that page, read from the list
    /// as it is now, may name a row shown under another number (`delete 20`
    /// took the row shown as 21 after a delete on an earlier page), so it waits for the list to be
    /// shown again.
    var ownWritesMovedRowsSinceShown = false
    /// The row whose record frame was just left at the prompt (save, cancel,
    /// back): marked `>` the next time the list is shown, once.
    var returnedFrom: RecordID?
    /// Rows this session's deletes took from the page shown, with where they
    /// stood (`forget`), until the next show.
    var forgotten: [RecordID: (index: Int, row: Record)] = [:]
    /// The rows of pages shown before the one shown now, by page index (a
    /// few, those nearest), each with whether another process committed
    /// since: a page shown again after a change marks its rows that differ
    /// (`next`, a change elsewhere, `prev` marked nothing).
    var earlierPages: [Int: (rows: [Record], changedSince: Bool)] = [:]
    static let earlierPagesKept = 8
    /// What the prompt last reported of the rows shown (`shownRowsChanged`),
    /// so each change elsewhere is reported once; cleared when shown.
    var reported: (values: [RecordID: Record], gone: Set<RecordID>) = ([:], [])

    /// What a filtered frame's crumb says (`find "jobim"`); nil for the
    /// collection's own list, whose crumb is its title.
    let label: String?
    /// How each of the collection's filters reads in the header, as typed
    /// where that says more (`Artist = "Björk"`, not the key it matched).
    let captions: [String]

    /// How its columns were fitted when first shown, kept across its pages.
    let fit: ListFit

    /// Whose rows a related list holds (`whose ReportsTo is Nancy Edwards`), for its header.
    let owner: String?

    init(collection: CollectionSchema, label: String? = nil, captions: [String]? = nil, fit: ListFit = ListFit(),
         owner: String? = nil) {
        self.collection = collection
        self.owner = owner
        self.fit = fit
        self.label = label
        self.captions = captions ?? collection.filters.map { $0.caption(in: collection) }
    }

    var kind: FrameKind { .list }
    var crumb: String { label ?? collection.displayTitle }
    var unsavedFields: [String] { [] }

    /// This session wrote to the collection: read again at the next render.
    func invalidate() {
        cachedPage = nil
        cachedCount = nil
        countIsLong = false
        anchors = ListAnchors(spacing: anchorSpacing)
    }

    /// Changes how this list reads its rows (`change`: its order, its
    /// columns) and shows it read again; when that read fails (the file
    /// locked, the connection gone), the list is put back as it was, so a
    /// failed `sort` or `columns` changes nothing, as every failed command.
    func reshown(in session: any CommandContext, _ change: () throws -> Void) throws -> String {
        let before = (collection, pageIndex)
        let counted = (cachedCount, countIsLong)
        try change()
        invalidate()
        // An order or columns of its own leave which rows it has as they
        // were: a count just made stays (`sort` went back to "of many"
        // after `count`).
        if collection.filters == before.0.filters, collection.scope == before.0.scope {
            (cachedCount, countIsLong) = counted
        }
        do {
            return try session.show(self)
        } catch {
            (collection, pageIndex) = before
            invalidate()
            throw error
        }
    }

    /// This session deleted these rows: they leave the rows shown, and the
    /// numbers after them move up. Where each stood is kept, so an `undo`
    /// puts it back under the number it was shown with.
    func forget(_ ids: Set<RecordID>) {
        invalidate()
        guard let rows = shownPage?.rows else { return }
        // A row off the page shown moves the numbers of the rows after it there too.
        if ids.contains(where: { id in !rows.contains { $0.id == id } }) { ownWritesMovedRowsSinceShown = true }
        for (index, row) in rows.enumerated() where ids.contains(row.id) { forgotten[row.id] = (index, row) }
        shownPage?.rows.removeAll { ids.contains($0.id) }
    }

    /// `undo` put these rows back: those this session's delete took from the
    /// rows shown return to their places, and the numbers after them with them.
    func putBack(_ ids: [RecordID]) {
        invalidate()
        let back = ids.compactMap { id in forgotten.removeValue(forKey: id) }.sorted { $0.index < $1.index }
        guard var page = shownPage else { return }
        for (index, row) in back { page.rows.insert(row, at: min(index, page.rows.count)) }
        shownPage = page
    }

    /// Whether a write changing `fields` of a row can move it in this list:
    /// in its order, into or out of its `find`/`where`, or out of its owner.
    func rowsMayMove(changing fields: some Sequence<String>) -> Bool {
        !collection.filters.isEmpty || collection.order.map { order in fields.contains(order.field) } ?? false
            // A related list's rows are its owner's: a row set to another owner leaves it.
            || collection.scope.map { scope in fields.contains(scope.field) } ?? false
    }

    /// This session added a row, or moved one in the list's order: read
    /// again when shown, and numbers off the page shown wait for that.
    /// `addedAt`: where a row added stands (from 0), when known: past the
    /// page shown it moves no number shown or before (a script's `new`,
    /// `save`, `open 1` on an empty list).
    func rowsMovedByThisSession(addedAt position: Int? = nil) {
        invalidate()
        guard let shown = shownPage else { return }
        if let position, position >= shown.index * shown.size + shown.rows.count { return }
        ownWritesMovedRowsSinceShown = true
    }

    /// Another connection committed: read again, keeping what was shown.
    func markStale() {
        invalidate()
        if shownPage != nil { changedElsewhereSinceShown = true }
        for index in earlierPages.keys { earlierPages[index]?.changedSince = true }
    }

    /// The page was shown to the user; returns the rows shown before it
    /// when another process changed the store in between, to mark changes.
    func didShow(_ page: Page) -> [RecordID: Record]? {
        defer {
            shownPage = page
            changedElsewhereSinceShown = false
            ownWritesMovedRowsSinceShown = false
            reported = ([:], [])
            forgotten = [:]
        }
        var before: [RecordID: Record] = [:]
        if changedElsewhereSinceShown, let shown = shownPage {
            for row in shown.rows where before[row.id] == nil { before[row.id] = row }
        }
        for earlier in earlierPages.values where earlier.changedSince {
            for row in earlier.rows where before[row.id] == nil { before[row.id] = row }
        }
        remember(leaving: shownPage, for: page)
        return before.isEmpty ? nil : before
    }

    /// Keeps the page shown until now among the earlier pages, unless the
    /// same page is shown again; keeps the nearest `earlierPagesKept`.
    private func remember(leaving shown: Page?, for page: Page) {
        earlierPages[page.index] = nil
        guard let shown, shown.index != page.index else { return }
        earlierPages[shown.index] = (shown.rows, changedElsewhereSinceShown)
        while earlierPages.count > Self.earlierPagesKept,
              let farthest = earlierPages.keys.max(by: { abs($0 - page.index) < abs($1 - page.index) }) {
            earlierPages[farthest] = nil
        }
    }

    /// Replaces one row (found by the identity it had: a save may re-key a
    /// WITHOUT ROWID row) with its re-read version, in the cache and in what
    /// was shown, since the user made this change.
    func patch(_ record: Record, was oldID: RecordID? = nil) {
        let id = oldID ?? record.id
        /// The saved row as a list reads it, with the key when the store
        /// read it for the row's name (`listFields`), as `old` has it.
        func preview(like old: Record) -> Record {
            var preview = ListPreview.of(record, in: collection)
            for field in collection.keyFields where old.value(of: field.name) != nil {
                preview.set(field.name, to: record[field.name])
            }
            return preview
        }
        for keyPath in [\ListFrame.cachedPage, \ListFrame.shownPage] {
            guard var page = self[keyPath: keyPath], let i = page.rows.firstIndex(where: { $0.id == id }) else { continue }
            page.rows[i] = preview(like: page.rows[i])
            self[keyPath: keyPath] = page
        }
        // A row saved here from an earlier page is not marked changed there.
        for (index, earlier) in earlierPages {
            guard let i = earlier.rows.firstIndex(where: { $0.id == id }) else { continue }
            earlierPages[index]?.rows[i] = preview(like: earlier.rows[i])
        }
    }
}

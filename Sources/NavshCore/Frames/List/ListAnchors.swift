/// Where a list's rows start, every `spacing` rows: the cursor after row
/// k·spacing (counting from 0, the row before position (k+1)·spacing).
/// Built lazily as far as a read needs, each anchor a seek from the one
/// before and a step over `spacing` rows, so `page N` or `open N` far down a
/// million rows costs one pass the first time and a seek afterwards, never
/// an OFFSET over every row before it.
///
/// Anchors are positions in the list as it is now: the frame drops them
/// when its rows may have moved (this session's insert, delete or a save
/// to the order field; another process's commit; a new sort).
struct ListAnchors {
    static let defaultSpacing = 1_000

    /// Rows between anchors: as set (tests), else as the store says for the
    /// list's order (`StoreReader.anchorSpacing`) at the first read.
    private(set) var spacing: Int?
    /// `cursors[k]` is the place right after row (k+1)·spacing − 1.
    private(set) var cursors: [ListCursor] = []
    /// Positions past the last row, once a read found the end (nil: unknown).
    private(set) var end: Int?

    init(spacing: Int? = nil) {
        self.spacing = spacing.map { max(1, $0) }
    }

    /// Where a read of the row at `position` (from 0) starts: the nearest
    /// anchor at or before it, and the rows to step over after it; nil when
    /// the list ends before it.
    mutating func start(of position: Int, in collection: CollectionSchema, store: any StoreReader) throws -> RowStart? {
        if let end, position >= end { return nil }
        let spacing = self.spacing ?? max(1, store.anchorSpacing(for: collection))
        self.spacing = spacing
        let block = position / spacing
        guard block > 0 else { return RowStart(after: nil, skip: position) }
        if cursors.count < block {
            let missing = block - cursors.count
            let more = try store.cursors(of: collection, after: cursors.last, every: spacing, count: missing)
            cursors += more
            if more.count < missing { return nil }
        }
        return RowStart(after: cursors[block - 1], skip: position - block * spacing)
    }

    /// Takes what a read from `position` learnt: the anchors among its
    /// rows' cursors, and, when it came back short, where the list ends.
    mutating func learn(from run: RowRun, at position: Int, asked limit: Int) {
        guard let spacing else { return }
        for (i, cursor) in run.cursors.enumerated() {
            let after = position + i + 1
            if after % spacing == 0 && after / spacing == cursors.count + 1 { cursors.append(cursor) }
        }
        if run.rows.count < limit && (run.rows.count > 0 || position == 0) { end = position + run.rows.count }
    }
}

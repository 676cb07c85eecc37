/// The root of a store with several tables: one row per collection.
final class CollectionsFrame: Frame {
    let title: String
    var collections: [CollectionSchema]
    var pageIndex = 0
    /// The rows last drawn, and the page size they count as: their own
    /// number when some were cut, so `next` shows the page whole.
    private(set) var shownPage: (positions: Range<Int>, pageSize: Int)?

    init(title: String, collections: [CollectionSchema]) {
        self.title = title
        self.collections = collections
    }

    var kind: FrameKind { .collections }
    var crumb: String { title }
    var unsavedFields: [String] { [] }

    /// The page of collections to show, each with its row count.
    func load(from store: any StoreReader, pageSize size: Int) throws -> any FrameView {
        try load(from: store, pageSize: size, drawing: .whole)
    }

    func load(from store: any StoreReader, pageSize size: Int, drawing: PageDrawing) throws -> any FrameView {
        pageIndex = min(pageIndex, ListFrame.pageCount(collections.count, size) - 1)
        let first = pageIndex * size
        let (shown, isCut, titled) = drawing.cut(Array(collections.dropFirst(first).prefix(size)))
        shownPage = (first..<(first + shown.count), isCut ? shown.count : size)
        let rows = try shown.enumerated().map { offset, collection in
            // Counted within the list budget: a million-row table does not hold up the root.
            let rowCount: String
            do {
                let total = try store.count(of: collection, within: .listCount)
                rowCount = total.map { "\(ListLayout.grouped($0)) row\($0 == 1 ? "" : "s")" } ?? "many rows"
            } catch StoreError.database(let reason) {
                // One collection that cannot be counted (a view whose SUM
                // overflows) says so in its row; it hid every other one,
                // the root showing nothing but the error.
                rowCount = "cannot count: " + TextLayout.printable(reason)
            }
            return ListLayout.Row(number: first + offset + 1, title: collection.displayTitle,
                                  details: collection.unwritableReason == nil ? [rowCount] : [rowCount, "read-only"])
        }
        return ListView(
            header: titled ? "\(title) (\(collections.count) collection\(collections.count == 1 ? "" : "s"))" : nil,
            rows: rows, total: collections.count, pageIndex: pageIndex, pageSize: size,
            empty: "no tables in this store")
    }
}

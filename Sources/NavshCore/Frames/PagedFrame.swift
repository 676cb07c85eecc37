/// A frame shown a page at a time: a list, or the list of collections.
protocol PagedFrame: Frame {
    var pageIndex: Int { get set }
    /// `load`, drawn below a message as `drawing` says. The page keeps its
    /// rows, so every page keeps its place.
    func load(from store: any StoreReader, pageSize: Int, drawing: PageDrawing) throws -> any FrameView
    /// How many pages there are: counts every row (for an error's "of N").
    func pageCount(size: Int, in store: any StoreReader) throws -> Int
    /// Whether page `index` (from 0) has rows (page 0 always exists): for
    /// `page N` and `next` without counting a long list first.
    func hasPage(_ index: Int, size: Int, in store: any StoreReader) throws -> Bool
    /// The positions (from 0) of the rows last shown, and the page size
    /// they were shown at; nil when none were.
    var shownRows: (positions: Range<Int>, pageSize: Int)? { get }
}

extension PagedFrame {
    var shownRows: (positions: Range<Int>, pageSize: Int)? { nil }
}

extension ListFrame: PagedFrame {
    var shownRows: (positions: Range<Int>, pageSize: Int)? {
        guard let shown = shownPage, shown.size > 0, shown.index <= (Int.max - shown.size) / shown.size else { return nil }
        let first = shown.index * shown.size
        // A page drawn cut reads as drawn at the size of its rows, so `next` shows the rows cut.
        return (first..<(first + shown.rows.count), shown.isCut ? shown.rows.count : shown.size)
    }

    func pageCount(size: Int, in store: any StoreReader) throws -> Int {
        Self.pageCount(try count(in: store), size)
    }

    func hasPage(_ index: Int, size: Int, in store: any StoreReader) throws -> Bool {
        if index == 0 { return true }
        return try index > 0 && !page(index, size: size, in: store).rows.isEmpty
    }
}

extension CollectionsFrame: PagedFrame {
    var shownRows: (positions: Range<Int>, pageSize: Int)? { shownPage }

    func pageCount(size: Int, in store: any StoreReader) throws -> Int {
        ListFrame.pageCount(collections.count, size)
    }

    func hasPage(_ index: Int, size: Int, in store: any StoreReader) throws -> Bool {
        try index >= 0 && index < pageCount(size: size, in: store)
    }
}

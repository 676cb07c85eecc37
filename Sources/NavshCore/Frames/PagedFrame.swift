/// A frame shown a page at a time: a list, or the list of collections.
protocol PagedFrame: Frame {
    var pageIndex: Int { get set }
    /// How many pages there are: counts every row (for an error's "of N").
    func pageCount(size: Int, in store: any StoreReader) throws -> Int
    /// Whether page `index` (from 0) has rows (page 0 always exists): for
    /// `page N` and `next` without counting a long list first.
    func hasPage(_ index: Int, size: Int, in store: any StoreReader) throws -> Bool
}

extension ListFrame: PagedFrame {
    func pageCount(size: Int, in store: any StoreReader) throws -> Int {
        Self.pageCount(try count(in: store), size)
    }

    func hasPage(_ index: Int, size: Int, in store: any StoreReader) throws -> Bool {
        if index == 0 { return true }
        return try index > 0 && !page(index, size: size, in: store).rows.isEmpty
    }
}

extension CollectionsFrame: PagedFrame {
    func pageCount(size: Int, in store: any StoreReader) throws -> Int {
        ListFrame.pageCount(collections.count, size)
    }

    func hasPage(_ index: Int, size: Int, in store: any StoreReader) throws -> Bool {
        try index >= 0 && index < pageCount(size: size, in: store)
    }
}

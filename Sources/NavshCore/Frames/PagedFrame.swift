/// A frame shown a page at a time: a list, or the list of collections.
protocol PagedFrame: Frame {
    var pageIndex: Int { get set }
    func pageCount(size: Int, in store: any StoreReader) throws -> Int
}

extension ListFrame: PagedFrame {
    func pageCount(size: Int, in store: any StoreReader) throws -> Int {
        Self.pageCount(try count(in: store), size)
    }
}

extension CollectionsFrame: PagedFrame {
    func pageCount(size: Int, in store: any StoreReader) throws -> Int {
        ListFrame.pageCount(collections.count, size)
    }
}

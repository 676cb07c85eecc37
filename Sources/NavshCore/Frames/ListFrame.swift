/// The rows of one collection, a page at a time. It caches the page it last
/// showed, so that `show` costs no query and a save re-reads one row only.
final class ListFrame: Frame {
    struct Page {
        var index: Int
        var size: Int
        var rows: [Record]
    }

    let collection: CollectionSchema
    var pageIndex = 0
    /// The rows last read, or nil when they must be read again.
    var cachedPage: Page?
    var cachedCount: Int?
    /// The rows shown before another process changed the store: the next
    /// render marks rows whose values differ from these.
    var rowsBeforeOutsideChange: [RecordID: Record]?

    init(collection: CollectionSchema) {
        self.collection = collection
    }

    var kind: FrameKind { .list }
    var crumb: String { collection.displayTitle }
    var unsavedFields: [String] { [] }

    /// Forget everything read: the next render reads the count and the page.
    func invalidate() {
        cachedPage = nil
        cachedCount = nil
    }

    /// Another connection committed: read again, remembering what was shown.
    func markStale() {
        if let rows = cachedPage?.rows {
            rowsBeforeOutsideChange = Dictionary(rows.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        }
        invalidate()
    }

    /// Replaces one cached row with its re-read version, if it is on the page.
    func patch(_ record: Record) {
        guard var page = cachedPage, let i = page.rows.firstIndex(where: { $0.id == record.id }) else { return }
        page.rows[i] = record
        cachedPage = page
    }
}

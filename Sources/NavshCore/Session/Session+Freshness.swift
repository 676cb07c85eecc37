extension Session {
    /// Asks the store whether another connection committed since the last
    /// look (one cheap PRAGMA); if so, lists read again the next time they are
    /// shown and mark the rows that changed, and clean records show the stored
    /// row. Edit buffers are never touched: `save` checks for conflicts.
    public func noticeChangesElsewhere() {
        guard let token = try? store.changeToken() else { return }
        defer { lastChangeToken = token }
        guard let last = lastChangeToken, last != token else { return }
        for frame in stack {
            if let list = frame as? ListFrame {
                list.markStale()
            } else if let record = frame as? RecordFrame, !record.isDirty, let id = record.id,
                      let fresh = try? store.record(of: record.collection, id: id) {
                record.markSaved(fresh)
            }
        }
    }
}

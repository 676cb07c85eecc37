/// How a list says that rows it shows changed elsewhere.
extension ListFrame {
    /// How many rows on the page shown read differently (or are gone) since
    /// they were shown or last reported: for the one line the prompt prints
    /// before the next prompt. Each shown row is read by its identity, only
    /// after another process committed; with `among` (the rows the store
    /// found changed, `StoreReader.changedRows`), only those.
    func shownRowsChanged(in store: any StoreReader, among: Set<RecordID>? = nil) -> Int {
        guard let shown = shownPage else { return 0 }
        var changed = 0
        for row in shown.rows where among?.contains(row.id) ?? true {
            let read: Record?
            do { read = try store.record(of: collection, id: row.id) } catch { continue }
            if let read {
                let now = ListPreview.of(read, in: collection)
                if !Self.sameRow(reported.values[row.id] ?? row, now) { changed += 1 }
                reported.values[row.id] = now
            } else if reported.gone.insert(row.id).inserted {
                changed += 1
            }
        }
        return changed
    }
}

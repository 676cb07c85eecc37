import NavshCore

/// The prompt's check for rows changed elsewhere: the `xmin` of every row
/// shown, read in one query and compared with the xmin it had when read.
extension PostgresStore {
    /// One `SELECT` of `UNION ALL` branches, one per row shown (each an
    /// index lookup by key), answering with the row's place in the question
    /// and its xmin; a row that does not answer is gone. Views (no xmin) are
    /// left out of the answer, so the change token speaks for them.
    public func changedRows(among shown: [String: [RecordID]]) throws -> [String: Set<RecordID>]? {
        if inBatch { return nil }
        var asked: [(table: String, id: RecordID)] = []
        var branches: [String] = []
        var parameters = Parameters()
        var answer: [String: Set<RecordID>] = [:]
        for (name, ids) in shown.sorted(by: { $0.key < $1.key }) {
            guard let table = tables[name], table.readOnlyReason == nil else { continue }
            answer[name] = []
            for id in ids {
                guard let condition = try? matching(id, table, &parameters) else { continue }
                branches.append("SELECT \(asked.count)::text, xmin::text FROM \(table.relation) WHERE \(condition)")
                asked.append((name, id))
            }
        }
        guard !branches.isEmpty else { return answer }
        var now: [Int: String] = [:]
        for row in try rows(branches.joined(separator: " UNION ALL "), parameters) {
            guard row.count == 2, let place = row[0].flatMap({ Int($0) }), let version = row[1] ?? nil else { continue }
            now[place] = version
        }
        for (place, row) in asked.enumerated() {
            let version = now[place] ?? ""  // gone: reported once, as a change
            guard version != versions.shownVersion(row.table, row.id) else { continue }
            answer[row.table, default: []].insert(row.id)
            // Reported once: the session reads the row again now and compares what it shows.
            versions.setShown(row.table, row.id, version: version)
        }
        return answer
    }

    /// Every row shown reads as changed at the next check, and lists read
    /// again: what the listening connection missed while it was gone is unknown.
    public func forgetShownVersions() {
        versions.forgetShown()
        changesElsewhere += 1
    }
}

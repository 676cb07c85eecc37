import NavshCore

/// The `xmin` of rows as this store last read them whole, with the values
/// read: a save expecting exactly those values is checked by `xmin = $n`
/// (no concurrent writer passes it, whatever it wrote), anything else by
/// comparing the values. Bounded: past `limit` rows the oldest half goes,
/// and a save of a forgotten row is checked by its values instead.
struct RowVersions {
    private struct Entry {
        var version: String
        var values: [String: Value]
        var age: Int
    }

    private var entries: [String: [RecordID: Entry]] = [:]
    private var count = 0
    private var clock = 0
    static let limit = 20_000

    mutating func note(_ table: String, _ id: RecordID, version: String, values: [String: Value]) {
        clock += 1
        if entries[table]?[id] == nil { count += 1 }
        entries[table, default: [:]][id] = Entry(version: version, values: values, age: clock)
        if count > Self.limit { forgetOldest() }
    }

    /// The row's xmin when `expected` is exactly what was read with it.
    func version(_ table: String, _ id: RecordID, holding expected: [String: Value]) -> String? {
        guard let entry = entries[table]?[id], entry.values == expected else { return nil }
        return entry.version
    }

    private mutating func forgetOldest() {
        let cutoff = clock - Self.limit / 2
        for table in entries.keys { entries[table] = entries[table]?.filter { $0.value.age > cutoff } }
        count = entries.values.reduce(0) { $0 + $1.count }
    }
}

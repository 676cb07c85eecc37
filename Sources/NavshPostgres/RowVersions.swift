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

    /// The xmin each row had when first read since it was last watched
    /// (`shownVersion`): what a prompt's check compares with. A later read
    /// leaves it, so a change the user was never shown is still caught (a
    /// false alarm only costs a re-read of the row).
    private var shown: [String: [RecordID: String]] = [:]
    private var shownCount = 0

    mutating func noteRead(_ table: String, _ id: RecordID, version: String) {
        guard shown[table]?[id] == nil else { return }
        if shownCount >= Self.limit {
            shown = [:]
            shownCount = 0
        }
        setShown(table, id, version: version)
    }

    /// The row's version as the prompt's check last took it (its own write, or a change reported).
    mutating func setShown(_ table: String, _ id: RecordID, version: String?) {
        let had = shown[table]?[id] != nil
        shown[table, default: [:]][id] = version
        shownCount += (version != nil ? 1 : 0) - (had ? 1 : 0)
    }

    mutating func forgetShown() {
        shown = [:]
        shownCount = 0
    }

    /// The xmin noted for a row; nil when none was (it is then read as changed).
    func shownVersion(_ table: String, _ id: RecordID) -> String? { shown[table]?[id] }

    private mutating func forgetOldest() {
        let cutoff = clock - Self.limit / 2
        for table in entries.keys { entries[table] = entries[table]?.filter { $0.value.age > cutoff } }
        count = entries.values.reduce(0) { $0 + $1.count }
    }
}

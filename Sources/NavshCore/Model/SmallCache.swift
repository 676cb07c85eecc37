/// A few values kept by the shape of what made them (a query's text per
/// shape of read, which columns a list showed per width), found by a
/// linear search with the caller's own comparison.
///
/// Not a `Dictionary` keyed by the shape: the first dictionary of a new key
/// type makes the Swift runtime check that the type is `Hashable` by
/// scanning every protocol conformance in the binary (6,400 of them), about
/// 380,000 instructions, a tenth of showing a first page. With no
/// requirement on `Key`, this type costs no such scan; a few entries
/// compared by `==` cost less than hashing one.
public struct SmallCache<Key, Value> {
    private var entries: [(key: Key, value: Value)] = []
    /// Beyond this many, the oldest entry is dropped.
    public let limit: Int

    public init(limit: Int = 32) {
        self.limit = max(1, limit)
    }

    public var count: Int { entries.count }

    /// The value kept for the first key `matches` accepts.
    public func first(where matches: (Key) -> Bool) -> Value? {
        for entry in entries where matches(entry.key) { return entry.value }
        return nil
    }

    /// Keeps `value` for `key`, replacing what a matching key held.
    public mutating func set(_ value: Value, for key: Key, matching matches: (Key) -> Bool) {
        if let at = entries.firstIndex(where: { matches($0.key) }) {
            entries[at].value = value
            return
        }
        if entries.count >= limit { entries.removeFirst() }
        entries.append((key, value))
    }

    public mutating func removeAll() {
        entries.removeAll()
    }
}

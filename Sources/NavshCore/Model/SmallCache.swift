/// A few values kept by the shape of what made them (a query's text per
/// shape of read, which columns a list showed per width), found by a linear
/// search with `==`.
///
/// Not a `Dictionary` keyed by the shape: the first dictionary of a new key
/// type made the Swift runtime check that the type is `Hashable` by
/// scanning every protocol conformance in the binary (6,400 of them), about
/// 380,000 instructions, a tenth of showing a first page. The type itself
/// asks nothing of `Key` (only its subscript does, where the compiler
/// checks it), so making one costs no such scan in any build; and a few
/// entries compared by `==` cost less than hashing one.
public struct SmallCache<Key, Value> {
    @usableFromInline var entries: [(key: Key, value: Value)] = []
    /// Beyond this many, the oldest entry is dropped.
    public let limit: Int

    public init(limit: Int = 32) {
        self.limit = max(1, limit)
    }

    public mutating func removeAll() {
        entries.removeAll()
    }
}

extension SmallCache where Key: Equatable {
    /// The value kept for `key`; setting one past `limit` drops the oldest,
    /// setting nil forgets the key.
    // Inlinable, so a store's caches (another module) are specialized to
    // their types: unspecialized, each entry was copied and compared
    // through the runtime's generic witnesses (a query's shape holds ten
    // strings and arrays), 4,000 instructions an edit.
    @inlinable
    public subscript(key: Key) -> Value? {
        get {
            for entry in entries where entry.key == key { return entry.value }
            return nil
        }
        set {
            let at = entries.firstIndex { $0.key == key }
            guard let newValue else {
                if let at { entries.remove(at: at) }
                return
            }
            if let at {
                entries[at].value = newValue
                return
            }
            if entries.count >= limit { entries.removeFirst() }
            entries.append((key, newValue))
        }
    }
}

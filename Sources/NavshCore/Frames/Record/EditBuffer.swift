/// The private copy a record frame edits (the detail controller's
/// tempValues). Nothing in it reaches the store until `save`.
struct EditBuffer {
    /// The values the frame started from: the row as read, or a draft's defaults.
    let base: [String: Value]
    /// Only fields whose value differs from `base`; setting a field back to
    /// its original value makes it clean again.
    private(set) var changes: [String: Value] = [:]

    init(base: [String: Value]) {
        self.base = base
    }

    func value(of field: String) -> Value {
        changes[field] ?? base[field] ?? .null
    }

    func isChanged(_ field: String) -> Bool { changes[field] != nil }

    /// The values with the edits applied: what a save writes.
    var current: [String: Value] {
        base.merging(changes) { _, edit in edit }
    }

    mutating func set(_ field: String, to value: Value) {
        changes[field] = base[field] ?? .null == value ? nil : value
    }

    mutating func revert(_ field: String? = nil) {
        if let field { changes[field] = nil } else { changes = [:] }
    }
}

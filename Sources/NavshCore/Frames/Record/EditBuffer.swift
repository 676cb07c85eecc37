/// The private copy a record frame edits (the detail controller's
/// tempValues). Nothing in it reaches the store until `save`.
struct EditBuffer {
    /// The values the frame started from: the row as read, or a draft's
    /// defaults (under a placeholder identity: the frame keeps the real one).
    let row: Record
    /// Only fields whose value differs from `row`'s; setting a field back to
    /// its original value makes it clean again.
    private(set) var changes: [String: Value] = [:]

    init(base: [String: Value]) {
        row = Record(id: RecordID(parts: [], isPrimaryKey: false), values: base)
    }

    /// Starts from a row as read, kept as it is (no dictionary made of it:
    /// an edit opens and saves a row, and making one each time cost a tenth
    /// of the edit).
    init(row: Record) {
        self.row = row
    }

    /// The starting values by name (made on each call).
    var base: [String: Value] { row.values }

    func value(of field: String) -> Value {
        changes[field] ?? row.value(of: field) ?? .null
    }

    func isChanged(_ field: String) -> Bool { changes[field] != nil }

    /// The values with the edits applied: what a save writes.
    var current: [String: Value] {
        base.merging(changes) { _, edit in edit }
    }

    mutating func set(_ field: String, to value: Value) {
        changes[field] = row.value(of: field) ?? .null == value ? nil : value
    }

    mutating func revert(_ field: String? = nil) {
        if let field { changes[field] = nil } else { changes = [:] }
    }
}

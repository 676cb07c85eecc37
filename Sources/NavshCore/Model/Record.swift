/// Identifies a row for as long as it exists, as its store names it (SQLite:
/// the rowid of an ordinary table, or the primary key values of a WITHOUT
/// ROWID table; PostgreSQL: the primary key). The core keeps and compares
/// identities the store gave it and asks the store to follow a reference
/// (`record(of:referencedBy:field:)`); it never makes one up.
public struct RecordID: Hashable, Sendable {
    /// The values that name the row, in the store's order.
    public var parts: [Value]
    /// `parts` are the row's primary-key field values in key order, so a
    /// change to a key field changes the identity; false when they are a
    /// number the store keeps apart from the fields (SQLite's rowid).
    public var isPrimaryKey: Bool

    public init(parts: [Value], isPrimaryKey: Bool) {
        self.parts = parts
        self.isPrimaryKey = isPrimaryKey
    }
}

/// A row as read from the store: its identity and a value per field name.
public struct Record: Sendable, Equatable {
    public var id: RecordID
    public var values: [String: Value]

    public init(id: RecordID, values: [String: Value]) {
        self.id = id
        self.values = values
    }

    public subscript(field: String) -> Value {
        values[field] ?? .null
    }
}

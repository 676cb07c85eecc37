/// Identifies a row for as long as it exists: the rowid of an ordinary table,
/// or the primary key values of a WITHOUT ROWID table.
public enum RecordID: Hashable, Sendable {
    case rowid(Int64)
    case key([Value])
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

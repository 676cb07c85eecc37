/// A table or column the core asks a store to create (an app spec's
/// `create: true`), described without any store's types: the store maps each
/// `FieldKind` to a type of its own (SQLite: `TEXT`, `INTEGER`, `DATE`…;
/// PostgreSQL would choose `text`, `bigint`, `date`…).
public enum SchemaAddition: Sendable, Equatable {
    /// A new table: an integer key named `id` that the store assigns to each
    /// new row, then `columns` in order.
    case table(name: String, columns: [ColumnDescription])
    /// A new column at the end of an existing table, holding NULL (or its
    /// default) in every existing row.
    case column(table: String, ColumnDescription)

    /// How it is told to the user: `table owners`, `column cars.fuel`.
    public var note: String {
        switch self {
        case .table(let name, _): return "table \(TextLayout.printable(name))"
        case .column(let table, let column):
            return "column \(TextLayout.printable(table)).\(TextLayout.printable(column.name))"
        }
    }
}

/// One column to create, portably.
public struct ColumnDescription: Sendable, Equatable {
    public var name: String
    public var kind: FieldKind
    public var isNotNull: Bool
    /// A constant every row gets when it names no value.
    public var defaultValue: Value?
    /// The table whose key this column's values name.
    public var references: String?

    public init(name: String, kind: FieldKind, isNotNull: Bool = false, defaultValue: Value? = nil,
                references: String? = nil) {
        self.name = name
        self.kind = kind
        self.isNotNull = isNotNull
        self.defaultValue = defaultValue
        self.references = references
    }
}

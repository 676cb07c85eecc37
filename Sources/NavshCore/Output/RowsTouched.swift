/// The rows a dry run's writes touched, cascades and triggers included, as
/// the store counted them: in words for the text report, by table for the
/// JSON one (where a sentence was no use to a program).
public struct RowsTouched: Sendable {
    public struct Table: Sendable {
        public let name: String
        public let inserted: Int, updated: Int, deleted: Int

        public init(name: String, inserted: Int, updated: Int, deleted: Int) {
            self.name = name
            self.inserted = inserted
            self.updated = updated
            self.deleted = deleted
        }
    }

    /// By table name.
    public let tables: [Table]

    public init(tables: [Table]) {
        self.tables = tables.sorted { $0.name < $1.name }
    }

    public var total: Int { tables.reduce(0) { $0 + $1.inserted + $1.updated + $1.deleted } }

    /// `owners: 1 deleted; cars: 2 deleted`.
    public var summary: String {
        tables.map { table in
            let parts = [(table.inserted, "inserted"), (table.updated, "updated"), (table.deleted, "deleted")]
                .filter { $0.0 > 0 }.map { "\(ListLayout.grouped($0.0)) \($0.1)" }
            return "\(table.name): " + parts.joined(separator: ", ")
        }.joined(separator: "; ")
    }
}

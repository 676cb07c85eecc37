/// A batch save, delete or undo as one set-based write (`Store.writeBatch`):
/// every row checked and written in a few statements, whatever their
/// number, rather than one statement a row.
public struct BatchWrite: Sendable {
    /// The rows, in the batch's order.
    public var ids: [RecordID]
    /// The fields every row must still hold as read: those being set and
    /// those that name the row.
    public var checked: [String]
    /// By field of `checked`, each row's value as read: `held[field][row]`.
    /// A column a field, so a batch of 100,000 rows is not 100,000 arrays.
    public var held: [[Value]]
    /// The fields written.
    public var assigned: [String]
    /// Per row, the values of `assigned` to write; nil for a row that holds
    /// them already, which is checked and left as it is. Rows given the
    /// same values share one array.
    public var values: [[Value]?]
    /// The list the rows must still be in (its scope and filters).
    public var list: CollectionSchema
    /// What is done to the rows.
    public var kind = Kind.update
    /// Fields neither checked nor written, compared only to say which a
    /// save kept as changed elsewhere: by field, each row's value as read.
    /// Empty where nobody could have changed them since the rows were read.
    public var watched: [String] = []
    public var watchedHeld: [[Value]] = []

    public enum Kind: Sendable {
        /// Each row is checked, then `values` written to it where given.
        case update
        /// Each row is checked, then deleted: `assigned` is empty and
        /// every row's `values` nil. Only for a table no foreign key cascades to.
        case delete
        /// Each row is put back as it was, `values` holding every field of
        /// `assigned`: the undo of a delete. Nothing is checked; `refused`
        /// names the rows whose key another row holds now.
        case restore
    }

    public init(ids: [RecordID], checked: [String], held: [[Value]], assigned: [String], values: [[Value]?],
                list: CollectionSchema) {
        self.ids = ids
        self.checked = checked
        self.held = held
        self.assigned = assigned
        self.values = values
        self.list = list
    }

    /// A delete of `ids`, each checked on `checked` as `held` gives them.
    public static func deleting(ids: [RecordID], checked: [String], held: [[Value]], list: CollectionSchema) -> BatchWrite {
        var batch = BatchWrite(ids: ids, checked: checked, held: held, assigned: [], values: Array(repeating: nil, count: ids.count),
                                list: list)
        batch.kind = .delete
        return batch
    }

    /// `rows` put back, each with every field of `fields`.
    public static func restoring(_ rows: [Record], fields: [String], list: CollectionSchema) -> BatchWrite {
        var batch = BatchWrite(ids: rows.map(\.id), checked: [], held: [], assigned: fields,
                                values: rows.map { row in fields.map { row[$0] } }, list: list)
        batch.kind = .restore
        return batch
    }

    /// What a set-based write did.
    public enum Outcome: Sendable {
        /// Every row held what it was read with: the rows to write are
        /// written. `stored`, by row of `ids`, holds the values of `assigned`
        /// as the store keeps them where they may differ from those sent
        /// (a numeric's scale); nil when they are kept as sent. `kept`, by
        /// field of `watched`, counts the rows written that hold another
        /// value there than they were read with.
        case written(reachedOtherRows: Bool, stored: [Int: [Value]]? = nil, kept: [Int] = [])
        /// These rows (their places in `ids`, the first few) changed or left
        /// the list: nothing was written.
        case refused([Int])
    }
}

/// A frame as shown, as data: what `--format json|csv|tsv` writes instead of
/// the table text. The session hands these out with a `Response` when its
/// runner asked for data (`Session.framesAsData`), so a renderer never
/// re-parses the text a table renderer laid out.
public enum ShownFrame: Equatable, Sendable {
    case list(ShownList)
    case record(ShownRecord)
}

/// A list page (or the list of collections): its rows with typed values.
public struct ShownList: Equatable, Sendable {
    /// The breadcrumb, root first (`["music.db", "Artists"]`).
    public var path: [String]
    /// The table's name; nil for the list of collections.
    public var collection: String?
    /// The field names each row's `values` holds, in the collection's order.
    public var columns: [String]
    public var rows: [ShownRow]
    /// The page shown, from 1, and how many there are.
    public var page: Int
    public var pageCount: Int
    /// Rows in the whole list (its filters and scope applied), not the page.
    public var count: Int
    /// The columns holding booleans, which JSON writes as `true` and `false`.
    public var booleans: Set<String> = []
}

public struct ShownRow: Equatable, Sendable {
    /// The row's number as shown (`open 3`).
    public var number: Int
    /// The values naming the row as `open #KEY` takes them (its declared
    /// key, or rowid); nil for a view's rows, which have none; empty for a collection.
    public var key: [Value]?
    /// The title the list shows for the row.
    public var title: String
    /// The values in the list's `columns` order. Kept in order, not only by
    /// name: two columns whose names differ only in how their accents are
    /// encoded are one key to Swift, and an export gave one's value for both.
    public var cells: [Value]

    /// The values by column name (a name Swift holds equal to another gives
    /// the first's).
    public var values: [String: Value] {
        Dictionary(zip(columns, cells).map { ($0, $1) }, uniquingKeysWith: { first, _ in first })
    }

    private let columns: [String]

    public init(number: Int, key: [Value]?, title: String, columns: [String], cells: [Value]) {
        self.number = number
        self.key = key
        self.title = title
        self.columns = columns
        self.cells = cells
    }
}

/// A record frame: every field with its buffered value.
public struct ShownRecord: Equatable, Sendable {
    public var path: [String]
    public var collection: String
    /// nil for a draft not saved yet.
    public var key: [Value]?
    public var fields: [ShownField]
    /// A batch (`open *`): how many rows it stands for; nil for one record.
    public var rows: Int? = nil
}

public struct ShownField: Equatable, Sendable {
    public var name: String
    public var label: String
    /// The field's kind as the store reports it (`integer`, `text`, …; `any` when undeclared).
    public var type: String
    public var value: Value
    public var readOnly: Bool
    /// The value is an unsaved edit.
    public var changed: Bool
    /// In a batch, how many values its rows hold when they differ (`value`
    /// is then null); nil when they share one.
    public var values: Int? = nil
    /// `values` stopped counting: the rows hold more.
    public var moreValues = false
}

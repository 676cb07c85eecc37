import Synchronization

/// A collection (a table) as the core sees it: fields in declared order and
/// how its rows read in a list. Stores build these from their schema; app
/// specs adjust the presentation parts (`applying`).
public struct CollectionSchema: Sendable {
    /// A column of the list's right-hand detail.
    public struct Detail: Sendable, Equatable {
        public var field: String
        public var format: ValueFormat
        public init(field: String, format: ValueFormat = .plain) {
            self.field = field
            self.format = format
        }
    }

    public var name: String
    /// The spec's name for people ("Cars" for table `cars`); lists and breadcrumbs show it.
    public var title: String?
    public var fields: [Field] { didSet { derived = Derived() } }
    /// The field whose value titles a row in lists and breadcrumbs (and
    /// that `open TITLE` searches).
    public var titleField: String? { didSet { derived = Derived() } }
    /// When set (and no spec template): the fields whose values, joined,
    /// title a row instead of `titleField` alone (a person's first and last
    /// name; a join table's two references, each read as its row's title).
    /// `titleField` then names the part `open TITLE` searches. See `DefaultTitle`.
    public var compositeTitle: CompositeTitle? { didSet { derived = Derived() } }
    /// Explicit detail columns a store asks for; empty lists the default
    /// columns (`listColumns`).
    public var details: [Detail] { didSet { derived = Derived() } }
    /// The list's columns after the title, chosen by the spec's `columns:`
    /// or the `columns` command (fields by name); nil shows the default.
    public var chosenColumns: [String]? { didSet { derived = Derived() } }
    /// From an app spec: how a row's title and detail read, replacing the fields above.
    public var rowTitle: RowTemplate? { didSet { derived = Derived() } }
    public var rowDetails: [RowTemplate] = [] { didSet { derived = Derived() } }
    /// Rows listed by this field; nil lists by key, newest last (or first, see `newRowsOnTop`).
    public var order: SortOrder? { didSet { derived = Derived() } }
    /// The field a `sort` in this list orders by, which its columns then
    /// include (nil in the collection's own order).
    public var sortedColumn: String? { didSet { derived = Derived() } }
    public var newRowsOnTop = false
    public var isDeletable = true
    public var backPolicy: CollectionSpec.BackPolicy = .guarded
    /// Only the rows whose `field` holds `value`: an owner's cars, opened
    /// from the owner's record. Stores add it to every read; drafts start with it.
    public var scope: Scope? { didSet { derived = Derived() } }
    /// Conditions every row shown must meet (`find`, `where`), added by
    /// stores to every read like `scope`.
    public var filters: [RowFilter] = []
    /// Lists come in sections, one per value of this field, in its order.
    public var groupField: String? { didSet { derived = Derived() } }
    /// Titled groups of fields in the record frame; fields in none follow.
    public var recordSections: [RecordSection] = []
    /// The integer field holding a manual order, which `move N M` rewrites.
    public var manualOrder: String?
    /// Set when the store cannot write this collection's rows at all (it
    /// cannot tell them apart); every write is refused with this reason.
    public var readOnlyReason: String?
    /// Set when the whole store opened read-only (a read-only file, or one
    /// in a read-only folder): rows are read and addressed as usual, and
    /// every write is refused with this reason.
    public var writeRefusal: String?

    /// What the list's columns and fields are (`listColumns`,
    /// `ListPreview.fields(of:)`), made once per schema: each was made
    /// again several times a page (a twentieth of a `page N`; issue 10).
    /// A copy shares them; setting any property they are made from gives
    /// the schema a new, empty one. Behind a lock, as the schema is
    /// `Sendable`: copies of one schema may be read on several threads (the
    /// tests run in parallel, sharing static fixtures).
    final class Derived: Sendable {
        struct Made {
            var listColumns: [ListColumn]?
            var listFields: [String]?
            /// The labels of `listColumns`, and of the title's column.
            var listLabels: (columns: [String], title: String)?
        }
        private let made = Mutex(Made())

        /// The value at `part`, made by `make` (outside the lock: making one
        /// may ask for another) the first time.
        func value<T: Sendable>(_ part: WritableKeyPath<Made, T?> & Sendable, _ make: () -> T) -> T {
            if let known = made.withLock({ $0[keyPath: part] }) { return known }
            let value = make()
            made.withLock { $0[keyPath: part] = value }
            return value
        }
    }
    var derived = Derived()

    /// Set when the app spec's presentation of this collection was dropped
    /// after its table changed elsewhere (a field the spec names is gone),
    /// saying so: the session says it with the change.
    public var specNotApplied: String?

    /// Why no row of this collection can be written, if so.
    public var unwritableReason: String? { readOnlyReason ?? writeRefusal }

    public struct Scope: Sendable, Equatable {
        public var field: String
        public var value: Value
    }

    public init(name: String, fields: [Field], titleField: String? = nil, details: [Detail]? = nil) {
        self.name = name
        self.fields = fields
        let title = titleField.map(DefaultTitle.field) ?? DefaultTitle.of(fields)
        self.titleField = title.field
        self.compositeTitle = title.composite
        self.details = details ?? []
    }

    /// The title people read, escaped (a table's name may hold control
    /// characters), so layouts measure what is printed.
    public var displayTitle: String { TextLayout.printable(title ?? name) }

    /// Finds a field by name, ignoring case as SQLite does, or by its spec label.
    public func field(named name: String) -> Field? {
        // The exact name first, before lowering anything: a page asks for
        // each of its fields by the name it has.
        // Byte for byte: a name Swift holds equal to another ("café"
        // precomposed or not) may be another column to SQLite.
        if let exact = fields.first(where: { $0.name == name && ExactName.same($0.name, name) }) { return exact }
        let lowered = name.lowercased()
        return fields.first { $0.name.lowercased() == lowered }
            ?? fields.first { $0.label?.lowercased() == lowered }
            // As printed: a name holding control characters is shown escaped
            // (`n\x07ote`), and can be typed that way ('n\x07ote', quoted).
            ?? fields.first { TextLayout.printable($0.name) == name }
    }

    public var editableFields: [Field] { fields.filter { !$0.isReadOnly } }
}

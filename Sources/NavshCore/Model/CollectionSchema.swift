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

    // The properties live in one shared `Storage`, copied only when a copy
    // is changed (copy on write): a schema is read from a frame on nearly
    // every command, and each read copied twenty-odd strings and arrays,
    // about 800 instructions a copy and thirteen copies an edit.

    public var name: String {
        get { storage.name }
        set { unique().name = newValue }
    }
    /// The spec's name for people ("Cars" for table `cars`); lists and breadcrumbs show it.
    public var title: String? {
        get { storage.title }
        set { unique().title = newValue }
    }
    public var fields: [Field] {
        get { storage.fields }
        set { reshaped().fields = newValue }
    }
    /// The field whose value titles a row in lists and breadcrumbs (and
    /// that `open TITLE` searches).
    public var titleField: String? {
        get { storage.titleField }
        set { reshaped().titleField = newValue }
    }
    /// When set (and no spec template): the fields whose values, joined,
    /// title a row instead of `titleField` alone (a person's first and last
    /// name; a join table's two references, each read as its row's title).
    /// `titleField` then names the part `open TITLE` searches. See `DefaultTitle`.
    public var compositeTitle: CompositeTitle? {
        get { storage.compositeTitle }
        set { reshaped().compositeTitle = newValue }
    }
    /// Explicit detail columns a store asks for; empty lists the default
    /// columns (`listColumns`).
    public var details: [Detail] {
        get { storage.details }
        set { reshaped().details = newValue }
    }
    /// The list's columns after the title, chosen by the spec's `columns:`
    /// or the `columns` command (fields by name); nil shows the default.
    public var chosenColumns: [String]? {
        get { storage.chosenColumns }
        set { reshaped().chosenColumns = newValue }
    }
    /// From an app spec: how a row's title and detail read, replacing the fields above.
    public var rowTitle: RowTemplate? {
        get { storage.rowTitle }
        set { reshaped().rowTitle = newValue }
    }
    public var rowDetails: [RowTemplate] {
        get { storage.rowDetails }
        set { reshaped().rowDetails = newValue }
    }
    /// Rows listed by this field; nil lists by key, newest last (or first, see `newRowsOnTop`).
    public var order: SortOrder? {
        get { storage.order }
        set { reshaped().order = newValue }
    }
    /// The field a `sort` in this list orders by, which its columns then
    /// include (nil in the collection's own order).
    public var sortedColumn: String? {
        get { storage.sortedColumn }
        set { reshaped().sortedColumn = newValue }
    }
    public var newRowsOnTop: Bool {
        get { storage.newRowsOnTop }
        set { unique().newRowsOnTop = newValue }
    }
    public var isDeletable: Bool {
        get { storage.isDeletable }
        set { unique().isDeletable = newValue }
    }
    public var backPolicy: CollectionSpec.BackPolicy {
        get { storage.backPolicy }
        set { unique().backPolicy = newValue }
    }
    /// Only the rows whose `field` holds `value`: an owner's cars, opened
    /// from the owner's record. Stores add it to every read; drafts start with it.
    public var scope: Scope? {
        get { storage.scope }
        set { reshaped().scope = newValue }
    }
    /// Conditions every row shown must meet (`find`, `where`), added by
    /// stores to every read like `scope`.
    public var filters: [RowFilter] {
        get { storage.filters }
        set { unique().filters = newValue }
    }
    /// Every row of the table, without `scope` or `filters`: where a row
    /// is read to say why it left a list, a scoped read took it for deleted.
    public var wholeTable: CollectionSchema {
        var table = self
        table.scope = nil
        table.filters = []
        return table
    }
    /// Lists come in sections, one per value of this field, in its order.
    public var groupField: String? {
        get { storage.groupField }
        set { reshaped().groupField = newValue }
    }
    /// Titled groups of fields in the record frame; fields in none follow.
    public var recordSections: [RecordSection] {
        get { storage.recordSections }
        set { unique().recordSections = newValue }
    }
    /// The integer field holding a manual order, which `move N M` rewrites.
    public var manualOrder: String? {
        get { storage.manualOrder }
        set { unique().manualOrder = newValue }
    }
    /// Set when the store cannot write this collection's rows at all (it
    /// cannot tell them apart); every write is refused with this reason.
    public var readOnlyReason: String? {
        get { storage.readOnlyReason }
        set { unique().readOnlyReason = newValue }
    }
    /// Set when the whole store opened read-only (a read-only file, or one
    /// in a read-only folder): rows are read and addressed as usual, and
    /// every write is refused with this reason.
    public var writeRefusal: String? {
        get { storage.writeRefusal }
        set { unique().writeRefusal = newValue }
    }
    /// Set when the app spec's presentation of this collection was dropped
    /// after its table changed elsewhere (a field the spec names is gone),
    /// saying so: the session says it with the change.
    public var specNotApplied: String? {
        get { storage.specNotApplied }
        set { unique().specNotApplied = newValue }
    }

    /// What the list's columns and fields are (`listColumns`,
    /// `ListPreview.fields(of:)`), made once per schema: each was made
    /// again several times a page (a twentieth of a `page N`).
    /// A copy shares them; setting any property they are made from gives
    /// the schema a new, empty one (`reshaped`). Behind a lock, as the
    /// schema is `Sendable`: copies of one schema may be read on several
    /// threads (the tests run in parallel, sharing static fixtures).
    final class Derived: Sendable {
        struct Made {
            var listColumns: [ListColumn]?
            var listFields: [String]?
            /// The labels of `listColumns`, and of the title's column.
            var listLabels: (columns: [String], title: String)?
            var keyFields: [Field]?
            /// The most words a field's name or label has (`FieldPhrase`).
            var longestName: Int?
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
    var derived: Derived {
        get { storage.derived }
        set { unique().derived = newValue }
    }

    /// The properties, shared by copies until one is changed. Changed only
    /// through `unique()`, when no other schema holds it: so no two threads
    /// ever see one change, which is what makes it `Sendable`.
    final class Storage: @unchecked Sendable {
        var name: String
        var title: String?
        var fields: [Field]
        var titleField: String?
        var compositeTitle: CompositeTitle?
        var details: [Detail]
        var chosenColumns: [String]?
        var rowTitle: RowTemplate?
        var rowDetails: [RowTemplate] = []
        var order: SortOrder?
        var sortedColumn: String?
        var newRowsOnTop = false
        var isDeletable = true
        var backPolicy: CollectionSpec.BackPolicy = .guarded
        var scope: Scope?
        var filters: [RowFilter] = []
        var groupField: String?
        var recordSections: [RecordSection] = []
        var manualOrder: String?
        var readOnlyReason: String?
        var writeRefusal: String?
        var specNotApplied: String?
        var derived = Derived()

        init(name: String, fields: [Field], details: [Detail]) {
            self.name = name
            self.fields = fields
            self.details = details
        }

        func copy() -> Storage {
            let copy = Storage(name: name, fields: fields, details: details)
            copy.title = title
            copy.titleField = titleField
            copy.compositeTitle = compositeTitle
            copy.chosenColumns = chosenColumns
            copy.rowTitle = rowTitle
            copy.rowDetails = rowDetails
            copy.order = order
            copy.sortedColumn = sortedColumn
            copy.newRowsOnTop = newRowsOnTop
            copy.isDeletable = isDeletable
            copy.backPolicy = backPolicy
            copy.scope = scope
            copy.filters = filters
            copy.groupField = groupField
            copy.recordSections = recordSections
            copy.manualOrder = manualOrder
            copy.readOnlyReason = readOnlyReason
            copy.writeRefusal = writeRefusal
            copy.specNotApplied = specNotApplied
            copy.derived = derived
            return copy
        }
    }
    private var storage: Storage

    /// The storage, made this schema's own first if a copy shares it.
    private mutating func unique() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return storage
    }

    /// `unique()`, for a change to what `derived` is made from: the schema
    /// gets a new, empty one.
    private mutating func reshaped() -> Storage {
        let own = unique()
        own.derived = Derived()
        return own
    }

    /// Why no row of this collection can be written, if so.
    public var unwritableReason: String? { readOnlyReason ?? writeRefusal }

    public struct Scope: Sendable, Equatable {
        public var field: String
        public var value: Value
    }

    public init(name: String, fields: [Field], titleField: String? = nil, details: [Detail]? = nil) {
        // A CHECK that lists a field's values makes them its choices; one
        // that bounds a number, its range; one that bounds a text's length, its lengths.
        let fields = fields.map { field in
            var field = field
            if field.format == .plain { field.format = DefaultFormat.of(field) }
            guard !field.checks.isEmpty else { return field }
            var checked = field
            if field.kind == .text || field.kind == .any {
                for lengths in field.checks.compactMap({ CheckBounds.lengths($0, field: field.name) }) {
                    if let low = lengths.minimum { checked.minimumLength = max(checked.minimumLength ?? low, low) }
                    if let high = lengths.maximum { checked.maximumLength = min(checked.maximumLength ?? high, high) }
                }
            }
            if field.choices.isEmpty {
                checked.choices = field.checks.lazy.compactMap { CheckChoices.of($0, field: field.name) }.first ?? []
            }
            if field.minimum == nil, field.maximum == nil, [.integer, .real, .numeric].contains(field.kind) {
                for bounds in field.checks.compactMap({ CheckBounds.of($0, field: field.name, whole: field.kind == .integer) }) {
                    if let low = bounds.minimum { checked.minimum = .number(low) }
                    if let high = bounds.maximum { checked.maximum = .number(high) }
                }
            }
            return checked
        }
        storage = Storage(name: name, fields: fields, details: details ?? [])
        let title = titleField.map(DefaultTitle.field) ?? DefaultTitle.of(fields, table: name)
        storage.titleField = title.field
        storage.compositeTitle = title.composite
    }

    /// The title people read, escaped (a table's name may hold control
    /// characters), so layouts measure what is printed.
    public var displayTitle: String { TextLayout.printable(title ?? name) }

    /// The names in declared order, each once, refusing any the table does
    /// not have: a store writes only names from the schema into SQL.
    public func declaredOrder(of names: some Sequence<String>) throws -> [String] {
        // A save names a field or two: compared in place, not hashed.
        var wanted: [String] = []
        for name in names where !wanted.contains(name) { wanted.append(name) }
        var known: [String] = []
        for field in fields where wanted.contains(field.name) { known.append(field.name) }
        guard known.count == wanted.count else {
            throw StoreError.unknownFields(wanted.filter { !known.contains($0) }.sorted())
        }
        return known
    }

    /// Finds a field by name, ignoring case as SQLite does, or by its spec label.
    public func field(named name: String) -> Field? {
        // The exact name first, before lowering anything: a page asks for
        // each of its fields by the name it has.
        // Byte for byte: a name Swift holds equal to another ("café"
        // precomposed or not) may be another column to SQLite.
        if let exact = fields.first(where: { $0.name == name && ExactName.same($0.name, name) }) { return exact }
        let lowered = name.lowercased()
        // Ignoring case only where that names one field: PostgreSQL keeps
        // `name` and `NAME` apart, and `set Name zz` wrote the first.
        return Self.only(fields.filter { $0.name.lowercased() == lowered })
            ?? fields.first { $0.label?.lowercased() == lowered }
            // As printed: a name holding control characters is shown escaped
            // (`n\x07ote`), and can be typed that way ('n\x07ote', quoted).
            ?? fields.first { TextLayout.printable($0.name) == name }
    }

    public var editableFields: [Field] { fields.filter { !$0.isReadOnly } }

    /// A row given as a value per field place (`Store.insertRows`), by
    /// field name: the places holding a value, and no others.
    public func values(of cells: [Value?]) -> [String: Value] {
        var values: [String: Value] = [:]
        for (field, cell) in zip(fields, cells) { if let cell { values[field.name] = cell } }
        return values
    }

    /// The one element, nil for none or several.
    static func only<T>(_ found: [T]) -> T? { found.count == 1 ? found[0] : nil }
}

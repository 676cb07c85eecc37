/// One column of a collection, as the store's schema declares it plus what a
/// presentation adds (read-only, format). App specs will fill in more.
/// Another collection's row, named by a field's value: by its key, or by `field`.
public struct Reference: Sendable, Equatable {
    public var collection: String
    /// The referenced column; nil for the target's key (its identity).
    public var field: String?

    public init(collection: String, field: String? = nil) {
        self.collection = collection
        self.field = field
    }
}

public struct Field: Sendable, Equatable {
    public enum Default: Sendable, Equatable {
        case none
        /// A constant the core can show in a draft.
        case value(Value)
        /// An expression only the store can evaluate (`CURRENT_TIMESTAMP`):
        /// a draft leaves the field out so the store applies it at insert.
        case expression(String)
    }

    public var name: String
    /// What the field accepts, as the store reports it (an app spec may narrow it).
    public var kind: FieldKind
    public var isNotNull: Bool
    public var defaultValue: Default
    /// Position in the primary key, from 1; nil when not part of it.
    public var primaryKeyPosition: Int?
    public var isReadOnly: Bool
    /// Why the store cannot write it, when it says (a PostgreSQL array, an
    /// identity column): `describe` gave "the app spec marks it read-only"
    /// with no spec.
    public var readOnlyWhy: String?
    /// Computed by the store (a generated column): never written, never compared.
    public var isGenerated: Bool
    public var format: ValueFormat
    /// How the field is named to people (the `edit` prompt); app specs set it.
    public var label: String?
    /// The `edit` prompt, when it should say more than the label ("Enter the Make:").
    public var prompt: String?
    /// Shown when the field is empty in `edit` ("Car Make").
    public var placeholder: String?
    /// The only values allowed (an enumeration), matched ignoring case.
    public var choices: [String] = []
    public var minimum: FieldSpec.Bound?
    public var maximum: FieldSpec.Bound?
    /// The fewest and the most characters a text may hold (`varchar(12)`,
    /// `CHECK (length(code) = 3)`), so `set` refuses another at once.
    public var minimumLength: Int?
    public var maximumLength: Int?
    /// Must have a value (not NULL, not empty) to be saved, beyond NOT NULL.
    public var isRequired = false
    /// The row of another collection this field names (a foreign key, or the
    /// spec's `references:`): its title is shown and `open FIELD` pushes it.
    public var references: Reference?
    /// A draft's starting value from the app spec (`now`, `this year`, `My Item {n}`).
    public var draftDefault: FieldSpec.Default?

    /// The type as the schema declares it (`INTEGER`, `VARCHAR(20)`); nil
    /// when the store does not say (then `kind` names it).
    public var declaredType: String?
    /// The schema's CHECK constraints on this field, as written there
    /// (`price >= 0`); `describe` shows them.
    public var checks: [String] = []
    /// A numeric field the store keeps as an exact decimal of any size
    /// (PostgreSQL's numeric): a number no real can hold is stored as typed.
    public var keepsEveryDigit = false
    /// The store keeps NaN here (PostgreSQL's numeric and floats): an
    /// import reads back an export's `NaN`. SQLite stores NaN as NULL, so
    /// there the text is refused, as `set` refuses it.
    public var keepsNaN = false
    /// The store keeps a value of any type here, whatever the declared one
    /// (a SQLite column outside a STRICT table): an import reads back an
    /// export's blob in a TEXT column, or text in an INTEGER one.
    public var holdsAnyType = false
    /// The numbers the column's type holds, where fewer than the kind's:
    /// PostgreSQL's smallint, integer and real. `set` refuses the rest at
    /// once, not at `save`. A real's ends are floats, and a number is
    /// checked as the float it rounds to.
    public var typeRange: ClosedRange<Double>?
    /// The store's text holds no NUL character here, nor bytes that are not
    /// UTF-8 (PostgreSQL): `set` and `import` refuse them at once, not the
    /// server at `save` without a line.
    public var refusesNUL = false

    /// Whether navsh checks its values beyond their type: required, choices, a range or lengths.
    public var isConstrained: Bool {
        isRequired || !choices.isEmpty || minimum != nil || maximum != nil || minimumLength != nil || maximumLength != nil
    }

    /// What the field is called on screen (the record frame's label column):
    /// the spec's label, else the column name. Every message about the
    /// field uses it, so an error names what the screen shows.
    public var shownName: String { TextLayout.printable(label ?? name) }

    /// The field's type for people: as declared (`INTEGER`), else its kind.
    public var typeName: String {
        if let declaredType, !declaredType.isEmpty { return TextLayout.printable(declaredType) }
        return kind == .any ? "any type" : kind.rawValue.uppercased()
    }

    /// The label, or the name made readable: `serial_number` → `Serial number`.
    public var displayLabel: String {
        if let label { return TextLayout.printable(label) }
        let words = name.replacingAll("_", with: " ")
        return TextLayout.printable(words.prefix(1).uppercased() + words.dropFirst())
    }

    public init(
        name: String,
        kind: FieldKind,
        isNotNull: Bool = false,
        defaultValue: Default = .none,
        primaryKeyPosition: Int? = nil,
        isReadOnly: Bool = false,
        isGenerated: Bool = false,
        format: ValueFormat = .plain
    ) {
        self.name = name
        self.kind = kind
        self.isNotNull = isNotNull
        self.defaultValue = defaultValue
        self.primaryKeyPosition = primaryKeyPosition
        self.isReadOnly = isReadOnly || isGenerated
        self.isGenerated = isGenerated
        self.format = format
    }
}

/// What an app spec file says that a SQLite schema cannot: labels, prompts,
/// how a row reads, order, ranges, defaults, policies. The core holds the
/// model; a loader (NavshSpec, YAML) fills it; the core asks the store to
/// create what is missing from it (`apply(to:thisYear:)`) and presents the
/// store's collections as it says.
public struct AppSpec: Sendable, Equatable {
    public var collections: [CollectionSpec]
    /// The spec's file name, for messages (`cars.yaml:12: …`).
    public var file: String
    /// The line of each key, by dotted path (`collections.cars.fields.year.max`):
    /// a check made after loading (against the schema) still names its line.
    public var lines: [String: Int]

    public init(collections: [CollectionSpec], file: String = "spec", lines: [String: Int] = [:]) {
        self.collections = collections
        self.file = file
        self.lines = lines
    }

    /// A problem at `key`, placed at its line (or its nearest enclosing key's).
    public func problem(at key: String, _ message: String) -> SpecProblem {
        var path = key
        while lines[path] == nil, let dot = path.lastIndex(where: { $0 == "." || $0 == "[" }) {
            path = String(path[..<dot])
        }
        return SpecProblem(file: file, line: lines[path] ?? 0, key: key, message: message)
    }

    public func collection(named name: String) -> CollectionSpec? {
        collections.first { $0.name.lowercased() == name.lowercased() }
    }
}

public struct CollectionSpec: Sendable, Equatable {
    public enum NewRows: String, Sendable { case top, bottom }
    /// What `back` does over unsaved edits: ask (guard) or save (Homepwner).
    public enum BackPolicy: String, Sendable { case guarded = "guard", save }

    public var name: String
    public var title: String?
    public var rowTitle: RowTemplate?
    /// The list's right-hand columns, one template each.
    public var rowDetails: [RowTemplate] = []
    /// The list's columns after the title (`columns: [price, stock]`),
    /// by field name or label; nil lists the default.
    public var columns: [String]?
    public var order: SortOrder?
    public var newRows: NewRows = .bottom
    public var deletable = true
    public var backPolicy: BackPolicy = .guarded
    /// Lists grouped in titled sections by this field's value (presidents by party).
    public var group: String?
    /// The record frame in titled sections ("Make, Model & Year", "Fuel").
    public var recordSections: [RecordSection] = []
    /// The integer field that keeps a manual order, which `move N M` changes.
    public var manualOrder: String?
    /// `create: true`: the table may be missing, and is then created. Without
    /// it a collection that names no table is a spec error (a typo must not
    /// make a table).
    public var create = false
    public var fields: [FieldSpec]

    public init(name: String, fields: [FieldSpec] = []) {
        self.name = name
        self.fields = fields
    }
}

public struct RecordSection: Sendable, Equatable {
    public var title: String
    public var fields: [String]

    public init(title: String, fields: [String]) {
        self.title = title
        self.fields = fields
    }
}

/// Rows listed by a field; ties by the row's key.
public struct SortOrder: Sendable, Equatable {
    public var field: String
    public var descending: Bool
    /// For a reference field: order by the referenced row's title, as the
    /// list shows it, rather than by the key the field holds.
    public var byTitle: ReferencedTitle?

    public init(field: String, descending: Bool, byTitle: ReferencedTitle? = nil) {
        self.field = field
        self.descending = descending
        self.byTitle = byTitle
    }
}

public struct FieldSpec: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        case text, integer, real, money, date, datetime, boolean
        case choice = "enum"
    }

    /// A range end: a number, or the current year (a car's model year).
    public enum Bound: Sendable, Equatable {
        case number(Double)
        case thisYear

        /// The number it stands for; the year is asked for only when it is one.
        func number(thisYear: () -> Int) -> Double {
            switch self {
            case .number(let number): return number
            case .thisYear: return Double(thisYear())
            }
        }
    }

    /// A draft's starting value.
    public enum Default: Sendable, Equatable {
        case literal(String)
        case now, today, thisYear
        /// `My Item {n}`: n is the next number no row's value has taken.
        case counter(String)
    }

    public var name: String
    public var label: String?
    public var prompt: String?
    public var placeholder: String?
    public var kind: Kind?
    public var choices: [String] = []
    public var required = false
    public var minimum: Bound?
    public var maximum: Bound?
    public var defaultValue: Default?
    public var readOnly = false
    /// The collection whose row this field names by key.
    public var references: String?
    /// How the value is shown (`format: 0.2` → two decimals, `medium` → Nov 21, 2026).
    public var format: ValueFormat?
    /// `create: true`: the column may be missing from an existing table, and
    /// is then added. Without it a field that names no column is a spec error.
    public var create = false

    public init(name: String) {
        self.name = name
    }

    /// The kind a missing column is created with (the store chooses its type).
    public var createdKind: FieldKind {
        switch kind ?? .text {
        case .text, .choice: return .text
        case .integer: return .integer
        case .real, .money: return .real
        case .date: return .date
        case .datetime: return .datetime
        case .boolean: return .boolean
        }
    }
}

/// A spec that does not fit the file it is applied to (a field that names no
/// column, a template naming a missing field, a default its own rules refuse),
/// found after loading: the same `file:line: key: message` as a load error.
public struct SpecProblem: Error, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var key: String
    public var message: String

    public init(file: String, line: Int, key: String, message: String) {
        self.file = file
        self.line = line
        self.key = key
        self.message = message
    }

    public var description: String {
        "\(file):\(line): \(key.isEmpty ? "" : key + ": ")\(message)"
    }
}

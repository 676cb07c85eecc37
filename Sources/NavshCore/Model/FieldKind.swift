/// What a field accepts, derived from its declared type. It decides how `set`
/// checks and converts what the user typed.
public enum FieldKind: String, Sendable {
    case integer, real, numeric, boolean, date, datetime, text, blob
    /// No declared type: any text is stored as typed.
    case any

    /// SQLite's affinity rules (https://sqlite.org/datatype3.html §3.1),
    /// refined by the common type names for dates and booleans.
    public init(declaredType: String) {
        let type = declaredType.uppercased()
        // STRICT tables' ANY takes every value as given (elsewhere it has
        // NUMERIC affinity, which also keeps text that is not a number).
        if type.isEmpty || type == "ANY" { self = .any; return }
        if type.contains("INT") { self = .integer; return }
        if type.contains("CHAR") || type.contains("CLOB") || type.contains("TEXT") { self = .text; return }
        if type.contains("BLOB") { self = .blob; return }
        if type.contains("REAL") || type.contains("FLOA") || type.contains("DOUB") { self = .real; return }
        if type.hasPrefix("BOOL") { self = .boolean; return }
        if type.contains("DATETIME") || type.contains("TIMESTAMP") { self = .datetime; return }
        if type.contains("DATE") { self = .date; return }
        self = .numeric
    }
}

import NavshCore

/// SQLite's declared column types and the core's field kinds, both ways.
extension FieldKind {
    /// SQLite's affinity rules (https://sqlite.org/datatype3.html §3.1),
    /// refined by the common type names for dates and booleans.
    init(sqliteDeclaredType declaredType: String) {
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

    /// The type a created column is declared with: one whose affinity and
    /// name read back as this kind.
    var sqliteDeclaredType: String {
        switch self {
        case .integer: return "INTEGER"
        case .real: return "REAL"
        case .numeric: return "NUMERIC"
        case .boolean: return "BOOLEAN"
        case .date: return "DATE"
        case .datetime: return "DATETIME"
        case .text: return "TEXT"
        case .blob: return "BLOB"
        case .any: return ""
        }
    }
}

import NavshCore

/// SQLite's declared column types and the core's field kinds, both ways.
extension FieldKind {
    /// SQLite's affinity rules (https://sqlite.org/datatype3.html §3.1),
    /// refined by the common type names for dates and booleans. Letters
    /// are matched as SQLite matches them, A–Z in either case and nothing
    /// else: a declared "ınt" (dotless i) is not INT to SQLite, though
    /// Swift's `uppercased()` made it so. Byte matching also keeps
    /// Foundation's string search (13k instructions a column, a tenth of
    /// opening a store of many tables) out of every start.
    init(sqliteDeclaredType declaredType: String) {
        let type = DeclaredType(declaredType)
        // STRICT tables' ANY takes every value as given (elsewhere it has
        // NUMERIC affinity, which also keeps text that is not a number).
        if type.bytes.isEmpty || type.bytes.elementsEqual("ANY".utf8) { self = .any; return }
        if type.contains("INT") { self = .integer; return }
        if type.contains("CHAR") || type.contains("CLOB") || type.contains("TEXT") { self = .text; return }
        if type.contains("BLOB") { self = .blob; return }
        if type.contains("REAL") || type.contains("FLOA") || type.contains("DOUB") { self = .real; return }
        if type.bytes.starts(with: "BOOL".utf8) { self = .boolean; return }
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

/// A declared type's bytes with a–z raised to A–Z (SQLite's own folding
/// for type names), searched for ASCII words.
private struct DeclaredType {
    let bytes: [UInt8]

    init(_ declared: String) {
        bytes = declared.utf8.map { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") ? $0 - 32 : $0 }
    }

    /// Whether `word` (upper-case ASCII) occurs anywhere in the type.
    func contains(_ word: StaticString) -> Bool {
        let needle = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard needle.count <= bytes.count else { return false }
        return (0...(bytes.count - needle.count)).contains { start in
            needle.indices.allSatisfy { bytes[start + $0] == needle[$0] }
        }
    }
}

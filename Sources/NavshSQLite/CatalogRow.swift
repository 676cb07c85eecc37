import NavshCore

/// A row of one of the schema reader's catalog queries, as `RowReader` reads
/// it, its columns named as in the query. GRDB's `Row.fetchAll` did the same
/// with a generic fetch request whose first use made the Swift runtime scan
/// every protocol conformance in the binary, and a case-insensitive lookup
/// per column read: a twentieth of start-up (bench/README.md).
/// Text is read as GRDB read it: bytes that are not UTF-8 repaired.
struct CatalogRow {
    private let values: [Value]
    /// The query's column names, in order: a dozen at most, found by a
    /// linear search (a dictionary's hashing cost a third of making a
    /// table's collection).
    private let names: [String]

    /// The result columns of `SQLiteSchemaReader.read`'s two queries, in order.
    static let columnNames = ["tableName", "withoutRowid", "isView", "createSQL", "name", "type",
                              "notnull", "dflt_value", "pk", "hidden", "keyIndexes"]
    static let foreignKeyNames = ["tableName", "id", "parent", "from", "to"]

    init(_ values: [Value], _ names: [String]) {
        self.values = values
        self.names = names
    }

    private func value(_ name: String) -> Value {
        guard let position = names.firstIndex(of: name), position < values.count else { return .null }
        return values[position]
    }

    /// The column as bytes that are not UTF-8, nil for anything else.
    func rawText(_ name: String) -> [UInt8]? {
        if case .rawText(let bytes) = value(name) { return bytes }
        return nil
    }

    /// The column's text; NULL (or a column the query lacks) reads as "".
    func text(_ name: String) -> String {
        optionalText(name) ?? ""
    }

    func optionalText(_ name: String) -> String? {
        switch value(name) {
        case .null: return nil
        case .text(let text): return text
        case .rawText(let bytes), .blob(let bytes): return String(decoding: bytes, as: UTF8.self)
        case .integer(let number): return String(number)
        case .real(let number): return String(number)
        }
    }

    func int(_ name: String) -> Int {
        names.firstIndex(of: name).map(int(at:)) ?? 0
    }

    /// The whole number at a position; anything else reads as 0.
    func int(at position: Int) -> Int {
        guard position < values.count else { return 0 }
        switch values[position] {
        case .integer(let number): return Int(truncatingIfNeeded: number)
        case .real(let number) where number.isFinite && abs(number) < 9e18: return Int(number)
        default: return 0
        }
    }

    func bool(_ name: String) -> Bool {
        int(name) != 0
    }
}

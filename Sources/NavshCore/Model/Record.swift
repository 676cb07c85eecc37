#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Identifies a row for as long as it exists, as its store names it (SQLite:
/// the rowid of an ordinary table, or the primary key values of a WITHOUT
/// ROWID table; PostgreSQL: the primary key). The core keeps and compares
/// identities the store gave it and asks the store to follow a reference
/// (`record(of:referencedBy:field:)`); it never makes one up.
public struct RecordID: Hashable, Sendable {
    /// The values that name the row, in the store's order.
    public var parts: [Value]
    /// `parts` are the row's primary-key field values in key order, so a
    /// change to a key field changes the identity; false when they are a
    /// number the store keeps apart from the fields (SQLite's rowid).
    public var isPrimaryKey: Bool

    public init(parts: [Value], isPrimaryKey: Bool) {
        self.parts = parts
        self.isPrimaryKey = isPrimaryKey
    }
}

/// A row as read from the store: its identity and a value per field name.
///
/// Kept as the field names (one `FieldNames` shared by every row of a
/// read) and the values in the same order, not as a dictionary per row: a
/// page of 20 rows hashed each name once to build its rows and again for
/// each cell shown, a sixth of reading and showing a page (bench/README.md).
public struct Record: Sendable, Equatable {
    public var id: RecordID
    /// The field names read, in the store's order; no name twice.
    public private(set) var fieldNames: FieldNames
    /// The values of `fieldNames`, in the same order.
    public private(set) var cells: [Value]

    public init(id: RecordID, values: [String: Value]) {
        self.id = id
        let names = Array(values.keys)
        fieldNames = FieldNames(names)
        cells = names.map { values[$0] ?? .null }
    }

    /// A row read as `names` (shared by the rows of one read) and their
    /// `cells`, in the same order.
    public init(id: RecordID, names: FieldNames, cells: [Value]) {
        precondition(names.list.count == cells.count, "a value per name")
        self.id = id
        fieldNames = names
        self.cells = cells
    }

    public var names: [String] { fieldNames.list }

    /// The field's value; NULL for a field not read.
    public subscript(field: String) -> Value {
        value(of: field) ?? .null
    }

    /// The field's value, nil for a field not read.
    public func value(of field: String) -> Value? {
        fieldNames.index(of: field).map { cells[$0] }
    }

    /// How many fields were read (fewer than the collection's when a
    /// trigger deleted or re-keyed the row after a save).
    public var fieldCount: Int { cells.count }

    /// Sets a field's value, adding the field if it was not read.
    public mutating func set(_ field: String, to value: Value) {
        if let at = fieldNames.index(of: field) {
            cells[at] = value
        } else {
            fieldNames = FieldNames(fieldNames.list + [field])
            cells.append(value)
        }
    }

    /// The values by field name, for the code that works on whole rows
    /// (buffers, conflicts, cascades): made anew on each call.
    public var values: [String: Value] {
        get { Dictionary(zip(fieldNames.list, cells), uniquingKeysWith: { first, _ in first }) }
        set { self = Record(id: id, values: newValue) }
    }

    /// The same row, whatever order its fields were read in.
    public static func == (lhs: Record, rhs: Record) -> Bool {
        guard lhs.id == rhs.id, lhs.cells.count == rhs.cells.count else { return false }
        if lhs.fieldNames === rhs.fieldNames { return lhs.cells == rhs.cells }
        return zip(lhs.names, lhs.cells).allSatisfy { rhs.value(of: $0) == $1 }
    }
}

/// The names of a read's fields, in order, shared by its rows. A name is
/// found by a linear search among a dozen (the first comparison nearly
/// always meets the very string the names were made from); a wider row
/// gets an index once, for all the rows of its read, so code that visits
/// every field of a wide row does not search it once per field.
///
/// Names are matched byte for byte, as SQLite matches them: Swift holds
/// "café" (precomposed) and "cafe\u{301}" equal, and a table may have both
/// as two columns; a row showed one's value under both names.
public final class FieldNames: Sendable {
    public let list: [String]
    private let positions: [ExactName: Int]?
    /// Every name is ASCII, where `==` is byte equality (nearly always):
    /// found by `==` alone, which a byte comparison on each match made a
    /// twentieth of showing a page.
    private let allASCII: Bool

    public init(_ list: [String]) {
        self.list = list
        positions = list.count > 12
            ? Dictionary(list.enumerated().map { (ExactName($1), $0) }, uniquingKeysWith: { first, _ in first }) : nil
        allASCII = list.allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } }
    }

    public func index(of name: String) -> Int? {
        if let positions { return positions[ExactName(name)] }
        if allASCII {
            // A name beyond ASCII that `==` an ASCII one (the Kelvin sign and
            // K) is longer in bytes: its length tells it apart.
            guard let at = list.firstIndex(of: name), list[at].utf8.count == name.utf8.count else { return nil }
            return at
        }
        // `==` first: it rejects other names fast, and bytes that are the
        // same are always `==`.
        return list.firstIndex { $0 == name && ExactName.same($0, name) }
    }
}

/// One field's position among a read's names, found once for all the rows
/// that share them: code that takes the same field from each row of a page
/// searched the names once per row.
final class FieldLookup {
    let name: String
    private var names: FieldNames?
    private var position: Int?

    init(_ name: String) {
        self.name = name
    }

    /// The field's value in `record`; nil for a field not read.
    func value(in record: Record) -> Value? {
        if names !== record.fieldNames {
            names = record.fieldNames
            position = record.fieldNames.index(of: name)
        }
        return position.map { record.cells[$0] }
    }
}

/// A name compared and hashed by its UTF-8 bytes (SQLite's equality for
/// names it keeps as given), not by Unicode canonical equivalence.
public struct ExactName: Hashable, Sendable {
    public let text: String

    public init(_ text: String) {
        self.text = text
    }

    public static func == (lhs: ExactName, rhs: ExactName) -> Bool {
        same(lhs.text, rhs.text)
    }

    /// Whether two strings hold the same UTF-8 bytes: their lengths, then
    /// their bytes compared whole (a byte-by-byte walk of two UTF-8 views
    /// cost a tenth of showing a page, and 6% of a 100,000-row batch save).
    public static func same(_ lhs: String, _ rhs: String) -> Bool {
        let count = lhs.utf8.count
        guard count == rhs.utf8.count else { return false }
        guard count > 0 else { return true }
        var lhs = lhs, rhs = rhs
        return lhs.withUTF8 { left in rhs.withUTF8 { right in memcmp(left.baseAddress!, right.baseAddress!, count) == 0 } }
    }

    public func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}

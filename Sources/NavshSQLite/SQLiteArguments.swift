#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GRDB
import GRDBSQLite
import NavshCore

/// The values bound to a statement's `?` placeholders, in order, as navsh's
/// own values; `RowReader` binds them straight through SQLite's API.
/// GRDB's `StatementArguments` boxed each value in an existential, built
/// the list through a generic initializer at every call and checked it
/// again while binding: a sixth of an edit's instructions, more than
/// SQLite's work on the UPDATE (bench/README.md). Statements that
/// GRDB runs itself take `statementArguments`.
struct SQLArguments: ExpressibleByArrayLiteral {
    private(set) var values: [Value]

    init(_ values: [Value] = []) {
        self.values = values
    }

    init(arrayLiteral values: Value...) {
        self.values = values
    }

    var isEmpty: Bool { values.isEmpty }

    static func += (arguments: inout SQLArguments, more: SQLArguments) {
        arguments.values += more.values
    }

    static func += (arguments: inout SQLArguments, more: [Value]) {
        arguments.values += more
    }

    /// The same values for a statement GRDB runs (`execute`).
    var statementArguments: StatementArguments {
        StatementArguments(values: values.map(\.databaseValue))
    }

    /// Binds every value to `handle`'s parameters 1…n, as `databaseValue`
    /// says it is bound (text holding a NUL, or bytes that are not UTF-8, as
    /// a blob, which its `sqlPlaceholder` casts back to text). The caller has
    /// reset the statement. Returns SQLite's first error code, or SQLITE_OK.
    func bind(to handle: SQLiteStatement) -> CInt {
        for (offset, value) in values.enumerated() {
            let index = CInt(offset + 1)
            let code: CInt
            switch value {
            case .null:
                code = sqlite3_bind_null(handle, index)
            case .integer(let number):
                code = sqlite3_bind_int64(handle, index, number)
            case .real(let number):
                code = sqlite3_bind_double(handle, index, number)
            case .text(var text):
                code = text.withUTF8 { bytes in
                    guard let start = bytes.baseAddress, !bytes.isEmpty else {
                        return sqlite3_bind_text(handle, index, "", 0, nil)
                    }
                    if memchr(start, 0, bytes.count) != nil { return Self.bindBlob(handle, index, bytes) }
                    return start.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                        sqlite3_bind_text64(handle, index, $0, UInt64(bytes.count), Self.transient, UInt8(SQLITE_UTF8))
                    }
                }
            case .rawText(let bytes), .blob(let bytes):
                code = bytes.withUnsafeBufferPointer { Self.bindBlob(handle, index, $0) }
            }
            if code != SQLITE_OK { return code }
        }
        return SQLITE_OK
    }

    private static func bindBlob(_ handle: SQLiteStatement, _ index: CInt, _ bytes: UnsafeBufferPointer<UInt8>) -> CInt {
        guard let start = bytes.baseAddress, !bytes.isEmpty else { return sqlite3_bind_zeroblob(handle, index, 0) }
        return sqlite3_bind_blob64(handle, index, start, UInt64(bytes.count), transient)
    }

    /// SQLite copies the bytes before the call returns (SQLITE_TRANSIENT).
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}

extension Value {
    /// A whole number from an `Int` (a limit, an offset, a count).
    static func whole(_ number: Int) -> Value {
        .integer(Int64(number))
    }
}

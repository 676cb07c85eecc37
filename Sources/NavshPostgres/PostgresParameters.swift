import NavshCore

/// The parameters of one statement: each value is bound as a numbered text
/// parameter (`$3::text`) and only its placeholder reaches the SQL text.
/// The placeholder names its type itself, so the statement means the same
/// unnamed (where the bind declares text) and prepared (where postgres-nio
/// declares no types and sends each value in text's binary form, which is
/// its UTF-8 bytes: an inferred `integer` would misread them). Pieces of
/// a statement (a scope, a filter, a cursor) bind into the same list as they
/// are written, so their numbers never clash.
struct Parameters {
    private(set) var values: [String?] = []

    /// Binds `value` and returns its placeholder (`$n`).
    mutating func bind(_ value: String?) -> String {
        values.append(value)
        return "$\(values.count)::text"
    }

    /// Binds a value as `column`'s type: `CAST($n AS type)`.
    mutating func bind(_ value: Value, as column: PostgresColumn) throws -> String {
        column.cast(bind(try column.parameter(value)))
    }
}

/// Text values as one array literal (`{"a","b\"c",NULL}`), bound as a
/// single `text[]` parameter: a batch sends a parameter a column.
struct TextArray {
    /// UTF-8 bytes: a quote or backslash is never part of another character's.
    private var bytes: [UInt8] = [UInt8(ascii: "{")]

    mutating func append(_ value: String?) {
        if bytes.count > 1 { bytes.append(UInt8(ascii: ",")) }
        guard let value else {
            bytes += "NULL".utf8
            return
        }
        bytes.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { bytes.append(UInt8(ascii: "\\")) }
            bytes.append(byte)
        }
        bytes.append(UInt8(ascii: "\""))
    }

    var literal: String { String(decoding: bytes + [UInt8(ascii: "}")], as: UTF8.self) }
}

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

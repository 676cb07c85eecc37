import NavshCore

/// The parameters of one statement: each value is bound as a numbered text
/// parameter (`$3`) and only its placeholder reaches the SQL text. Pieces of
/// a statement (a scope, a filter, a cursor) bind into the same list as they
/// are written, so their numbers never clash.
struct Parameters {
    private(set) var values: [String?] = []

    /// Binds `value` and returns its placeholder (`$n`).
    mutating func bind(_ value: String?) -> String {
        values.append(value)
        return "$\(values.count)"
    }

    /// Binds a value as `column`'s type: `CAST($n AS type)`.
    mutating func bind(_ value: Value, as column: PostgresColumn) throws -> String {
        column.cast(bind(try column.parameter(value)))
    }
}

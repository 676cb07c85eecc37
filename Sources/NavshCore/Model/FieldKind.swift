/// What a field accepts. The store reports it for each field (from its own
/// types: SQLite's affinity rules, PostgreSQL's type names), and it decides
/// how `set` checks and converts what the user typed.
public enum FieldKind: String, Sendable {
    case integer, real, numeric, boolean, date, datetime, text, blob
    /// No declared type: any text is stored as typed.
    case any
}

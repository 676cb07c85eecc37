/// How a value reads in a list row. Record frames show the stored value as
/// is, so that what you see is what `set` takes.
public enum ValueFormat: String, Sendable {
    case plain
    /// Dollars: `$120`, `$1,200.50`.
    case money
    /// The date part of an ISO 8601 date or datetime: `2026-11-21`.
    case date
}

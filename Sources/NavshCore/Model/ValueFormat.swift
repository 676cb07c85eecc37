/// How a value reads on screen: in list rows and templates, and in record
/// frames for fields whose spec asks for it.
public enum ValueFormat: Sendable, Equatable {
    case plain
    /// Dollars: `$120`, `$1,200.50`.
    case money
    /// The date part of an ISO 8601 date or datetime: `2026-11-21`.
    case date
    /// `Nov 21, 2026`, as iOS's medium date style.
    case mediumDate
    /// A number with this many decimal places: `10.46`.
    case decimals(Int)
    /// A number with at least this many decimal places, never rounded:
    /// `345.4` as `345.40`, `1.999` as it is. A column's declared scale
    /// (`numeric(10,2)`) or a name like `price` gives it.
    case minimumDecimals(Int)
    /// A boolean as `yes` or `no`; other values as they are.
    case yesNo

    /// Reads a format as written in templates and specs: `$`, `date`,
    /// `medium`, `0.2`; nil when it is none of these.
    public init?(spec text: String) {
        switch text {
        case "", "plain": self = .plain
        case "$", "money": self = .money
        case "date": self = .date
        case "medium": self = .mediumDate
        default:
            guard text.hasPrefix("0."), let places = Int(text.dropFirst(2)), (0...9).contains(places) else { return nil }
            self = .decimals(places)
        }
    }
}

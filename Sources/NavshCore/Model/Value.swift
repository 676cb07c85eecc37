/// One stored value, with SQLite's five storage classes. The core never sees
/// SQL; stores translate their own types to and from these.
public enum Value: Hashable, Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

    public var isNull: Bool { self == .null }
}

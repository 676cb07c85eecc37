/// One stored value, with SQLite's five storage classes. The core never sees
/// SQL; stores translate their own types to and from these.
public enum Value: Hashable, Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    /// Text whose stored bytes are not valid UTF-8 (written by some other
    /// program). Kept byte for byte, so a save compares and writes back
    /// exactly what is stored; shown with the bad bytes escaped.
    case rawText([UInt8])
    case blob([UInt8])

    public var isNull: Bool { self == .null }
}

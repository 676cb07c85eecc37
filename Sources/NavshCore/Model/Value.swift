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

    /// By its case, not by `==` against `.null` (asked for every cell shown).
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// Text that holds nothing (`""`, not NULL).
    public var isEmptyText: Bool {
        if case .text(let text) = self { return text.isEmpty }
        return false
    }

    /// The same value: reals by their bits, as a store keeps them, so -0.0
    /// is not 0.0 (a change from one to the other is a change, shown and
    /// checked) and a NaN read twice is the same value. Text by its bytes:
    /// Swift takes `café` composed and decomposed for one String, where a
    /// store holds two values that match and sort apart.
    public static func == (a: Value, b: Value) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case let (.integer(x), .integer(y)): return x == y
        case let (.real(x), .real(y)): return x.bitPattern == y.bitPattern
        case let (.text(x), .text(y)): return ExactName.same(x, y)
        case let (.rawText(x), .rawText(y)): return x == y
        case let (.blob(x), .blob(y)): return x == y
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .integer(let n): hasher.combine(1); hasher.combine(n)
        case .real(let d): hasher.combine(2); hasher.combine(d.bitPattern)
        case .text(var s):
            hasher.combine(3)
            s.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
            hasher.combine(0xFF as UInt8)
        case .rawText(let bytes): hasher.combine(4); hasher.combine(bytes)
        case .blob(let bytes): hasher.combine(5); hasher.combine(bytes)
        }
    }
}

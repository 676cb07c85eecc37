extension StringProtocol {
    /// Only ASCII digits, at least one: a row number however large, a
    /// whole number whatever its range, a date's part (not `٣` or `３`,
    /// which `Character.isNumber` takes too).
    var isASCIIDigits: Bool {
        !isEmpty && utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }
}

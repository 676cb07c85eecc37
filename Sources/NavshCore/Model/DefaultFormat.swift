/// How a field's values read when no app spec says: a boolean as yes or
/// no, an amount with its cents (`345.40`), as people write them. Only the
/// screen changes: JSON, exports and edits keep the stored value.
enum DefaultFormat {
    /// A number column named like these holds money: `UnitPrice`, `total_amount`.
    static let amountWords = ["price", "total", "amount", "cost", "balance", "fee", "salary", "payment"]

    static func of(_ field: Field) -> ValueFormat {
        switch field.kind {
        case .boolean: return .yesNo
        case .real, .numeric:
            if let scale = declaredScale(field.declaredType) { return scale > 0 ? .minimumDecimals(min(scale, 9)) : .plain }
            let name = field.name.lowercased()
            return amountWords.contains { name.hasPrefix($0) || name.hasSuffix($0) } ? .minimumDecimals(2) : .plain
        default: return .plain
        }
    }

    /// `2` of `numeric(10,2)` or `DECIMAL(10, 2)`; nil when the type declares no scale.
    static func declaredScale(_ type: String?) -> Int? {
        guard let type, let comma = type.lastIndex(of: ","), let close = type.lastIndex(of: ")"), comma < close else {
            return nil
        }
        return Int(type[type.index(after: comma)..<close].filter { $0 != " " })
    }
}

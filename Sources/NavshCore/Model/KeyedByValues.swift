/// A dictionary by a row's key values. A key of one whole number is found
/// by that number: hashing an array of `Value`s was a tenth of an
/// `import --update` of 100,000 rows, which looks each row up twice.
struct KeyedByValues<Element> {
    private var byNumber: [Int64: Element] = [:]
    private var byValues: [[Value]: Element] = [:]

    subscript(key: [Value]) -> Element? {
        if key.count == 1, case .integer(let number) = key[0] { return byNumber[number] }
        return byValues[key]
    }

    /// Keeps `element` under `key`; returns what was there before, if anything.
    @discardableResult
    mutating func updateValue(_ element: Element, forKey key: [Value]) -> Element? {
        if key.count == 1, case .integer(let number) = key[0] { return byNumber.updateValue(element, forKey: number) }
        return byValues.updateValue(element, forKey: key)
    }
}

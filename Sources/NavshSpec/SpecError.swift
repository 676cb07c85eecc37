/// A spec file that cannot be used, with where and what: `cars.yaml:12:
/// collections.cars.fields.year.max: expected a number or 'this year'`.
public struct SpecError: Error, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int
    /// The dotted path of the key at fault.
    public var key: String
    public var message: String

    public var description: String {
        "\(file):\(line): \(key.isEmpty ? "" : key + ": ")\(message)"
    }
}

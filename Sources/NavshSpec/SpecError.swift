/// A spec file that cannot be used, with where and what: `cars.yaml:12:
/// collections.cars.fields.year.max: expected a number or 'this year'`.
public struct SpecError: Error, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int
    /// The dotted path of the key at fault.
    public var key: String
    public var message: String
    /// The file could not be read at all (missing, a directory, no
    /// permission): an open failure (exit 66), not a bad spec (65).
    public var unreadable = false

    public var description: String {
        unreadable ? "\(file): \(message)" : "\(file):\(line): \(key.isEmpty ? "" : key + ": ")\(message)"
    }
}

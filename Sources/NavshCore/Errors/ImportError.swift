/// `import FILE` refused; nothing was imported. The rows it refused are
/// listed one a line as `FILE:LINE: field: problem`, as a compiler lists
/// errors, so an editor can jump to each.
public enum ImportError: Equatable, Sendable {
    /// Not a file `import` reads (by its extension).
    case unknownExtension(path: String)
    case cannotRead(path: String, reason: String)
    /// `import` writes rows of one collection, shown as a list.
    case notACollection(reason: String)
    /// The header or a row is not CSV / JSON, or names no field.
    case malformed(path: String, line: Int, problem: String)
    case empty(path: String)
    /// Rows refused, each `(line, field, problem)`, in line order; at most
    /// `ImportError.listed` of them listed, `total` counted.
    case badRows(path: String, rows: [ImportProblem], total: Int, hint: String? = nil)
    /// `--update` finds rows by their declared key, which the table lacks.
    case updateNeedsKey(collection: String)

    /// How many refused rows are listed before the rest are only counted.
    public static let listed = 20

    var message: String {
        switch self {
        case .unknownExtension(let path):
            return "import \(path): name the file .csv, .tsv or .jsonl to choose the format"
        case .cannotRead(let path, let reason):
            return "import \(path): cannot read it: \(reason); nothing was imported"
        case .notACollection(let reason):
            return "import: \(reason)"
        case .malformed(let path, let line, let problem):
            return "\(path):\(line): \(problem); nothing was imported"
        case .empty(let path):
            return "import \(path): the file holds no header row; nothing was imported"
        case .updateNeedsKey(let collection):
            return "import --update finds each row by its key, and \(collection) has no declared key; nothing was imported"
        case .badRows(let path, let rows, let total, let hint):
            let head = "import \(path): \(ListLayout.grouped(total)) bad row\(total == 1 ? "" : "s"), nothing was imported"
            // Line 0: a reference of several columns, found at COMMIT by its values alone.
            var lines = [head] + rows.map { "\(path)\($0.line > 0 ? ":\($0.line)" : ""): \($0.field): \($0.problem)" }
            if total > rows.count {
                lines.append("… and \(ListLayout.grouped(total - rows.count)) more bad row\(total - rows.count == 1 ? "" : "s")")
            }
            return (lines + (hint.map { [$0] } ?? [])).joined(separator: "\n")
        }
    }
}

/// One refused row of an import: the file line it starts on, the field at
/// fault (`row` when the whole row is), and why.
public struct ImportProblem: Error, Equatable, Sendable {
    public var line: Int
    public var field: String
    public var problem: String
}

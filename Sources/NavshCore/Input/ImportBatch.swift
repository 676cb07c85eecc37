/// Some of an import's rows as checked: those to insert, each a value per
/// field place (`Store.insertRows`) with the line it starts on, and those
/// the checks refused.
struct ImportBatch {
    var lines: [Int] = []
    var rows: [[Value?]] = []
    var refused: [ImportProblem] = []

    /// The rows read into it, good or refused.
    var count: Int { rows.count + refused.count }

    mutating func append(_ cells: [Value?], line: Int) {
        lines.append(line)
        rows.append(cells)
    }
}

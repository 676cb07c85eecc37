/// Some of an import's rows as checked: those to insert, each with the line
/// it starts on, and those the checks refused.
struct ImportBatch {
    var rows: [(line: Int, values: [String: Value])] = []
    var refused: [ImportProblem] = []

    /// The rows read into it, good or refused.
    var count: Int { rows.count + refused.count }
}

import NavshCore
import NavshSQL

/// A batch save in one UPDATE … FROM (VALUES …) per 500 rows, every value a
/// text parameter: each row is matched by key and checked on the values it
/// was read with and on its list in the UPDATE's own WHERE. One UPDATE a
/// row was a round trip a row. A row found changed (fewer rows written
/// than sent) or a store refusal takes the batch back, and the rows one by
/// one then say which, as before.
extension PostgresStore {
    /// Rows a statement carries: their parameters stay far below the protocol's 65,535.
    static let batchChunk = 500

    public func updateBatch(_ batch: BatchUpdate, in collection: CollectionSchema) throws -> BatchUpdate.Outcome? {
        let table = try writable(collection)
        let keys = try table.key.map { try table.column($0) }
        let checked = try batch.checked.map { try table.column($0) }
        let assigned = try batch.assigned.map { try table.column($0) }
        // A key written moves the row; a type the server may store otherwise
        // than sent (a numeric's scale, char's padding) is read back row by row.
        guard !batch.ids.isEmpty, !keys.isEmpty, batch.ids.allSatisfy({ $0.isPrimaryKey && $0.parts.count == keys.count }),
              assigned.allSatisfy({ column in !table.key.contains(column.name) && Self.keptAsSent(column) }) else { return nil }
        let columns = keys.indices.map { "navsh_k\($0)" } + checked.indices.map { "navsh_e\($0)" }
            + assigned.indices.map { "navsh_n\($0)" }
        let join = zip(keys, keys.indices).map { column, place in
            "\(column.name.pgIdentifier) = \(column.cast("v.navsh_k\(place)"))"
        }.joined(separator: " AND ")
        let held = checked.enumerated().map { place, column in column.sameSQL("v.navsh_e\(place)") }
        let assignments = assigned.enumerated().map { place, column in
            "\(column.name.pgIdentifier) = \(column.cast("v.navsh_n\(place)"))"
        }.joined(separator: ", ")
        // The savepoint's write says any error in the store's terms: the
        // mismatch is marked here, and its error only ends the savepoint.
        var mismatch = false
        do {
            return try write(table, values: [:]) {
                for writing in [true, false] {
                    let places = batch.values.indices.filter { (batch.values[$0] != nil) == writing }
                    var start = 0
                    while start < places.count {
                        let chunk = places[start..<min(start + Self.batchChunk, places.count)]
                        start += Self.batchChunk
                        var parameters = Parameters()
                        var rows: [String] = []
                        for place in chunk {
                            var cells = try zip(batch.ids[place].parts, keys).map { try parameters.bind($1.parameter($0)) }
                            cells += try zip(batch.expected[place], checked).map { try parameters.bind($1.parameter($0)) }
                            if let values = batch.values[place] {
                                cells += try zip(values, assigned).map { try parameters.bind($1.parameter($0)) }
                            } else {
                                cells += assigned.map { _ in parameters.bind(nil) }
                            }
                            rows.append("(" + cells.joined(separator: ", ") + ")")
                        }
                        let values = "(VALUES " + rows.joined(separator: ", ") + ") AS v(\(columns.joined(separator: ", ")))"
                        let condition = ([join] + held).joined(separator: " AND ")
                        let scoped = try scoped(batch.list, table, &parameters, condition) ?? condition
                        let found = writing
                            ? try bridge.execute("UPDATE \(table.relation) SET \(assignments) FROM \(values) WHERE \(scoped)",
                                                 parameters.values)
                            : Int(try bridge.rows("SELECT count(*)::text FROM \(table.relation), \(values) WHERE \(scoped)",
                                                  parameters.values).first?.first.flatMap { $0 } ?? "") ?? -1
                        // Fewer rows than sent: one changed, left its list or was ignored by a trigger.
                        guard found == chunk.count else {
                            mismatch = true
                            throw StoreError.recordMissing
                        }
                    }
                }
                return .written(reachedOtherRows: false)
            }
        } catch let error as StoreError {
            if mismatch { return nil }
            guard case .constraint = error else { throw error }
            return nil
        }
    }

    /// Whether the server keeps a value as the text it was sent, so the
    /// journal's value is the stored one: whole numbers and unpadded text.
    static func keptAsSent(_ column: PostgresColumn) -> Bool {
        switch column.kind {
        case .integer: return true
        case .text: return column.baseType == "text" || column.baseType == "character varying"
        default: return false
        }
    }
}

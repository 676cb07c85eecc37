import NavshCore
import NavshSQL

/// A batch save in one UPDATE … FROM unnest(…) per 10,000 rows: each
/// column's values go as one text array, so a statement carries a
/// parameter a column, not one a value. Each row is matched by key and
/// checked on the values it was read with and on its list in the UPDATE's
/// own WHERE. A row found changed (fewer rows written than sent) or a store
/// refusal takes the batch back, and the rows one by one then say which.
extension PostgresStore {
    /// Rows a statement carries: a few megabytes of arrays at most.
    static let batchChunk = 10_000

    public func updateBatch(_ batch: BatchUpdate, in collection: CollectionSchema) throws -> BatchUpdate.Outcome? {
        let table = try writable(collection)
        let keys = try table.key.map { try table.column($0) }
        let checked = try batch.checked.map { try table.column($0) }
        let assigned = try batch.assigned.map { try table.column($0) }
        // A key written moves the row: written row by row.
        guard !batch.ids.isEmpty, !keys.isEmpty, batch.ids.allSatisfy({ $0.isPrimaryKey && $0.parts.count == keys.count }),
              assigned.allSatisfy({ column in !table.key.contains(column.name) }) else { return nil }
        // A type the server may store otherwise than sent (a numeric's
        // scale, char's padding) is read back by the UPDATE itself.
        let readBack = !assigned.allSatisfy(Self.keptAsSent)
        let returning = readBack ? " RETURNING " + (keys + assigned).map(\.readSQL).joined(separator: ", ") : ""
        var stored: [Int: [Value]] = [:]
        let columns = keys.indices.map { "navsh_k\($0)" } + checked.indices.map { "navsh_e\($0)" }
            + assigned.indices.map { "navsh_n\($0)" }
        let join = zip(keys, keys.indices).map { column, place in
            "\(column.name.pgIdentifier) = \(column.cast("v.navsh_k\(place)"))"
        }.joined(separator: " AND ")
        let held = checked.enumerated().map { place, column in column.sameSQL("v.navsh_e\(place)") }
        let assignments = assigned.enumerated().map { place, column in
            "\(column.name.pgIdentifier) = \(column.cast("v.navsh_n\(place)"))"
        }.joined(separator: ", ")
        // The keys again as one array, which the key's index finds: joined
        // to unnest alone, the server read the whole table for each chunk.
        let narrowing: ((String) -> String)? = keys.count == 1 && [.integer, .text].contains(keys[0].kind) ? { keysSent in
            "\(keys[0].name.pgIdentifier) = ANY(CAST((\(keysSent))::text[] AS \(keys[0].castType)[]))"
        } : nil
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
                        var arrays = Array(repeating: TextArray(), count: columns.count)
                        for place in chunk {
                            var column = 0
                            for (value, key) in zip(batch.ids[place].parts, keys) {
                                arrays[column].append(try key.parameter(value))
                                column += 1
                            }
                            for (values, check) in zip(batch.held, checked) {
                                arrays[column].append(try check.parameter(values[place]))
                                column += 1
                            }
                            let values = batch.values[place]
                            for (index, target) in assigned.enumerated() {
                                arrays[column].append(try values.flatMap { try target.parameter($0[index]) })
                                column += 1
                            }
                        }
                        // Each array bound as text and cast after: a prepared statement
                        // sends a parameter in its type's binary form, and text's is its bytes.
                        let placeholders = arrays.map { parameters.bind($0.literal) }
                        let values = "unnest(" + placeholders.map { "(" + $0 + ")::text[]" }.joined(separator: ", ")
                            + ") AS v(\(columns.joined(separator: ", ")))"
                        let condition = ((narrowing.map { [$0(placeholders[0])] } ?? []) + [join] + held).joined(separator: " AND ")
                        let scoped = try scoped(batch.list, table, &parameters, condition) ?? condition
                        let update = "UPDATE \(table.relation) SET \(assignments) FROM \(values) WHERE \(scoped)"
                        let found: Int
                        if !writing {
                            found = Int(try bridge.rows("SELECT count(*)::text FROM \(table.relation), \(values) WHERE \(scoped)",
                                                        parameters.values).first?.first.flatMap { $0 } ?? "") ?? -1
                        } else if readBack {
                            // Only a row read back under a key sent counts: the journal
                            // must hold the stored value of every row written.
                            let places = Dictionary(chunk.map { (batch.ids[$0], $0) }, uniquingKeysWith: { first, _ in first })
                            var read = 0
                            for row in try bridge.rows(update + returning, parameters.values)
                            where row.count == keys.count + assigned.count {
                                guard let place = places[try id(row[0..<keys.count], table)] else { continue }
                                stored[place] = zip(assigned, row[keys.count...]).map { column, cell in column.value(cell) }
                                read += 1
                            }
                            found = read
                        } else {
                            found = try bridge.execute(update, parameters.values)
                        }
                        // Fewer rows than sent: one changed, left its list or was ignored by a trigger.
                        guard found == chunk.count else {
                            mismatch = true
                            throw StoreError.recordMissing
                        }
                    }
                }
                return .written(reachedOtherRows: false, stored: readBack ? stored : nil)
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

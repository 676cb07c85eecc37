import NavshCore
import NavshSQL

/// A batch save in one UPDATE … FROM unnest(…) per 10,000 rows, or a
/// batch delete in one DELETE … USING unnest(…): each
/// column's values go as one text array, or as one value when the chunk's
/// rows share it, so a statement carries a parameter a column, not one a
/// value. Each row is matched by key and checked on the values it was
/// read with and on its list in the UPDATE's own WHERE. A row found
/// changed (fewer rows written than sent) takes the batch back, and one
/// SELECT a chunk finds which; after a store's refusal, the rows one by one say which.
extension PostgresStore {
    /// Rows a statement carries: a few megabytes of arrays at most.
    static let batchChunk = 10_000

    public func writeBatch(_ batch: BatchWrite, in collection: CollectionSchema) throws -> BatchWrite.Outcome? {
        let table = try writable(collection)
        if batch.kind == .restore { return try restored(batch, table) }
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
        // A whole-number key matched by the join holds what it was read
        // with: checked again, it cost a column of every chunk.
        let held = batch.checked.indices.filter { place in
            !(checked[place].kind == .integer && table.key.contains(checked[place].name))
        }
        // The keys again as one array, which the key's index finds: joined
        // to unnest alone, the server read the whole table for each chunk.
        let narrowing: ((String) -> String)? = keys.count == 1 && [.integer, .text].contains(keys[0].kind) ? { keysSent in
            "\(keys[0].name.quotedIdentifier) = ANY(CAST((\(keysSent))::text[] AS \(keys[0].castType)[]))"
        } : nil
        let watched = try batch.watched.map { try table.column($0) }
        // A BEFORE trigger may change a watched field as the row is written:
        // the fields are then compared before the UPDATE, not in what it returns.
        var watchedBefore = !watched.isEmpty
        if watchedBefore, !readBack { watchedBefore = try hasBeforeUpdateTrigger(table) }
        // One chunk's arrays as rows (`v`), its WHERE, its SET and their
        // parameters; `numbered` adds each row's place in the chunk.
        // `watching` has a test a watched field, true where it changed.
        func statement(_ chunk: ArraySlice<Int>, writing: Bool, numbered: Bool = false) throws
            -> (values: String, condition: String, assignments: String, watching: [String], parameters: [String?]) {
            var sent = ChunkColumns(parameters: Parameters())
            let keyNames = try keys.indices.map { column in
                try sent.array(chunk.map { try keys[column].parameter(batch.ids[$0].parts[column]) }, named: "navsh_k\(column)")
            }
            let join = zip(keys, keyNames).map { column, sentKey in "\(column.name.quotedIdentifier) = \(column.cast(sentKey))" }
            let tests = try held.map { place in
                checked[place].sameSQL(try sent.column(chunk.map { try checked[place].parameter(batch.held[place][$0]) },
                                                       named: "navsh_e\(place)"))
            }
            // Rows left as they are are only counted: no value is bound
            // for a SET they do not run, which the server could not type.
            let assignments = !writing ? "" : try assigned.enumerated().map { place, target in
                let values = try chunk.map { try batch.values[$0].flatMap { try target.parameter($0[place]) } }
                return "\(target.name.quotedIdentifier) = \(target.cast(sent.column(values, named: "navsh_n\(place)")))"
            }.joined(separator: ", ")
            let watching = !writing || batch.kind != .update ? [] : try watched.enumerated().map { place, column in
                "NOT (" + column.sameSQL(try sent.column(chunk.map { try column.parameter(batch.watchedHeld[place][$0]) },
                                                         named: "navsh_w\(place)")) + ")"
            }
            var parameters = sent.parameters
            let values = sent.unnest(numbered: numbered)
            let condition = ((narrowing.map { [$0(sent.firstArray)] } ?? []) + join + tests).joined(separator: " AND ")
            return (values, try scoped(batch.list, table, &parameters, condition) ?? condition, assignments, watching, parameters.values)
        }
        // The rows written, then those only checked, each in chunks.
        let chunks = [true, false].flatMap { writing in
            let places = batch.values.indices.filter { (batch.values[$0] != nil) == writing }
            return stride(from: 0, to: places.count, by: Self.batchChunk).map {
                (writing: writing, places: places[$0..<min($0 + Self.batchChunk, places.count)])
            }
        }
        // The savepoint's write says any error in the store's terms: the
        // mismatch is marked here, and its error only ends the savepoint.
        var mismatch = false
        var kept = Array(repeating: 0, count: watched.count)
        // After a trigger: per field, the rows written holding another value than read.
        var differing = kept
        // Adds the counts a statement read, as text from its `first` column on.
        func count(_ row: [String?]?, from first: Int, into counts: inout [Int]) throws {
            for field in counts.indices {
                guard let row, first + field < row.count, let counted = row[first + field].flatMap({ Int($0) }) else {
                    throw StoreError.malformedRow(table: table.name, problem: "came back without the count of a field watched")
                }
                counts[field] += counted
            }
        }
        do {
            return try write(table, values: [:]) {
                let before = table.changesOtherRows ? try changedSoFar() : 0
                var changed = 0
                for (writing, chunk) in chunks {
                    let (values, scoped, assignments, watching, parameters) = try statement(chunk, writing: writing)
                    let update = "UPDATE \(table.relation) SET \(assignments) FROM \(values) WHERE \(scoped)"
                    let counts = { (tests: [String]) in tests.map { "count(*) FILTER (WHERE \($0))::text" }.joined(separator: ", ") }
                    if !watching.isEmpty, watchedBefore {
                        let sql = "SELECT \(counts(watching)) FROM \(table.relation), \(values) WHERE \(scoped)"
                        try count(try bridge.rows(sql, parameters, preparing: false).first, from: 0, into: &kept)
                    }
                    let found: Int
                    if batch.kind == .delete {
                        found = try bridge.execute("DELETE FROM \(table.relation) USING \(values) WHERE \(scoped)", parameters)
                    } else if !writing {
                        found = Int(try bridge.rows("SELECT count(*)::text FROM \(table.relation), \(values) WHERE \(scoped)",
                                                    parameters, preparing: false).first?.first.flatMap { $0 } ?? "") ?? -1
                    } else if readBack {
                        // Only a row read back under a key sent counts: the journal
                        // must hold the stored value of every row written.
                        let places = Dictionary(chunk.map { (batch.ids[$0], $0) }, uniquingKeysWith: { first, _ in first })
                        var read = 0
                        for row in try bridge.rows(update + returning, parameters, preparing: false)
                        where row.count == keys.count + assigned.count {
                            guard let place = places[try id(row[0..<keys.count], table)] else { continue }
                            stored[place] = zip(assigned, row[keys.count...]).map { column, cell in column.value(cell) }
                            read += 1
                        }
                        found = read
                    } else if !watching.isEmpty {
                        // The UPDATE returns each row as it wrote it: a field
                        // it does not set holds there what the row held,
                        // unless a trigger changed it.
                        let returned = watching.enumerated().map { "\($1) AS navsh_w\($0)" }.joined(separator: ", ")
                        let sql = "WITH navsh_u AS (\(update) RETURNING \(returned)) SELECT count(*)::text, "
                            + counts(watching.indices.map { "navsh_w\($0)" }) + " FROM navsh_u"
                        let row = try bridge.rows(sql, parameters, preparing: false).first
                        found = row?.first.flatMap { $0 }.flatMap { Int($0) } ?? -1
                        if watchedBefore { try count(row, from: 1, into: &differing) } else { try count(row, from: 1, into: &kept) }
                    } else {
                        found = try bridge.execute(update, parameters)
                    }
                    // Fewer rows than sent: one changed, left its list or was ignored by a trigger.
                    guard found == chunk.count else {
                        mismatch = true
                        throw StoreError.recordMissing
                    }
                    if writing || batch.kind == .delete { changed += found }
                }
                // A field the trigger wrote holds its value, not the one kept.
                if watchedBefore, !readBack {
                    for field in kept.indices where differing[field] != kept[field] { kept[field] = 0 }
                }
                // A trigger or an ON UPDATE action changed rows besides the batch's.
                let reached = table.changesOtherRows ? try changedSoFar() - before > changed : false
                return .written(reachedOtherRows: reached, stored: readBack ? stored : nil, kept: kept)
            }
        } catch let error as StoreError {
            guard mismatch else {
                guard case .constraint = error else { throw error }
                return nil
            }
        }
        // The rows that fail the UPDATE's own test, a chunk a statement:
        // written one by one to find them, 100,000 rows took a minute.
        var refused: [Int] = []
        for (writing, chunk) in chunks {
            let (values, scoped, _, _, parameters) = try statement(chunk, writing: writing, numbered: true)
            let failing = "SELECT v.navsh_at::text FROM \(values) WHERE NOT EXISTS (SELECT 1 FROM \(table.relation) WHERE \(scoped))"
            for row in try bridge.rows(failing, parameters, preparing: false) {
                guard let at = row.first.flatMap({ $0 }).flatMap({ Int($0) }), chunk.indices.contains(chunk.startIndex + at - 1) else {
                    throw StoreError.malformedRow(table: table.name, problem: "came back without its place in the batch")
                }
                refused.append(chunk[chunk.startIndex + at - 1])
            }
        }
        // None: a trigger ignored a write, which the rows one by one name.
        return refused.isEmpty ? nil : .refused(refused.sorted())
    }

    /// Rows put back, an INSERT … SELECT … FROM unnest(…) a chunk: one
    /// INSERT a row took 13 s to undo a delete of 25,000 rows. Refused,
    /// the rows whose key is taken since; nil after another refusal or a
    /// row a trigger ignored, which the rows one by one then name.
    private func restored(_ batch: BatchWrite, _ table: PostgresTable) throws -> BatchWrite.Outcome? {
        let columns = try batch.assigned.map { try table.column($0) }
        // An identity column GENERATED ALWAYS takes the row's own key back only when told to.
        let overriding = table.hasAlwaysIdentity ? " OVERRIDING SYSTEM VALUE" : ""
        let into = "INSERT INTO \(table.quotedName) (\(columns.map(\.name.quotedIdentifier).joined(separator: ", ")))\(overriding) SELECT "
        var ignored = false
        do {
            return try write(table, values: [:]) {
                for start in stride(from: 0, to: batch.ids.count, by: Self.batchChunk) {
                    let chunk = start..<min(start + Self.batchChunk, batch.ids.count)
                    var sent = ChunkColumns(parameters: Parameters())
                    let values = try columns.enumerated().map { place, column in
                        column.cast(try sent.array(chunk.map { try batch.values[$0].flatMap { try column.parameter($0[place]) } },
                                                   named: "navsh_n\(place)"))
                    }
                    let sql = into + values.joined(separator: ", ") + " FROM " + sent.unnest(numbered: false)
                    guard try bridge.execute(sql, sent.parameters.values) == chunk.count else {
                        ignored = true
                        throw StoreError.recordMissing
                    }
                }
                return .written(reachedOtherRows: false)
            }
        } catch let error as StoreError {
            guard ignored || { if case .constraint = error { true } else { false } }() else { throw error }
        }
        guard !ignored else { return nil }
        // The rows whose key another row holds now, a chunk a SELECT: found
        // one by one, an undo of 100,000 rows took a minute to be refused.
        let keys = try table.key.map { name in (column: try table.column(name), place: batch.assigned.firstIndex(of: name)) }
        guard !keys.isEmpty, keys.allSatisfy({ $0.place != nil }) else { return nil }
        var taken: [Int] = []
        for start in stride(from: 0, to: batch.ids.count, by: Self.batchChunk) {
            let chunk = start..<min(start + Self.batchChunk, batch.ids.count)
            var sent = ChunkColumns(parameters: Parameters())
            let sentKeys = try keys.enumerated().map { number, key in
                try sent.array(chunk.map { try batch.values[$0].flatMap { try key.column.parameter($0[key.place!]) } },
                               named: "navsh_k\(number)")
            }
            let match = zip(keys, sentKeys).map { key, sentKey in "\(key.column.name.quotedIdentifier) = \(key.column.cast(sentKey))" }
            let sql = "SELECT v.navsh_at::text FROM \(sent.unnest(numbered: true)) WHERE EXISTS "
                + "(SELECT 1 FROM \(table.relation) WHERE \(match.joined(separator: " AND ")))"
            for row in try bridge.rows(sql, sent.parameters.values, preparing: false) {
                guard let at = row.first.flatMap({ $0 }).flatMap({ Int($0) }), chunk.contains(start + at - 1) else {
                    throw StoreError.malformedRow(table: table.name, problem: "came back without its place in the batch")
                }
                taken.append(start + at - 1)
            }
        }
        // None: another constraint refused a row, which the rows one by one name.
        return taken.isEmpty ? nil : .refused(taken.sorted())
    }

    /// The columns of one chunk: each an array that `unnest` turns into
    /// rows, or one parameter when every row of the chunk sends the same
    /// value (the value a batch sets, or the one its rows were read with).
    private struct ChunkColumns {
        var parameters: Parameters
        private var names: [String] = []
        private var placeholders: [String] = []

        init(parameters: Parameters) {
            self.parameters = parameters
        }

        /// The first array's placeholder: the keys, which the key's index finds.
        var firstArray: String { placeholders[0] }

        /// The column sent as an array, named as `unnest` gives it. It is
        /// bound as text and cast after: a prepared statement sends a
        /// parameter in its type's binary form, and text's is its bytes.
        mutating func array(_ values: [String?], named name: String) -> String {
            var array = TextArray()
            for value in values { array.append(value) }
            placeholders.append(parameters.bind(array.literal))
            names.append(name)
            return "v." + name
        }

        /// The column as one parameter when its values are the same bytes,
        /// else as an array. Swift's `==` takes `café` composed and
        /// decomposed as one text, which a store keeps as two.
        mutating func column(_ values: [String?], named name: String) -> String {
            let exact = values.first.map { $0.map(ExactName.init) }
            guard let first = values.first, values.allSatisfy({ $0.map(ExactName.init) == exact }) else { return array(values, named: name) }
            return parameters.bind(first)
        }

        /// The FROM item that turns the arrays into rows, with each
        /// row's place from 1 as `navsh_at` when `numbered`.
        func unnest(numbered: Bool) -> String {
            "unnest(" + placeholders.map { "(" + $0 + ")::text[]" }.joined(separator: ", ") + ")"
                + (numbered ? " WITH ORDINALITY" : "") + " AS v(\((names + (numbered ? ["navsh_at"] : [])).joined(separator: ", ")))"
        }
    }

    /// Whether a row trigger runs BEFORE an UPDATE of `table`: it may
    /// change a field the UPDATE does not set.
    private func hasBeforeUpdateTrigger(_ table: PostgresTable) throws -> Bool {
        // tgtype's bits: 1 a row trigger, 2 BEFORE, 16 on UPDATE.
        try !bridge.rows("""
            SELECT 1::text FROM pg_trigger
            WHERE tgrelid = CAST($1::text AS regclass) AND tgtype & 19 = 19 AND tgenabled <> 'D'
            """, [table.quotedName]).isEmpty
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

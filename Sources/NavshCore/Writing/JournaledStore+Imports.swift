/// `import`'s writes: many new rows in one transaction, and undo of them.
extension JournaledStore {
    /// Inserts every row of an import in one transaction, or none: each
    /// row is all or nothing on its own (`Store.insertRows`), so a row the
    /// store refuses is noted (with its line) and the others still run, and
    /// every refused row is found in one pass; then the transaction commits
    /// only if none was refused and `keep` (a `--dry-run` rolls back always).
    /// Kept rows are journaled as one change, which `undo` takes back whole.
    /// The rows come a batch at a time from `next`, checked as they are read,
    /// so no more than a batch of them is held ready at once.
    /// `checking` (when given) runs first in the import's transaction and
    /// may refuse it by throwing.
    func importRows(into collection: CollectionSchema, file: String, keep: Bool,
                    checking: (() throws -> Void)? = nil, next: () throws -> ImportBatch?,
                    progress: () -> Void) throws -> (saved: ImportedRows, refused: [ImportProblem]) {
        let saved = ImportedRows(fields: collection.fields.map(\.name))
        var refused: [ImportProblem] = []
        // The lines holding each value of each reference field: what COMMIT
        // may refuse is named by them at the end.
        let references = collection.fields.indices.filter { collection.fields[$0].references != nil }
        var referenceLines: [String: [String: [Int]]] = [:]
        do {
            try store.atomically {
                try checking?()
                while let batch = try next() {
                    try stopIfCancelled()
                    refused += batch.refused
                    var refusedRows = Set<Int>()
                    let ids: [RecordID]
                    do {
                        ids = try store.insertRows(batch.rows, into: collection) { index, error in
                            refusedRows.insert(index)
                            guard case .constraint(let kind, let fields, let detail) = error else { return }
                            refused.append(ImportProblem(line: batch.lines[index], field: fields.first ?? "row",
                                                         problem: Self.words(kind, detail: detail, error: error)))
                        }
                    } catch let error as StoreError where !refusedRows.isEmpty {
                        // A refusal that ended the transaction (a trigger's
                        // RAISE(ROLLBACK)): listed, and nothing more is read.
                        guard case .constraint = error else { throw error }
                        refused.sort { $0.line < $1.line }
                        throw RollBack()
                    }
                    let inserted = refusedRows.isEmpty ? batch.rows[...]
                        : ArraySlice(batch.rows.indices.filter { !refusedRows.contains($0) }.map { batch.rows[$0] })
                    try saved.append(ids, inserted)
                    for place in references {
                        let name = collection.fields[place].name
                        for (line, cells) in zip(batch.lines, batch.rows) {
                            guard let value = cells[place], !value.isNull else { continue }
                            referenceLines[name, default: [:]][ValueText.raw(value), default: []].append(line)
                        }
                    }
                    progress()
                }
                // References checked only at COMMIT (all of them inside this
                // transaction on SQLite): found now, by the rows that hold them,
                // so a dry run fails as the COMMIT would and each names its line.
                for reference in try store.unresolvedReferences(in: collection) {
                    guard case .constraint(let kind, _, let detail) = reference.error else { throw reference.error }
                    let lines = referenceLines[reference.field]?[reference.value] ?? []
                    for line in lines.isEmpty ? [0] : lines {
                        refused.append(ImportProblem(line: line, field: reference.field,
                                                     problem: Self.words(kind, detail: detail, error: reference.error)))
                    }
                }
                refused.sort { $0.line < $1.line }
                if !refused.isEmpty || !keep { throw RollBack() }
            }
        } catch is RollBack {
            return (saved, refused)
        }
        record(.imported(collection, saved, file: file))
        return (saved, [])
    }

    /// Thrown to roll an import back after it has seen every row.
    private struct RollBack: Error {}

    /// A refused insert in the words of an import report (the field goes first).
    private static func words(_ kind: StoreError.Constraint, detail: String, error: StoreError) -> String {
        switch kind {
        case .notNull: return "is required (NOT NULL) and empty"
        case .unique, .primaryKey: return "another row already has this value (\(kind.rawValue))"
        case .check: return "refused by a CHECK constraint (\(detail))"
        case .foreignKey: return "\(detail) (FOREIGN KEY)"
        case .trigger: return "refused by a trigger: \(detail)"
        case .other: return error.explained(at: "")
        }
    }

    /// Takes back an import: deletes its rows, each checked against the values
    /// it was imported with, in one transaction; returns the change made.
    static func unimport(_ rows: ImportedRows, from collection: CollectionSchema, file: String,
                         in store: any Store) throws -> Change {
        try store.atomically {
            try rows.forEach { row in
                // A row others have hung on since stays: the whole undo is refused.
                guard try store.delete(row.id, from: collection, expecting: row.values).isEmpty else {
                    throw CommandError.undo(.importChanged(file: file))
                }
            }
        }
        return .unimported(collection, rows, file: file)
    }
}

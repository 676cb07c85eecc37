/// A manual order's numbers written in one transaction: `move N M` and its
/// undo. Each row is checked against the number it held, and a number
/// another row holds now is reached by way of a parking number below them
/// all, so that a UNIQUE order column never holds one number twice.
struct OrderNumbers {
    /// The order field.
    let field: String
    /// Each row's number now and the one it gets.
    let rows: [(id: RecordID, now: Value, new: Value)]

    /// Writes the numbers that change; false, with nothing written, when a
    /// row no longer holds the number it was read with.
    func write(in collection: CollectionSchema, on store: any Store) throws -> Bool {
        let moving = rows.filter { $0.now != $0.new }
        guard !moving.isEmpty else { return true }
        let held = Set(rows.map(\.now))
        var steps = [moving.map { (id: $0.id, from: $0.now, to: $0.new) }]
        if moving.contains(where: { held.contains($0.new) }) {
            // Below every number held or to be written: an undo writes back negative ones.
            let numbers: [Int64] = rows.flatMap { [$0.now, $0.new] }.compactMap { if case .integer(let n) = $0 { n } else { nil } }
            let lowest = min(0, numbers.min() ?? 0)
            guard lowest > Int64.min + Int64(moving.count) + 1 else {
                throw StoreError.unsupported("\(field) cannot be renumbered")
            }
            let parked = moving.indices.map { Value.integer(lowest - 1 - Int64($0)) }
            steps = [zip(moving, parked).map { (id: $0.id, from: $0.now, to: $1) },
                     zip(moving, parked).map { (id: $0.id, from: $1, to: $0.new) }]
        }
        do {
            try store.atomically(deferringReferences: false) {
                for step in steps {
                    let writes = step.map { RowWrite(id: $0.id, changes: [field: $0.to], expecting: [field: $0.from]) }
                    if try store.updateRows(writes, in: collection).contains(where: { $0 == nil }) { throw Moved() }
                }
            }
        } catch is Moved {
            return false
        } catch let failure as RowWriteFailure {
            throw failure.error
        }
        return true
    }

    /// A row held another number: the transaction is rolled back.
    private struct Moved: Error {}
}

extension Reorder {
    /// The move: 1, 2, 3… along `after`, from the numbers read before it.
    var numbers: OrderNumbers {
        let held = Dictionary(before.map { ($0.id, $0.value) }, uniquingKeysWith: { first, _ in first })
        return OrderNumbers(field: field, rows: after.enumerated().map { index, id in
            (id: id, now: held[id] ?? .null, new: .integer(Int64(index + 1)))
        })
    }

    /// Its undo: each row's number before the move, gaps and all.
    var numbersBefore: OrderNumbers {
        let given = Dictionary(after.enumerated().map { ($1, Value.integer(Int64($0 + 1))) }, uniquingKeysWith: { first, _ in first })
        return OrderNumbers(field: field, rows: before.compactMap { id, value in
            given[id].map { (id: id, now: $0, new: value) }
        })
    }
}

/// A manual order's numbers written in one transaction: `move N M` and its
/// undo. Each row written is checked against the number it held, and so
/// is each row it comes to sit beside. A number another row holds now is
/// reached by way of a parking number below or above them all, so that a
/// UNIQUE order column never holds one number twice.
struct OrderNumbers {
    /// The order field.
    let field: String
    /// Each row's number now and the one it gets, in the order they make.
    let rows: [(id: RecordID, now: Value, new: Value)]
    /// The numbers the field takes, parking numbers too.
    var allowed: ClosedRange<Int64> = .min ... .max

    /// Writes the numbers that change; false, with nothing written, when a
    /// row written or beside one no longer holds the number it was read with.
    func write(in collection: CollectionSchema, on store: any Store) throws -> Bool {
        let moving = rows.filter { $0.now != $0.new }
        guard !moving.isEmpty else { return true }
        let held = Set(rows.map(\.now))
        // A row beside one written is written its own number, as a check:
        // renumbered elsewhere meanwhile, it would leave the row out of place.
        let beside = rows.indices.filter { place in
            rows[place].now == rows[place].new
                && [place - 1, place + 1].contains { rows.indices.contains($0) && rows[$0].now != rows[$0].new }
        }.map { (id: rows[$0].id, from: rows[$0].now, to: rows[$0].now) }
        var steps = [beside + moving.map { (id: $0.id, from: $0.now, to: $0.new) }]
        if moving.contains(where: { held.contains($0.new) }) {
            // Below every number held or to be written, as an undo writes back
            // negative ones; above them all where the field allows no lower.
            let numbers: [Int64] = rows.flatMap { [$0.now, $0.new] }.compactMap { if case .integer(let n) = $0 { n } else { nil } }
            let count = Int64(moving.count)
            let lowest = min(0, numbers.min() ?? 0)
            let highest = numbers.max() ?? 0
            let below = lowest > Int64.min + count + 1
            let above = highest < Int64.max - count - 1 && highest + 1 + count <= allowed.upperBound
            // Out of range only where neither side fits: a spec's bounds bind
            // navsh alone, and the store says so if its own refuse it.
            guard below || above else { throw StoreError.unsupported("\(field) cannot be renumbered") }
            let parked: [Value] = below && (lowest - 1 - count >= allowed.lowerBound || !above)
                ? moving.indices.map { .integer(lowest - 1 - Int64($0)) }
                : moving.indices.map { .integer(highest + 1 + Int64($0)) }
            steps = [beside + zip(moving, parked).map { (id: $0.id, from: $0.now, to: $1) },
                     zip(moving, parked).map { (id: $0.id, from: $1, to: $0.new) }]
        }
        do {
            try store.atomically(deferringReferences: false) {
                for step in steps {
                    // In a few statements where the store can: a row at a time, a
                    // whole renumber of 100,000 rows took minutes on a server.
                    let batch = BatchWrite(ids: step.map(\.id), checked: [field], held: [step.map(\.from)], assigned: [field],
                                            values: step.map { $0.from == $0.to ? nil : [$0.to] }, list: collection)
                    switch try store.writeBatch(batch, in: collection) {
                    case .written?: continue
                    case .refused?: throw Moved()
                    case nil: break
                    }
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
    /// The move's write, checked against the numbers read before it.
    var numbers: OrderNumbers { write(field, from: before, to: after) }

    /// Its undo: each row's number before the move, gaps and all.
    var numbersBefore: OrderNumbers { write(field, from: after, to: before) }

    private func write(_ field: String, from now: [(id: RecordID, value: Value)],
                       to new: [(id: RecordID, value: Value)]) -> OrderNumbers {
        let held = Dictionary(now.map { ($0.id, $0.value) }, uniquingKeysWith: { first, _ in first })
        return OrderNumbers(field: field, rows: new.compactMap { id, value in
            held[id].map { (id: id, now: $0, new: value) }
        }, allowed: allowed)
    }
}

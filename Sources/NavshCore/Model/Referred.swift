/// The rows that refer to a batch's rows, as a plan gathers them, and
/// the order that deletes each before the rows it refers to.
struct Referred {
    var place: [RecordID: Int] = [:]
    var counts: [[BlockingReference]]
    /// first[i]: the batch rows to delete before row i, each with the
    /// reference that makes it so; `required` where that reference would
    /// refuse the delete, not where a cascade would take the row.
    var first: [[(place: Int, by: BlockingReference, required: Bool)]]
    /// takenBy[i]: the batch row whose delete's cascade takes row i.
    var takenBy: [Int?]

    init(_ ids: [RecordID]) {
        for (i, id) in ids.enumerated() where place[id] == nil { place[id] = i }
        counts = Array(repeating: [], count: ids.count)
        first = Array(repeating: [], count: ids.count)
        takenBy = Array(repeating: nil, count: ids.count)
    }

    /// Row `j` goes before row `i`.
    mutating func follow(_ j: Int, before i: Int, by reference: BlockingReference, required: Bool) {
        first[i].append((j, reference, required))
    }

    /// Rows the batch leaves refer to row `i`: they refuse its delete.
    mutating func block(_ i: Int, by reference: BlockingReference) {
        Self.add(reference, to: &counts[i])
    }

    func plan() -> DeletePlan {
        var blocked: [Int: [BlockingReference]] = [:]
        for (i, references) in counts.enumerated() where !references.isEmpty { blocked[i] = references }
        guard first.contains(where: { !$0.isEmpty }) else { return DeletePlan(blocked: blocked, order: Array(first.indices)) }
        let order = referrersFirst()
        // What no order passes, a loop of references, blocks its rows.
        let ordered = Set(order)
        for i in first.indices where !ordered.contains(i) {
            for edge in first[i] where edge.required && !ordered.contains(edge.place) {
                var reference = edge.by
                reference.inLoop = true
                Self.add(reference, to: &blocked[i, default: []])
            }
        }
        return DeletePlan(blocked: blocked, order: order)
    }

    /// The places, each after the places it must follow, else in the list's
    /// order. A loop that only cascades is let go at its first place; places
    /// in a loop of refusing references, or after one, are left out.
    func referrersFirst() -> [Int] {
        var waiting: [[Int: Bool]] = first.map { edges in
            var places: [Int: Bool] = [:]
            for edge in edges { places[edge.place] = (places[edge.place] ?? false) || edge.required }
            return places
        }
        var followers: [[Int]] = Array(repeating: [], count: first.count)
        for (i, places) in waiting.enumerated() {
            for j in places.keys { followers[j].append(i) }
        }
        var order = waiting.indices.filter { waiting[$0].isEmpty }
        var takes: [[Int]] = Array(repeating: [], count: first.count)
        for (place, boss) in takenBy.enumerated() { if let boss { takes[boss].append(place) } }
        var next = 0
        // The loops found when no place was free, those not yet looked at,
        // and whether they were found since a place was last let go: found
        // again at each loop, 5,000 loops took 9 s.
        var loops: [[Int]] = []
        var looked = 0
        var found = false
        while true {
            while next < order.count {
                let i = order[next]
                next += 1
                for k in followers[i] where waiting[k].removeValue(forKey: i) != nil && waiting[k].isEmpty {
                    order.append(k)
                }
            }
            guard order.count < waiting.count else { break }
            var loosened: Int?
            while loosened == nil {
                if looked < loops.count {
                    loosened = self.loosened(loops[looked], waiting, takes)
                    looked += 1
                } else if found {
                    break
                } else {
                    (loops, looked, found) = (Self.components(waiting), 0, true)
                }
            }
            if let k = loosened {
                waiting[k] = [:]
                order.append(k)
            } else if let whole = takenWhole(loops, waiting, placed: Set(order)) {
                for k in whole {
                    waiting[k] = [:]
                    order.append(k)
                }
            } else {
                break
            }
            found = false
        }
        return order
    }

    /// A loop of refusing references that one batch row's cascade takes
    /// whole, as two staff who refer to each other and share a boss: that
    /// row, then the loop's other places. Deleting the boss takes them all
    /// in one statement, which the database checks as it ends. The boss may
    /// be in the loop herself, as when one of them refers to her too, or
    /// gone before it. Nil when no loop can go so now.
    private func takenWhole(_ loops: [[Int]], _ waiting: [[Int: Bool]], placed: Set<Int>) -> [Int]? {
        for loop in loops where loop.count > 1 {
            let members = Set(loop)
            for k in Set(loop.compactMap(root)).sorted() {
                let taken = loop.filter { $0 != k }
                guard taken.allSatisfy({ root($0) == k }),
                      taken.allSatisfy({ waiting[$0].keys.allSatisfy { members.contains($0) || $0 == k } }) else { continue }
                // Let go already, the boss went first and took them.
                if placed.contains(k) { return taken }
                if waiting[k].allSatisfy({ !$0.value || members.contains($0.key) }) { return [k] + taken }
            }
        }
        return nil
    }

    /// The batch row whose delete's cascade takes the row at `place`,
    /// through other batch rows it takes; nil when none does.
    private func root(_ place: Int) -> Int? {
        var at = place
        var seen: Set<Int> = [place]
        while let next = takenBy[at], seen.insert(next).inserted { at = next }
        return at == place ? nil : at
    }

    /// Whether deleting `k` now leaves no row its cascade takes with a
    /// refusing reference from a row still there: letting a boss go took
    /// Bob while Cy, not yet deleted, still referred to him. `takes[i]`:
    /// the places whose `takenBy` is i.
    private func takesSafely(_ k: Int, _ waiting: [[Int: Bool]], _ takes: [[Int]]) -> Bool {
        var taken: Set<Int> = [k]
        var next = [k]
        while let place = next.popLast() {
            for t in takes[place] where taken.insert(t).inserted { next.append(t) }
        }
        return taken.allSatisfy { t in
            waiting[t].allSatisfy { j, required in !required || taken.contains(j) }
        }
    }

    /// The place of `loop` to let go when none is free: one that waits only
    /// for cascades or cleared references, in a loop that waits on nothing
    /// outside it. One that the loop's refusing references wait on goes
    /// first: let go before it, another's cascade took a row it still
    /// referred to. Nil when the loop cannot be let go now.
    private func loosened(_ loop: [Int], _ waiting: [[Int: Bool]], _ takes: [[Int]]) -> Int? {
        let left = loop.filter { !waiting[$0].isEmpty }
        let members = Set(left)
        guard left.allSatisfy({ waiting[$0].keys.allSatisfy(members.contains) }) else { return nil }
        let free = left.filter { !waiting[$0].values.contains(true) && takesSafely($0, waiting, takes) }
        let awaited = Set(left.flatMap { place in waiting[place].filter(\.value).map(\.key) })
        return free.first(where: awaited.contains) ?? free.first
    }

    /// The loops of places still waiting (Tarjan's strongly connected
    /// components), each after every loop it waits on. Iterative: a chain
    /// after a loop may be thousands of places long.
    private static func components(_ waiting: [[Int: Bool]]) -> [[Int]] {
        let edges = waiting.map { $0.keys.sorted() }
        var index = [Int](repeating: -1, count: waiting.count)
        var low = index
        var onStack = [Bool](repeating: false, count: waiting.count)
        var stack: [Int] = []
        var found: [[Int]] = []
        var counter = 0
        func visit(_ place: Int) {
            index[place] = counter
            low[place] = counter
            counter += 1
            stack.append(place)
            onStack[place] = true
        }
        for root in waiting.indices where index[root] < 0 && !waiting[root].isEmpty {
            var work: [(place: Int, next: Int)] = [(root, 0)]
            visit(root)
            while let (place, next) = work.last {
                if next < edges[place].count {
                    work[work.count - 1].next += 1
                    let other = edges[place][next]
                    if index[other] < 0 {
                        visit(other)
                        work.append((other, 0))
                    } else if onStack[other] {
                        low[place] = min(low[place], index[other])
                    }
                    continue
                }
                work.removeLast()
                if let parent = work.last?.place { low[parent] = min(low[parent], low[place]) }
                guard low[place] == index[place] else { continue }
                var component: [Int] = []
                while let member = stack.popLast() {
                    onStack[member] = false
                    component.append(member)
                    if member == place { break }
                }
                found.append(component.sorted())
            }
        }
        return found
    }

    private static func add(_ reference: BlockingReference, to counts: inout [BlockingReference]) {
        if let i = counts.firstIndex(where: { $0.collection == reference.collection && $0.fields == reference.fields
            && $0.direct == reference.direct && $0.inLoop == reference.inLoop }) {
            counts[i].count += reference.count
        } else {
            counts.append(reference)
        }
    }
}

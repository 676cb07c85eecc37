/// How several rows of one table can be deleted together: rows of the
/// batch may refer to each other, as an employee to her manager.
public struct DeletePlan: Sendable, Equatable {
    /// Per place in the batch, the references that would refuse its delete:
    /// from rows the batch leaves, or from batch rows in a loop of references.
    public var blocked: [Int: [BlockingReference]]
    /// The places in an order that deletes each referring row before the row
    /// it refers to; the list's order where none refers to another.
    public var order: [Int]

    /// What the deletes take besides the batch's rows: the rows their
    /// cascades delete, then the rows whose references they clear. What a
    /// batch's question names.
    public var taken: [CascadeEffect] = []

    /// Whether some row of the batch refers to another, so the order matters.
    public var isReordered: Bool { order != Array(order.indices) }
}

extension DeletePlan {
    /// The order to put deleted rows back in, of any tables: each row after
    /// the rows of them it refers to, through `links` (by the table they
    /// refer to), else in the given order. Rows in a loop come last, in
    /// the given order; `ahead` names, per place, the fields that refer to
    /// a row put back after it, and that row's place.
    public static func parentsFirst(_ rows: [(table: String, record: Record)], links: [String: [ForeignKeyLink]])
        -> (order: [Int], ahead: [Int: [(fields: [String], parent: Int)]]) {
        var referred = Referred(rows.map(\.record.id))
        var edges: [(parent: Int, child: Int, fields: [String])] = []
        let byTable = Dictionary(grouping: rows.indices) { rows[$0].table }
        for (parent, places) in byTable {
            for link in links[parent] ?? [] where link.to.count == link.from.count {
                guard let children = byTable[link.child] else { continue }
                var parents: [[Value]: Int] = [:]
                for i in places {
                    let key = link.to.map { rows[i].record.value(of: $0) ?? .null }
                    if parents[key] == nil { parents[key] = i }
                }
                for i in children {
                    let values = link.from.map { rows[i].record.value(of: $0) ?? .null }
                    guard !values.contains(where: \.isNull), let p = parents[values], p != i else { continue }
                    referred.follow(p, before: i, by: BlockingReference(collection: link.child, fields: link.from, count: 1),
                                    required: true)
                    edges.append((p, i, link.from))
                }
            }
        }
        var order = referred.referrersFirst()
        let placed = Set(order)
        order += rows.indices.filter { !placed.contains($0) }
        var position = [Int](repeating: 0, count: rows.count)
        for (at, place) in order.enumerated() { position[place] = at }
        var ahead: [Int: [(fields: [String], parent: Int)]] = [:]
        for edge in edges where position[edge.parent] > position[edge.child] {
            ahead[edge.child, default: []].append((edge.fields, edge.parent))
        }
        return (order, ahead)
    }
}

extension CascadeWalk {
    /// `plan(deleting:in:)` for rows as the batch read them: their values
    /// are the walk's start, not read again.
    public func plan(deleting rows: [Record], in table: String) throws -> DeletePlan {
        let needed = Set(source.foreignKeys(referencing: table).flatMap(\.to))
        guard !needed.isEmpty else { return Referred(rows.map(\.id)).plan() }
        let roots = try rows.map { row in
            needed.allSatisfy { row.value(of: $0) != nil } ? row.values : try source.row(of: table, id: row.id)
        }
        return try plan(rows.map(\.id), roots: roots, in: table)
    }

    /// The references that would refuse deleting the rows `ids` of `table`
    /// together, and the order their deletes pass in. A row referred to only
    /// by rows of the batch is not blocked: they go before it.
    public func plan(deleting ids: [RecordID], in table: String) throws -> DeletePlan {
        guard !source.foreignKeys(referencing: table).isEmpty else { return Referred(ids).plan() }
        return try plan(ids, roots: ids.map { try source.row(of: table, id: $0) }, in: table)
    }

    /// A row the plan's walk reached: a row of the batch, or a row that the
    /// cascade of the batch row at `place` takes.
    private struct Reached {
        var table: String
        var values: [String: Value]
        var place: Int
        var isRoot: Bool
    }

    /// The walk of every batch row's cascades at once, a level at a time, so
    /// each level is read in a few statements. A batch row that refers to
    /// another by any link goes first: a chain deleted head first made each
    /// delete take the rest of it, and SQLite refused a chain of 2,000 rows.
    private func plan(_ ids: [RecordID], roots: [[String: Value]?], in table: String) throws -> DeletePlan {
        var referred = Referred(ids)
        // Each row a cascade takes, by mark, with the place whose delete takes it.
        var owner: [String: Int] = [:]
        var reached: [Reached] = []
        var taken: [CascadeEffect] = []
        var level = roots.enumerated().compactMap { i, values in values.map { Reached(table: table, values: $0, place: i, isRoot: true) } }
        while !level.isEmpty {
            reached += level
            var next: [Reached] = []
            for (link, child, parent) in try referrers(of: level, acting: .cascade) {
                if link.child == table, let j = referred.place[child.id] {
                    if j != parent.place {
                        referred.follow(j, before: parent.place, by: Self.reference(link), required: false)
                        if referred.takenBy[j] == nil { referred.takenBy[j] = parent.place }
                    }
                } else if owner[Self.mark(link.child, child.id)] == nil {
                    owner[Self.mark(link.child, child.id)] = parent.place
                    taken.append(CascadeEffect(collection: link.child, record: child, action: .deleted))
                    next.append(Reached(table: link.child, values: child.values, place: parent.place, isRoot: false))
                }
            }
            level = next
        }
        for (link, child, parent) in try referrers(of: reached, acting: .block) {
            let reference = Self.reference(link, direct: parent.isRoot)
            if link.child == table, let j = referred.place[child.id] {
                if j != parent.place { referred.follow(j, before: parent.place, by: reference, required: true) }
            } else if let k = owner[Self.mark(link.child, child.id)] {
                // Another batch row's cascade takes the referring row: that row goes first.
                if k != parent.place { referred.follow(k, before: parent.place, by: reference, required: true) }
            } else {
                referred.block(parent.place, by: reference)
            }
        }
        // A row that one batch row's delete would clear and another's deletes
        // goes with the second first: cleared, it no longer held what was read,
        // and `undo` could not put it back.
        var cleared: [String: Int] = [:]  // row mark → index in taken
        for (link, child, parent) in try referrers(of: reached, acting: .clear) {
            let mark = Self.mark(link.child, child.id)
            let batchRow = link.child == table ? referred.place[child.id] : nil
            if let first = batchRow ?? owner[mark] {
                if first != parent.place { referred.follow(first, before: parent.place, by: Self.reference(link), required: false) }
            } else if let i = cleared[mark], case .referenceCleared(let fields) = taken[i].action {
                taken[i].action = .referenceCleared(fields: fields + link.from.filter { !fields.contains($0) })
            } else {
                cleared[mark] = taken.count
                taken.append(CascadeEffect(collection: link.child, record: child, action: .referenceCleared(fields: link.from)))
            }
        }
        var plan = referred.plan()
        plan.taken = taken
        return plan
    }

    private static func reference(_ link: ForeignKeyLink, direct: Bool = true) -> BlockingReference {
        BlockingReference(collection: link.child, fields: link.from, count: 1, direct: direct)
    }

    /// Each row that refers to one of `parents` through a link acting so,
    /// with the link and the parent. Per table and link, the parents' values
    /// are read in a few statements. Where a referring row's values name no
    /// parent, as a store that converts between types compares them, that
    /// link is read again a parent at a time.
    private func referrers(of parents: [Reached], acting action: ForeignKeyLink.OnDelete) throws
        -> [(link: ForeignKeyLink, child: Record, parent: Reached)] {
        var found: [(link: ForeignKeyLink, child: Record, parent: Reached)] = []
        var tables: [String] = []
        var byTable: [String: [Int]] = [:]
        for (i, parent) in parents.enumerated() {
            if byTable[parent.table] == nil { tables.append(parent.table) }
            byTable[parent.table, default: []].append(i)
        }
        for table in tables {
            let places = byTable[table, default: []]
            for link in source.links(referencing: table) where link.onDelete == action && link.to.count == link.from.count {
                var named: [[Value]: [Int]] = [:]
                for i in places {
                    let values = link.to.map { parents[i].values[$0] ?? .null }
                    if !values.contains(where: \.isNull) { named[values, default: []].append(i) }
                }
                guard !named.isEmpty else { continue }
                func held(_ child: Record) -> [Value] { link.from.map { child.value(of: $0) ?? .null } }
                let children = try source.rows(of: link.child, where: link.from, amongAny: Array(named.keys))
                if children.allSatisfy({ named[held($0)] != nil }) {
                    for child in children {
                        for i in named[held(child), default: []] {
                            found.append((link, child, parents[i]))
                        }
                    }
                } else {
                    for (values, referred) in named {
                        for child in try source.rows(of: link.child, where: link.from, equal: values) {
                            for i in referred { found.append((link, child, parents[i])) }
                        }
                    }
                }
            }
        }
        return found
    }
}

/// The rows that refer to a batch's rows, as a plan gathers them.
private struct Referred {
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

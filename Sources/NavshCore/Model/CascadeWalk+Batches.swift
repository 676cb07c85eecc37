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

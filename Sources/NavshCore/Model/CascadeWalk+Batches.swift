/// How several rows of one table can be deleted together: rows of the
/// batch may refer to each other, as an employee to her manager.
public struct DeletePlan: Sendable, Equatable {
    /// Per place in the batch, the references that would refuse its delete:
    /// from rows the batch leaves, or from batch rows in a loop of references.
    public var blocked: [Int: [BlockingReference]]
    /// The places in an order that deletes each referring row before the row
    /// it refers to; the list's order where none refers to another.
    public var order: [Int]

    /// Whether some row of the batch refers to another, so the order matters.
    public var isReordered: Bool { order != Array(order.indices) }
}

extension CascadeWalk {
    /// The references that would refuse deleting the rows `ids` of `table`
    /// together, and the order their deletes pass in. A row referred to only
    /// by rows of the batch is not blocked: they go before it.
    public func plan(deleting ids: [RecordID], in table: String) throws -> DeletePlan {
        var plan = DeletePlan(blocked: [:], order: Array(ids.indices))
        guard !source.foreignKeys(referencing: table).isEmpty else { return plan }
        var place: [RecordID: Int] = [:]
        for (i, id) in ids.enumerated() where place[id] == nil { place[id] = i }
        // first[i]: the batch rows that must be deleted before row i, each
        // with the reference that makes it so.
        var first: [[(place: Int, by: BlockingReference)]] = Array(repeating: [], count: ids.count)
        for (i, id) in ids.enumerated() {
            guard let root = try source.row(of: table, id: id) else { continue }
            let taken = try effects(ofDeleting: id, in: table).filter { $0.action == .deleted }
            var going: Set<String> = [Self.mark(table, id)]
            for effect in taken { going.insert(Self.mark(effect.collection, effect.record.id)) }
            var counts: [BlockingReference] = []
            for (parentTable, values) in [(table, root)] + taken.map({ ($0.collection, $0.record.values) }) {
                let direct = parentTable == table && values == root
                for (link, parentValues) in references(to: (parentTable, values), acting: .block) {
                    var staying = 0
                    for child in try source.rows(of: link.child, where: link.from, equal: parentValues)
                    where !going.contains(Self.mark(link.child, child.id)) {
                        if link.child == table, let j = place[child.id] {
                            first[i].append((j, BlockingReference(collection: link.child, fields: link.from, count: 1, direct: direct)))
                        } else {
                            staying += 1
                        }
                    }
                    guard staying > 0 else { continue }
                    Self.add(BlockingReference(collection: link.child, fields: link.from, count: staying, direct: direct), to: &counts)
                }
            }
            if !counts.isEmpty { plan.blocked[i] = counts }
        }
        guard first.contains(where: { !$0.isEmpty }) else { return plan }
        plan.order = Self.referrersFirst(first)
        // What no order passes, a loop of references, blocks its rows.
        let ordered = Set(plan.order)
        for i in ids.indices where !ordered.contains(i) {
            for edge in first[i] where !ordered.contains(edge.place) {
                Self.add(edge.by, to: &plan.blocked[i, default: []])
            }
        }
        return plan
    }

    /// The places, each after the places it must follow, else in the list's
    /// order; places in a loop, or after one, are left out.
    private static func referrersFirst(_ first: [[(place: Int, by: BlockingReference)]]) -> [Int] {
        var waiting = first.map { Set($0.map(\.place)) }
        var followers: [[Int]] = Array(repeating: [], count: first.count)
        for (i, edges) in first.enumerated() {
            for j in Set(edges.map(\.place)) { followers[j].append(i) }
        }
        var order = waiting.indices.filter { waiting[$0].isEmpty }
        var next = 0
        while next < order.count {
            let i = order[next]
            next += 1
            for k in followers[i] {
                waiting[k].remove(i)
                if waiting[k].isEmpty { order.append(k) }
            }
        }
        return order
    }

    private static func add(_ reference: BlockingReference, to counts: inout [BlockingReference]) {
        if let i = counts.firstIndex(where: { $0.collection == reference.collection && $0.fields == reference.fields
            && $0.direct == reference.direct }) {
            counts[i].count += reference.count
        } else {
            counts.append(reference)
        }
    }
}

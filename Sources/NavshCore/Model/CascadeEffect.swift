/// A row that a delete changes besides the one it names: deleted with it
/// (ON DELETE CASCADE) or losing its reference (ON DELETE SET NULL / SET
/// DEFAULT). Stores report them so a delete can say what goes with it and
/// `undo` can put all of it back.
public struct CascadeEffect: Sendable, Equatable {
    public enum Action: Sendable, Equatable {
        case deleted
        /// The reference fields the database reset; `record` holds their old values.
        case referenceCleared(fields: [String])
    }

    /// The table the row is in.
    public var collection: String
    /// The row as it was before the delete.
    public var record: Record
    public var action: Action
    /// For a cleared reference: the row right after the delete (its
    /// reference NULL or the default), which `undo` expects to find.
    public var after: Record?

    public init(collection: String, record: Record, action: Action, after: Record? = nil) {
        self.collection = collection
        self.record = record
        self.action = action
        self.after = after
    }

    /// How a delete's companions are worded, by where they are said.
    public enum Wording: Sendable {
        /// After a delete: ` and 2 cars; cleared the reference of 1 trip`.
        case done
        /// The dry-run report: ` and 2 cars; clears the reference of 1 trip`.
        case report
        /// Before a delete: ` It also deletes 2 cars and clears the reference of 1 trip.`
        case question
        /// Its undo: ` with 2 cars and the reference of 1 trip`.
        case restoring
    }

    /// What a delete takes with it; empty when nothing goes with it.
    /// `titles` names each table as its list does (a spec's title). Rows of
    /// `besides`, the table deleted from, are other rows: `and 2 other rows
    /// of staff`, where it said `deleted 2 rows of staff and 2 rows of staff`.
    public static func phrase(_ effects: [CascadeEffect], _ wording: Wording = .report,
                              titles: [String: String] = [:], besides: String? = nil) -> String {
        guard !effects.isEmpty else { return "" }
        let deleted = counted(effects.filter { $0.action == .deleted }, titles, besides: besides).joined(separator: ", ")
        let cleared = counted(effects.filter { $0.action != .deleted }, titles, besides: besides).joined(separator: ", ")
        switch wording {
        case .restoring:
            let references = cleared.isEmpty ? "" : "the reference of " + cleared
            return " with " + [deleted, references].filter { !$0.isEmpty }.joined(separator: " and ")
        case .question:
            let parts = [deleted.isEmpty ? "" : "deletes " + deleted,
                         cleared.isEmpty ? "" : "clears the reference of " + cleared].filter { !$0.isEmpty }
            return " It also " + parts.joined(separator: " and ") + "."
        case .done, .report:
            let verb = wording == .done ? "cleared" : "clears"
            return (deleted.isEmpty ? "" : " and " + deleted) + (cleared.isEmpty ? "" : "; \(verb) the reference of " + cleared)
        }
    }

    /// `2 cars, 1 service`: every row in `effects`, counted per table.
    public static func rows(_ effects: [CascadeEffect]) -> String {
        counted(effects).joined(separator: ", ")
    }

    /// `2 cars`, `1 service`: rows per table, in the order first met.
    private static func counted(_ effects: [CascadeEffect], _ titles: [String: String] = [:], besides: String? = nil) -> [String] {
        var order: [String] = []
        var counts: [String: Int] = [:]
        for effect in effects {
            if counts[effect.collection] == nil { order.append(effect.collection) }
            counts[effect.collection, default: 0] += 1
        }
        return order.map { table in rowCount(counts[table] ?? 0, of: titles[table] ?? table, other: table == besides) }
    }

    /// `80,000 cars`, `1 car`; a table named in the singular is no count's
    /// noun, its rows are (`80,000 rows of car`, where it said `80000 car`).
    static func rowCount(_ n: Int, of table: String, other: Bool = false) -> String {
        let plural = table.count > 1 && table.hasSuffix("s")
        let noun = !plural ? (n == 1 ? "row" : "rows") + " of " + table : n == 1 ? String(table.dropLast()) : table
        return "\(ListLayout.grouped(n)) \(other ? "other " : "")\(noun)"
    }
}

/// Rows that keep a delete from happening: they refer to the row (or to a
/// row it would take with it) through a reference that does not cascade
/// (ON DELETE NO ACTION or RESTRICT).
public struct BlockingReference: Sendable, Equatable {
    /// The table holding the referring rows, and its referring columns.
    public var collection: String
    public var fields: [String]
    public var count: Int
    /// They refer to the row itself, not to a row it would take with it.
    public var direct: Bool
    /// They are rows of the same batch, referring in a loop that no order of
    /// deletes gets out of.
    public var inLoop: Bool

    public init(collection: String, fields: [String], count: Int, direct: Bool = true, inLoop: Bool = false) {
        self.collection = collection
        self.fields = fields
        self.count = count
        self.direct = direct
        self.inLoop = inLoop
    }

    /// The same rows named as the screen names them: the table by its
    /// list's title, the columns by their labels.
    func named(in store: any StoreReader) -> BlockingReference {
        guard let shown = store.collection(named: collection) else { return self }
        return BlockingReference(collection: shown.displayTitle,
                                 fields: fields.map { shown.field(named: $0)?.shownName ?? $0 },
                                 count: count, direct: direct, inLoop: inLoop)
    }

    /// `2 products refer to it (products.supplier_id)`.
    public static func phrase(_ blockers: [BlockingReference]) -> String {
        blockers.map { blocker in
            let columns = blocker.fields.map { blocker.collection + "." + $0 }.joined(separator: ", ")
            let target = blocker.direct ? "it" : "a row that goes with it"
            let rows = blocker.inLoop ? "\(blocker.count) \(blocker.count == 1 ? "row" : "rows") of this batch"
                : CascadeEffect.rowCount(blocker.count, of: blocker.collection)
            return "\(rows) \(blocker.count == 1 ? "refers" : "refer") to \(target)\(blocker.inLoop ? " in a loop" : "") (\(columns))"
        }.joined(separator: "; ")
    }
}

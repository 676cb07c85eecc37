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

    /// ` and 2 cars` / ` and 1 car; clears the reference of 3 trips`: what
    /// a delete takes with it, for its question, its message and the
    /// dry-run report; with `restoring`, ` with 2 cars and the reference of
    /// 3 trips`, for its undo. Empty when nothing goes with it.
    /// `2 cars, 1 service`: every row in `effects`, counted per table.
    public static func rows(_ effects: [CascadeEffect]) -> String {
        phrase(effects.map { CascadeEffect(collection: $0.collection, record: $0.record, action: .deleted) })
            .dropFirst(" and ".count).description
    }

    public static func phrase(_ effects: [CascadeEffect], restoring: Bool = false) -> String {
        guard !effects.isEmpty else { return "" }
        func counted(_ matching: (CascadeEffect) -> Bool) -> [String] {
            var order: [String] = []
            var counts: [String: Int] = [:]
            for effect in effects where matching(effect) {
                if counts[effect.collection] == nil { order.append(effect.collection) }
                counts[effect.collection, default: 0] += 1
            }
            return order.map { name in
                let n = counts[name] ?? 0
                let noun = n == 1 && name.count > 1 && name.hasSuffix("s") ? String(name.dropLast()) : name
                return "\(n) \(noun)"
            }
        }
        let deleted = counted { $0.action == .deleted }
        let cleared = counted { $0.action != .deleted }
        if restoring {
            let rows = deleted.joined(separator: ", ")
            let references = cleared.isEmpty ? "" : "the reference of " + cleared.joined(separator: ", ")
            return " with " + [rows, references].filter { !$0.isEmpty }.joined(separator: " and ")
        }
        var text = deleted.isEmpty ? "" : " and " + deleted.joined(separator: ", ")
        if !cleared.isEmpty { text += "; clears the reference of " + cleared.joined(separator: ", ") }
        return text
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

    public init(collection: String, fields: [String], count: Int, direct: Bool = true) {
        self.collection = collection
        self.fields = fields
        self.count = count
        self.direct = direct
    }

    /// `2 products refer to it (products.supplier_id)`.
    public static func phrase(_ blockers: [BlockingReference]) -> String {
        blockers.map { blocker in
            let noun = blocker.count == 1 && blocker.collection.count > 1 && blocker.collection.hasSuffix("s")
                ? String(blocker.collection.dropLast()) : blocker.collection
            let columns = blocker.fields.map { blocker.collection + "." + $0 }.joined(separator: ", ")
            let target = blocker.direct ? "it" : "a row that goes with it"
            return "\(blocker.count) \(noun) \(blocker.count == 1 ? "refers" : "refer") to \(target) (\(columns))"
        }.joined(separator: "; ")
    }
}

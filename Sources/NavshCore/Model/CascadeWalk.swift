/// A foreign key as the cascade walk follows it: the referring table and
/// columns, the referred columns (resolved, never "the primary key"), and
/// what a delete of the referred row does to the referring one.
public struct ForeignKeyLink: Sendable {
    public enum OnDelete: Sendable {
        /// The referring row goes too (CASCADE).
        case cascade
        /// The reference is reset (SET NULL, SET DEFAULT).
        case clear
        /// The delete is refused while the row refers (NO ACTION, RESTRICT).
        case block
    }

    public var child: String
    public var from: [String]
    public var to: [String]
    public var onDelete: OnDelete

    public init(child: String, from: [String], to: [String], onDelete: OnDelete) {
        self.child = child
        self.from = from
        self.to = to
        self.onDelete = onDelete
    }
}

/// What a store gives the cascade walk: its foreign keys and its rows,
/// read as the store reads a record, so `undo` puts back exactly what went.
public protocol CascadeSource {
    /// The foreign keys that refer to `table`, each with as many `to` as `from` columns.
    func foreignKeys(referencing table: String) -> [ForeignKeyLink]
    /// Every field of one row, outside any scope; nil when it is gone.
    func row(of table: String, id: RecordID) throws -> [String: Value]?
    /// The rows whose `columns` hold any of `tuples`, outside any scope,
    /// in few statements.
    func rows(of table: String, where columns: [String], amongAny tuples: [[Value]]) throws -> [Record]
}

extension CascadeSource {
    /// The links to `table` by the referring table's name, then columns:
    /// what a delete takes is said in one order on every store (PostgreSQL
    /// gave them in the order they were made).
    func links(referencing table: String) -> [ForeignKeyLink] {
        foreignKeys(referencing: table).sorted { ($0.child, $0.from.joined(separator: "\u{0}"))
            < ($1.child, $1.from.joined(separator: "\u{0}")) }
    }

    /// The rows whose `columns` hold `values`, outside any scope.
    func rows(of table: String, where columns: [String], equal values: [Value]) throws -> [Record] {
        try rows(of: table, where: columns, amongAny: [values])
    }

    /// Rows that refer to many rows, read in parts of this many tuples:
    /// each part one statement.
    public static var tuplesAStatement: Int { 200 }

    /// `tuples` in parts of `tuplesAStatement`, each read by `read` with its
    /// condition: every column compared by `equal`, the tuples OR-ed.
    /// `equal` is called for a part just before its `read`.
    public static func readInParts(_ tuples: [[Value]], columns: [String], equal: (String, Value) throws -> String,
                                   read: (String) throws -> [Record]) throws -> [Record] {
        try stride(from: 0, to: tuples.count, by: tuplesAStatement).flatMap { start in
            let condition = try tuples[start..<min(start + tuplesAStatement, tuples.count)].map { tuple in
                "(" + (try zip(columns, tuple).map { try equal($0, $1) }).joined(separator: " AND ") + ")"
            }.joined(separator: " OR ")
            return try read(condition)
        }
    }
}

/// The rows a delete changes besides its own, from the schema's foreign
/// keys: those ON DELETE CASCADE removes (following cascades further down)
/// and those ON DELETE SET NULL / SET DEFAULT resets; and the rows whose
/// references would refuse it. Run inside the delete's transaction it
/// reports exactly what the delete takes, so `undo` can put it all back.
public struct CascadeWalk {
    let source: any CascadeSource

    public init(_ source: any CascadeSource) {
        self.source = source
    }

    /// Two passes, because one row may refer to the deleted rows both ways
    /// (its owner cascades, its driver is set NULL): first every row the
    /// cascades delete, then the references cleared in rows that stay, each
    /// row once with all its cleared fields.
    public func effects(ofDeleting id: RecordID, in table: String) throws -> [CascadeEffect] {
        // Nothing refers to the table: no row is read, which a batch of
        // 25,000 rows did once a row, a round trip each on a server.
        guard source.foreignKeys(referencing: table).contains(where: { $0.onDelete != .block }),
              let root = try source.row(of: table, id: id) else { return [] }
        var effects: [CascadeEffect] = []
        var going: Set<String> = [Self.mark(table, id)]
        var parents: [(table: String, values: [String: Value])] = [(table, root)]
        var next = 0
        while next < parents.count {
            let parent = parents[next]
            next += 1
            for (link, values) in references(to: parent, acting: .cascade) {
                for child in try source.rows(of: link.child, where: link.from, equal: values) {
                    guard going.insert(Self.mark(link.child, child.id)).inserted else { continue }
                    effects.append(CascadeEffect(collection: link.child, record: child, action: .deleted))
                    parents.append((link.child, child.values))
                }
            }
        }
        var cleared: [String: Int] = [:]  // row mark → index in effects
        for parent in parents {
            for (link, values) in references(to: parent, acting: .clear) {
                for child in try source.rows(of: link.child, where: link.from, equal: values) {
                    let mark = Self.mark(link.child, child.id)
                    if going.contains(mark) { continue }
                    if let i = cleared[mark], case .referenceCleared(let fields) = effects[i].action {
                        effects[i].action = .referenceCleared(fields: fields + link.from.filter { !fields.contains($0) })
                        continue
                    }
                    cleared[mark] = effects.count
                    effects.append(CascadeEffect(collection: link.child, record: child,
                                                 action: .referenceCleared(fields: link.from)))
                }
            }
        }
        return effects
    }

    /// References that do not cascade (NO ACTION, RESTRICT) to the row or to
    /// any row the delete would take with it, from rows the delete leaves:
    /// the database would refuse the delete for them.
    public func blockers(ofDeleting id: RecordID, in table: String) throws -> [BlockingReference] {
        try plan(deleting: [id], in: table).blocked[0] ?? []
    }

    /// The rows whose references the delete reset, as they are after it:
    /// what `undo` checks they still hold before putting the old references back.
    public func afterDelete(_ effects: [CascadeEffect]) throws -> [CascadeEffect] {
        try effects.map { effect in
            guard case .referenceCleared = effect.action else { return effect }
            var updated = effect
            updated.after = try source.row(of: effect.collection, id: effect.record.id)
                .map { Record(id: effect.record.id, values: $0) }
            return updated
        }
    }

    /// The links to the parent's table that act so, with the values a
    /// referring row holds (none for a NULL: a NULL refers to nothing).
    func references(to parent: (table: String, values: [String: Value]), acting action: ForeignKeyLink.OnDelete)
        -> [(ForeignKeyLink, [Value])] {
        source.links(referencing: parent.table).compactMap { link in
            guard link.onDelete == action, link.to.count == link.from.count else { return nil }
            let values = link.to.map { parent.values[$0] ?? .null }
            return values.contains(where: \.isNull) ? nil : (link, values)
        }
    }

    static func mark(_ table: String, _ id: RecordID) -> String { "\(table)\u{0}\(id)" }
}

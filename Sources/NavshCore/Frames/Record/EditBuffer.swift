/// The private copy a record frame edits (the detail controller's
/// tempValues). Nothing in it reaches the store until `save`.
struct EditBuffer {
    /// The values the frame started from: the row as read, or a draft's
    /// defaults (under a placeholder identity: the frame keeps the real one).
    let row: Record
    /// Only fields whose value differs from `row`'s; setting a field back to
    /// its original value makes it clean again.
    private(set) var changes: [String: Value] = [:]

    /// Fields whose rows hold different values (a batch): any value set
    /// there is a change, even one some rows hold.
    private(set) var unshared: Set<String> = []

    init(base: [String: Value], unshared: Set<String> = []) {
        row = Record(id: RecordID(parts: [], isPrimaryKey: false), values: base)
        self.unshared = unshared
    }

    /// Starts from a row as read, kept as it is (no dictionary made of it:
    /// an edit opens and saves a row, and making one each time cost a tenth
    /// of the edit).
    init(row: Record) {
        self.row = row
    }

    /// The starting values by name (made on each call).
    var base: [String: Value] { row.values }

    func value(of field: String) -> Value {
        changes[field] ?? row.value(of: field) ?? .null
    }

    /// A batch's `replace FIELD OLD NEW`: text replaced in each row's own
    /// value, by field. A record's replace is a plain change.
    private(set) var replacing: [String: TextReplacement] = [:]

    func isChanged(_ field: String) -> Bool { changes[field] != nil || replacing[field] != nil }

    /// A second replace in a field applies after the first, as it would
    /// in one record.
    mutating func replace(_ field: String, _ replacement: TextReplacement) {
        changes[field] = nil
        replacing[field] = replacing[field].map { $0.then(replacement) } ?? replacement
    }

    /// The values with the edits applied: what a save writes.
    var current: [String: Value] {
        base.merging(changes) { _, edit in edit }
    }

    mutating func set(_ field: String, to value: Value) {
        replacing[field] = nil
        changes[field] = !unshared.contains(field) && row.value(of: field) ?? .null == value ? nil : value
    }

    mutating func revert(_ field: String? = nil) {
        if let field {
            changes[field] = nil
            replacing[field] = nil
        } else {
            changes = [:]
            replacing = [:]
        }
    }
}

/// `replace FIELD OLD NEW`: every occurrence of the text `old` becomes
/// `new`, as plain text, not a pattern; `later` replacements follow in turn.
struct TextReplacement: Equatable {
    let old: String
    let new: String
    private(set) var later: [TextReplacement] = []

    init(old: String, new: String) {
        self.old = old
        self.new = new
    }

    /// This replacement, then `next`.
    func then(_ next: TextReplacement) -> TextReplacement {
        var both = self
        both.later.append(next)
        return both
    }

    /// `replace Plnt with Plant, then …`, each text as `set` would take
    /// it back (quoted when empty or spaced at an end).
    var described: String {
        ([self] + later).map { "replace " + ValueText.raw(.text($0.old)) + " with " + ValueText.raw(.text($0.new)) }
            .joined(separator: ", then ")
    }

    /// The value with every step made; nil when no step found its text.
    func applied(to value: Value) -> Value? {
        var current = value
        var found = false
        for step in [TextReplacement(old: old, new: new)] + later {
            if let next = step.replacedOnce(in: current) {
                current = next
                found = true
            }
        }
        return found ? current : nil
    }

    /// One step: the value with `old` replaced; nil when it holds no `old`.
    private func replacedOnce(in value: Value) -> Value? {
        guard case .text(let text) = value, !old.isEmpty else { return nil }
        // Byte for byte: UTF-8 never matches inside another character.
        let bytes = Array(text.utf8), target = Array(old.utf8)
        var out: [UInt8] = []
        var i = 0
        var found = false
        while i < bytes.count {
            if bytes[i] == target[0], i + target.count <= bytes.count, bytes[i..<(i + target.count)].elementsEqual(target) {
                out += new.utf8
                i += target.count
                found = true
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return found ? .text(String(decoding: out, as: UTF8.self)) : nil
    }
}

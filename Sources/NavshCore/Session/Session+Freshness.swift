extension Session {
    /// Asks the store whether another connection committed since the last
    /// look (one cheap PRAGMA). If so, lists read again the next time they are
    /// shown and mark the rows that changed.
    ///
    /// Record frames follow one rule: a save's expectation is the values its
    /// user was shown. So a record frame takes fresh values only while telling
    /// the user what changed, and the returned text (one line per changed
    /// field, `value: 120 → 200 (changed elsewhere)`) must be printed before
    /// the next prompt or command output. Scripts never refresh a record frame:
    /// nobody reads a notice there, so a later save is refused as a conflict.
    /// Frames with unsaved edits keep their base in both modes (save checks it)
    /// and get a one-time notice instead, so the conflict is no surprise.
    @discardableResult
    public func noticeChangesElsewhere() -> String {
        guard let token = try? store.changeToken() else { return "" }
        defer { lastChangeToken = token }
        topTookFreshValues = false
        guard let last = lastChangeToken, last != token else { return "" }
        var notice = (try? store.reloadSchemaIfChanged()) == true ? adoptSchema() : ""
        for (index, frame) in stack.enumerated() {
            if let list = frame as? ListFrame {
                list.markStale()
            } else if mode == .interactive, let record = frame as? RecordFrame {
                notice += refresh(record, at: index)
            }
        }
        return TextLayout.printableLines(notice)
    }

    /// Every frame takes its collection as the store now reads it (keeping
    /// an owner's scope), and the user is told which tables changed.
    private func adoptSchema() -> String {
        let current = Dictionary(store.collections.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        var changed: [String: String] = [:]
        func adopt(_ old: CollectionSchema) -> CollectionSchema {
            guard var new = current[old.name] else { return old }
            let before = old.fields.map(\.name), after = new.fields.map(\.name)
            if before != after {
                let added = after.filter { !before.contains($0) }, gone = before.filter { !after.contains($0) }
                var parts = added.isEmpty ? [] : ["added " + added.joined(separator: ", ")]
                if !gone.isEmpty { parts.append("removed " + gone.joined(separator: ", ")) }
                changed[old.name] = parts.isEmpty ? "columns reordered" : parts.joined(separator: "; ")
            }
            new.scope = old.scope
            return new
        }
        for frame in stack {
            switch frame {
            case let root as CollectionsFrame: root.collections = store.collections
            case let list as ListFrame: list.collection = adopt(list.collection)
            case let record as RecordFrame: record.collection = adopt(record.collection)
            default: break
            }
        }
        return changed.keys.sorted().map { "\($0) changed elsewhere (\(changed[$0] ?? "")); showing it as it is now\n" }.joined()
    }

    /// Re-reads one record frame's row at the prompt and says what changed.
    private func refresh(_ record: RecordFrame, at index: Int) -> String {
        guard let id = record.id else { return "" }
        let prefix = index == stack.count - 1 ? "" : path(upTo: index) + ": "
        let fresh: Record?
        do {
            fresh = try store.record(of: record.collection, id: id)
        } catch {
            return ""  // unreadable now: keep what was shown; save checks again
        }
        guard let fresh else {
            guard !record.deletedElsewhereNoticed else { return "" }
            record.deletedElsewhereNoticed = true
            return prefix + "\(TextLayout.printable(record.crumb)) was deleted elsewhere (save! puts it back, cancel leaves it)\n"
        }
        let changed = record.collection.fields.filter { fresh[$0.name] != record.buffer.base[$0.name] ?? .null }
        guard !changed.isEmpty else { return "" }
        if record.isDirty {
            // Your edits stay on the values you were shown; save will be refused.
            guard record.noticedElsewhere != fresh else { return "" }
            record.noticedElsewhere = fresh
            let names = changed.map { TextLayout.printable($0.name) }.joined(separator: ", ")
            return prefix + "\(names) changed elsewhere; save will be refused (reload takes their values and keeps your edits)\n"
        }
        let lines = changed.map { field in
            prefix + "\(TextLayout.printable(field.name)): \(ValueText.raw(record.buffer.base[field.name] ?? .null))"
                + " → \(ValueText.raw(fresh[field.name])) (changed elsewhere)\n"
        }
        record.markSaved(fresh)
        if index == stack.count - 1 { topTookFreshValues = true }
        return lines.joined()
    }
}

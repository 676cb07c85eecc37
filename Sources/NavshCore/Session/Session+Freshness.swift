extension Session {
    /// Asks the store whether another connection committed since the last
    /// look (one cheap PRAGMA). If so, lists read again the next time they are
    /// shown and mark the rows that changed; at the prompt, a list on top
    /// says at once how many of the rows it shows changed (`2 rows shown
    /// changed elsewhere; show to see them`).
    ///
    /// Record frames follow one rule: a save's expectation is the values its
    /// user was shown. So a record frame takes fresh values only while telling
    /// the user what changed, and the returned text (one line per changed
    /// field, `value: 120 → 200 (changed elsewhere)`) must be printed before
    /// the next prompt or command output. Scripts never refresh a record frame:
    /// nobody reads a notice there, so a later save is refused as a conflict.
    /// Frames with unsaved edits keep their base in both modes (save checks it)
    /// and get a one-time notice instead, so the conflict is no surprise.
    ///
    /// `watchingShownRows` (before an interactive prompt) also asks the
    /// store which of the rows shown changed, in one query where it can
    /// (`StoreReader.changedRows`): a change the token missed is still
    /// said, and only the rows that changed are read again.
    @discardableResult
    public func noticeChangesElsewhere(watchingShownRows: Bool = false) -> String {
        let notice = changesElsewhereNotice(watchingShownRows: watchingShownRows)
        return TextLayout.printableLines(connectionNotice()) + notice
    }

    /// `noticeChangesElsewhere` without the lost connection, which a
    /// command's response says apart (`Response.notice`).
    /// `sayingShownRows` false (a command's own look): the line on the
    /// list's rows is left to the prompt, the list shown again marks them
    /// (said before a `show`, the line pushed the list's title off the
    /// screen).
    func changesElsewhereNotice(watchingShownRows: Bool = false, sayingShownRows: Bool = true) -> String {
        guard let changes = try? store.changes(since: lastChangeToken) else {
            // The store cannot say (another process holds a lock mid-write):
            // what lists hold may be stale, so they read again when next
            // shown or counted, waiting for the lock as every read does,
            // rather than answer from what they read before.
            for case let list as ListFrame in stack { list.markStale() }
            return ""
        }
        let token = changes.token
        defer { lastChangeToken = token }
        topTookFreshValues = false
        let watched = watchingShownRows && mode == .interactive ? (try? store.changedRows(among: shownRows)) : nil
        let tokenMoved = lastChangeToken.map { $0 != token } ?? false
        let rowsMoved = watched?.values.contains { !$0.isEmpty } ?? false
        // A change a `count` or `help` looked at first is said at the prompt
        // all the same: a trial saw no line until `show` marked the rows.
        let unsaid = sayingShownRows && shownRowsUnsaid
        if mode == .interactive { shownRowsUnsaid = sayingShownRows ? false : shownRowsUnsaid || tokenMoved || rowsMoved }
        guard tokenMoved || rowsMoved || unsaid else { return "" }
        var notice = ""
        let before = store.collections
        if tokenMoved && (try? store.reloadSchemaIfChanged()) == true { notice += adoptSchema(before: before) }
        for (index, frame) in stack.enumerated() {
            if tokenMoved, let record = frame as? RecordFrame { record.fileChangedSinceOpened = true }
            // Only the line left unsaid: the frames took the change already.
            if !tokenMoved && !rowsMoved && !(frame is ListFrame) { continue }
            if let list = frame as? ListFrame {
                if tokenMoved || rowsMoved { list.markStale() }
                if mode == .interactive, sayingShownRows, index == stack.count - 1 {
                    let changed = list.shownRowsChanged(in: store, among: watched?[list.collection.name])
                    if changed > 0 {
                        notice += "\(changed) row\(changed == 1 ? "" : "s") shown changed elsewhere; show to see "
                            + (changed == 1 ? "it\n" : "them\n")
                    }
                }
            } else if mode == .interactive, let record = frame as? RecordFrame {
                // A row the store watched and found unchanged needs no read.
                if let id = record.id, let changed = watched?[record.collection.name], !changed.contains(id) { continue }
                let isTop = index == stack.count - 1
                let (text, tookFresh) = record.refresh(from: store, prefix: isTop ? "" : path(upTo: index) + ": ")
                notice += text
                if isTop && tookFresh { topTookFreshValues = true }
            }
        }
        return wrappedAtPrompt(TextLayout.printableLines(notice))
    }

    /// One line when the store's connection to its server was lost and
    /// opened again since it was last said (`StoreReader.connectionsLost`),
    /// said once, before whatever output the command or look that found it
    /// has. Not when the command failed for that very loss: its error
    /// (`StoreError.connectionLost`) already says it all in one line.
    func connectionNotice(unlessSaidBy error: CommandError? = nil) -> String {
        let lost = store.connectionsLost
        let place = store.serverPlace
        let before = placeSaid ?? place
        defer {
            connectionsLostSaid = lost
            if store.isConnected { placeSaid = place }
        }
        if case .store(.connectionLost, _) = error { return "" }
        guard lost > connectionsLostSaid else { return "" }
        guard store.isConnected else { return "the connection to the server was lost; navsh connects again at the next command\n" }
        return Self.reconnected(from: before, to: place) + "\n"
    }

    /// Where a lost connection came back: `connection to db1:5432 lost;
    /// now on db2:5432 (promoted)` when it is another server of the cluster.
    static func reconnected(from before: ServerPlace?, to now: ServerPlace?) -> String {
        guard let before, let now, now.isElsewhere(than: before) else { return "the connection to the server was lost; reconnected" }
        let history = before.history == now.history ? "" : before.history.split(separator: ":").first
            == now.history.split(separator: ":").first ? " (promoted)" : " (another server's history)"
        if before.name == now.name {
            return "the connection to \(now.name) was lost; reconnected" + (history.isEmpty ? "" : " to a server with a new history")
        }
        return "the connection to \(before.name) was lost; now on \(now.name)\(history)"
    }

    /// The rows the frames show, by collection: the page of the list on top
    /// and each record frame's row.
    private var shownRows: [String: [RecordID]] {
        var shown: [String: [RecordID]] = [:]
        for (index, frame) in stack.enumerated() {
            if let list = frame as? ListFrame, index == stack.count - 1, let page = list.shownPage {
                shown[list.collection.name, default: []] += page.rows.map(\.id)
            } else if let record = frame as? RecordFrame, let id = record.id {
                shown[record.collection.name, default: []].append(id)
            }
        }
        return shown
    }

    /// Tables renamed elsewhere, by their old names: a table the frames
    /// know that is gone, when exactly one table none of them knew has its
    /// very columns. Its frames follow it, so a record's edits save to it
    /// (every save said "no table named items").
    private func renamedCollections(_ current: [String: CollectionSchema]) -> [String: CollectionSchema] {
        var known: [String: CollectionSchema] = [:]
        for frame in stack {
            switch frame {
            case let root as CollectionsFrame: for collection in root.collections { known[collection.name] = collection }
            case let list as ListFrame: known[list.collection.name] = list.collection
            case let record as RecordFrame: known[record.collection.name] = record.collection
            default: break
            }
        }
        var renamed: [String: CollectionSchema] = [:]
        for (name, old) in known where current[name] == nil {
            let columns = old.fields.map(\.name)
            let candidates = store.collections.filter { known[$0.name] == nil && $0.fields.map(\.name) == columns }
            if candidates.count == 1 { renamed[name] = candidates[0] }
        }
        return renamed
    }

    /// Every frame takes its collection as the store now reads it (keeping
    /// an owner's scope and the frame's order and columns), and the user is told which
    /// tables changed.
    /// The schema read again when another process changed it, and adopted
    /// by every frame: what changed, on one line, or nil when it is the
    /// same. A script's save the store refused asks (a script's save skips
    /// the look for changes elsewhere, so a dropped column failed it on
    /// every try).
    func schemaChangedElsewhere() -> String? {
        let before = store.collections
        guard (try? store.reloadSchemaIfChanged()) == true else { return nil }
        let said = adoptSchema(before: before, then: "")
        // A change no frame shows (a trigger added) explains no failure.
        guard !said.isEmpty else { return nil }
        return said.split(separator: "\n").joined(separator: "; ")
    }

    /// `then`: what each table's line says after what changed.
    /// `before`: the store's collections before it read the schema again,
    /// which tell a frame's own `sort` and `columns` from the app spec's.
    private func adoptSchema(before: [CollectionSchema], then: String = "; showing it as it is now") -> String {
        let current = Dictionary(store.collections.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let previous = Dictionary(before.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        var changed: [String: String] = [:]
        let renamed = renamedCollections(current)
        /// Adds what happened to a table's note, once: each frame of the
        /// table (a list and a `where` in it) found the same (a trial saw
        /// "the sort by Stars is gone" twice in one line).
        func note(_ table: String, _ what: String) {
            guard let said = changed[table] else { return changed[table] = what }
            if !said.split(separator: "; ").contains(where: { $0 == what }) { changed[table] = said + "; " + what }
        }
        func adopt(_ old: CollectionSchema) -> CollectionSchema {
            guard let new = current[old.name] ?? renamed[old.name] else { return old }
            if new.name != old.name {
                changed[old.name] = "renamed to \(new.name)"
            } else if let difference = old.fieldDifference(to: new) {
                // A list of the same table noted more (its filter): kept.
                if changed[old.name] == nil { changed[old.name] = difference }
            }
            var adopted = new
            adopted.scope = old.scope
            // A `find` or `where` list stays filtered: it lost its filters
            // here and listed every row under the filter's caption, so its
            // `delete 1` removed a row that never matched. A filter on a field that is gone fails
            // each read with
            // an error, rather than list rows it did not choose.
            adopted.filters = old.filters
            let unfiltered = old.filters.compactMap(\.field).filter { new.field(named: $0) == nil }
            if !unfiltered.isEmpty {
                note(old.name, "this list's filter on \(unfiltered.joined(separator: ", ")) can no longer be read: back leaves it")
            }
            // What the frame had as the store presented it (the app spec's
            // order and columns) follows the store: kept as the frame's own,
            // a spec's columns stayed cut down after the spec fitted again
            //.
            let was = previous[old.name]
            // A `sort` in this frame stays while its field does; if not, say it went.
            if let sort = old.order, sort != new.order, sort != was?.order {
                if new.field(named: sort.field) != nil {
                    adopted.order = sort
                } else {
                    note(old.name, "the sort by \(sort.field) is gone")
                }
            }
            // So do its `columns`, those whose fields are still there.
            if let chosen = old.chosenColumns, chosen != new.chosenColumns, chosen != was?.chosenColumns {
                let kept = chosen.filter { new.field(named: $0) != nil }
                adopted.chosenColumns = kept.isEmpty ? new.chosenColumns : kept
                let gone = chosen.filter { new.field(named: $0) == nil }
                if !gone.isEmpty {
                    note(old.name, "the column \(gone.joined(separator: ", ")) is gone")
                }
            }
            return adopted
        }
        for frame in stack {
            switch frame {
            case let root as CollectionsFrame: root.collections = store.collections
            case let list as ListFrame: list.collection = adopt(list.collection)
            case let record as RecordFrame:
                let old = record.collection
                record.collection = adopt(old)
                // A batch reads its rows again by its list's fields: a column
                // dropped elsewhere failed every save and reload of it.
                if var batch = record.batch {
                    batch.list = adopt(batch.list)
                    record.batch = batch
                }
                record.takeAddedFields(since: old, from: store)
                // An edit of a field that is gone cannot be saved, nor
                // reverted by name: it goes, and the user is told which.
                let gone = record.buffer.changes.keys.filter { record.collection.field(named: $0) == nil }.sorted()
                if !gone.isEmpty {
                    for field in gone { record.buffer.revert(field) }
                    note(record.collection.name, "your edit of \(gone.joined(separator: ", ")) was dropped with it")
                }
            default: break
            }
        }
        // Whether the app spec still fits each table, said for every table,
        // shown or not (only the one on screen said it).
        let shown = Set(changed.keys)
        for name in current.keys.sorted() {
            guard let was = previous[name], let now = current[name] else { continue }
            if let why = now.specNotApplied, was.specNotApplied == nil {
                note(name, why)
            } else if now.specNotApplied == nil, was.specNotApplied != nil {
                note(name, "the app spec applies to it again")
            }
        }
        var said = changed.keys.sorted().map { name in
            "\(name) changed elsewhere (\(changed[name] ?? ""))\(shown.contains(name) ? then : "")\n"
        }.joined()
        // The one table a store opened on is gone (renamed or dropped
        // elsewhere): the root becomes what opening the store shows now, or
        // every command kept saying "no table named …" with nowhere to go
        // back to. Frames above stay, to be left with `back`.
        if let root = stack.first as? ListFrame, root.collection.filters.isEmpty, root.collection.scope == nil,
           current[root.collection.name] == nil {
            stack[0] = store.collections.count == 1
                ? ListFrame(collection: store.collections[0])
                : CollectionsFrame(title: store.displayName, collections: store.collections)
            said += "\(root.collection.name) is gone (renamed or dropped elsewhere); the list below is now "
                + (store.collections.count == 1 ? store.collections[0].name : "the store's tables") + "\n"
        }
        return said
    }
}

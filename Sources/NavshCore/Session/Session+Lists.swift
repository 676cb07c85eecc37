extension Session {
    func open(_ target: String) throws -> Response {
        if let record = top as? RecordFrame { return try openFromRecord(record, target) }
        if let root = top as? CollectionsFrame {
            let collection = try pick(target, from: root.collections)
            let list = ListFrame(collection: collection)
            push(list)
            return Response(output: try render(list))
        }
        let list = try topFrame(ListFrame.self)
        let (record, note) = try findRecord(target, in: list)
        let frame = RecordFrame(collection: list.collection, record: record)
        push(frame)
        return Response(output: note + (try render(frame)))
    }

    func newDraft() throws -> Response {
        let list = try topFrame(ListFrame.self)
        if let reason = list.collection.readOnlyReason {
            throw CommandError(reason)
        }
        var defaults = try specDefaults(for: list)
        // A new row in an owner's list of cars belongs to that owner.
        if let scope = list.collection.scope { defaults[scope.field] = scope.value }
        if let (field, position) = try manualOrderDefault(for: list) { defaults[field] = position }
        let frame = RecordFrame(draftOf: list.collection, defaults: defaults)
        push(frame)
        return Response(output: try render(frame))
    }

    func deleteRow(_ text: String, confirmed: Bool) throws -> Response {
        let list = try topFrame(ListFrame.self)
        try checkDeletable(list.collection)
        let row = try numberedRow(text, in: list)
        let record = row.current
        let title = RowTitle.of(row.shown ?? record, in: list.collection)
        let changedSinceShown = CommandError(
            "row \(row.number), \(title), changed elsewhere since shown; nothing was deleted (show, then delete again)")
        // A page holds previews (`ListPreview`): compare the shown row with the current one's preview.
        if let shown = row.shown, !Self.sameRow(shown, ListPreview.of(record, in: list.collection)) { throw changedSinceShown }
        try checkNothingBlocks(deleting: record.id, titled: title, in: list.collection)
        if mode == .interactive && !confirmed {
            return try askToDelete(record.id, in: list.collection, then: .deleteRow(text)) {
                "Delete row \(row.number), \(title), from \(list.collection.displayTitle)?\($0)"
            }
        }
        let cascade: [CascadeEffect]
        do {
            // Checked against the values shown: a row changed since is not deleted blind.
            cascade = try deleteAsAsked(record.id, in: list.collection, expecting: record.values)
        } catch StoreError.conflict {
            list.markStale()
            throw changedSinceShown
        } catch StoreError.constraint(.foreignKey, _, _) {
            throw CommandError("cannot delete \(title): other rows refer to it now (FOREIGN KEY); nothing was deleted")
        } catch StoreError.recordMissing {
            list.markStale()
            throw CommandError("row \(row.number), \(title), was deleted elsewhere since shown; nothing was done (show lists the rows now)")
        }
        remember(.deleted(list.collection, record, cascade: cascade))
        list.forget([record.id])
        invalidateLists(of: cascade)
        return Response(output: "deleted \(title)\(CascadeEffect.phrase(cascade, .done))\n")
    }

    func turnPage(by step: Int) throws -> Response {
        let (index, pages) = try pageState()
        let target = index + step
        guard (0..<pages).contains(target) else {
            throw CommandError(step > 0
                ? "already on the last page (page \(index + 1) of \(pages))"
                : "already on the first page")
        }
        return try showPage(target)
    }

    func goToPage(_ text: String) throws -> Response {
        let (_, pages) = try pageState()
        guard let number = Int(text), (1...pages).contains(number) else {
            throw CommandError("page: '\(TextLayout.printable(text))' is not a page here; pages are 1 to \(pages)")
        }
        return try showPage(number - 1)
    }

    // MARK: Helpers

    /// A draft's values from the app spec: `now`, `today`, `this year`, a
    /// literal, or a counter (`My Item {n}`, the next number no row has).
    private func specDefaults(for list: ListFrame) throws -> [String: Value] {
        var values: [String: Value] = [:]
        let time = clock()
        for field in list.collection.fields {
            switch field.draftDefault {
            case nil: continue
            case .now?: values[field.name] = .text(time.dateTime)
            case .today?: values[field.name] = .text(time.date)
            case .thisYear?: values[field.name] = .integer(Int64(time.year))
            case .literal(let text)?:
                values[field.name] = (try? ValueParser.parse(text, for: field, thisYear: time.year)) ?? .text(text)
            case .counter(let template)?:
                if let text = try nextCounterText(template, field: field.name, in: list) {
                    values[field.name] = .text(text)
                }
            }
        }
        return values
    }

    /// `My Item {n}` with the next number not taken: from one more than the
    /// row count, the first whose text no row holds (after deletes, the count
    /// alone would repeat a listed title). Each try is one LIMIT 1 query, and
    /// there are at most `counterTries`; past that the field starts empty.
    private func nextCounterText(_ template: String, field: String, in list: ListFrame) throws -> String? {
        let start = try count(list) + 1
        for n in start..<(start + Self.counterTries) {
            let text = template.replacing("{n}", with: String(n))
            if try store.find(text, in: field, of: list.collection, match: .exact, limit: 1).isEmpty { return text }
        }
        return nil
    }

    static let counterTries = 100

    private func pageState() throws -> (index: Int, pages: Int) {
        let size = viewport().pageSize
        if let root = top as? CollectionsFrame {
            return (root.pageIndex, pageCount(root.collections.count, size))
        }
        let list = try topFrame(ListFrame.self)
        return (list.pageIndex, pageCount(try count(list), size))
    }

    private func showPage(_ index: Int) throws -> Response {
        if let root = top as? CollectionsFrame {
            root.pageIndex = index
        } else {
            let list = try topFrame(ListFrame.self)
            list.pageIndex = index
        }
        return Response(output: try render(top))
    }

    func pageCount(_ rows: Int, _ size: Int) -> Int {
        max(1, (rows + size - 1) / size)
    }

    func count(_ list: ListFrame) throws -> Int {
        if let cached = list.cachedCount { return cached }
        let total = try store.count(of: list.collection)
        list.cachedCount = total
        return total
    }

    /// The row a number names: the row shown under that number (read again
    /// by its identity when another process committed since, and refused if
    /// it is gone), or, for a number not on the page shown, row N of the list
    /// as it is now. Never a different row than the one shown as N.
    func numberedRow(_ text: String, in list: ListFrame) throws -> NumberedRow {
        guard let number = Int(text), number >= 1 else {
            throw CommandError("'\(TextLayout.printable(text))' is not a row number; rows are numbered from 1 as shown")
        }
        if let shown = list.shownPage?.row(numbered: number) {
            // A page holds previews (`ListPreview`): the row shown is read whole by its identity.
            guard let current = try store.record(of: list.collection, id: shown.id) else {
                throw CommandError("row \(number), \(RowTitle.of(shown, in: list.collection)), was deleted elsewhere "
                    + "since shown; nothing was done (show lists the rows now)")
            }
            return NumberedRow(number: number, shown: shown, current: current)
        }
        if list.shownPage != nil && list.changedElsewhereSinceShown {
            // Not a row shown, and the list changed since: "row N now" would
            // be a number its user never saw on that row.
            throw CommandError("row \(number) was not among the rows shown, and the list changed elsewhere since; "
                + "nothing was done (show lists the rows now)")
        }
        let total = try count(list)
        guard number <= total else {
            throw CommandError(total == 0
                ? "\(list.collection.name) has no rows"
                : "no row \(number); \(list.collection.name) has \(total) row\(total == 1 ? "" : "s")")
        }
        guard let record = try store.records(of: list.collection, offset: number - 1, limit: 1).first else {
            list.markStale()
            throw CommandError("row \(number) is gone (deleted elsewhere); show lists the rows now")
        }
        return NumberedRow(number: number, shown: nil, current: record)
    }

    /// `open 3` is row 3; anything else is a title: an exact match (ignoring
    /// case) wins, then a unique partial match; several matches are listed.
    /// The row `open` names, and a line to print first when it is not as shown.
    private func findRecord(_ target: String, in list: ListFrame) throws -> (Record, String) {
        if Int(target) != nil {
            let row = try numberedRow(target, in: list)
            guard let shown = row.shown, !Self.sameRow(shown, ListPreview.of(row.current, in: list.collection)) else {
                return (row.current, "")
            }
            // Another title may be another row that took its id: open only
            // the row as shown. Other values changed: open it as it is now,
            // saying so (its save is checked against what it shows).
            let before = RowTitle.of(shown, in: list.collection), now = RowTitle.of(row.current, in: list.collection)
            guard before == now else {
                throw CommandError("row \(row.number), \(before), is now \(now) (changed elsewhere since shown); "
                    + "nothing was opened (show, then open again)")
            }
            return (row.current, "row \(row.number) changed elsewhere since shown; this is it as it is now\n")
        }
        guard let titleField = list.collection.titleField else {
            throw CommandError("\(list.collection.name) has no title field; open rows by number")
        }
        let limit = 6
        let exact = try store.find(target, in: titleField, of: list.collection, match: .exact, limit: limit)
        if exact.count == 1 { return (exact[0], "") }
        let matches = exact.isEmpty
            ? try store.find(target, in: titleField, of: list.collection, match: .contains, limit: limit)
            : exact
        if matches.count == 1 { return (matches[0], "") }
        let shown = TextLayout.printable(target)
        guard !matches.isEmpty else {
            throw CommandError("no row in \(list.collection.name) has a title matching '\(shown)'; open N opens by number")
        }
        let candidates = try matches.prefix(limit - 1).map { record in
            let position = try store.position(of: record.id, in: list.collection).map { "\($0 + 1) " } ?? ""
            return position + RowTitle.of(record, in: list.collection)
        }
        let more = matches.count >= limit ? ", …" : ""
        throw CommandError("'\(shown)' matches several rows: \(candidates.joined(separator: ", "))\(more); open N picks one")
    }

    private func pick(_ target: String, from collections: [CollectionSchema]) throws -> CollectionSchema {
        if let number = Int(target) {
            guard (1...max(1, collections.count)).contains(number), !collections.isEmpty else {
                throw CommandError("no collection \(number); there are \(collections.count)")
            }
            return collections[number - 1]
        }
        if let match = collections.first(where: { $0.name == target })
            ?? collections.first(where: { $0.name.lowercased() == target.lowercased() })
            ?? collections.first(where: { $0.title?.lowercased() == target.lowercased() }) {
            return match
        }
        let names = collections.map(\.name).joined(separator: ", ")
        throw CommandError("no collection named '\(TextLayout.printable(target))'; the collections are \(names)")
    }
}

extension Session {
    /// Whether a row shown and a row read now hold the same values, field by
    /// field, in the fields both have (a schema change elsewhere adds or
    /// renames columns without making it another row).
    static func sameRow(_ shown: Record, _ now: Record) -> Bool {
        shown.id == now.id && shown.values.allSatisfy { name, value in now.values[name].map { $0 == value } ?? true }
    }
}

/// A row named by its number: as shown (nil when the number was not on the
/// page shown) and as stored now.
struct NumberedRow {
    let number: Int
    let shown: Record?
    let current: Record
}

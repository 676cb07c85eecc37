extension ListFrame {
    /// The row a number names: the row shown under that number (read again
    /// by its identity when another process committed since, and refused if
    /// it is gone), or, for a number not on the page shown, row N of the list
    /// as it is now. Never a different row than the one shown as N.
    func numberedRow(_ text: String, in store: any StoreReader) throws -> NumberedRow {
        guard let number = Int(text), number >= 1 else {
            // Digits past Int's range name a row past any list's end.
            if text.isASCIIDigits, text.contains(where: { $0 != "0" }) {
                throw CommandError.rows(.rowNumberTooLarge(collection: countedName, rowCount: try count(in: store)))
            }
            throw CommandError.rows(.notARowNumber(text))
        }
        if let shown = shownPage?.row(numbered: number) {
            // A page holds previews (`ListPreview`): the row shown is read whole by its identity.
            guard let current = try store.record(of: collection, id: shown.id) else {
                throw CommandError.rows(.deletedSinceShown(number: number, title: RowTitle.of(shown, in: collection),
                                                           scoped: collection.scope != nil || !collection.filters.isEmpty,
                                                           byRowid: collection.keyFields.isEmpty))
            }
            // A page holds previews (`ListPreview`): the shown row is compared with the current one's preview.
            return NumberedRow(number: number, shown: shown, current: current,
                               changedSinceShown: !Self.sameRow(shown, ListPreview.of(current, in: collection)))
        }
        if shownPage != nil && (changedElsewhereSinceShown || ownWritesMovedRowsSinceShown) {
            // Not a row shown, and the list changed since: "row N now" would
            // be a number its user never saw on that row.
            throw CommandError.rows(.notShownAndListChanged(number: number, byThisSession: !changedElsewhereSinceShown))
        }
        // From the nearest anchor by key: row 999,990 costs a seek, not a
        // million-row count and an OFFSET.
        var found: Record?
        if let start = try anchors.start(of: number - 1, in: collection, store: store) {
            let run = try store.records(of: collection, from: start, limit: 1)
            anchors.learn(from: run, at: number - 1, asked: 1)
            found = run.rows.first
        }
        guard let record = found else {
            let total = try count(in: store)
            guard number <= total else {
                throw CommandError.rows(.noSuchRow(number, collection: countedName, rowCount: total))
            }
            markStale()
            throw CommandError.rows(.gone(number: number))
        }
        return NumberedRow(number: number, shown: nil, current: record, changedSinceShown: false)
    }

    /// The row `open` names, and a line to print first when it is not as
    /// shown: `open 3` is row 3; anything else is a title, where an exact
    /// match (ignoring case) wins, then a unique partial match; several
    /// matches are listed.
    func recordToOpen(_ target: String, in store: any StoreReader) throws -> (Record, String) {
        // Digits are a row number however large (`open` never searches titles for them).
        if Int(target) != nil || target.isASCIIDigits {
            let row = try numberedRow(target, in: store)
            guard let shown = row.shown, row.changedSinceShown else { return (row.current, "") }
            // Another title may be another row that took its id: open only
            // the row as shown. Other values changed: open it as it is now,
            // saying so (its save is checked against what it shows).
            let before = RowTitle.of(shown, in: collection), now = RowTitle.of(row.current, in: collection)
            guard before == now else {
                throw CommandError.rows(.changedSinceShown(number: row.number, title: before, now: now))
            }
            return (row.current, "row \(row.number) changed elsewhere since shown; this is it as it is now\n")
        }
        // A title shown escaped (`Tab\tbed`, as Tab completes it) is also
        // the title its escapes stand for (it matched nothing); when the two are different rows,
        // both shown alike, neither
        // is taken.
        let row = try Self.typedOrEscaped(target, { try recordTitled($0, in: store) }) { typed, escaped in
            // In list order, as a title's several matches are listed.
            let placed = try [typed, escaped].map { (try store.position(of: $0.id, in: collection), $0) }
            let candidates = placed.sorted { ($0.0 ?? .max) < ($1.0 ?? .max) }.map { numbered($1, at: $0) }
            return CommandError.rows(.severalTitleMatches(target, candidates: candidates, more: false))
        }
        return (row, "")
    }

    /// A row as a refusal lists it: its number in the list (from its
    /// `position`, from 0, else its place on the page shown: a sorted list's
    /// rows have no position the store counts) and its title; a row with
    /// no number known is named by its `#KEY` (after `sort`, the refusal
    /// listed two rows both as "Ada Lovelace").
    private func numbered(_ record: Record, at position: Int?) -> String {
        if let place = position ?? placeShown(of: record.id) { return "\(place + 1) " + RowTitle.of(record, in: collection) }
        return RowTitle.keyed(record, in: collection)
    }

    /// Where the page shown holds the row `id` (from 0), if it does and no
    /// change elsewhere has come since it was shown.
    private func placeShown(of id: RecordID) -> Int? {
        guard !changedElsewhereSinceShown, let page = shownPage,
              let i = page.rows.firstIndex(where: { $0.id == id }) else { return nil }
        return page.index * page.size + i
    }

    /// The row whose title `target` names (see `recordToOpen`).
    private func recordTitled(_ target: String, in store: any StoreReader) throws -> Record {
        // Rows without a key (a view's) are known only by their place in the list.
        guard let titleField = collection.titleField, collection.readOnlyReason == nil else {
            if collection.readOnlyReason == nil, let row = try recordTitledByReference(target, in: store) { return row }
            throw CommandError.rows(.noTitleField(collection: collection.name, keyless: collection.readOnlyReason != nil))
        }
        if let row = try wholeTitleMatch(target, titleField: titleField, in: store) { return row }
        let limit = 6
        let exact = try store.find(target, in: titleField, of: collection, match: .exact, limit: limit)
        if exact.count == 1 { return exact[0] }
        let matches = exact.isEmpty
            ? try store.find(target, in: titleField, of: collection, match: .contains, limit: limit)
            : exact
        if matches.count == 1 { return matches[0] }
        guard !matches.isEmpty else {
            throw CommandError.rows(.noTitleMatch(target, collection: collection.name))
        }
        let candidates = try matches.prefix(limit - 1).map { numbered($0, at: try store.position(of: $0.id, in: collection)) }
        throw CommandError.rows(.severalTitleMatches(target, candidates: candidates, more: matches.count >= limit))
    }

    /// A row whose title is made of a key and a reference (`#98 ·
    /// Dominique Hansen`), named by the referenced row's title: the one row
    /// whose whole title, or whose reference's title, is `target`, ignoring
    /// case; nil when no title holds a reference.
    private func recordTitledByReference(_ target: String, in store: any StoreReader) throws -> Record? {
        guard case .anyTextContains(_, let titles) = FindCommand.filter(target, in: collection, store: store),
              let first = titles.first else { return nil }
        var candidates = collection
        candidates.filters.append(first)
        let limit = 6
        let rows = try store.records(of: candidates, offset: 0, limit: limit)
        let references = ReferenceTitles.read(for: rows, in: collection, from: store)
        let wanted = target.lowercased()
        let whole = rows.filter { row in
            let title = RowTitle.of(row, in: collection, references: references).lowercased()
            return title == wanted || title.hasSuffix(" · " + wanted)
        }
        if whole.count == 1 { return whole[0] }
        if rows.count == 1 { return rows[0] }
        guard !rows.isEmpty else { throw CommandError.rows(.noTitleMatch(target, collection: collection.name)) }
        let shown = whole.isEmpty ? rows : whole
        let candidatesShown = try shown.prefix(limit - 1).map { row in
            let place = try store.position(of: row.id, in: collection)
            return (place.map { "\($0 + 1) " } ?? "") + RowTitle.of(row, in: collection, references: references)
        }
        throw CommandError.rows(.severalTitleMatches(target, candidates: candidatesShown, more: shown.count >= limit))
    }

    /// A title made of several fields (`Ada Lovelace` from first and last
    /// name, or a spec's template) as Tab completes it: the one row whose
    /// whole title is `target`, ignoring case, among the rows whose title
    /// field holds its first word (at most `wholeTitleScan` of them).
    /// Only for a title the store cannot match whole (`titleParts` nil: a
    /// join row's titles of references), and only when every candidate was
    /// looked at: a second row of the title past the first 200 was not, and
    /// one row was taken where two hold the title.
    func wholeTitleMatch(_ target: String, titleField: String, in store: any StoreReader) throws -> Record? {
        guard titleFields.count > 1, collection.titleParts == nil, let first = target.split(separator: " ").first else {
            return nil
        }
        var candidates = collection
        candidates.filters.append(.contains(field: titleField, String(first)))
        let wanted = target.lowercased()
        let read = try store.records(of: candidates, offset: 0, limit: Self.wholeTitleScan + 1)
        guard read.count <= Self.wholeTitleScan else { return nil }
        let rows = read.filter { RowTitle.of($0, in: collection).lowercased() == wanted }
        return rows.count == 1 ? rows[0] : nil
    }

    /// What a row count is of, in a message: a `find` or `where` list
    /// counts its own rows, not the table's (`no row 20; this list has 11
    /// rows`, where it named the table).
    var countedName: String {
        collection.filters.isEmpty ? TextLayout.printable(collection.name) : "this list"
    }

    static let wholeTitleScan = 200

    private var titleFields: [String] { collection.titleFields }

    /// Whether a row shown and a row read now hold the same values, field by
    /// field, in the fields both have (a schema change elsewhere adds or
    /// renames columns without making it another row).
    static func sameRow(_ shown: Record, _ now: Record) -> Bool {
        shown.id == now.id && zip(shown.names, shown.cells).allSatisfy { name, value in now.value(of: name).map { $0 == value } ?? true }
    }

    /// The row numbers on the page shown now (for completion).
    func numbersOnPage(size: Int, in store: any StoreReader) -> [String] {
        rowsOnPage(size: size, in: store).map(\.number)
    }

    /// The rows of the page shown, by number and title (Tab lists `3 Gort statue`).
    func rowsOnPage(size: Int, in store: any StoreReader) -> [(number: String, title: String)] {
        guard let page = try? page(size: size, in: store) else { return [] }
        return page.rows.enumerated().map { i, row in
            (String(page.index * page.size + i + 1), RowTitle.of(row, in: collection))
        }
    }
}

/// A row named by its number: as shown (nil when the number was not on the
/// page shown) and as stored now.
struct NumberedRow {
    let number: Int
    let shown: Record?
    let current: Record
    /// Its values now differ from the ones shown (false when not shown).
    let changedSinceShown: Bool
}

/// `delete N` in a list: the row shown as N, checked against the values
/// shown, after a question naming what goes with it. `delete #KEY`: the row
/// with that primary key, wherever it is (the way scripts should name rows).
/// At the prompt the list is drawn again: its row numbers moved up, and
/// the old screen named the next row by the deleted one's number.
struct DeleteRowCommand: OneArgumentCommand {
    static let forms = [CommandForm("delete", [.list], .rest("row"), usage: "delete N | delete #KEY",
                                    "delete the record at row N, or with key KEY", example: "delete 3")]

    let row: String

    init(_ row: String) {
        self.row = row
    }

    static func isOffered(in frame: any Frame) -> Bool { Deletion.isOffered(in: frame) }

    func run(in session: any CommandContext, confirmed: Bool) throws -> Response {
        let list = try session.topFrame(ListFrame.self)
        let collection = list.collection
        try Deletion.checkDeletable(collection)
        if ListFrame.isKey(self.row) { return try deleteKeyed(in: list, session: session, confirmed: confirmed) }
        let row = try list.numberedRow(self.row, in: session.store)
        let record = row.current
        let title = RowTitle.of(row.shown ?? record, in: collection)
        let changedSinceShown = CommandError.writes(.rowChangedBeforeDelete(number: row.number, title: title))
        if row.changedSinceShown { throw changedSinceShown }
        try Self.checkKeylessUnmoved(list)
        try Deletion.checkNothingBlocks(deleting: record.id, titled: title, in: collection, store: session.store)
        if session.mode == .interactive && !confirmed {
            return try Deletion.ask(record.id, in: collection, session: session, then: self) {
                "Delete row \(row.number), \(title), from \(collection.displayTitle)?\($0)"
            }
        }
        let cascade: [CascadeEffect]
        do {
            // Checked against the values shown: a row changed since is not deleted blind.
            cascade = try Deletion.delete(record, from: collection, session: session)
        } catch StoreError.conflict {
            list.markStale()
            throw changedSinceShown
        } catch StoreError.constraint(.foreignKey, _, _) {
            throw CommandError.writes(.referencedNow(title: title))
        } catch StoreError.recordMissing {
            list.markStale()
            throw CommandError.rows(.deletedSinceShown(number: row.number, title: title, scoped: collection.scope != nil || !collection.filters.isEmpty,
                                                       byRowid: collection.keyFields.isEmpty))
        }
        list.forget([record.id])
        return Response(output: session.showAgain(list, below: "deleted \(title)"
                                                   + "\(CascadeEffect.phrase(cascade, .done, titles: session.store.collectionTitles, besides: collection.name))\n"))
    }

    /// `delete #KEY`: checked against the row as just read (no row number
    /// is involved, so nothing shown can be stale).
    private func deleteKeyed(in list: ListFrame, session: any CommandContext, confirmed: Bool) throws -> Response {
        let collection = list.collection
        let record = try list.record(keyed: row, in: session.store, thisYear: session.clock().year)
        let title = RowTitle.of(record, in: collection)
        // A row the list shows is deleted only as shown, as `delete N` is: a
        // table's rowid is renumbered by VACUUM, and `delete #2` deleted the
        // row renumbered into 2, not the one shown there.
        if let shown = list.shownPage?.rows.first(where: { $0.id == record.id }),
           !ListFrame.sameRow(shown, ListPreview.of(record, in: collection)) {
            list.markStale()
            throw CommandError.writes(.keyedRowChangedSinceShown(key: row, shown: RowTitle.of(shown, in: collection), now: title))
        }
        try Self.checkKeylessUnmoved(list)
        try Deletion.checkNothingBlocks(deleting: record.id, titled: title, in: collection, store: session.store)
        if session.mode == .interactive && !confirmed {
            return try Deletion.ask(record.id, in: collection, session: session, then: self) {
                "Delete \(TextLayout.printable(row)), \(title), from \(collection.displayTitle)?\($0)"
            }
        }
        let cascade: [CascadeEffect]
        do {
            cascade = try Deletion.delete(record, from: collection, session: session)
        } catch StoreError.conflict {
            throw CommandError.writes(.keyedRowChangedBeforeDelete(key: row, title: title))
        } catch StoreError.constraint(.foreignKey, _, _) {
            throw CommandError.writes(.referencedNow(title: title))
        } catch StoreError.recordMissing {
            throw CommandError.rows(.noRowWithKey(row, collection: collection.name, outsideThisList: false))
        }
        list.forget([record.id])
        return Response(output: session.showAgain(list, below: "deleted \(title)"
                                                   + "\(CascadeEffect.phrase(cascade, .done, titles: session.store.collectionTitles, besides: collection.name))\n"))
    }

    /// A table without a declared key knows its rows by rowids, which a
    /// VACUUM elsewhere renumbers: two rows alike in every column shown
    /// can trade places unseen (the values check passes, and the other row
    /// went). After any change elsewhere since the
    /// list was shown, a delete there waits for the list to be shown again.
    private static func checkKeylessUnmoved(_ list: ListFrame) throws {
        guard list.collection.keyFields.isEmpty, list.changedElsewhereSinceShown else { return }
        throw CommandError.writes(.keylessRowsMayHaveMoved(collection: list.collection.name))
    }

    static func complete(_ rest: String, in session: any CommandContext) -> Completion {
        guard let list = session.top as? ListFrame, !rest.contains(" "), !rest.contains("\t") else { return .none }
        let numbers = list.numbersOnPage(size: session.viewport().pageSize, in: session.store)
        return Completion(word: rest, candidates: numbers.filter { $0.hasPrefix(rest) })
    }
}

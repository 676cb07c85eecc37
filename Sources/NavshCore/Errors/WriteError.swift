/// Saving, reloading and deleting: a row changed or gone elsewhere since it
/// was shown, or a delete that rows or the app spec forbid.
public enum WriteError: Equatable, Sendable {
    // MARK: Save and reload (of the record titled `title`)
    case changedBeforeSave(title: String)
    /// `save!` refused: the row changed again since the conflict table it was to overwrite.
    case changedAgainBeforeSave(title: String)
    case deletedBeforeSave(title: String)
    /// `save!` of a row gone from under its key, while another row (`twin`,
    /// as `#KEY`) holds every other value it was shown with: re-keyed elsewhere.
    case putBackWouldDuplicate(title: String, twin: String)
    /// A reference `set` gave a row (`key`, titled `was` then) names a row
    /// titled `now` (nil: none) at save: rows re-keyed or renamed elsewhere.
    /// `save!` keeps the key, except in a batch, which it does not save.
    case referenceChangedBeforeSave(field: String, key: String, was: String?, now: String?, saveForced: Bool = true)
    case nothingToReload
    case deletedBeforeReload(title: String)
    /// A script's save failed on a schema changed elsewhere since its last
    /// look (`notice` says how, in one line); the frame now has the schema.
    case schemaChangedBeforeSave(notice: String)
    /// The record's table is no longer in the file (dropped elsewhere).
    case tableGoneBeforeSave(table: String)
    /// An import into an owner's related list whose owner's key names
    /// another row (`now`), or none, than the owner shown (`was`).
    case ownerChangedBeforeImport(key: String, was: String, now: String?)

    // MARK: Delete
    case notDeletable(collection: String)
    case draftNotDeletable
    case deleteBlocked(title: String, by: [BlockingReference])
    /// A batch delete that references stop at `blocked` of its `total`
    /// rows; `first` names the first few, each with what blocks it.
    case batchDeleteBlocked(blocked: Int, of: Int, collection: String, first: [BlockedRow])
    /// A save changing a value rows refer to it by (its key), which their
    /// references forbid.
    case changeBlocked(title: String, by: [BlockingReference])
    /// A row came to refer to it after the check (FOREIGN KEY at the delete).
    case referencedNow(title: String)
    case rowChangedBeforeDelete(number: Int, title: String)
    /// `delete #KEY`: the row changed between reading it and deleting it.
    case keyedRowChangedBeforeDelete(key: String, title: String)
    /// `delete #KEY` of a row the list shows, whose values at that key are
    /// not those shown (changed, or another row renumbered into it).
    case keyedRowChangedSinceShown(key: String, shown: String, now: String)
    /// A delete in a table without a declared key after another process
    /// changed the file: its rows are known by rowids, which a VACUUM
    /// renumbers, and two rows alike in every shown column can trade places.
    case keylessRowsMayHaveMoved(collection: String)
    /// The same, for `delete` in a record frame opened before the change.
    case keylessRecordMayHaveMoved(collection: String)
    case recordChangedBeforeDelete(title: String)
    /// What the delete would take is not what its question named; `taken`
    /// is what it would take now.
    case cascadeChanged(taken: [CascadeEffect])

    // MARK: Batch save (open *)
    /// Rows changed, deleted or gone from the list since `open *`, each as
    /// its title and what happened; `of`, the rows the save was to write.
    /// `saving`: a save, else a delete.
    /// `since`: what read the rows (`open *`, the import's file).
    case batchChangedBeforeSave(rows: [String], of: Int, saving: Bool, since: String = "open *")
    /// The store refused one row of a batch save.
    case batchRowRefused(title: String, reason: String)
    /// `save!` in a batch: it would write over rows its user was not shown.
    case batchCannotOverwrite
    /// One value set to a one-field key on several rows: the store would
    /// refuse the second, so the save is refused before its question.
    case batchWouldShareKey(field: String, value: String, rows: Int)

    // MARK: Dry run
    /// The command's writes would fail at its own COMMIT (a check kept for
    /// COMMIT): a real run writes none of them.
    case commitWouldBeRefused(reason: String)

    var message: String {
        switch self {
        case .batchChangedBeforeSave(let rows, let total, let saving, let since):
            let shown = rows.prefix(3).joined(separator: ", ")
                + (rows.count > 3 ? " and \(ListLayout.grouped(rows.count - 3)) more" : "")
            let advice = since == "open *" || since == "reload" ? " (reload reads the rows again\(saving ? " and keeps your edits" : ""))" : ""
            return "\(ListLayout.grouped(rows.count)) of \(ListLayout.grouped(total)) rows changed elsewhere since \(since): "
                + "\(shown); nothing was \(saving ? "saved" : "deleted")" + advice
        case .batchRowRefused(let title, let reason):
            return "\(title): \(reason)"
        case .batchCannotOverwrite:
            return "save! writes over one record shown whole; a batch is saved with save, "
                + "and reload takes its rows as they are now"
        case .batchWouldShareKey(let field, let value, let rows):
            return "\(field) is the key, which names one row: \(ListLayout.grouped(rows)) rows cannot all take "
                + "\(value); nothing was saved"
        case .changedBeforeSave(let title):
            return "\(title) changed elsewhere since you opened it; nothing was saved "
                + "(reload takes theirs and keeps your edits, save! overwrites theirs)"
        case .changedAgainBeforeSave(let title):
            return "\(title) changed again elsewhere since the table you were shown; nothing was saved "
                + "(the table above is theirs now: save! overwrites it, reload takes it and keeps your edits)"
        case .deletedBeforeSave(let title):
            return "\(title) is gone from under its key (deleted or re-keyed elsewhere); nothing was saved "
                + "(save! puts it back under its key with your edits, cancel discards them)"
        case .referenceChangedBeforeSave(let field, let key, nil, let now?, let forced):
            return "\(field) names \(TextLayout.printable(key)), which named no row when you set it and is \(now) now "
                + "(added elsewhere); nothing was saved (set \(field) again"
                + (forced ? ", or save! to keep \(TextLayout.printable(key)))" : ")")
        case .referenceChangedBeforeSave(let field, let key, let was?, let now?, let forced):
            return "\(field) names \(TextLayout.printable(key)), which was \(was) when you set it and is \(now) now "
                + "(changed elsewhere); nothing was saved (set \(field) again"
                + (forced ? ", or save! to keep \(TextLayout.printable(key)))" : ")")
        case .referenceChangedBeforeSave(let field, let key, let was, nil, _):
            return "\(field) names \(TextLayout.printable(key)), which was \(was ?? "no row") when you set it and names no row now "
                + "(deleted or re-keyed elsewhere); nothing was saved (set \(field) again)"
        case .putBackWouldDuplicate(let title, let twin):
            return "\(title) was not put back: \(TextLayout.printable(twin)) holds the values it was shown with "
                + "(re-keyed elsewhere?); nothing was saved (save! again puts it back beside that row, "
                + "cancel discards your edits)"
        case .schemaChangedBeforeSave(let notice):
            return "\(notice); nothing was saved (save again writes your edits to the table as it is now)"
        case .tableGoneBeforeSave(let table):
            return "the table \(TextLayout.printable(table)) is gone (dropped or renamed elsewhere); nothing was saved "
                + "(cancel discards your edits)"
        case .ownerChangedBeforeImport(let key, let was, let now):
            return "the rows would belong to \(TextLayout.printable(key)), which was \(was) when this list was opened and "
                + (now.map { "is \($0) now" } ?? "names no row now") + " (changed elsewhere); nothing was imported "
                + "(back, and open the list from its owner again)"
        case .nothingToReload:
            return "a new record has nothing stored to reload"
        case .deletedBeforeReload(let title):
            return "\(title) is gone from under its key (deleted or re-keyed elsewhere; "
                + "save! puts it back under its key with your edits, cancel discards them)"
        case .notDeletable(let collection):
            return "rows of \(collection) cannot be deleted (the app spec says deletable: false)"
        case .draftNotDeletable:
            return "this record is not saved yet; cancel discards it"
        case .deleteBlocked(let title, let blockers):
            return "cannot delete \(title): \(BlockingReference.phrase(blockers)); nothing was deleted"
        case .batchDeleteBlocked(let blocked, let total, let collection, let first):
            let named = first.map { "\($0.title): \(BlockingReference.phrase($0.by))" }
                + (blocked > first.count ? ["and \(ListLayout.grouped(blocked - first.count)) more"] : [])
            // A batch of one row is one row: it said "1 of 1 rows".
            let rows = total == 1 ? "1 row" : "\(ListLayout.grouped(blocked)) of \(ListLayout.grouped(total)) rows"
            return "cannot delete \(rows) of \(collection): "
                + named.joined(separator: "; ") + "; nothing was deleted"
        case .changeBlocked(let title, let blockers):
            return "cannot save \(title): \(BlockingReference.phrase(blockers)) by the value this save changes (FOREIGN KEY); "
                + "nothing was saved (change those rows first, or set the value back)"
        case .referencedNow(let title):
            return "cannot delete \(title): other rows refer to it now (FOREIGN KEY); nothing was deleted"
        case .rowChangedBeforeDelete(let number, let title):
            return "row \(number), \(title), changed elsewhere since shown; nothing was deleted "
                + "(show, then delete again)"
        case .keyedRowChangedBeforeDelete(let key, let title):
            return "\(TextLayout.printable(key)), \(title), changed elsewhere as it was being deleted; nothing was deleted "
                + "(delete it again)"
        case .keyedRowChangedSinceShown(let key, let shown, let now):
            let what = shown == now ? "\(shown), changed" : "shown as \(shown), is now \(now) (changed or renumbered)"
            return "\(TextLayout.printable(key)), \(what) elsewhere since shown; nothing was deleted (show, then delete again)"
        case .keylessRowsMayHaveMoved(let collection):
            return "\(TextLayout.printable(collection)) has no key of its own: its rows are known by rowids, which a VACUUM "
                + "renumbers, and the file changed elsewhere since the list was shown; nothing was deleted "
                + "(show, then delete again)"
        case .keylessRecordMayHaveMoved(let collection):
            return "\(TextLayout.printable(collection)) has no key of its own: its rows are known by rowids, which a VACUUM "
                + "renumbers, and the file changed elsewhere since you opened this row; nothing was deleted "
                + "(back, show, then delete N from the list)"
        case .recordChangedBeforeDelete(let title):
            return "\(title) changed elsewhere since you opened it; nothing was deleted (reload shows it)"
        case .commitWouldBeRefused(let reason):
            return "dry run: this command's COMMIT would be refused: \(reason); a real run writes none of it, "
                + "and the dry run stops here"
        case .cascadeChanged(let taken):
            let rows = taken.isEmpty ? "no other row" : CascadeEffect.rows(taken)
            return "what the delete takes with it changed since the question (it would now change "
                + "\(rows)); nothing was deleted (delete again to be asked anew)"
        }
    }
}

/// A row a batch delete cannot take, and the references that stop it.
public struct BlockedRow: Equatable, Sendable {
    public var title: String
    public var by: [BlockingReference]

    public init(title: String, by: [BlockingReference]) {
        self.title = title
        self.by = by
    }
}

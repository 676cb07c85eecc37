/// `undo` refused: the write it would take back was overtaken since, so
/// taking it back would overwrite someone else's work. Nothing changed.
public enum UndoError: Equatable, Sendable {
    /// What happened to a row since the write being undone.
    public enum Since: Equatable, Sendable {
        case changed, deleted
    }

    case unsavedEdits
    case save(title: String, Since)
    /// A batch save's rows changed or deleted since, each as its title and what happened.
    /// `file`: the rows an `import --update` of that file wrote.
    case batchSave(rows: [String], of: Int, file: String? = nil)
    /// The key a reference would be set back to names another row than at the save.
    case referenceMoved(title: String, field: String, key: String, was: String, now: String)
    case insert(title: String, Since)
    /// Deleting the inserted row now would take rows added since with it.
    case insertHasDependents(title: String, [CascadeEffect])
    /// Rows added since refer to the inserted row, and their references
    /// forbid deleting it.
    case insertReferenced(title: String, by: [BlockingReference])
    case move(title: String)
    /// A row an import inserted was changed, deleted or hung on since.
    case importChanged(file: String)
    /// Putting a deleted row back is refused by a constraint.
    /// The store refused to put back what a save or a delete changed.
    /// `row`: the row refused, where the rows were put back one by one.
    case refused(undoing: String, title: String, StoreError.Constraint, fields: [String], detail: String, row: String? = nil)
    case deleteClearedRowChanged(title: String)
    case collectionGone(String)
    /// Fields the save wrote that the table no longer has.
    case fieldsGone(title: String, fields: [String], collection: String)
    case clearedReferenceNotRecorded(collection: String)

    var message: String {
        switch self {
        case .unsavedEdits:
            return "undo takes back saves; the edits here are not saved yet: revert [FIELD] undoes them"
        case .referenceMoved(let title, let field, let key, let was, let now):
            return "cannot undo the save of \(title): \(field) would name #\(TextLayout.printable(key)) again, which was "
                + "\(was) at the save and is \(now) now (changed elsewhere); nothing changed"
        case .save(let title, let since):
            return "cannot undo the save of \(title): \(since.words); nothing changed"
        case .batchSave(let rows, let total, let file):
            let shown = rows.prefix(3).joined(separator: ", ")
                + (rows.count > 3 ? " and \(ListLayout.grouped(rows.count - 3)) more" : "")
            // An import's undo named a save (a trial's find).
            let write = file.map { "import of \(TextLayout.printable($0)) on" } ?? "save of"
            return "cannot undo the \(write) \(ListLayout.grouped(total)) rows: \(ListLayout.grouped(rows.count)) changed "
                + "elsewhere since: \(shown); nothing changed"
        case .insert(let title, let since):
            return "cannot undo the insert of \(title): \(since.words); nothing changed"
        case .insertHasDependents(let title, let dependents):
            return "cannot undo the insert of \(title): deleting it now would also change "
                + "\(CascadeEffect.rows(dependents)) added since; nothing changed"
        case .insertReferenced(let title, let blockers):
            return "cannot undo the insert of \(title): \(BlockingReference.phrase(blockers)) now; nothing changed"
        case .importChanged(let file):
            return "cannot undo the import from \(file): some of its rows were changed, deleted or referred to since; nothing changed"
        case .move(let title):
            return "cannot undo the move of \(title): the order changed since; nothing changed"
        case .refused(let undoing, let title, let kind, let fields, let detail, let row):
            let which = row.map { "\($0), which it would put back" } ?? "a row it would put back"
            let why: String
            switch kind {
            case .unique, .primaryKey:
                why = "another row now holds the \(fields.isEmpty ? "key" : fields.joined(separator: ", ")) of \(which)"
            case .foreignKey:
                why = "\(which)\(row == nil ? "" : ",") refers to one that is gone now"
            default:
                why = detail + (row.map { " (\($0))" } ?? "")
            }
            return "cannot undo the \(undoing) of \(title): \(why); nothing changed"
        case .deleteClearedRowChanged(let title):
            return "cannot undo the delete of \(title): a row it cleared changed since; nothing changed"
        case .collectionGone(let collection):
            return "cannot undo: \(collection) is no longer in the store; nothing changed"
        case .fieldsGone(let title, let fields, let collection):
            return "cannot undo the save of \(TextLayout.printable(title)): \(TextLayout.printable(fields.joined(separator: ", "))) "
                + "\(fields.count == 1 ? "is" : "are") no longer in \(TextLayout.printable(collection)) (removed elsewhere); nothing changed"
        case .clearedReferenceNotRecorded(let collection):
            return "cannot undo: the reference cleared in \(collection) was not recorded; nothing changed"
        }
    }
}

extension UndoError.Since {
    var words: String {
        switch self {
        case .changed: return "it changed since"
        // A row a trigger re-keyed is gone from its key just the same.
        case .deleted: return "it was deleted or re-keyed since"
        }
    }
}

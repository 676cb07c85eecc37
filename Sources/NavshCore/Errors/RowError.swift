/// Naming rows, pages and collections in a list: numbers out of range, rows
/// changed or gone since shown, titles that match none or several, and the
/// manual order (`move`, `new` at an edge).
public enum RowError: Equatable, Sendable {
    // MARK: Rows by number
    case notARowNumber(String)
    case noSuchRow(Int, collection: String, rowCount: Int)
    /// A row number past any Int, so past every list's end.
    case rowNumberTooLarge(collection: String, rowCount: Int)
    /// `scoped`: the list shows one owner's rows, so the row may also have
    /// been moved to another owner rather than deleted.
    /// `byRowid`: the table has no declared key, so its rows are known by
    /// rowids, which VACUUM renumbers: the row may be there under another.
    case deletedSinceShown(number: Int, title: String, scoped: Bool, byRowid: Bool = false)
    case changedSinceShown(number: Int, title: String, now: String)
    /// Not on the page shown, and the list changed since: "row N now" would
    /// be a number its user never saw on that row.
    /// `byThisSession`: this session's own writes moved the rows (a row
    /// added, or one taken from another page), not another process.
    case notShownAndListChanged(number: Int, byThisSession: Bool = false)
    case gone(number: Int)

    // MARK: Rows by title
    /// `keyless`: the rows have no key (a view), so only their number names them.
    case noTitleField(collection: String, keyless: Bool)
    case noTitleMatch(String, collection: String)
    /// `candidates` are as listed (`3 Gort statue`); `more` when there are others.
    case severalTitleMatches(String, candidates: [String], more: Bool)

    // MARK: Pages and collections
    case notAPage(String, pages: Int)
    case onLastPage(page: Int, pages: Int)
    case onFirstPage
    case noCollectionNumbered(Int, count: Int)
    case noCollectionNamed(String, names: [String])

    // MARK: Rows by key (#KEY)
    /// `keyFields` empty: the table is keyed by its rowid.
    case notAKey(String, collection: String, keyFields: [String])
    /// `outsideThisList`: the row exists, but this list's filter or owner leaves it out.
    case noRowWithKey(String, collection: String, outsideThisList: Bool)
    /// `#6` in an untyped key column where no row holds the number, but
    /// one holds the text '6': named as `keyText` writes it, `#'6'`.
    case keyIsText(String, asText: String, collection: String)
    /// `#KEY` in a view (or a table whose rows cannot be told apart).
    case keylessRows(collection: String)
    /// `#KEY` holding a backslash escape names a row as typed and another
    /// as its escapes stand for (`k\x1B`: the text, and k then ESC).
    case keyNamesTwoRows(String, titles: [String])

    // MARK: Filtering (find, where)
    case whereSyntax
    case noFilterField(String, collection: String, fields: [String], nearest: String?)
    case blobNotComparable(field: String)
    /// A `find` or `where` list whose field was renamed or dropped elsewhere.
    case filterFieldGone(String)

    // MARK: Sorting
    case notADirection(String)
    case noSortField(String, collection: String, fields: [String])
    case blobNotSortable(field: String)

    // MARK: Columns and titles
    /// `title` named a reference: its rows' titles cannot title these.
    case referenceCannotTitle(String)
    /// `command` (columns, title) named a field the list does not have.
    case noColumnField(String, collection: String, nearest: String?, fields: [String], command: String = "columns")

    // MARK: Manual order
    case noManualOrder(collection: String)
    case moveOutOfRange(rowCount: Int)
    /// The rows shown are no longer at those positions (`elsewhere`: another process moved them).
    case moveListChanged(elsewhere: Bool)
    /// `move` rewrites the order field along the rows as listed: not by another order.
    case moveInSortedList(sortedBy: String)
    case moveRowDeleted(number: Int)
    /// The edge row's number is at Int64's end: no number is left for a new row.
    case orderExhausted(field: String, position: Int64, onTop: Bool)

    var message: String {
        switch self {
        case .notARowNumber(let text):
            return "'\(TextLayout.printable(text))' is not a row number; rows are numbered from 1 as shown"
        case .noSuchRow(let number, let collection, let count):
            return count == 0
                ? "\(collection) has no rows"
                : "no row \(number); \(collection) has \(ListLayout.grouped(count)) row\(count == 1 ? "" : "s")"
        case .rowNumberTooLarge(let collection, let count):
            return "no such row; \(collection) has \(ListLayout.grouped(count)) row\(count == 1 ? "" : "s")"
        case .deletedSinceShown(let number, let title, true, _):
            return "row \(number), \(title), is no longer in this list (deleted, or changed elsewhere so it belongs "
                + "to another); nothing was done (show lists the rows now)"
        case .deletedSinceShown(let number, let title, false, false):
            return "row \(number), \(title), was deleted or re-keyed elsewhere since shown; nothing was done "
                + "(show lists the rows now)"
        case .deletedSinceShown(let number, let title, false, true):
            return "row \(number), \(title), is no longer under its rowid (deleted elsewhere, or renumbered by a VACUUM); "
                + "nothing was done (show lists the rows now)"
        case .changedSinceShown(let number, let title, let now):
            return "row \(number), \(title), is now \(now) (changed elsewhere since shown); "
                + "nothing was opened (show, then open again)"
        case .notShownAndListChanged(let number, let byThisSession):
            return "row \(number) was not among the rows shown, and "
                + (byThisSession ? "rows moved since (a row added or taken off another page here)" : "the list changed elsewhere since")
                + "; nothing was done (show lists the rows now)"
        case .gone(let number):
            return "row \(number) is gone (deleted elsewhere); show lists the rows now"
        case .noTitleField(let collection, true):
            return "\(collection) rows have no key, so only their number names them: open N (find TEXT lists matches)"
        case .noTitleField(let collection, false):
            return "\(collection) has no title field; open rows by number"
        case .noTitleMatch(let text, let collection):
            return "no row in \(collection) has a title matching '\(TextLayout.printable(text))'; "
                + "open N opens by number"
        case .severalTitleMatches(let text, let candidates, let more):
            return "'\(TextLayout.printable(text))' matches several rows: \(candidates.joined(separator: ", "))"
                + "\(more ? ", …" : ""); "
                + (candidates.allSatisfy { $0.first?.isNumber == true } ? "open N picks one" : "open N or #KEY picks one")
        case .notAPage(let text, let pages):
            return "page: '\(TextLayout.printable(text))' is not a page here; pages are 1 to \(ListLayout.grouped(pages))"
        case .onLastPage(let page, let pages):
            return "already on the last page (page \(ListLayout.grouped(page)) of \(ListLayout.grouped(pages)))"
        case .onFirstPage:
            return "already on the first page"
        case .noCollectionNumbered(let number, let count):
            return "no collection \(number); there are \(count)"
        case .noCollectionNamed(let name, let names) where names.isEmpty:
            return "no collection named '\(TextLayout.printable(name))'; this store has none (no tables or views)"
        case .noCollectionNamed(let name, let names):
            return "no collection named '\(TextLayout.printable(name))'; the collections are "
                + names.joined(separator: ", ")
        case .notAKey(let typed, let collection, let fields) where fields.isEmpty:
            return "'\(TextLayout.printable(typed))' is not a key of \(collection): its rows are keyed by rowid, "
                + "a whole number (#42)"
        case .notAKey(let typed, let collection, let fields):
            return "'\(TextLayout.printable(typed))' is not a key of \(collection): its key is "
                + fields.joined(separator: ", ") + " (#" + fields.map { $0.uppercased() }.joined(separator: ",") + ")"
        case .noRowWithKey(let typed, let collection, true):
            return "\(TextLayout.printable(typed)) is a row of \(collection) this list leaves out (its filter or owner); "
                + "back to the whole list to open it"
        case .keyNamesTwoRows(let typed, let titles):
            return "\(TextLayout.printable(typed)) names two rows: one whose key holds it as typed (backslash and all), "
                + "one whose key holds the characters its escapes stand for (" + titles.map(TextLayout.printable).joined(separator: "; ")
                + "); open or delete either by its row number"
        case .keylessRows(let collection):
            return "\(collection) rows have no key, so #KEY cannot name one; open N names a row as shown"
        case .noRowWithKey(let typed, let collection, false):
            return "no row \(TextLayout.printable(typed)) in \(collection)"
        case .keyIsText(let typed, let asText, let collection):
            return "no row \(TextLayout.printable(typed)) in \(collection) holds a number key; "
                + "\(TextLayout.printable(asText)) names the row whose key is the text"
        case .whereSyntax:
            return "where: FIELD OP VALUE, OP one of = != < <= > >= ~ (contains), or FIELD is null, FIELD is not null; "
                + "usage: where FIELD OP VALUE"
        case .noFilterField(let name, let collection, _, let nearest?):
            return "where: no field '\(TextLayout.printable(name))' in \(collection); did you mean \(nearest)?"
        case .noFilterField(let name, let collection, let fields, nil):
            return "where: no field '\(TextLayout.printable(name))' in \(collection); the fields are "
                + fields.joined(separator: ", ")
        case .filterFieldGone(let field):
            return "this list's filter on \(TextLayout.printable(field)) can no longer be read "
                + "(the column was renamed or dropped elsewhere): back leaves it"
        case .blobNotComparable(let field):
            return "where: \(field) holds binary data (BLOB), which cannot be compared; is null and is not null work"
        case .notADirection(let text):
            return "sort: '\(TextLayout.printable(text))' is not a direction; "
                + "use asc or desc (usage: sort FIELD [desc])"
        case .noSortField(let name, let collection, let fields):
            return "sort: no field '\(TextLayout.printable(name))' in \(collection); the fields are "
                + fields.joined(separator: ", ")
        case .blobNotSortable(let field):
            return "sort: \(field) holds binary data (BLOB), which has no useful order"
        case .referenceCannotTitle(let field):
            return "title: \(TextLayout.printable(field)) is a reference, which reads as a key; name the rows by their own fields"
        case .noColumnField(let name, let collection, let nearest?, _, let command):
            return "\(command): no field '\(TextLayout.printable(name))' in \(TextLayout.printable(collection));"
                + " did you mean \(TextLayout.printable(nearest))?"
        case .noColumnField(let name, let collection, nil, let fields, let command):
            return "\(command): no field '\(TextLayout.printable(name))' in \(TextLayout.printable(collection)); the fields are "
                + fields.map(TextLayout.printable).joined(separator: ", ")
        case .noManualOrder(let collection):
            return "\(collection) keeps no manual order (an app spec's move: FIELD allows move N M)"
        case .moveOutOfRange(let count):
            return "move: rows are numbered 1 to \(count); usage: move N M"
        case .moveListChanged(let elsewhere):
            return "move: the list changed\(elsewhere ? " elsewhere" : "") since shown; nothing was moved (show, then move again)"
        case .moveInSortedList(let field):
            return "move: this list is sorted by \(field); sort (alone) restores its own order, where move works"
        case .moveRowDeleted(let number):
            return "move: row \(number) was deleted elsewhere; nothing was moved (show lists the rows now)"
        case .orderExhausted(let field, let position, let onTop):
            return "new: \(field) is already \(position), so no number is left \(onTop ? "before" : "after") it; "
                + "move 1 1 renumbers the order 1, 2, 3…"
        }
    }
}

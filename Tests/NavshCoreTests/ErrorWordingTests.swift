import NavshCore
import NavshTestSupport
import Testing

/// Command errors are data worded in one place (Sources/NavshCore/Errors):
/// every case says something a person can read on one terminal line, and
/// an error no store translated never reaches them in Swift's debug form.
@Suite struct ErrorWordingTests {
    /// Names and typed text as a hostile file or user may give them.
    static let hostile = "Gort\u{1B}[31m\nstatue"

    /// One of each case, with data that has control characters wherever a
    /// name or typed text goes.
    static let representatives: [CommandError] = {
        let name = hostile
        let row = Record(id: .rowid(7), values: ["name": .text(name)])
        let cascade = [CascadeEffect(collection: name, record: row, action: .deleted)]
        let lines: [LineError] = [
            .invalidUTF8, .nulByte, .tooLong(bytes: 70_000, limit: 65_536), .recordChangedBeforeLine, .skippedAfterFailure(line: 5),
            .valueLineNulByte, .valueLineMissing(field: name), .valueLineUnreadable(field: name, reason: name),
        ]
        let grammar: [GrammarError] = [
            .unterminatedSingleQuote, .unterminatedDoubleQuote, .loneBackslash, .textAfterClosingQuote(rest: name), .doubledQuote(quote: "'"), .doubledQuote(quote: "\""),
            .unknownCommand(name, nearest: nil), .unknownCommand(name, nearest: "save"), .abbreviatedInScript(name, candidates: ["open"]), .worksIn(name, frames: [.record], here: .list),
            .worksIn(name, frames: [.list], here: .record), .worksIn(name, frames: [.list], here: .collections),
            .worksIn(name, frames: [.collections], here: .record), .ambiguous(name, candidates: [name, name]),
            .unexpectedArgument(command: name, got: name), .missingArgument(command: name, what: name, usage: name),
            .argumentCount(command: name, .one, what: name, usage: name),
            .argumentCount(command: name, .two, what: name, usage: name),
            .argumentCount(command: name, .atMostOne, what: name, usage: name),
            .tooManyWords(command: name, most: 2, what: name, usage: name),
            .unclosedBrace(template: name), .emptyBraces(template: name), .unknownFormat(name, template: name),
        ]
        let navigation: [NavigationError] = [
            .wrongFrame(here: .collections), .wrongFrame(here: .list), .wrongFrame(here: .record), .atFirstFrame,
            .unsavedEdits([], escape: "back!"),
        ]
        let rows: [RowError] = [
            .notARowNumber(name), .noSuchRow(4, collection: name, rowCount: 0),
            .noSuchRow(4, collection: name, rowCount: 1), .noSuchRow(4, collection: name, rowCount: 3),
            .rowNumberTooLarge(collection: name, rowCount: 3),
            .deletedSinceShown(number: 2, title: name, scoped: false), .deletedSinceShown(number: 2, title: name, scoped: true),
            .deletedSinceShown(number: 2, title: name, scoped: false, byRowid: true), .changedSinceShown(number: 2, title: name, now: name),
            .notShownAndListChanged(number: 9), .notShownAndListChanged(number: 9, byThisSession: true), .gone(number: 2), .noTitleField(collection: name, keyless: false), .noTitleField(collection: name, keyless: true),
            .noTitleMatch(name, collection: name), .severalTitleMatches(name, candidates: [name], more: true),
            .notAPage(name, pages: 3), .onLastPage(page: 3, pages: 3), .onFirstPage,
            .noCollectionNumbered(5, count: 2), .noCollectionNamed(name, names: [name]),
            .notADirection(name), .noSortField(name, collection: name, fields: [name]),
            .blobNotSortable(field: name), .moveInSortedList(sortedBy: name),
            .noManualOrder(collection: name), .moveOutOfRange(rowCount: 3), .moveListChanged(elsewhere: true), .moveListChanged(elsewhere: false),
            .moveRowDeleted(number: 2), .orderExhausted(field: name, position: .max, onTop: false),
            .orderExhausted(field: name, position: .min, onTop: true),
            .notAKey(name, collection: name, keyFields: []), .notAKey(name, collection: name, keyFields: [name, name]),
            .noRowWithKey(name, collection: name, outsideThisList: false),
            .noRowWithKey(name, collection: name, outsideThisList: true), .keyIsText(name, asText: name, collection: name),
            .keylessRows(collection: name), .whereSyntax,
            .noFilterField(name, collection: name, fields: [name], nearest: nil),
            .noFilterField(name, collection: name, fields: [name], nearest: name), .blobNotComparable(field: name),
        ]
        let fields: [FieldError] = [
            .collectionReadOnly(reason: name), .readOnly(name, editable: []), .readOnly(name, editable: [name]),
            .unknownField(name, editable: [name], nearest: nil), .unknownField(name, editable: [name], nearest: name), .severalReferencedRows(field: name, typed: name, titles: [name, name], more: true),
            .keyOrTitle(field: name, typed: name, keyed: name, titled: [name]), .keyOrTitle(field: name, typed: name, keyed: nil, titled: [name]), .noReferencedRow(field: name, collection: name, typed: name), .missingValue(name, canUnset: false, canBeEmpty: false),
            .missingValue(name, canUnset: true, canBeEmpty: true), .cannotBeNull(name), .required(name),
            .notAChoice(name, typed: name, choices: [name]), .choiceByCase(name, typed: name, choices: [name, name]),
            .outOfRange(name, value: .integer(9), minimum: 1, maximum: 5),
            .outOfRange(name, value: .real(0.5), minimum: 1, maximum: nil),
            .outOfRange(name, value: .real(1e300), minimum: nil, maximum: 1e299),
            .notA(.wholeNumber, field: name, typed: name), .notA(.number, field: name, typed: ""),
            .notA(.yesNo, field: name, typed: name), .notA(.date, field: name, typed: name),
            .notA(.dateTime, field: name, typed: name), .blobCannotBeSet(name), .centsInWholeDollars(name, typed: name, type: name), .misplacedComma(name, typed: name), .blobField(name), .blobValue(name),
            .notUTF8(name), .controlCharacters(name), .tooLongToEdit(name, characters: 5_000, limit: 4_096),
            .referenceEmpty(name, collection: name), .referenceMissing(name, collection: name, value: .text(name)),
            .notSavedForRelated, .nothingToOpen(collection: name), .nothingNamed(name, options: [name]),
            .compositeKey(collection: name), .relatedOfBatch(name), .replaceNeedsText(name),
            .textNotFound(name, name, rows: nil), .textNotFound(name, name, rows: 4),
            .noReferencedRow(field: name, collection: name, typed: name, nearest: name),
        ]
        let writes: [WriteError] = [
            .changedBeforeSave(title: name), .changedAgainBeforeSave(title: name), .deletedBeforeSave(title: name),
            .referenceChangedBeforeSave(field: name, key: name, was: name, now: name),
            .referenceChangedBeforeSave(field: name, key: name, was: nil, now: name),
            .referenceChangedBeforeSave(field: name, key: name, was: name, now: nil), .putBackWouldDuplicate(title: name, twin: name),
            .nothingToReload, .schemaChangedBeforeSave(notice: "t changed elsewhere (removed x)"),
            .deletedBeforeReload(title: name), .notDeletable(collection: name), .draftNotDeletable,
            .deleteBlocked(title: name, by: [BlockingReference(collection: name, fields: [name], count: 2)]),
            .batchDeleteBlocked(blocked: 5, of: 9, collection: name,
                                first: [BlockedRow(title: name, by: [BlockingReference(collection: name, fields: [name], count: 2)])]),
            .referencedNow(title: name), .rowChangedBeforeDelete(number: 3, title: name), .keyedRowChangedBeforeDelete(key: name, title: name),
            .keyedRowChangedSinceShown(key: name, shown: name, now: name), .keylessRowsMayHaveMoved(collection: name), .keylessRecordMayHaveMoved(collection: name),
            .changeBlocked(title: name, by: [BlockingReference(collection: name, fields: [name], count: 2)]), .tableGoneBeforeSave(table: name),
            .ownerChangedBeforeImport(key: name, was: name, now: name), .ownerChangedBeforeImport(key: name, was: name, now: nil),
            .recordChangedBeforeDelete(title: name), .cascadeChanged(taken: []), .cascadeChanged(taken: cascade),
            .batchChangedBeforeSave(rows: [name], of: 2, saving: true),
            .batchChangedBeforeSave(rows: [name, name, name, name], of: 9, saving: false),
            .batchRowRefused(title: name, reason: name), .batchCannotOverwrite,
        ]
        let undo: [UndoError] = [
            .unsavedEdits, .save(title: name, .changed), .save(title: name, .deleted),
            .insert(title: name, .changed), .insert(title: name, .deleted), .insertHasDependents(title: name, cascade),
            .insertReferenced(title: name, by: [BlockingReference(collection: name, fields: [name], count: 2)]),
            .move(title: name), .refused(undoing: "delete", title: name, .unique, fields: [], detail: name),
            .refused(undoing: "delete", title: name, .foreignKey, fields: [name], detail: name),
            .refused(undoing: "delete", title: name, .check, fields: [name], detail: name),
            .deleteClearedRowChanged(title: name), .collectionGone(name),
            .clearedReferenceNotRecorded(collection: name), .batchSave(rows: [name], of: 3), .batchSave(rows: [name], of: 3, file: name),
        ]
        let kinds: [StoreError.Constraint] = [.notNull, .unique, .check, .foreignKey, .primaryKey, .trigger, .other]
        let store: [StoreError] = kinds.flatMap { kind in
            [StoreError.constraint(kind, fields: [], detail: name), .constraint(kind, fields: [name], detail: name)]
        } + [.recordMissing, .conflict(current: row), .readOnly(name), .busy, .rowsLocked, .interrupted, .database(name), .database(""),
            .noTable(name), .unknownFields([name]), .identityDoesNotFit(table: name), .listPositionDoesNotFit,
            .malformedRow(table: name, problem: name), .changedWhileRead(name), .transactionAlreadyOpen,
            .commitRefused(name), .cannotConnect(target: name, reason: name), .undoStorage(name), .unsupported(name)]
        return lines.map(CommandError.line) + grammar.map(CommandError.grammar)
            + navigation.map(CommandError.navigation) + rows.map(CommandError.rows) + fields.map(CommandError.fields)
            + writes.map(CommandError.writes) + undo.map(CommandError.undo)
            + store.map { CommandError.store($0, at: name) } + [CommandError.unexpected(name + " (unexpected)")]
    }()

    @Test(arguments: representatives)
    func everyCaseSaysSomethingOnOnePrintableLine(_ error: CommandError) {
        let message = error.message
        #expect(message.contains { !$0.isWhitespace }, "\(error) says nothing")
        #expect(!message.unicodeScalars.contains(where: TextLayout.isControl), "\(message) is not printable")
        #expect(error.description == message)
        for debugForm in ["Optional(", "database(", "\\("] {
            #expect(!message.contains(debugForm), "\(message) shows Swift's debug form")
        }
    }

    @Test func distinctCasesAreWordedDistinctly() {
        // Two cases that say the same would be one case: a mistake is said one way.
        var seen: [String: String] = [:]
        for error in Self.representatives {
            let path = Self.casePath(error)
            if let earlier = seen[error.message], earlier != path {
                Issue.record("\(earlier) and \(path) say the same: \(error.message)")
            }
            seen[error.message] = path
        }
    }

    /// `rows.gone`: the area and the case, without their data.
    static func casePath(_ error: CommandError) -> String {
        guard let area = Mirror(reflecting: error).children.first else { return "\(error)" }
        let name = Mirror(reflecting: area.value).children.first?.label ?? String(describing: area.value)
        return (area.label ?? "") + "." + name
    }
}

/// An error no store translated, as a database driver might throw: Swift
/// prints it as `diskFull(code: Optional(5))`.
private enum DriverFault: Error {
    case diskFull(code: Int?)
}

@Suite struct UnknownStoreErrorTests {
    @Test(arguments: StoreKind.all)
    func anUntranslatedErrorReachesTheUserInPlainWords(kind: StoreKind) throws {
        let (h, store) = try SessionHarness.counting(kind, Fixtures.numbered(3))
        h.run("show")
        store.recordReadError = DriverFault.diskFull(code: 5)
        let response = h.run("open 2")
        let message = try #require(response.error?.message)
        #expect(message == "storage error: an unexpected error (DriverFault)")
        for debugForm in ["Optional(", "diskFull(", "database("] {
            #expect(!message.contains(debugForm), "\(message) shows Swift's debug form")
        }
    }

    @Test(arguments: StoreKind.all)
    func aStoreErrorTheCoreDoesNotKnowSaysWhatTheStoreSaid(kind: StoreKind) throws {
        let (h, store) = try SessionHarness.counting(kind, Fixtures.numbered(3))
        h.run("show")
        store.failsRecordReads = true
        #expect(h.run("open 2").error?.message == "storage error: disk I/O error")
        store.failsRecordReads = false
        store.recordReadError = StoreError.database("")
        #expect(h.run("open 2").error?.message == "storage error: the store failed without saying why")
    }
}

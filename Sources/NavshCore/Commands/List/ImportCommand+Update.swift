/// `import FILE --update`: each row of the file changes the stored row
/// with its key, as `open #KEY`, `set`, `save` would, all in one
/// transaction. Only the fields that differ are written, each checked
/// against the value read here, so a change made elsewhere meanwhile
/// refuses the import rather than being overwritten.
extension ImportCommand {
    /// Rows a dry run of an update names before it only counts.
    static let updatesListed = 10
    /// Lines whose keys are looked up in one read.
    static let keysLookedUpAtOnce = 1_000

    func updateRows(from file: inout ImportFile, checker: inout ImportChecker, into collection: CollectionSchema,
                    list: ListFrame, session: any CommandContext) throws -> Response {
        let keys = collection.keyFields
        guard !keys.isEmpty, keys.allSatisfy({ $0.primaryKeyPosition != nil }) else {
            throw CommandError.imports(.updateNeedsKey(collection: collection.name))
        }
        let fields = collection.fields
        let keyPlaces = keys.compactMap { key in fields.firstIndex { $0.name == key.name } }
        let isKey = fields.indices.map { keyPlaces.contains($0) }
        let keyName = keys.map(\.shownName).joined(separator: ", ")
        let untypedKey = keys.contains { $0.kind == .any }
        let shownPath = TextLayout.printable(path)
        // A key is read as stored, never as a referenced row's title: an
        // orphan key that a parent's title spells named another row.
        var keysAsStored = collection
        keysAsStored.fields = fields.enumerated().map { place, field in
            var field = field
            if keyPlaces.contains(place) { field.references = nil }
            return field
        }
        checker = ImportChecker(collection: keysAsStored, store: session.store, thisYear: session.clock().year)
        checker.requiresAll = false
        var edits: [RowEdit] = []
        var refused: [ImportProblem] = []
        // The line that named each row found so far, by its key: one collection's rows all have keys of one kind.
        var seen = KeyedByValues<Int>()
        var unchanged = 0
        var keptElsewhere = 0
        // Lines with a version, and rows written from lines of the same file
        // without one: their values win over any change made elsewhere, said.
        var versioned = 0
        var writtenUnversioned = 0
        let total = max(file.size, 1)
        defer { session.showProgress("", total, total) }
        // The row each key names, a thousand lines' keys looked up at a time:
        // one by one, a look-up cost a fifth of an import, and on a server a round trip.
        // `text`: the key as text, where an untyped part reads as a number (see `numberKey`).
        var pending: [(row: ImportedRow, key: [Value], shownKey: String, text: [Value]?)] = []
        func apply(_ row: ImportedRow, _ shownKey: String, _ key: [Value], _ stored: Record?) {
            guard let stored else {
                // A line an export wrote named a row then, unless its key
                // was edited in the file: such a key was said deleted elsewhere.
                if let exported = row.exported,
                   let edited = Self.keyEditedInFile(row, exported, keyPlaces, key: key, format: file.format) {
                    refused.append(ImportProblem(line: row.line, field: fields[edited].shownName, problem: Self.keyEdited))
                    return
                }
                let since = row.exported == nil ? "" : " now: it was deleted or re-keyed since the export"
                refused.append(ImportProblem(line: row.line, field: keyName,
                                             problem: "no row has the key \(TextLayout.printable(shownKey))" + since))
                return
            }
            // By the row found, not the key as written: a key that
            // ignores case finds one row for `ab` and `AB`.
            if let earlier = seen.updateValue(row.line, forKey: stored.id.parts) {
                refused.append(ImportProblem(line: row.line, field: keyName,
                                             problem: "\(TextLayout.printable(shownKey)) names the same row as line \(earlier)"))
                return
            }
            // A value written as export writes the stored one is no change,
            // whatever reading it would give (a number in an untyped column,
            // an orphan reference a title spells), and is not checked: an
            // export imports back unedited whatever its rows hold.
            // The stored values in the fields' order: found by name once, not at each look.
            let held = fields.map { stored[$0.name] }
            // Marked by place: no set is made for each row.
            var asStored = [Bool](repeating: false, count: fields.count)
            for (place, value) in row.values where Self.sameAsStored(value, held[place]) { asStored[place] = true }
            guard let cells = checked(row, { !isKey[$0] && !asStored[$0] }) else { return }
            // With an export's versions: a field not edited in the file is
            // left as stored, even if changed elsewhere since; one edited in
            // the file and changed elsewhere too is refused.
            if let exported = row.exported {
                // The version is another row's: a trial's file with its keys
                // shifted a line wrote nothing, but said it kept values changed elsewhere.
                if let edited = Self.keyEditedSinceExport(row, exported, keyPlaces, key: key, held: held, fields: fields,
                                                          format: file.format) {
                    refused.append(ImportProblem(line: row.line, field: fields[edited].shownName, problem: Self.keyEdited))
                    return
                }
                let since = Self.sinceExport(row, exported, stored: stored, held: held, in: collection, format: file.format)
                if let clash = since.clash {
                    // A field the file left as exported names the row: it may be another row now.
                    let why = clash.editedInFile ? "and in the file" : "while the file edits this row, which may be another row now"
                    refused.append(ImportProblem(line: row.line, field: clash.field.shownName, problem: "was changed elsewhere "
                        + "since the export (now \(ValueText.bounded(stored[clash.field.name]))) \(why)"))
                    return
                }
                for place in since.unedited { asStored[place] = true }
                keptElsewhere += since.kept
                versioned += 1
            }
            var changes: [String: Value] = [:]
            var readOnly: Field?
            for (place, cell) in cells.enumerated() {
                guard let cell, !isKey[place], !asStored[place],
                      held[place] != cell, !Self.sameWholeNumber(held[place], cell),
                      !Self.sameNumber(held[place], cell, fields[place].kind) else { continue }
                if fields[place].isReadOnly { readOnly = fields[place] }
                changes[fields[place].name] = cell
            }
            if let readOnly {
                refused.append(ImportProblem(line: row.line, field: readOnly.shownName, problem: "is read-only here"))
                return
            }
            if changes.isEmpty {
                unchanged += 1
            } else {
                edits.append(RowEdit(row: stored, changes: changes, name: "\(shownPath):\(row.line) \(TextLayout.printable(shownKey))"))
                if row.exported == nil { writtenUnversioned += 1 }
            }
        }
        // The row's values at `places` as `set` takes them; nil when
        // one is refused, which is then listed.
        func checked(_ row: ImportedRow, _ places: (Int) -> Bool) -> [Value?]? {
            var part = row
            part.values = row.values.filter { places($0.field) }
            switch checker.values(of: part) {
            case .failure(let problem):
                refused.append(problem)
                return nil
            case .success(let found):
                return found
            }
        }
        // An untyped key column may hold 5 and '5' as two rows, which a
        // CSV file writes alike. The number is meant, as `open #5` means it;
        // the text when no number is stored; when both are, neither.
        func settleUntypedKeys() throws {
            let places = pending.indices.filter { pending[$0].text != nil }
            guard !places.isEmpty else { return }
            let numbers = try session.store.records(of: collection.wholeTable, keys: places.map { pending[$0].key })
            let texts = try session.store.records(of: collection.wholeTable, keys: places.compactMap { pending[$0].text })
            var both: Set<Int> = []
            for (i, place) in places.enumerated() {
                if numbers[i] != nil, texts[i] != nil {
                    both.insert(place)
                    refused.append(ImportProblem(line: pending[place].row.line, field: keyName, problem: "\(pending[place].shownKey) "
                        + "names two rows, one whose key is the number and one the text; a JSON Lines file tells them apart"))
                } else if numbers[i] == nil, let text = pending[place].text {
                    pending[place].key = text
                }
            }
            if !both.isEmpty { pending = pending.indices.filter { !both.contains($0) }.map { pending[$0] } }
        }
        func lookUpPending() throws {
            defer { pending.removeAll(keepingCapacity: true) }
            try settleUntypedKeys()
            guard !pending.isEmpty else { return }
            guard !list.collection.filters.isEmpty || list.collection.scope != nil else {
                let stored = try session.store.records(of: collection, keys: pending.map(\.key))
                for (row, found) in zip(pending, stored) { apply(row.row, row.shownKey, row.key, found) }
                return
            }
            // At a filtered or related list, a row it leaves out is refused, as
            // `open #KEY` refuses it there: at a list of Deep Purple's tracks,
            // an import of Queen's changed Queen's without a word. The list's
            // rows are one read; the rest are looked up whole only to say which.
            let names = collection.keyFields.map(\.name)
            var listed = KeyedByValues<Record>()
            for row in try session.store.records(of: list.collection, amongKeys: pending.map(\.key)) {
                listed.updateValue(row, forKey: names.map { row[$0] })
            }
            let missing = pending.indices.filter { listed[pending[$0].key] == nil }
            let whole = missing.isEmpty ? [] : try session.store.records(of: collection.wholeTable, keys: missing.map { pending[$0].key })
            // A key found only as its column compares (`ab` for `AB`) may still name a row of the list.
            var inList = KeyedByValues<Bool>()
            let found = whole.compactMap { $0.map { row in names.map { row[$0] } } }
            if !found.isEmpty {
                for row in try session.store.records(of: list.collection, amongKeys: found) {
                    inList.updateValue(true, forKey: names.map { row[$0] })
                }
            }
            var outside: [Int: Record] = [:]
            for (place, row) in zip(missing, whole) { if let row { outside[place] = row } }
            for (place, row) in pending.enumerated() {
                if let stored = listed[row.key] {
                    apply(row.row, row.shownKey, row.key, stored)
                } else if let stored = outside[place], inList[names.map { stored[$0] }] == nil {
                    refused.append(ImportProblem(line: row.row.line, field: keyName, problem: "\(TextLayout.printable(row.shownKey)) is a row "
                        + "of \(collection.name) this list leaves out (its filter or owner); back to the whole list to update it"))
                } else {
                    apply(row.row, row.shownKey, row.key, outside[place])
                }
            }
        }
        // Every row read in one snapshot: a read of its own took and gave
        // back the file's locks for each line.
        let checked: Result<Void, Error> = session.store.readingAsOne {
            Result {
                while let read = try file.next() {
                    try session.writer.stopIfCancelled()
                    session.showProgress("checking", file.bytesRead, total)
                    let row: ImportedRow
                    switch read {
                    case .failure(let problem):
                        refused.append(problem)
                        continue
                    case .success(let found):
                        row = found
                    }
                    // The key first: the row it names decides which values are changes.
                    guard let keyCells = checked(row, { isKey[$0] }) else { continue }
                    let key = keyPlaces.compactMap { keyCells[$0] }
                    guard key.count == keyPlaces.count, !key.contains(.null) else {
                        refused.append(ImportProblem(line: row.line, field: keyName, problem: "is missing: --update finds each row by its key"))
                        continue
                    }
                    // JSON Lines say a number from a text: only CSV and TSV write both alike.
                    let number = untypedKey && file.format != .jsonLines ? Self.numberKey(key, keys) : nil
                    pending.append((row, number ?? key, ListFrame.keyText(number ?? key), number == nil ? nil : key))
                    if pending.count == Self.keysLookedUpAtOnce { try lookUpPending() }
                }
                try lookUpPending()
            }
        }
        try checked.get()
        guard refused.isEmpty else {
            let sorted = refused.sorted { $0.line < $1.line }
            throw CommandError.imports(.badRows(path: path, rows: Array(sorted.prefix(ImportError.listed)), total: sorted.count))
        }
        let count = "\(ListLayout.grouped(edits.count)) row\(edits.count == 1 ? "" : "s")"
        let same = (unchanged == 0 ? "" : " (\(ListLayout.grouped(unchanged)) as stored already)")
            + (keptElsewhere == 0 ? "" : "; kept \(ListLayout.grouped(keptElsewhere)) value\(keptElsewhere == 1 ? "" : "s") "
                + "changed elsewhere since the export")
            + (writtenUnversioned == 0 || (versioned == 0 && !file.carriesVersions) ? ""
                : "; \(ListLayout.grouped(writtenUnversioned)) line\(writtenUnversioned == 1 ? " has" : "s have") no navsh_version, "
                    + "so \(writtenUnversioned == 1 ? "its values go" : "their values go") in over any change made elsewhere")
        // Written, and in a dry run taken back: either way the store refuses
        // what it would (a UNIQUE value two lines swap, a NOT NULL emptied).
        if !edits.isEmpty {
            _ = try session.writer.updateRows(edits, of: collection, in: collection, keep: !dryRun,
                                              since: "\(shownPath) was read", file: shownPath)
            if !dryRun {
                session.readListsAgain(of: collection.name)
                if session.writer.lastWriteReachedOtherRows { session.readListsAgain() }
                if case .updatedRows(let written, let rows, _)? = session.writer.journal.last { list.takeBatch(rows, in: written) }
            }
        }
        if dryRun {
            var lines = ["would update \(count) of \(collection.name) from \(shownPath)\(same) (dry run: nothing was written)"]
            lines += edits.prefix(Self.updatesListed).map { edit in
                "  " + Change.update(collection, RowTitle.keyed(edit.row, in: collection),
                                     edit.changes.keys.reduce(into: [:]) { $0[$1] = edit.row[$1] }, edit.changes,
                                     in: session.store)
            }
            if edits.count > Self.updatesListed { lines.append("  … and \(ListLayout.grouped(edits.count - Self.updatesListed)) more") }
            return Response(output: session.wrappedAtPrompt(lines.joined(separator: "\n") + "\n"))
        }
        return Response(output: session.showAgain(list, below: "updated \(count) of \(collection.name) from \(shownPath)\(same)\n"))
    }

    /// The key with each untyped part whose text reads as a number made
    /// that number, as `open #5` reads it; nil when no part changes.
    static func numberKey(_ key: [Value], _ fields: [Field]) -> [Value]? {
        var changed = false
        let number = zip(key, fields).map { part, field -> Value in
            guard field.kind == .any, case .text(let text) = part, let number = ListFrame.untypedKeyNumber(text) else { return part }
            changed = true
            return number
        }
        return changed ? number : nil
    }

    /// Why a line whose key was edited since the export is refused.
    static let keyEdited = "was edited in the file since the export; --update finds each row by its key, "
        + "so a line must keep the key it was exported with"

    /// The place of a key field whose cell is not the one exported, quoted
    /// either way, nor names the key exported (`07` for 7): the file's key
    /// was edited, whatever rows hold now.
    static func keyEditedInFile(_ row: ImportedRow, _ exported: [UInt32?], _ keyPlaces: [Int], key: [Value],
                                format: RowFileFormat) -> Int? {
        row.values.first { place, cell in
            guard let part = keyPlaces.firstIndex(of: place), notAsExported(cell, exported[place]) else { return false }
            return ExportVersion.storedDigest(key[part], format) != exported[place]
        }?.field
    }

    /// Whether a cell is not what `export` wrote, whose digest is `was`.
    static func notAsExported(_ cell: ImportedValue, _ was: UInt32?) -> Bool {
        guard let was else { return false }
        return ExportVersion.digest(cell) != was && ExportVersion.digest(ExportVersion.requoted(cell)) != was
    }

    /// The place of a key field the file holds otherwise than it was
    /// exported: it found another row than the one exported, or one whose
    /// key the column merely compares equal to (`ABC` for `abc`). A key a
    /// spreadsheet wrote anew (`7.0` for 7) still names its own row.
    static func keyEditedSinceExport(_ row: ImportedRow, _ exported: [UInt32?], _ keyPlaces: [Int],
                                     key: [Value], held: [Value], fields: [Field], format: RowFileFormat) -> Int? {
        row.values.first { place, cell in
            guard let part = keyPlaces.firstIndex(of: place), let was = exported[place], notAsExported(cell, was) else { return false }
            return ExportVersion.storedDigest(held[place], format) != was
                || (key[part] != held[place] && !sameNumber(held[place], key[part], fields[place].kind))
        }?.field
    }

    /// What happened to a row since its export, by its version column:
    /// the places the file leaves as exported, how many of those were
    /// changed elsewhere (kept), and a field changed both in the file and
    /// elsewhere, or naming the row and changed elsewhere while the file edits it.
    static func sinceExport(_ row: ImportedRow, _ exported: [UInt32?], stored: Record, held: [Value],
                            in collection: CollectionSchema,
                            format: RowFileFormat) -> (unedited: [Int], kept: Int, clash: (field: Field, editedInFile: Bool)?) {
        let fields = collection.fields
        var unedited: [Int] = []
        var kept = 0
        var movedNaming: Field?
        var edited = false
        // Made only for a row changed elsewhere, not for each row of the file.
        lazy var naming = Set(collection.identifying(stored.values).keys)
        for (place, cell) in row.values {
            guard let was = exported[place] else { continue }
            let moved = ExportVersion.storedDigest(held[place], format) != was
            if ExportVersion.digest(cell) == was || ExportVersion.digest(ExportVersion.requoted(cell)) == was {
                unedited.append(place)
                if moved {
                    kept += 1
                    if movedNaming == nil, naming.contains(fields[place].name) { movedNaming = fields[place] }
                }
            } else if sameAsStored(cell, held[place]) {
                // Edited to what is stored now: both sides agree.
                unedited.append(place)
            } else {
                if moved { return ([], 0, (fields[place], true)) }
                edited = true
            }
        }
        return (unedited, kept, edited ? movedNaming.map { ($0, false) } : nil)
    }

    /// A whole number as a spreadsheet writes it (`126172.0`) is the integer
    /// stored: no change, which every import of the file wrote again.
    static func sameWholeNumber(_ stored: Value, _ cell: Value) -> Bool {
        guard case .integer(let whole) = stored, case .real(let number) = cell else { return false }
        return Double(exactly: whole) == number
    }

    /// A number a spreadsheet spelt anew (`2.5` for a numeric's `2.50`),
    /// in a numeric field: no change, and a key still its own row's. Text
    /// in an integer or real field is no number there.
    static func sameNumber(_ stored: Value, _ cell: Value, _ kind: FieldKind) -> Bool {
        func number(_ value: Value) -> Bool {
            switch value {
            case .integer, .real: return true
            default: return false
            }
        }
        guard kind == .numeric || (kind == .integer || kind == .real) && number(stored) && number(cell),
              let x = DecimalText.canonical(ValueText.raw(stored)), let y = DecimalText.canonical(ValueText.raw(cell)) else { return false }
        return x == y
    }

    /// Whether a file's value is the stored one as `export` writes it.
    static func sameAsStored(_ imported: ImportedValue, _ stored: Value) -> Bool {
        func text(_ bytes: some Collection<UInt8>, quoted: Bool) -> Bool {
            switch stored {
            case .text(let text): return text.utf8.elementsEqual(bytes)
            case .integer, .real: return !quoted && ValueText.raw(stored).utf8.elementsEqual(bytes)
            case .rawText(let raw): return raw.elementsEqual(bytes)
            default: return false
            }
        }
        switch imported {
        case .csv(let bytes, let quoted):
            if bytes.isEmpty && !quoted { return stored.isNull }
            if !quoted, let blob = CSVReader.hexBlob(bytes) { return stored == .blob(blob) }
            return text(bytes, quoted: quoted)
        case .tsv(let bytes):
            guard let bytes else { return stored.isNull }
            return text(bytes, quoted: false)
        case .blob(let bytes):
            return stored == .blob(bytes)
        case .json(.null):
            return stored.isNull
        case .json(.string(let string)):
            return stored == .text(string)
        case .json(.number(let number)):
            return ValueText.raw(stored) == number
        case .json:
            return false
        }
    }
}

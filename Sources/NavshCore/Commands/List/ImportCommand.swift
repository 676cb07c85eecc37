/// `import FILE` at a collection's list reads CSV / TSV (a header row of
/// field names or labels) or JSON Lines, as `export` writes them, into new
/// rows. Each value is checked as `set` checks what is typed; the rows are
/// inserted in one transaction through the journal, so any bad row means
/// nothing is imported, every bad row is listed (`FILE:LINE: field:
/// problem`), and `undo` takes a whole import back. `import FILE --dry-run`
/// checks and inserts it all, then rolls back and says what it would insert.
struct ImportCommand: Command {
    static let forms = [
        CommandForm("import", CommandForm.anywhere, .rest("file"), usage: "import FILE [--update] [--dry-run]",
                    "insert the rows of FILE (.csv, .tsv or .jsonl) into this collection, all or none; "
                        + "--update changes the rows with their keys",
                    example: "import items.csv"),
    ]
    /// Rows a dry run names before it only counts.
    static let dryRunListed = 10
    /// Rows checked and inserted at a time.
    static let batchSize = 1_000

    let path: String
    let dryRun: Bool
    /// `--update`: the file's rows change the rows with their keys.
    let update: Bool

    /// A dry run's account of what it would write is what it was typed
    /// for: `--quiet` printed nothing, and said nothing was wrong.
    var isReport: Bool { dryRun }

    init(form: CommandForm, arguments: Arguments) {
        let typed = PathFlags(arguments.rest ?? arguments.first, known: ["--dry-run", "--update"])
        path = typed.path
        dryRun = typed.flags.contains("--dry-run")
        update = typed.flags.contains("--update")
    }

    /// At a list that may be written only: a record or the list of
    /// collections refuses it with a word on where to go (`run`), and `help`
    /// there does not list it (a record listed it).
    static func isOffered(in frame: any Frame) -> Bool {
        guard let list = frame as? ListFrame else { return false }
        return list.collection.readOnlyReason == nil
    }

    func run(in session: any CommandContext, confirmed: Bool) throws -> Response {
        guard let list = session.top as? ListFrame else {
            throw CommandError.imports(.notACollection(reason: session.top is RecordFrame
                ? "rows are imported at a collection's list, not at a record: back, then import FILE"
                : "rows are imported into one collection: open it, then import FILE"))
        }
        if let reason = list.collection.readOnlyReason {
            throw CommandError.imports(.notACollection(reason: reason))
        }
        var collection = list.collection
        collection.filters = []
        var file = try ImportFile(path: path, into: collection, updating: update)
        var checker = ImportChecker(collection: collection, store: session.store, thisYear: session.clock().year)
        if update { return try updateRows(from: &file, checker: &checker, into: collection, list: list, session: session) }
        let scope = collection.scope.flatMap { scope in
            collection.fields.firstIndex { $0.name == scope.field }.map { (place: $0, value: scope.value) }
        }
        // Progress by the bytes read: the rows are counted as they come.
        let total = file.size
        defer { session.showProgress("", total, total) }
        // Rows are read, checked and inserted a batch at a time: a row a
        // check refuses is listed with the rest, and nothing is kept in the end.
        var ended = false
        var exported = false
        let (saved, refused) = try session.writer.importRows(
            into: collection, file: TextLayout.printable(path), keep: !dryRun,
            checking: ownerCheck(of: list, in: session),
            next: {
                guard !ended else { return nil }
                var batch = ImportBatch()
                while batch.count < Self.batchSize {
                    guard let read = try file.next() else {
                        ended = true
                        break
                    }
                    guard case .success(let row) = read else {
                        if case .failure(let problem) = read { batch.refused.append(problem) }
                        continue
                    }
                    if row.exported != nil { exported = true }
                    switch checker.values(of: row) {
                    case .success(var cells):
                        // A row imported into an owner's related list belongs to that owner.
                        if let scope, cells[scope.place] == nil { cells[scope.place] = scope.value }
                        batch.append(cells, line: row.line)
                    case .failure(let problem):
                        batch.refused.append(problem)
                    }
                }
                return batch.count > 0 ? batch : nil
            }) {
            session.showProgress("importing", file.bytesRead, max(total, 1))
        }
        guard refused.isEmpty else {
            let sorted = refused.sorted { $0.line < $1.line }
            // An export imported back clashes on its keys: a trial's file gave
            // a line a row, and no word on the --update it meant.
            let keys = Set(collection.keyFields.flatMap { [$0.name, $0.shownName] })
            let hint = exported && sorted.contains { keys.contains($0.field) }
                ? "the file came from export: import \(path) --update changes the rows it names" : nil
            throw CommandError.imports(.badRows(path: path, rows: Array(sorted.prefix(ImportError.listed)),
                                                total: sorted.count, hint: hint))
        }
        let count = "\(ListLayout.grouped(saved.count)) row\(saved.count == 1 ? "" : "s")"
        let kept = Self.keptNote(checker)
        if dryRun {
            var lines = ["would import \(count) into \(collection.name) from \(path)\(kept) (dry run: nothing was written)"]
            lines += saved.first.prefix(Self.dryRunListed).map { "  insert \(collection.name) › \(RowTitle.of($0, in: collection))" }
            if saved.count > Self.dryRunListed { lines.append("  … and \(ListLayout.grouped(saved.count - Self.dryRunListed)) more") }
            return Response(output: session.wrappedAtPrompt(lines.joined(separator: "\n") + "\n"))
        }
        list.rowsMovedByThisSession()
        return Response(output: session.showAgain(list, below: "imported \(count) into \(collection.name) from \(path)\(kept)\n"))
    }

    /// Values stored as the file holds them, against their column's type
    /// (an export's blob in a TEXT column): said, the first few by line.
    private static func keptNote(_ checker: ImportChecker) -> String {
        guard checker.keptCount > 0 else { return "" }
        let listed = checker.kept.map { "line \($0.line) \($0.field) \($0.problem)" }
        let more = checker.keptCount > listed.count ? "; …" : ""
        return " (\(ListLayout.grouped(checker.keptCount)) value\(checker.keptCount == 1 ? "" : "s") of another type "
            + "than \(checker.keptCount == 1 ? "its" : "their") column's, as the file has "
            + "\(checker.keptCount == 1 ? "it" : "them"): \(listed.joined(separator: "; "))\(more))"
    }

    /// In an owner's related list (`open Bob`, `open items`), the rows go
    /// to the owner's key: the import checks, in its transaction, that the
    /// key still names the owner shown, as a new row's save does (re-keyed
    /// elsewhere, the rows went to the row now under it).
    private func ownerCheck(of list: ListFrame, in session: any CommandContext) -> (() throws -> Void)? {
        guard let scope = list.collection.scope, let field = list.collection.field(named: scope.field),
              let reference = field.references,
              let index = session.frames.firstIndex(where: { $0 === list }), index > 0,
              let owner = session.frames[index - 1] as? RecordFrame, let id = owner.id else { return nil }
        let shown = RowTitle.of(Record(id: id, values: owner.buffer.base), in: owner.collection)
        let store = session.store
        return {
            let now = try RecordFrame.referencedRecord(reference, scope.value, in: store).map { RowTitle.of($1, in: $0) }
            guard now == shown else {
                throw CommandError.writes(.ownerChangedBeforeImport(key: ListFrame.keyText([scope.value]), was: shown, now: now))
            }
        }
    }
}

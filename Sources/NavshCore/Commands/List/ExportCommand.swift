/// `export FILE` writes every row of this list (its filters, scope and
/// order: the frame's collection carries them), not only the page, as CSV,
/// TSV or JSON Lines by FILE's extension; `export! FILE` replaces an
/// existing file. Rows are read a page at a time by key in one snapshot, so
/// memory stays the same at a million rows and the file is the list as it
/// was at one moment; they are written to a temporary file renamed at the
/// end: a failure leaves no half file. Each row ends with its version
/// (`ExportVersion`), which `import --update` reads; `--plain` leaves it out.
struct ExportCommand: Command {
    static let forms = [
        CommandForm("export", [.list], .rest("file"), usage: "export FILE [--plain]",
                    "write every row of this list to FILE (.csv, .tsv or .jsonl); --plain leaves out "
                        + "the version column that lets import --update keep changes made elsewhere", example: "export items.csv"),
        CommandForm("export!", [.list], .rest("file"), usage: "export! FILE [--plain]",
                    "export, replacing FILE if it exists", example: "export! items.csv"),
    ]
    /// Rows read per query.
    static let pageSize = 500

    let path: String
    let force: Bool
    /// `--plain`: no version column, for programs that want the fields alone.
    let plain: Bool

    init(form: CommandForm, arguments: Arguments) {
        let typed = PathFlags(arguments.rest ?? arguments.first, known: ["--plain"])
        path = typed.path
        plain = typed.flags.contains("--plain")
        force = form.name.hasSuffix("!")
    }

    func run(in session: any CommandContext, confirmed: Bool) throws -> Response {
        let list = try session.topFrame(ListFrame.self)
        guard let format = RowFileFormat(path: path) else { throw CommandError.export(.unknownExtension(path: path)) }
        let collection = list.collection
        // A dry run writes no file, but fails where the real run would: a
        // refusal made `--keep-going` skip the rest, and the run exit 1.
        guard session.writesFiles else {
            try ExportFile.check(path: path, replacing: force)
            let rows = try session.store.count(of: collection)
            return Response(output: "would export \(ListLayout.grouped(rows)) row\(rows == 1 ? "" : "s") to \(TextLayout.printable(path))"
                            + " (dry run: no file was written)\n")
        }
        let names = collection.fields.map(\.name)
        let file = try ExportFile(path: path, replacing: force)
        var rows = 0
        // Progress at the prompt (shown once an export runs past a second);
        // a script pays for no count.
        let total = session.mode == .interactive ? ((try? session.store.count(of: collection)) ?? 0) : 0
        defer { session.showProgress("", total, total) }
        // A table with a field of that name keeps it, without navsh's: two
        // columns of one name lost one of them, and the file would not import.
        let ownVersion = collection.field(named: ExportVersion.column).map { TextLayout.printable($0.name) }
        let versioned = !plain && ownVersion == nil
        do {
            let columns = versioned ? names + [ExportVersion.column] : names
            try file.write(format.header(columns))
            // One snapshot for every run (another process's writes during
            // the export can neither drop nor repeat a row). The store reads
            // the rows by one statement where it can: by pages, a list in an
            // order no index gives was sorted once a page, 5 minutes for 1M rows.
            try session.store.consistently {
                try session.store.forEachRun(of: collection, fields: .all, size: Self.pageSize) { run in
                    try session.writer.stopIfCancelled()
                    // One write per run, not per row: a million rows are two thousand writes.
                    try file.write(run.flatMap { record in
                        let values = names.map { record[$0] }
                        guard versioned else { return format.row(values, names: columns) }
                        return format.row(values + [.text(ExportVersion.text(names: names, values: values, format: format))],
                                          names: columns)
                    })
                    rows += run.count
                    session.showProgress("exporting", rows, max(total, rows + 1))
                }
            }
            try file.finish()
        } catch StoreError.interrupted {
            // Said of the file: "nothing changed" left a user asking whether it had been written.
            file.abandon()
            throw CommandError.export(.interrupted(path: path))
        } catch {
            file.abandon()
            throw error
        }
        return Response(output: "exported \(ListLayout.grouped(rows)) row\(rows == 1 ? "" : "s") to \(TextLayout.printable(path))"
                        + (ownVersion.map { plain ? "" : " without versions: the table has its own \($0)" } ?? "") + "\n")
    }
}

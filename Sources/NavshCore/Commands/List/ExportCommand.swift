/// `export FILE` writes every row of this list (its filters, scope and
/// order: the frame's collection carries them), not only the page, as CSV,
/// TSV or JSON Lines by FILE's extension; `export! FILE` replaces an
/// existing file. Rows are read a page at a time, so memory stays the same
/// at a million rows, and written to a temporary file renamed at the end:
/// a failure leaves no half file.
struct ExportCommand: Command {
    static let forms = [
        CommandForm("export", [.list], .rest("file"), usage: "export FILE",
                    "write every row of this list to FILE (.csv, .tsv or .jsonl)", example: "export items.csv"),
        CommandForm("export!", [.list], .rest("file"), usage: "export! FILE",
                    "export, replacing FILE if it exists", example: "export! items.csv"),
    ]
    /// Rows read per query.
    static let pageSize = 500

    let path: String
    let force: Bool

    init(form: CommandForm, arguments: Arguments) {
        path = arguments.rest ?? arguments.first
        force = form.name.hasSuffix("!")
    }

    func run(in session: Session, confirmed: Bool) throws -> Response {
        let list = try session.topFrame(ListFrame.self)
        guard let format = RowFileFormat(path: path) else { throw CommandError.export(.unknownExtension(path: path)) }
        let collection = list.collection
        let names = collection.fields.map(\.name)
        let file = try ExportFile(path: path, replacing: force)
        var rows = 0
        do {
            try file.write(format.header(names))
            var offset = 0
            while true {
                let page = try session.store.records(of: collection, offset: offset, limit: Self.pageSize)
                // One write per page, not per row: a million rows are two thousand writes.
                try file.write(page.flatMap { record in format.row(names.map { record[$0] }, names: names) })
                rows += page.count
                offset += page.count
                if page.count < Self.pageSize { break }
            }
            try file.finish()
        } catch {
            file.abandon()
            throw error
        }
        return Response(output: "exported \(ListLayout.grouped(rows)) row\(rows == 1 ? "" : "s") to \(TextLayout.printable(path))\n")
    }
}

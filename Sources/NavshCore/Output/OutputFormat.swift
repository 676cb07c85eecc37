/// How a runner writes what a session shows: `table` is the text the
/// session lays out itself (frames in `Response.output`); the others
/// render the frames it hands out as data (`Response.shown`). README.md
/// ("Output for programs") documents each, and keeps them stable.
public enum OutputFormat: String, CaseIterable, Sendable {
    case table, json, csv, tsv

    /// Whether the session should hand frames out as data for this format.
    public var wantsData: Bool { self != .table }

    /// One shown frame. json: one line, a document (the README's schema);
    /// csv/tsv: a list's header row (field names) and rows, or a record's
    /// `name,value` header and one row per field. `forTerminal` escapes
    /// control characters in csv/tsv values (JSON escapes them always).
    public func render(_ frame: ShownFrame, forTerminal: Bool) -> [UInt8] {
        switch self {
        case .table: return []
        case .json: return Array((Self.json(frame) + "\n").utf8)
        case .csv: return Self.delimited(frame, DelimitedText(kind: .csv, forTerminal: forTerminal))
        case .tsv: return Self.delimited(frame, DelimitedText(kind: .tsv, forTerminal: forTerminal))
        }
    }

    /// Text that is not a frame (`saved Gort statue`, `changes`): as it is,
    /// or in json a `{"message": …}` line, so standard output stays JSON Lines.
    public func message(_ text: String) -> String {
        guard self == .json, !text.isEmpty else { return text }
        let body = text.hasSuffix("\n") ? String(text.dropLast()) : text
        return JSONText.object([("message", JSONText.string(body))]) + "\n"
    }

    /// CSV and TSV have no place to say a list was cut to its page (JSON
    /// has "page" and "count"): a line for standard error says it, once a
    /// list, its numbers grouped as every count navsh shows.
    public func pageNote(_ frame: ShownFrame) -> String? {
        guard self == .csv || self == .tsv, case .list(let list) = frame, list.rows.count < list.count else { return nil }
        let first = list.rows.first?.number ?? 0
        return "navsh: \(rawValue): rows \(Self.grouped(first))–\(Self.grouped(first + list.rows.count - 1)) of "
            + "\(Self.grouped(list.count)), page \(Self.grouped(list.page)) of \(Self.grouped(list.pageCount)); export FILE writes every row\n"
    }

    /// A script's error as a json line for standard error (written besides
    /// the usual `SOURCE:LINE: error: FRAME: MESSAGE`).
    public static func jsonError(source: String, line: Int, frame: String, message: String) -> String {
        JSONText.object([("error", JSONText.object([
            ("source", JSONText.string(source)), ("line", String(line)),
            ("frame", JSONText.string(frame)), ("message", JSONText.string(message)),
        ]))]) + "\n"
    }

    /// A count with thousands separators, as every count navsh shows.
    public static func grouped(_ number: Int) -> String {
        ListLayout.grouped(number)
    }

    /// A dry run's report in words, printed after its rollback: the
    /// journal's changes, then the rows they touched, cascades and triggers included.
    /// `counted`: the changes, each row of a batch one, which `changes`
    /// may word only in part. `rolledBack`: an `--atomic` script that
    /// failed, whose changes all roll back.
    public static func textDryRun(changes: [String], counted count: Int, touched: RowsTouched?,
                                  rolledBack: Bool = false) -> String {
        let counted = "\(grouped(count)) change\(count == 1 ? "" : "s")"
        let listed = changes.map { "  " + $0 + "\n" }.joined()
        if rolledBack && !changes.isEmpty {
            return "dry run: nothing was written; the script does not finish cleanly, so under --atomic it "
                + "would change nothing (its \(counted) would roll back):\n" + listed
        }
        return "dry run: nothing was written; "
            + (changes.isEmpty ? "the script would have changed nothing\n" : "the script would have made \(counted):\n")
            + listed
            + (touched.map { $0.total == 0 ? "" : "rows it would have changed, cascades and triggers included: "
                + "\(grouped($0.total)) (\(TextLayout.printable($0.summary)))\n" } ?? "")
    }

    /// A dry run's report as one JSON object, for `--format json`: its
    /// lines of text broke a reader of JSON lines.
    /// `touched`: what the store counted, when it could: `rows_by_table`
    /// is `{"items": {"inserted": 0, "updated": 1, "deleted": 0}}`.
    /// `rolledBack`: an `--atomic` script that failed: `changes` is empty
    /// and `rolled_back` lists what would have rolled back.
    public static func jsonDryRun(changes: [String], touched: RowsTouched?, rolledBack: Bool = false) -> String {
        if rolledBack {
            return JSONText.object([("dry_run", JSONText.object([
                ("written", "false"), ("changes", "[]"),
                ("rolled_back", JSONText.array(changes.map(JSONText.string))),
                ("rows_changed", "0"), ("rows_by_table", "{}"),
            ]))]) + "\n"
        }
        let tables = touched.map { touched in
            JSONText.object(touched.tables.map { table in
                (table.name, JSONText.object([("inserted", String(table.inserted)), ("updated", String(table.updated)),
                                              ("deleted", String(table.deleted))]))
            })
        }
        return JSONText.object([("dry_run", JSONText.object([
            ("written", "false"),
            ("changes", JSONText.array(changes.map(JSONText.string))),
            ("rows_changed", touched.map { String($0.total) } ?? "null"),
            ("rows_by_table", tables ?? "null"),
        ]))]) + "\n"
    }

    static func json(_ frame: ShownFrame) -> String {
        switch frame {
        case .list(let list):
            let rows = list.rows.map { row in
                JSONText.object([
                    ("#", String(row.number)),
                    ("key", row.key.map { JSONText.array($0.map(JSONText.value)) } ?? "null"),
                    ("title", JSONText.string(row.title)),
                    ("values", JSONText.object(zip(list.columns, row.cells).map {
                        ($0, JSONText.value($1, boolean: list.booleans.contains($0)))
                    })),
                ])
            }
            return JSONText.object([
                ("frame", JSONText.array(list.path.map(JSONText.string))),
                ("collection", list.collection.map(JSONText.string) ?? "null"),
                ("columns", JSONText.array(list.columns.map(JSONText.string))),
                ("rows", JSONText.array(rows)),
                ("page", String(list.page)), ("pages", String(list.pageCount)), ("count", String(list.count)),
            ])
        case .record(let record):
            let fields = record.fields.map { field in
                JSONText.object([
                    ("name", JSONText.string(field.name)), ("label", JSONText.string(field.label)),
                    ("type", JSONText.string(field.type)),
                    ("value", JSONText.value(field.value, boolean: field.type == FieldKind.boolean.rawValue)),
                    ("read_only", JSONText.bool(field.readOnly)), ("changed", JSONText.bool(field.changed)),
                ] + (field.values.map { [("values", String($0))] } ?? [])
                  + (field.moreValues ? [("more_values", "true")] : []))
            }
            return JSONText.object([
                ("frame", JSONText.array(record.path.map(JSONText.string))),
                ("collection", JSONText.string(record.collection)),
                ("key", record.key.map { JSONText.array($0.map(JSONText.value)) } ?? "null"),
            // `count`, as a list's: a list's `rows` is an array, and a program read both.
            ] + (record.rows.map { [("count", String($0))] } ?? []) + [
                ("fields", JSONText.array(fields)),
            ])
        }
    }

    static func delimited(_ frame: ShownFrame, _ writer: DelimitedText) -> [UInt8] {
        switch frame {
        case .list(let list):
            return writer.header(list.columns)
                + list.rows.flatMap { row in writer.row(row.cells) }
        case .record(let record):
            return writer.header(["name", "value"])
                + record.fields.flatMap { writer.row([.text($0.name), $0.value]) }
        }
    }
}

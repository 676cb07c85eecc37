/// Every row of a list as `open *` read them: what a batch frame edits. A
/// save writes a row only if it is still in the list and still holds, in
/// each field it sets, the value read here.
struct RowBatch {
    /// The rows as read, in the list's order, kept packed: a `Record` is
    /// made again for each row looked at.
    let rows: PackedRows
    /// The list the rows came from, with its scope and filters.
    var list: CollectionSchema
    /// The list's filters in words (`composer ~ "Page"`), for the crumb.
    let captions: [String]
    /// Per field, the value every row holds; absent when the rows differ.
    let shared: [String: Value]
    /// Per field whose rows differ: how many values they hold, and the first few.
    let spread: [String: Spread]
    /// The command that read the rows, which a refusal names: `open *`, or `reload`.
    var readBy = "open *"

    /// The values a field's rows hold when they differ: counted up to
    /// `counted`, past which a unique field would cost a hash a row.
    struct Spread {
        var count: Int
        /// More than `count` values: the count stopped at `RowBatch.counted`.
        var more: Bool
        var first: [Value]

        /// `3 values`, `more than 1,000 values`, or `no values` in a batch of no rows.
        var counted: String {
            count == 0 ? "no values" : (more ? "more than " : "") + "\(ListLayout.grouped(count)) values"
        }
    }

    /// The values shown of a field whose rows differ.
    static let shownValues = 3
    /// Distinct values counted in a field before its count stops.
    static let counted = 1_000
    /// Rows read at a time.
    static let readSize = 10_000

    /// Reads every row of `list` in one snapshot, packing each run as it
    /// comes: only a run of rows is ever held as records.
    static func read(_ list: CollectionSchema, captions: [String], from store: any StoreReader) throws -> RowBatch {
        let read: Result<RowBatch, Error> = store.readingAsOne {
            Result {
                var summary = Summary(list.fields)
                var rows = PackedRows(fields: list.fields.map(\.name))
                try store.forEachRun(of: list, fields: .all, size: readSize) { run in
                    for row in run {
                        rows.append(row)
                        summary.add(row)
                    }
                }
                return RowBatch(rows: rows, list: list, captions: captions, summary: summary)
            }
        }
        return try read.get()
    }

    private init(rows: PackedRows, list: CollectionSchema, captions: [String], summary: Summary) {
        self.rows = rows
        self.list = list
        self.captions = captions
        var shared: [String: Value] = [:]
        var spread: [String: Spread] = [:]
        for (field, values) in zip(list.fields, summary.fields) {
            if values.seen.count == 1, let value = values.first.first {
                shared[field.name] = value
            } else if values.seen.count != 1 {
                // No rows: no value is held, so none is "already held" by a `set`.
                let more = values.seen.count > Self.counted
                spread[field.name] = Spread(count: more ? Self.counted : values.seen.count, more: more, first: values.first)
            }
        }
        self.shared = shared
        self.spread = spread
    }

    /// The values each field's rows hold, gathered a row at a time.
    private struct Summary {
        struct Values {
            var seen: Set<Value> = []
            var first: [Value] = []
        }
        let names: [String]
        var fields: [Values]

        init(_ fields: [Field]) {
            names = fields.map(\.name)
            self.fields = Array(repeating: Values(), count: fields.count)
        }

        mutating func add(_ row: Record) {
            for place in fields.indices where fields[place].seen.count <= RowBatch.counted {
                let value = row[names[place]]
                if fields[place].seen.insert(value).inserted, fields[place].first.count < RowBatch.shownValues {
                    fields[place].first.append(value)
                }
            }
        }
    }

    /// `3 values: AC/DC, Accept, …`, for a field whose rows differ; a
    /// reference's values by the titles of the rows they name.
    func spreadText(_ field: Field, in store: any StoreReader) -> String? {
        guard let spread = spread[field.name] else { return nil }
        guard !spread.first.isEmpty else { return spread.counted }
        let shown = spread.first.map { value in
            field.references == nil ? ValueText.bounded(value, field.format) : ReferenceText.of(value, field, in: store)
        }
        return spread.counted + ": " + shown.joined(separator: ", ") + (spread.count > spread.first.count ? ", …" : "")
    }

    /// Each row a save changes, with the values it writes there: a value
    /// set, or the row's own text with a replacement made; a field that
    /// already holds its new value is left out, and a row needing none.
    func edits(_ values: [String: Value], replacing: [String: TextReplacement] = [:]) -> [RowEdit] {
        split(values, replacing: replacing).edits
    }

    /// `edits`, and the places of the rows that need none, in one pass. A
    /// row needing every value set shares their one dictionary.
    func split(_ values: [String: Value], replacing: [String: TextReplacement] = [:])
        -> (edits: [RowEdit], unchanged: [Int]) {
        var edits: [RowEdit] = []
        var unchanged: [Int] = []
        for place in rows.indices {
            let row = rows[place]
            var changes = values.allSatisfy { row[$0.key] != $0.value } ? values : values.filter { row[$0.key] != $0.value }
            for (field, replacement) in replacing {
                if let value = replacement.applied(to: row[field]), value != row[field] { changes[field] = value }
            }
            if changes.isEmpty {
                unchanged.append(place)
            } else {
                edits.append(RowEdit(row: row, changes: changes))
            }
        }
        return (edits, unchanged)
    }

    /// `42 rows`.
    var count: String { Self.rowCount(rows.count) }

    /// `1 row`, `2,000 rows`.
    static func rowCount(_ count: Int) -> String {
        "\(ListLayout.grouped(count)) row\(count == 1 ? "" : "s")"
    }

    /// This read against a later one of the same list, row by row: `body`
    /// gets each row in both (as read here, then now), and the rows only in
    /// one. Rows are looked up by index, so neither read becomes records whole.
    func compared(to later: RowBatch, _ body: (_ was: Record, _ now: Record) -> Void)
        -> (left: [Int], joined: [Int]) {
        var places = [RecordID: Int](minimumCapacity: rows.count)
        for place in rows.indices { places[rows[place].id] = place }
        var seen = Set<Int>()
        var joined: [Int] = []
        for place in later.rows.indices {
            let now = later.rows[place]
            guard let was = places[now.id] else {
                joined.append(place)
                continue
            }
            seen.insert(was)
            body(rows[was], now)
        }
        return (rows.indices.filter { !seen.contains($0) }, joined)
    }

    /// The rows of this read that hold other values in `later`, or are not
    /// in it: what a batch delete, which checks every field, would refuse.
    func changedRows(since later: RowBatch) -> Set<RecordID> {
        var changed = Set<RecordID>()
        let (left, _) = compared(to: later) { was, now in
            if was.names.contains(where: { now[$0] != was[$0] }) { changed.insert(was.id) }
        }
        return changed.union(left.map { rows[$0].id })
    }

    /// `composer ~ "Page" › 42 rows`: which rows, and how many, atop the batch's screen.
    var heading: String { (captions.map(TextLayout.printable) + [count]).joined(separator: " › ") }
}

/// One row of a batch save: the row as read and the values written to it.
struct RowEdit {
    let row: Record
    var changes: [String: Value]
    /// How a refusal names the row, when not by its title (an import's line).
    var name: String? = nil
}

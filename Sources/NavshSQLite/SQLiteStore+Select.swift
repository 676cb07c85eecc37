import GRDB
import GRDBSQLite
import NavshCore
import NavshSQL

/// Reading rows: every field (a record frame), or only what a list shows.
extension SQLiteStore {
    /// What one field reads as.
    enum Reading {
        /// The stored value, exactly.
        case full
        /// A list cell's worth (`ListPreview`): text cut, a long blob only its length.
        case preview
    }

    /// Rows with the given fields (each read as `reading`), in the
    /// collection's order. A table may have more columns than SQLite returns
    /// in one result (SQLITE_LIMIT_COLUMN, 2,000 by default): the fields are
    /// then read in chunks, each by the same query in the same transaction,
    /// and joined by key.
    func select(
        _ collection: CollectionSchema, fields: [String]? = nil, reading: Reading = .full,
        where condition: String?, arguments: SQLArguments,
        suffix: String, _ suffixArguments: [Value], firstPosition: Int = 0
    ) throws -> [NavshCore.Record] {
        // One statement (nearly always) needs no transaction; a wide table
        // read in chunks needs one snapshot for all of them.
        let width = (fields?.count ?? collection.fields.count) * (reading == .full ? 1 : 2)
        let body = { (db: Database) in
            try self.select(db, collection, fields: fields, reading: reading, where: condition, arguments: arguments,
                            suffix: suffix, suffixArguments, firstPosition: firstPosition)
        }
        return try width < Self.columnsInOneStatement ? readAlone(body) : read(body)
    }

    /// The fields a list row reads: those it shows, and its declared key
    /// when the row's identity is a rowid that is not that key (a TEXT
    /// PRIMARY KEY): a row without a title is named by its key, which
    /// the rowid is not. Otherwise the identity is the key, and reading it
    /// again would cost every page two columns.
    func listFields(_ collection: CollectionSchema) throws -> [String] {
        let keyNames = collection.keyFields.map(\.name)
        let identityNamesRows = try keyNames.isEmpty || key(for: collection).identityIsTheKey(keyNames)
        return identityNamesRows ? ListPreview.fields(of: collection) : ListPreview.readFields(of: collection)
    }

    /// Fewer result columns than this always fit one statement: SQLite's
    /// SQLITE_LIMIT_COLUMN is 2,000 unless a build lowers it, less a key and
    /// sort values. (A build that lowers it below this still reads correctly:
    /// chunks read without one snapshot are checked to hold the same rows.)
    static let columnsInOneStatement = 1_900

    /// `select` on a connection already in use (inside a write).
    func select(
        _ db: Database, _ collection: CollectionSchema, fields: [String]? = nil, reading: Reading = .full,
        where condition: String?, arguments: SQLArguments,
        suffix: String, _ suffixArguments: [Value], firstPosition: Int = 0
    ) throws -> [NavshCore.Record] {
        try select(db, collection, fields: fields, reading: reading, also: [], where: condition, arguments: arguments,
                   suffix: suffix, suffixArguments, firstPosition: firstPosition).map(\.record)
    }

    /// `select` that also reads the expressions `also` (exactly, right
    /// after the key), returned beside each row: a keyset read's sort values.
    /// `cached` keeps the statement prepared: for a query run again and
    /// again with new arguments (a list's pages).
    func select(
        _ db: Database, _ collection: CollectionSchema, fields: [String]? = nil, reading: Reading = .full,
        also extra: [String], where condition: String?, arguments: SQLArguments,
        suffix: String, _ suffixArguments: [Value], firstPosition: Int = 0,
        cached: Bool = true, each: ((NavshCore.Record) throws -> Void)? = nil
    ) throws -> [(record: NavshCore.Record, also: [Value])] {
        let key = try key(for: collection)
        let names = fields ?? collection.fields.map(\.name)
        do {
            let limit = db.sqliteConnection.map { Int(sqlite3_limit($0, SQLITE_LIMIT_COLUMN, -1)) } ?? 2000
            let lead = key.keyWidth + extra.count
            let chunkSize = max(1, limit - lead)
            // A read of one statement whose text depends only on its shape
            // (no `find` or `where`, no order by a referenced title) is made
            // once: building it again (the select list, the ORDER BY) cost a
            // record opened by key more than SQLite's read.
            let shape = collection.filters.isEmpty && collection.order?.byTitle == nil && names.count <= chunkSize
                ? QueryShape(collection, fields: names, reading: reading, extra: extra, condition: condition, suffix: suffix)
                : nil
            let known = shape.flatMap { queries[$0] }
            var allArguments: SQLArguments
            let tail: String
            if known != nil {
                // What `scoped` binds, without making its text again (a
                // shape has no filters).
                allArguments = scopeArguments(collection)
                allArguments += arguments
                tail = ""
            } else {
                let filter = try scoped(collection, condition.map { ($0, arguments) })
                allArguments = filter.arguments
                tail = " FROM \(key.quotedTable)" + (filter.sql.map { " WHERE \($0)" } ?? "")
                    + " ORDER BY \(orderBy(collection, key)) " + suffix
            }
            allArguments += suffixArguments
            let fieldNames = FieldNames(names)
            // Which fields' entries mark long blobs, found only when a blob
            // comes back (a field found by name per column was a fiftieth of
            // a page of numbers and short texts).
            var markedFields: [Bool]?
            func marked(_ index: Int) -> Bool {
                let all = markedFields ?? names.map { Self.marksLongBlobs(collection.field(named: $0)) }
                markedFields = all
                return all[index]
            }
            /// The row's identity: its key, or its place in the read for a table without one.
            func identity(_ row: [Value], _ position: Int) throws -> RecordID {
                key.readOnlyReason == nil ? try key.id(from: row) : .rowid(Int64(firstPosition + position + 1))
            }
            /// A row read in one chunk as its record: its lead cut off in
            /// place (a copy of the rest was one more array a row).
            func record(_ row: inout [Value], _ position: Int) throws -> (record: NavshCore.Record, also: [Value]) {
                let id = try identity(row, position)
                let also = Array(row[key.keyWidth..<lead])
                if reading != .full {
                    for at in lead..<row.count where !ListPreview.keepsAsIs(row[at]) {
                        row[at] = Self.listValue(row[at], marked: marked(at - lead))
                    }
                }
                row.removeFirst(lead)
                return (Record(id: id, names: fieldNames, cells: row), also)
            }
            /// Rows read in chunks, handed to `each` once all are read.
            func handedOn(_ records: [(record: NavshCore.Record, also: [Value])]) throws -> [(record: NavshCore.Record, also: [Value])] {
                guard let each else { return records }
                for row in records { try each(row.record) }
                return []
            }
            // With `each`, a row read in one chunk is handed on as it comes.
            var read: [[Value]] = []
            let streaming = each != nil && names.count <= chunkSize
            var streamed = 0
            func take(_ row: [Value]) throws {
                guard streaming, let each else { return read.append(row) }
                var row = row
                try each(record(&row, streamed).record)
                streamed += 1
            }
            var rows: [[Value]]?
            // Each row's values in `names`' order, chunk after chunk.
            var cells: [[Value]] = []
            for start in stride(from: 0, to: max(names.count, 1), by: chunkSize) {
                let chunk = Array(names[start..<min(start + chunkSize, names.count)])
                read = []
                // A preview's text is read as its first bytes (one more
                // than a list keeps, to know it was cut).
                let textCap = reading == .preview ? ListPreview.bytes + 1 : .max
                if let shape {
                    try queries.run(shape, known: known, selectList(key, extra, chunk, reading, collection) + tail, in: db) { statement in
                        try RowReader.forEach(db, statement, arguments: allArguments, textCap: textCap,
                                              cappedFrom: CInt(lead)) { try take($0) }
                    }
                } else {
                    try RowReader.forEach(db, sql: selectList(key, extra, chunk, reading, collection) + tail, arguments: allArguments,
                                          cached: cached, textCap: textCap, cappedFrom: CInt(lead)) { try take($0) }
                }
                if streaming { return [] }
                // Same query, same snapshot: the same rows in the same order.
                if let first = rows, first.count != read.count || zip(first, read).contains(where: {
                    $0.prefix(key.keyWidth) != $1.prefix(key.keyWidth)
                }) {
                    throw StoreError.changedWhileRead(collection.name)
                }
                if rows == nil && chunk.count == names.count {
                    // Nearly every read is one chunk: each row's array becomes
                    // its record's cells, its lead cut off in place (a copy of
                    // the rest was one more array a row).
                    var records: [(record: NavshCore.Record, also: [Value])] = []
                    records.reserveCapacity(read.count)
                    for position in read.indices {
                        var row: [Value] = []
                        swap(&row, &read[position])
                        records.append(try record(&row, position))
                    }
                    return try handedOn(records)
                }
                if rows == nil {
                    rows = read
                    cells = Array(repeating: [], count: read.count)
                }
                for (r, row) in read.enumerated() {
                    cells[r].reserveCapacity(names.count)
                    for at in lead..<(lead + chunk.count) {
                        cells[r].append(reading == .full || ListPreview.keepsAsIs(row[at]) ? row[at]
                                        : Self.listValue(row[at], marked: marked(start + at - lead)))
                    }
                }
            }
            return try handedOn((rows ?? []).enumerated().map { position, row in
                (Record(id: try identity(row, position), names: fieldNames, cells: cells[position]), Array(row[key.keyWidth..<lead]))
            })
        }
    }

    /// `SELECT` and its result columns (the key, `extra`, then each field's
    /// `columns`), made once per list of fields and kept (`selectLists`):
    /// a record opened or a page read asks for the same list every time,
    /// and quoting and joining the names cost more than SQLite's read.
    private func selectList(_ key: TableKey, _ extra: [String], _ fields: [String], _ reading: Reading,
                            _ collection: CollectionSchema) -> String {
        let shape = SelectListShape(table: collection.name, key: key.keySQL, extra: extra, fields: fields, reading: reading)
        if let made = selectLists[shape] { return made }
        let columns = [key.keySQL] + extra + fields.flatMap { name in
            selectColumns(name, reading, marked: Self.marksLongBlobs(collection.field(named: name)))
        }
        let made = "SELECT " + columns.joined(separator: ", ")
        selectLists[shape] = made
        return made
    }

    /// What a whole `SELECT` depends on when the collection has no filters
    /// and no order by a referenced title (`select` makes those anew): the
    /// table, what is read, the condition's text, the scope's column and
    /// placeholder, and the order.
    struct QueryShape: Equatable {
        var table: String
        var fields: [String]
        var reading: Reading
        var extra: [String]
        var condition: String?
        var suffix: String
        var scope: [String]?
        var group: String?
        var order: String?
        var orderDescending: Bool
        var newRowsOnTop: Bool

        init(_ collection: CollectionSchema, fields: [String], reading: Reading, extra: [String], condition: String?,
             suffix: String) {
            table = collection.name
            self.fields = fields
            self.reading = reading
            self.extra = extra
            self.condition = condition
            self.suffix = suffix
            scope = collection.scope.map { [$0.field, $0.value.isNull ? "NULL" : $0.value.sqlPlaceholder] }
            group = collection.groupField
            order = collection.order?.field
            orderDescending = collection.order?.descending ?? false
            newRowsOnTop = collection.newRowsOnTop
        }
    }

    /// What a select list depends on.
    struct SelectListShape: Equatable {
        /// Whether a field's preview marks long blobs depends on its declared type.
        var table: String
        var key: String
        var extra: [String]
        var fields: [String]
        var reading: Reading
    }

    /// `columns` for a field, made once per field and kept (`previewColumns`):
    /// a list's page asks for the same few on every `page N`.
    private func selectColumns(_ name: String, _ reading: Reading, marked: Bool) -> [String] {
        guard reading == .preview, marked else { return [name.quotedIdentifier] }
        if let known = previewColumns[name] { return known }
        let made = Self.columns(name.quotedIdentifier, reading)
        previewColumns[name] = made
        return made
    }

    /// Whether a list reads a field through the long-blob entry (`columns`):
    /// one declared BLOB or with no type, where blobs are what is stored. A
    /// field of any other type is read as it is, and previewed here: the
    /// entry's function call cost more than SQLite's read of the cell (a
    /// tenth of a page), and a blob in a column declared otherwise is rare
    /// enough to be read whole (as correct, and only slower).
    static func marksLongBlobs(_ field: Field?) -> Bool {
        guard let field else { return true }
        return field.kind == .blob || field.kind == .any
    }

    /// The select-list entry for a field that may hold long blobs. A long
    /// blob is not read at all: SQLite answers `length()` and `typeof()` of
    /// a column from the row's header, without its content (a comparison,
    /// `c >= x''`, loads it: 20 MB a page of 1 MB blobs), and the entry
    /// gives its length instead, as `longBlobMark` digits: a blob one byte
    /// longer than any blob given as it is, so it cannot be taken for one.
    /// (A second entry with the length cost twice the `typeof()` calls.) A
    /// long text is read whole by SQLite, one cell at a time, and only its
    /// first `ListPreview.bytes + 1` bytes become a value (`select` tells
    /// `RowReader`; the byte after says it was cut).
    private static func columns(_ column: String, _ reading: Reading) -> [String] {
        guard reading == .preview else { return [column] }
        let limit = ListPreview.characters
        return ["CASE WHEN typeof(\(column)) = 'blob' AND length(\(column)) > \(limit) "
                + "THEN CAST(printf('%0\(longBlobMark)d', length(\(column))) AS BLOB) ELSE \(column) END"]
    }

    /// The length of the blob a long blob's entry reads as: its digits, zero-padded.
    static let longBlobMark = ListPreview.characters + 1

    /// The preview of a value read for a list: the same as `ListPreview`
    /// makes of the whole value. `marked`: read by the long-blob entry,
    /// whose mark it decodes (a column read as it is holds no mark, and a
    /// blob there that looks like one is a blob).
    static func listValue(_ value: Value, marked: Bool) -> Value {
        if marked, case .blob(let bytes) = value, bytes.count == longBlobMark,
           let length = Int64(String(decoding: bytes.drop { $0 == UInt8(ascii: "0") }, as: UTF8.self)) {
            return ListPreview.longBlob(bytes: length)
        }
        return ListPreview.value(value)
    }
}

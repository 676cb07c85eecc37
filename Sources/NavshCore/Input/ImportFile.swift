#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An import file read a chunk at a time and split into rows of values by
/// field: CSV or TSV with a header row of field names or labels, or JSON
/// Lines with one object a line, as `export` writes them (`RowFileFormat`).
/// Only the rows not yet taken are held: the whole file was, with every row
/// parsed, before the first was checked.
struct ImportFile {
    let path: String
    let format: RowFileFormat
    /// The header's fields, by place in the collection (nil for a generated one); CSV and TSV.
    private var header: [Int?] = []
    /// Where an export's version column is (`ExportVersion`), and the digest of the other columns' names.
    private var versionColumn: Int?
    /// A CSV or TSV header with a version column: the file came from export.
    var carriesVersions: Bool { versionColumn != nil }
    private var headerDigest: UInt32 = 0
    private var source: ChunkedFile
    private let collection: CollectionSchema
    /// `--update`: a read-only field's column is read, and refused only on
    /// a line whose value differs from the stored one.
    private let updating: Bool

    init(path: String, into collection: CollectionSchema, updating: Bool = false) throws(CommandError) {
        self.path = path
        self.collection = collection
        self.updating = updating
        guard let format = RowFileFormat(path: path) else { throw .imports(.unknownExtension(path: path)) }
        self.format = format
        source = try ChunkedFile(path: path)
        // Lines ended by CR alone (classic Mac OS) read as one long line,
        // whose fields the header then did not match.
        if source.endsLinesWithCarriageReturnsAlone {
            throw .imports(.malformed(path: path, line: 1, problem: "its lines end in a carriage return alone "
                + "(as classic Mac OS wrote them); save it with LF or CRLF line endings"))
        }
        guard format != .jsonLines else { return }
        guard let first = try record() else { throw .imports(.empty(path: path)) }
        let names: [String]
        switch format {
        case .csv:
            names = try Self.csvFields(first.bytes, line: first.line, path: path).map { String(decoding: $0.bytes, as: UTF8.self) }
        default:
            names = Self.tsvFields(first.bytes).map { value in
                if case .tsv(let bytes?) = value { return String(decoding: bytes, as: UTF8.self) }
                return ""
            }
        }
        if let place = names.firstIndex(of: ExportVersion.column), collection.field(named: ExportVersion.column) == nil {
            versionColumn = place
            headerDigest = ExportVersion.digest(names.enumerated().filter { $0.offset != place }.map(\.element))
        }
        for (place, name) in names.enumerated() {
            if place == versionColumn {
                header.append(nil)
                continue
            }
            let field = try Self.field(name, in: collection, path: path, line: 1, updating: updating)
            if let field, header.contains(where: { $0 == field }) {
                throw .imports(.malformed(path: path, line: 1, problem: "the column \(collection.fields[field].name) is named twice"))
            }
            header.append(field)
        }
    }

    /// The bytes read so far, for progress.
    var bytesRead: Int { source.consumed }
    /// The file's size in bytes.
    var size: Int { source.size }

    /// The next row, or why its line cannot be a row (malformed); nil at the end.
    mutating func next() throws(CommandError) -> Result<ImportedRow, ImportProblem>? {
        while let record = try record() {
            // A blank line cannot be a row of several fields (Excel leaves
            // one at the end); of one field, it is a NULL, as export writes it.
            if record.bytes.isEmpty && header.count > 1 { continue }
            switch format {
            case .csv:
                let fields = try Self.csvFields(record.bytes, line: record.line, path: path, expected: header.count)
                guard fields.count == header.count else { return wrongCount(record.line, fields.count) }
                // Straight from each field to its place: no list in between.
                var values: [(field: Int, value: ImportedValue)] = []
                values.reserveCapacity(fields.count)
                for (place, field) in zip(header, fields) {
                    if let place { values.append((place, .csv(field.bytes, quoted: field.quoted))) }
                }
                return try versioned(ImportedRow(line: record.line, values: values), versionColumn.map { fields[$0].bytes },
                                     places: header, digest: headerDigest, sharedHeader: true)
            case .tsv:
                return try row(record.line, Self.tsvFields(record.bytes))
            case .jsonLines:
                if record.bytes.allSatisfy({ $0 == 32 || $0 == 9 || $0 == 13 }) { continue }
                return try jsonRow(record)
            }
        }
        return nil
    }

    /// A CSV or TSV row's values by field, or its wrong count of fields.
    private func row(_ line: Int, _ values: [ImportedValue]) throws(CommandError) -> Result<ImportedRow, ImportProblem> {
        guard values.count == header.count else { return wrongCount(line, values.count) }
        let row = ImportedRow(line: line, values: zip(header, values).compactMap { field, value in field.map { ($0, value) } })
        let version = versionColumn.map { column -> ArraySlice<UInt8> in
            if case .tsv(let bytes?) = values[column] { return bytes[...] }
            return []
        }
        return try versioned(row, version, places: header, digest: headerDigest, sharedHeader: true)
    }

    /// The row with the digests its version column gives each field, or
    /// why they cannot be read: the columns changed since the export.
    /// `places` are the file's columns by field place, the version's own nil.
    /// `sharedHeader`: a CSV or TSV file, whose lines share one header.
    private func versioned(_ row: ImportedRow, _ version: ArraySlice<UInt8>?, places: [Int?],
                           digest: UInt32, sharedHeader: Bool = false) throws(CommandError) -> Result<ImportedRow, ImportProblem> {
        // An empty version is a line added to the file by hand: it has no export to compare with.
        guard let version, !version.isEmpty else { return .success(row) }
        let count = places.count - (versionColumn == nil ? 0 : 1)
        let parsed = ExportVersion.parse(version)
        // Said once for the header every line shares: a trial's file with two
        // columns left out said it on each of 99,999 lines.
        if sharedHeader, let parsed, parsed.header != digest {
            throw .imports(.malformed(path: path, line: row.line, problem: "\(ExportVersion.column): the header's columns are "
                + "not those exported (one added, removed or renamed since); export again, or remove the \(ExportVersion.column) column"))
        }
        guard let parsed, parsed.header == digest, parsed.values.count == count else {
            return .failure(ImportProblem(line: row.line, field: ExportVersion.column, problem: "does not match the line's "
                + "fields (one added, removed or renamed since the export); export again, or remove the column"))
        }
        var row = row
        var exported = [UInt32?](repeating: nil, count: collection.fields.count)
        var next = 0
        for (column, place) in places.enumerated() where column != versionColumn {
            // The first column of a field wins, as the file's own values do.
            if let place, exported[place] == nil { exported[place] = parsed.values[next] }
            next += 1
        }
        row.exported = exported
        return .success(row)
    }

    private func wrongCount(_ line: Int, _ count: Int) -> Result<ImportedRow, ImportProblem> {
        .failure(ImportProblem(line: line, field: "row", problem: "has \(count) field\(count == 1 ? "" : "s"), the header \(header.count)"))
    }

    private func jsonRow(_ record: (line: Int, bytes: ArraySlice<UInt8>)) throws(CommandError) -> Result<ImportedRow, ImportProblem> {
        let document: JSONValue
        do { document = try JSONReader.parse(Array(record.bytes)) } catch let error as JSONReader.Malformed {
            return .failure(ImportProblem(line: record.line, field: "row", problem: "not JSON: \(error.problem)"))
        } catch {
            return .failure(ImportProblem(line: record.line, field: "row", problem: "not JSON"))
        }
        guard case .object(let members) = document else {
            return .failure(ImportProblem(line: record.line, field: "row", problem: "is not a JSON object"))
        }
        var values: [(field: Int, value: ImportedValue)] = []
        var version: String?
        var names: [String] = []
        var places: [Int?] = []
        for (name, value) in members {
            if name == ExportVersion.column, collection.field(named: name) == nil {
                // Not text (a number, say) is no version an export wrote; null is none at all.
                switch value {
                case .string(let text): version = text
                case .null: version = nil
                default: version = "?"
                }
                continue
            }
            names.append(name)
            let field = try Self.field(name, in: collection, path: path, line: record.line, updating: updating)
            places.append(field)
            guard let field else { continue }
            if values.contains(where: { $0.field == field }) {
                throw .imports(.malformed(path: path, line: record.line,
                                          problem: "the field \(collection.fields[field].name) is named twice"))
            }
            values.append((field, .json(value)))
        }
        return try versioned(ImportedRow(line: record.line, values: values), version.map { Array($0.utf8)[...] }, places: places,
                             digest: ExportVersion.digest(names))
    }

    /// The next record's bytes and the line it starts on: a CSV record ends
    /// at a line break outside quotes, a TSV or JSON Lines one at any.
    private mutating func record() throws(CommandError) -> (line: Int, bytes: ArraySlice<UInt8>)? {
        do {
            return try format == .csv ? source.csvRecord() : source.textLine()
        } catch {
            throw .imports(.cannotRead(path: path, reason: error.reason))
        }
    }

    /// One CSV record's fields; a quote left open or misplaced is the whole file's error, at its line.
    private static func csvFields(_ bytes: ArraySlice<UInt8>, line: Int, path: String,
                                  expected: Int = 0) throws(CommandError) -> [CSVReader.Field] {
        do {
            return try CSVReader.fields(bytes, expected: expected)
        } catch {
            throw .imports(.malformed(path: path, line: line + error.line - 1, problem: error.problem))
        }
    }

    /// The place of the field a header (or JSON member) names: by name,
    /// else by label, ignoring case; nil for a generated field, which the
    /// store computes. A key field is written (an export's rows come back
    /// under their keys); another read-only field is refused, as `set`
    /// refuses it, unless `updating`: an export of it then imports back,
    /// and a line that changes it, a generated one too, is refused.
    static func field(_ name: String, in collection: CollectionSchema, path: String,
                      line: Int, updating: Bool) throws(CommandError) -> Int? {
        let wanted = name.trimmingSpaces.lowercased()
        guard let field = collection.field(named: name)
            ?? collection.fields.first(where: { $0.displayLabel.lowercased() == wanted })
        else {
            let known = collection.fields.map(\.name).joined(separator: ", ")
            throw .imports(.malformed(path: path, line: line,
                                      problem: "no field of \(collection.name) is named '\(name)' (fields: \(known))"))
        }
        if field.isGenerated && !updating { return nil }
        let place = collection.fields.firstIndex { $0.name == field.name }
        if field.isReadOnly && field.primaryKeyPosition == nil && !updating {
            throw .imports(.malformed(path: path, line: line, problem: "\(field.name) is read-only; leave its column out"))
        }
        return place
    }

    /// A TSV line's fields, unescaped (`\t`, `\n`, `\r`, `\\`); `\N` is
    /// NULL, `\x` and hex digits a blob (text starting so is written `\\x`).
    static func tsvFields(_ line: ArraySlice<UInt8>) -> [ImportedValue] {
        line.split(separator: 9, omittingEmptySubsequences: false).map { raw in
            if raw.elementsEqual("\\N".utf8) { return .tsv(nil) }
            if let blob = CSVReader.hexBlob(raw) { return .blob(blob) }
            var out: [UInt8] = []
            var escaped = false
            for byte in raw {
                if escaped {
                    switch byte {
                    case UInt8(ascii: "t"): out.append(9)
                    case UInt8(ascii: "n"): out.append(10)
                    case UInt8(ascii: "r"): out.append(13)
                    default: out.append(byte)
                    }
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else {
                    out.append(byte)
                }
            }
            return .tsv(out)
        }
    }
}

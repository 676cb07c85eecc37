#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An import file read whole and split into rows of values by field: CSV
/// or TSV with a header row of field names or labels, or JSON Lines with
/// one object a line, as `export` writes them (`RowFileFormat`).
struct ImportFile {
    let path: String
    var rows: [ImportedRow] = []
    /// Rows that could not even be split into fields, by line.
    var malformedRows: [ImportProblem] = []

    init(path: String, into collection: CollectionSchema) throws(CommandError) {
        self.path = path
        guard let format = RowFileFormat(path: path) else { throw .imports(.unknownExtension(path: path)) }
        var bytes = try Self.read(path)
        // A UTF-8 byte-order mark (Excel writes one before a CSV's header) is no part of the first name.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        // Lines ended by CR alone (classic Mac OS) read as one long line,
        // whose fields the header then did not match.
        if let cr = bytes.firstIndex(of: 13), cr + 1 < bytes.count, !bytes.contains(10) {
            throw .imports(.malformed(path: path, line: 1, problem: "its lines end in a carriage return alone "
                + "(as classic Mac OS wrote them); save it with LF or CRLF line endings"))
        }
        switch format {
        case .csv:
            let csv: [CSVReader.Row]
            do { csv = try CSVReader.rows(bytes) } catch {
                throw .imports(.malformed(path: path, line: error.line, problem: error.problem))
            }
            try table(csv.map { ($0.line, $0.fields.map { ImportedValue.csv($0.bytes, quoted: $0.quoted) }) },
                      header: csv.first.map { $0.fields.map { String(decoding: $0.bytes, as: UTF8.self) } }, collection)
        case .tsv:
            let lines = Self.lines(bytes)
            let tsv = lines.map { line in (line.number, Self.tsvFields(line.bytes)) }
            try table(tsv, header: lines.first.map { Self.tsvFields($0.bytes).map { value in
                if case .tsv(let bytes?) = value { return String(decoding: bytes, as: UTF8.self) }
                return ""
            } }, collection)
        case .jsonLines:
            try jsonLines(bytes, collection)
        }
    }

    /// CSV or TSV: the first row names the fields, the others are values.
    private mutating func table(_ all: [(Int, [ImportedValue])], header: [String]?,
                                _ collection: CollectionSchema) throws(CommandError) {
        guard let header else { throw .imports(.empty(path: path)) }
        var fields: [Int?] = []
        for name in header {
            let field = try Self.field(name, in: collection, path: path, line: 1)
            if let field, fields.contains(where: { $0 == field }) {
                throw .imports(.malformed(path: path, line: 1, problem: "the column \(collection.fields[field].name) is named twice"))
            }
            fields.append(field)
        }
        for (line, values) in all.dropFirst() {
            guard values.count == fields.count else {
                malformedRows.append(ImportProblem(line: line, field: "row",
                    problem: "has \(values.count) field\(values.count == 1 ? "" : "s"), the header \(fields.count)"))
                continue
            }
            rows.append(ImportedRow(line: line, values: zip(fields, values).compactMap { field, value in
                field.map { ($0, value) }
            }))
        }
    }

    private mutating func jsonLines(_ bytes: [UInt8], _ collection: CollectionSchema) throws(CommandError) {
        for line in Self.lines(bytes) where !line.bytes.allSatisfy({ $0 == 32 || $0 == 9 || $0 == 13 }) {
            let document: JSONValue
            do { document = try JSONReader.parse(Array(line.bytes)) } catch let error as JSONReader.Malformed {
                malformedRows.append(ImportProblem(line: line.number, field: "row", problem: "not JSON: \(error.problem)"))
                continue
            } catch { continue }
            guard case .object(let members) = document else {
                malformedRows.append(ImportProblem(line: line.number, field: "row", problem: "is not a JSON object"))
                continue
            }
            var values: [(field: Int, value: ImportedValue)] = []
            for (name, value) in members {
                guard let field = try Self.field(name, in: collection, path: path, line: line.number) else { continue }
                if values.contains(where: { $0.field == field }) {
                    throw .imports(.malformed(path: path, line: line.number,
                                              problem: "the field \(collection.fields[field].name) is named twice"))
                }
                values.append((field, .json(value)))
            }
            rows.append(ImportedRow(line: line.number, values: values))
        }
    }

    /// The place of the field a header (or JSON member) names: by name,
    /// else by label, ignoring case; nil for a generated field, which the
    /// store computes. A key field is written (an export's rows come back
    /// under their keys); another read-only field is refused, as `set` refuses it.
    static func field(_ name: String, in collection: CollectionSchema, path: String,
                      line: Int) throws(CommandError) -> Int? {
        let wanted = name.trimmingSpaces.lowercased()
        guard let field = collection.field(named: name)
            ?? collection.fields.first(where: { $0.displayLabel.lowercased() == wanted })
        else {
            let known = collection.fields.map(\.name).joined(separator: ", ")
            throw .imports(.malformed(path: path, line: line,
                                      problem: "no field of \(collection.name) is named '\(name)' (fields: \(known))"))
        }
        if field.isGenerated { return nil }
        let place = collection.fields.firstIndex { $0.name == field.name }
        if field.isReadOnly && field.primaryKeyPosition == nil {
            throw .imports(.malformed(path: path, line: line, problem: "\(field.name) is read-only; leave its column out"))
        }
        return place
    }

    /// Lines split at LF (a CR before it dropped), numbered from 1; an empty last line is no line.
    static func lines(_ bytes: [UInt8]) -> [(number: Int, bytes: ArraySlice<UInt8>)] {
        var out: [(Int, ArraySlice<UInt8>)] = []
        var start = 0, number = 1
        for (i, byte) in bytes.enumerated() where byte == 10 {
            let end = i > start && bytes[i - 1] == 13 ? i - 1 : i
            out.append((number, bytes[start..<end]))
            start = i + 1
            number += 1
        }
        if start < bytes.count { out.append((number, bytes[start...])) }
        return out
    }

    /// A TSV line's fields, unescaped (`\t`, `\n`, `\r`, `\\`); `\N` is
    /// NULL, `\x` and hex digits a blob (text starting so is written `\\x`).
    static func tsvFields(_ line: ArraySlice<UInt8>) -> [ImportedValue] {
        line.split(separator: 9, omittingEmptySubsequences: false).map { raw in
            if raw.elementsEqual("\\N".utf8) { return .tsv(nil) }
            if let blob = CSVReader.hexBlob(Array(raw)) { return .blob(blob) }
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

    /// The whole file.
    private static func read(_ path: String) throws(CommandError) -> [UInt8] {
        // O_NONBLOCK: opening a FIFO must not wait for a writer (it is refused below).
        let fd = open(path, O_RDONLY | O_NONBLOCK)
        guard fd >= 0 else { throw .imports(.cannotRead(path: path, reason: String(cString: strerror(errno)))) }
        defer { close(fd) }
        // A FIFO or a device (`/dev/zero`) would block or never end.
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw .imports(.cannotRead(path: path, reason: "not a regular file"))
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .imports(.cannotRead(path: path, reason: String(cString: strerror(errno))))
            }
            if count == 0 { return bytes }
            bytes += chunk[0..<count]
        }
    }
}

/// The rows of a batch kept as bytes, one `Record` made again on each
/// access: a million rows take tens of megabytes, where a `Record` a row
/// took about 270 bytes and three allocations.
struct PackedRows: RandomAccessCollection {
    /// The fields of every row, in the list's order.
    let names: FieldNames
    /// The rows' bytes, in pieces of about `chunkSize`: one array grown by
    /// doubling held the old and the new copy at once, half as much again.
    private var chunks: [[UInt8]] = []
    /// The first row of each chunk.
    private var chunkFirstRows: [Int] = []
    /// Where each row starts in its chunk.
    private var starts: [UInt32] = []
    /// The row being written.
    private var bytes: [UInt8] = []
    static let chunkSize = 1 << 20

    init(fields: [String]) {
        names = FieldNames(fields)
    }

    var startIndex: Int { 0 }
    var endIndex: Int { starts.count }

    subscript(position: Int) -> Record {
        // The last chunk starting at or before the row.
        var low = 0, high = chunkFirstRows.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if chunkFirstRows[middle] <= position { low = middle } else { high = middle - 1 }
        }
        var at = Int(starts[position])
        return chunks[low].withUnsafeBufferPointer { bytes in Self.record(in: bytes, at: &at, names: names, idPlaces: idPlaces ?? []) }
    }

    /// Header bits: the identity is a primary key; its parts are the values
    /// of the fields at `idPlaces`, not written again.
    private static let primaryKeyBit: UInt8 = 1, partsAreFieldsBit: UInt8 = 2

    private static func record(in bytes: UnsafeBufferPointer<UInt8>, at: inout Int, names: FieldNames,
                               idPlaces: [Int]) -> Record {
        let header = bytes[at]
        at += 1
        var parts: [Value] = []
        if header & partsAreFieldsBit == 0 {
            let partCount = Int(readVarint(bytes, &at))
            parts.reserveCapacity(partCount)
            for _ in 0..<partCount { parts.append(readValue(bytes, &at)) }
        }
        var cells: [Value] = []
        cells.reserveCapacity(names.list.count)
        for _ in names.list.indices { cells.append(readValue(bytes, &at)) }
        if header & partsAreFieldsBit != 0 { parts = idPlaces.map { cells[$0] } }
        return Record(id: RecordID(parts: parts, isPrimaryKey: header & primaryKeyBit != 0), names: names, cells: cells)
    }

    /// Keeps `record`: its identity and its value of each of `names`.
    mutating func append(_ record: Record) {
        // Where each field is in the record, found once per read: the rows
        // of one read share their names.
        if record.fieldNames !== placesOf {
            placesOf = record.fieldNames
            places = names.list.map { record.fieldNames.index(of: $0) }
        }
        func cell(_ place: Int) -> Value { places[place].map { record.cells[$0] } ?? .null }
        // Most identities repeat fields (a key, a rowid alias): which, found
        // on the first row and kept for every row, checked on each.
        let parts = record.id.parts
        if idPlaces == nil {
            let found = parts.compactMap { part in names.list.indices.first { cell($0) == part } }
            idPlaces = found.count == parts.count && !parts.isEmpty ? found : []
        }
        let partsAreFields = idPlaces?.count == parts.count && !parts.isEmpty
            && zip(idPlaces ?? [], parts).allSatisfy { cell($0) == $1 }
        bytes.removeAll(keepingCapacity: true)
        bytes.append((record.id.isPrimaryKey ? Self.primaryKeyBit : 0) | (partsAreFields ? Self.partsAreFieldsBit : 0))
        if !partsAreFields {
            writeVarint(UInt64(parts.count))
            for part in parts { write(part) }
        }
        for place in places.indices { write(cell(place)) }
        if chunks.isEmpty || chunks[chunks.count - 1].count + bytes.count > Self.chunkSize {
            chunks.append([])
            chunks[chunks.count - 1].reserveCapacity(Swift.max(Self.chunkSize, bytes.count))
            chunkFirstRows.append(starts.count)
        }
        let last = chunks.count - 1
        starts.append(UInt32(chunks[last].count))
        chunks[last].append(contentsOf: bytes)
    }

    /// The fields an identity's parts repeat, by place; empty when they
    /// repeat none, nil before the first row.
    private var idPlaces: [Int]?

    /// The names `places` were found for, and each field's place in them.
    private var placesOf: FieldNames?
    private var places: [Int?] = []

    private enum Tag: UInt8 {
        case null, integer, real, text, rawText, blob
    }

    private mutating func write(_ value: Value) {
        switch value {
        case .null:
            bytes.append(Tag.null.rawValue)
        case .integer(let n):
            bytes.append(Tag.integer.rawValue)
            // Zigzag, so small negative numbers stay short.
            writeVarint(UInt64(bitPattern: (n << 1) ^ (n >> 63)))
        case .real(let d):
            bytes.append(Tag.real.rawValue)
            withUnsafeBytes(of: d.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
        case .text(let text):
            bytes.append(Tag.text.rawValue)
            writeVarint(UInt64(text.utf8.count))
            bytes.append(contentsOf: text.utf8)
        case .rawText(let raw):
            bytes.append(Tag.rawText.rawValue)
            writeVarint(UInt64(raw.count))
            bytes.append(contentsOf: raw)
        case .blob(let blob):
            bytes.append(Tag.blob.rawValue)
            writeVarint(UInt64(blob.count))
            bytes.append(contentsOf: blob)
        }
    }

    private mutating func writeVarint(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    private static func readVarint(_ bytes: UnsafeBufferPointer<UInt8>, _ at: inout Int) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let byte = bytes[at]
            at += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }

    private static func readValue(_ bytes: UnsafeBufferPointer<UInt8>, _ at: inout Int) -> Value {
        let tag = Tag(rawValue: bytes[at]) ?? .null
        at += 1
        switch tag {
        case .null:
            return .null
        case .integer:
            let zigzag = readVarint(bytes, &at)
            return .integer(Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1))
        case .real:
            var pattern: UInt64 = 0
            for shift in 0..<8 { pattern |= UInt64(bytes[at + shift]) << (8 * UInt64(shift)) }
            at += 8
            return .real(Double(bitPattern: pattern))
        case .text, .rawText, .blob:
            let count = Int(readVarint(bytes, &at))
            let range = at..<(at + count)
            at += count
            switch tag {
            case .text: return .text(String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self))
            case .rawText: return .rawText(Array(bytes[range]))
            default: return .blob(Array(bytes[range]))
            }
        }
    }
}

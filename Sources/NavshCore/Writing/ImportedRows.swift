#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The rows an import inserted, as `undo` takes them back: the first
/// thousand held, the rest written to a temporary file, removed as soon as
/// it is made, so a million rows cost a file and not a gigabyte of memory.
final class ImportedRows {
    /// The fields a row's values are written in, in this order.
    private let fields: [String]
    private(set) var count = 0
    /// The first rows, which a dry run names.
    private(set) var first: [Record] = []
    private var spill: Int32 = -1
    private var pending: [UInt8] = []
    private var written = 0

    static let held = 1_000
    static let flushAt = 1 << 20

    init(fields: [String]) {
        self.fields = fields
    }

    deinit { if spill >= 0 { close(spill) } }

    /// Rows inserted under `ids`, each a value per field place (`Store.insertRows`).
    func append(_ ids: [RecordID], _ rows: some Collection<[Value?]>) throws {
        precondition(ids.count == rows.count, "an identity per row")
        for (id, cells) in zip(ids, rows) {
            count += 1
            if first.count < Self.held {
                var values: [String: Value] = [:]
                for (name, cell) in zip(fields, cells) { if let cell { values[name] = cell } }
                first.append(Record(id: id, values: values))
                continue
            }
            encode(id, cells)
        }
        if pending.count >= Self.flushAt { try flush() }
    }

    /// Every row, in the order inserted; an error reading the file back stops it.
    func forEach(_ body: (Record) throws -> Void) throws {
        for row in first { try body(row) }
        guard written > 0 || !pending.isEmpty else { return }
        try flush()
        var offset = 0
        var buffer: [UInt8] = []
        var position = 0
        /// Reads on until `needed` bytes past `position` are in the buffer.
        func have(_ needed: Int) throws -> Bool {
            while buffer.count - position < needed {
                guard offset < written else { return false }
                buffer.removeSubrange(0..<position)
                position = 0
                var chunk = [UInt8](repeating: 0, count: max(Self.flushAt, needed))
                let read = chunk.withUnsafeMutableBytes { pread(spill, $0.baseAddress, $0.count, off_t(offset)) }
                guard read > 0 else { throw StoreError.undoStorage("cannot read back the rows kept for undo") }
                buffer += chunk[0..<read]
                offset += read
            }
            return true
        }
        // Each row is its length, then its bytes.
        while try have(4) {
            var length = 0
            for i in 0..<4 { length |= Int(buffer[position + i]) << (8 * i) }
            guard try have(4 + length) else { throw StoreError.undoStorage("the rows kept for undo are cut short") }
            position += 4
            let end = position + length
            let row = try decode(buffer, &position)
            guard position == end else { throw StoreError.undoStorage("the rows kept for undo are damaged") }
            try body(row)
        }
    }

    // MARK: The file

    private func flush() throws {
        guard !pending.isEmpty else { return }
        if spill < 0 {
            let folder = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
            var template = Array((folder + "/navsh-undo-XXXXXX").utf8CString)
            spill = template.withUnsafeMutableBufferPointer { $0.baseAddress.map { mkstemp($0) } ?? -1 }
            guard spill >= 0 else { throw StoreError.undoStorage("cannot make a file for the rows kept for undo") }
            unlink(String(cString: template))
        }
        var rest = pending[...]
        while !rest.isEmpty {
            let count = rest.withUnsafeBytes { pwrite(spill, $0.baseAddress, $0.count, off_t(written)) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw StoreError.undoStorage("cannot write the rows kept for undo") }
            written += count
            rest = rest.dropFirst(count)
        }
        pending.removeAll(keepingCapacity: true)
    }

    // MARK: Rows as bytes

    /// A row as its length, its key and a value per field, measured first
    /// and then written in place: appended a byte at a time, it was a tenth
    /// of an import's time.
    private func encode(_ id: RecordID, _ cells: [Value?]) {
        var length = 2
        for part in id.parts { length += Self.encodedSize(part) }
        for cell in cells { length += cell.map(Self.encodedSize) ?? 1 }
        let start = pending.count
        pending.append(contentsOf: repeatElement(0, count: 4 + length))
        pending.withUnsafeMutableBytes { buffer in
            var writer = Writer(buffer: buffer, at: start)
            writer.put(UInt32(length))
            writer.put(UInt8(id.isPrimaryKey ? 1 : 0))
            writer.put(UInt8(truncatingIfNeeded: id.parts.count))
            for part in id.parts { writer.put(part) }
            for cell in cells {
                if let cell { writer.put(cell) } else { writer.put(Tag.absent.rawValue) }
            }
        }
    }

    /// The bytes `Writer.put(_: Value)` writes for `value`.
    private static func encodedSize(_ value: Value) -> Int {
        switch value {
        case .null: 1
        case .integer, .real: 9
        case .text(let text): 5 + text.utf8.count
        case .rawText(let bytes), .blob(let bytes): 5 + bytes.count
        }
    }

    /// Writes into bytes already made room for, from `at` on.
    private struct Writer {
        let buffer: UnsafeMutableRawBufferPointer
        var at: Int

        mutating func put(_ byte: UInt8) {
            buffer[at] = byte
            at += 1
        }

        mutating func put<T: FixedWidthInteger>(_ number: T) {
            buffer.storeBytes(of: number.littleEndian, toByteOffset: at, as: T.self)
            at += MemoryLayout<T>.size
        }

        mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
            put(UInt32(bytes.count))
            if let base = bytes.baseAddress, !bytes.isEmpty {
                (buffer.baseAddress! + at).copyMemory(from: base, byteCount: bytes.count)
            }
            at += bytes.count
        }

        mutating func put(_ value: Value) {
            switch value {
            case .null: put(Tag.null.rawValue)
            case .integer(let n):
                put(Tag.integer.rawValue)
                put(n)
            case .real(let d):
                put(Tag.real.rawValue)
                put(d.bitPattern)
            case .text(var text):
                put(Tag.text.rawValue)
                text.withUTF8 { put($0) }
            case .rawText(let bytes):
                put(Tag.rawText.rawValue)
                bytes.withUnsafeBufferPointer { put($0) }
            case .blob(let bytes):
                put(Tag.blob.rawValue)
                bytes.withUnsafeBufferPointer { put($0) }
            }
        }
    }

    private func decode(_ buffer: [UInt8], _ position: inout Int) throws -> Record {
        let isPrimaryKey = buffer[position] == 1
        let partCount = Int(buffer[position + 1])
        position += 2
        var parts: [Value] = []
        for _ in 0..<partCount { parts.append(try decodeValue(buffer, &position) ?? .null) }
        var values: [String: Value] = [:]
        for name in fields {
            if let value = try decodeValue(buffer, &position) { values[name] = value }
        }
        return Record(id: RecordID(parts: parts, isPrimaryKey: isPrimaryKey), values: values)
    }

    /// A value, or nil for a field the row had none of.
    private func decodeValue(_ buffer: [UInt8], _ position: inout Int) throws -> Value? {
        guard let tag = Tag(rawValue: buffer[position]) else { throw StoreError.undoStorage("the rows kept for undo are damaged") }
        position += 1
        func word() -> UInt64 {
            var n: UInt64 = 0
            for i in 0..<8 { n |= UInt64(buffer[position + i]) << (8 * i) }
            position += 8
            return n
        }
        func payload() -> [UInt8] {
            var length = 0
            for i in 0..<4 { length |= Int(buffer[position + i]) << (8 * i) }
            position += 4
            defer { position += length }
            return Array(buffer[position..<position + length])
        }
        switch tag {
        case .absent: return nil
        case .null: return .null
        case .integer: return .integer(Int64(bitPattern: word()))
        case .real: return .real(Double(bitPattern: word()))
        case .text: return .text(String(decoding: payload(), as: UTF8.self))
        case .rawText: return .rawText(payload())
        case .blob: return .blob(payload())
        }
    }

    private enum Tag: UInt8 {
        case absent, null, integer, real, text, rawText, blob
    }
}

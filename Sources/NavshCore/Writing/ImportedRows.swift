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

    func append(_ rows: [Record]) throws {
        for row in rows {
            count += 1
            if first.count < Self.held { first.append(row); continue }
            encode(row)
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
                guard read > 0 else { throw StoreError.other("cannot read back the rows kept for undo") }
                buffer += chunk[0..<read]
                offset += read
            }
            return true
        }
        // Each row is its length, then its bytes.
        while try have(4) {
            var length = 0
            for i in 0..<4 { length |= Int(buffer[position + i]) << (8 * i) }
            guard try have(4 + length) else { throw StoreError.other("the rows kept for undo are cut short") }
            position += 4
            let end = position + length
            let row = try decode(buffer, &position)
            guard position == end else { throw StoreError.other("the rows kept for undo are damaged") }
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
            guard spill >= 0 else { throw StoreError.other("cannot make a file for the rows kept for undo") }
            unlink(String(cString: template))
        }
        var rest = pending[...]
        while !rest.isEmpty {
            let count = rest.withUnsafeBytes { pwrite(spill, $0.baseAddress, $0.count, off_t(written)) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw StoreError.other("cannot write the rows kept for undo") }
            written += count
            rest = rest.dropFirst(count)
        }
        pending.removeAll(keepingCapacity: true)
    }

    // MARK: Rows as bytes

    private func encode(_ row: Record) {
        let lengthAt = pending.count
        pending += [0, 0, 0, 0]
        pending.append(row.id.isPrimaryKey ? 1 : 0)
        pending.append(UInt8(truncatingIfNeeded: row.id.parts.count))
        for part in row.id.parts { encode(part) }
        for name in fields {
            if let value = row.values[name] { encode(value) } else { pending.append(Tag.absent.rawValue) }
        }
        let length = UInt32(pending.count - lengthAt - 4)
        for i in 0..<4 { pending[lengthAt + i] = UInt8(truncatingIfNeeded: length >> (8 * UInt32(i))) }
    }

    private func encode(_ value: Value) {
        func bytes(_ tag: Tag, _ payload: [UInt8]) {
            pending.append(tag.rawValue)
            withUnsafeBytes(of: UInt32(payload.count).littleEndian) { pending += $0 }
            pending += payload
        }
        switch value {
        case .null: pending.append(Tag.null.rawValue)
        case .integer(let n):
            pending.append(Tag.integer.rawValue)
            withUnsafeBytes(of: n.littleEndian) { pending += $0 }
        case .real(let d):
            pending.append(Tag.real.rawValue)
            withUnsafeBytes(of: d.bitPattern.littleEndian) { pending += $0 }
        case .text(let text): bytes(.text, Array(text.utf8))
        case .rawText(let raw): bytes(.rawText, raw)
        case .blob(let blob): bytes(.blob, blob)
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
        guard let tag = Tag(rawValue: buffer[position]) else { throw StoreError.other("the rows kept for undo are damaged") }
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

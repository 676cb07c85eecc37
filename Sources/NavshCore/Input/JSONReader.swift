/// A JSON document as read (the core has no Foundation): enough of RFC 8259
/// to read back the JSON Lines that `export` writes, and any other.
indirect enum JSONValue: Equatable {
    case null
    case bool(Bool)
    /// The number as written, so a whole number keeps all 64 bits.
    case number(String)
    case string(String)
    case array([JSONValue])
    /// Members in the order written.
    case object([(String, JSONValue)])

    static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)), (.string(let x), .string(let y)): return x == y
        case (.array(let x), .array(let y)): return x == y
        case (.object(let x), .object(let y)): return x.map(\.0) == y.map(\.0) && x.map(\.1) == y.map(\.1)
        default: return false
        }
    }
}

/// Parses one JSON document from UTF-8 bytes.
struct JSONReader {
    struct Malformed: Error, Equatable {
        var problem: String
    }

    private let bytes: [UInt8]
    private var i = 0
    /// Nesting limit: a hostile file cannot exhaust the stack.
    private static let deepest = 64

    static func parse(_ bytes: [UInt8]) throws(Malformed) -> JSONValue {
        var reader = JSONReader(bytes: bytes)
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.i == bytes.count else { throw Malformed(problem: "text after the JSON value at byte \(reader.i + 1)") }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private mutating func skipSpace() {
        while i < bytes.count, [32, 9, 10, 13].contains(bytes[i]) { i += 1 }
    }

    private mutating func value(depth: Int) throws(Malformed) -> JSONValue {
        guard depth < Self.deepest else { throw Malformed(problem: "nested more than \(Self.deepest) deep") }
        skipSpace()
        guard i < bytes.count else { throw Malformed(problem: "a value is missing at the end") }
        switch bytes[i] {
        case UInt8(ascii: "{"):
            i += 1
            var members: [(String, JSONValue)] = []
            skipSpace()
            if i < bytes.count && bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
            while true {
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw expected("a member name in quotes") }
                let name = try string()
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw expected("':'") }
                i += 1
                members.append((name, try value(depth: depth + 1)))
                skipSpace()
                guard i < bytes.count else { throw expected("',' or '}'") }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
                throw expected("',' or '}'")
            }
        case UInt8(ascii: "["):
            i += 1
            var elements: [JSONValue] = []
            skipSpace()
            if i < bytes.count && bytes[i] == UInt8(ascii: "]") { i += 1; return .array(elements) }
            while true {
                elements.append(try value(depth: depth + 1))
                skipSpace()
                guard i < bytes.count else { throw expected("',' or ']'") }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(elements) }
                throw expected("',' or ']'")
            }
        case UInt8(ascii: "\""):
            return .string(try string())
        case UInt8(ascii: "t"): try word("true"); return .bool(true)
        case UInt8(ascii: "f"): try word("false"); return .bool(false)
        case UInt8(ascii: "n"): try word("null"); return .null
        default:
            return .number(try number())
        }
    }

    private func expected(_ what: String) -> Malformed {
        Malformed(problem: "expected \(what) at byte \(i + 1)")
    }

    private mutating func word(_ text: String) throws(Malformed) {
        let want = Array(text.utf8)
        guard i + want.count <= bytes.count, Array(bytes[i..<(i + want.count)]) == want else {
            throw expected("a value")
        }
        i += want.count
    }

    private mutating func number() throws(Malformed) -> String {
        let start = i
        while i < bytes.count, "+-0123456789.eE".utf8.contains(bytes[i]) { i += 1 }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        guard !text.isEmpty, Double(text) != nil, text.first != "+" else { throw expected("a value") }
        return text
    }

    private mutating func string() throws(Malformed) -> String {
        i += 1  // the opening quote
        var out: [UInt8] = []
        while i < bytes.count {
            let byte = bytes[i]
            switch byte {
            case UInt8(ascii: "\""):
                i += 1
                guard let text = String(validating: out, as: UTF8.self) else {
                    throw Malformed(problem: "a string is not valid UTF-8")
                }
                return text
            case UInt8(ascii: "\\"):
                guard i + 1 < bytes.count else { throw expected("an escape") }
                i += 1
                switch bytes[i] {
                case UInt8(ascii: "\""): out.append(UInt8(ascii: "\""))
                case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\"))
                case UInt8(ascii: "/"): out.append(UInt8(ascii: "/"))
                case UInt8(ascii: "b"): out.append(8)
                case UInt8(ascii: "f"): out.append(12)
                case UInt8(ascii: "n"): out.append(10)
                case UInt8(ascii: "r"): out.append(13)
                case UInt8(ascii: "t"): out.append(9)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800..<0xDC00).contains(scalar) {
                        // A surrogate pair: the low half must follow.
                        guard i + 2 < bytes.count, bytes[i + 1] == UInt8(ascii: "\\"), bytes[i + 2] == UInt8(ascii: "u") else {
                            throw Malformed(problem: "a lone surrogate in a string")
                        }
                        i += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw Malformed(problem: "a lone surrogate in a string") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let unicode = Unicode.Scalar(scalar) else { throw Malformed(problem: "a lone surrogate in a string") }
                    out += Array(String(Character(unicode)).utf8)
                default: throw expected("an escape")
                }
                i += 1
            case 0..<32:
                throw Malformed(problem: "a control character inside a string (write it as \\u escape)")
            default:
                out.append(byte)
                i += 1
            }
        }
        throw Malformed(problem: "a string is never closed")
    }

    /// The four hex digits after `\u`, leaving `i` on the last.
    private mutating func hex4() throws(Malformed) -> UInt32 {
        guard i + 4 < bytes.count else { throw expected("four hex digits") }
        var value: UInt32 = 0
        for k in 1...4 {
            let b = bytes[i + k]
            let digit: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(b - UInt8(ascii: "A") + 10)
            default: throw expected("four hex digits")
            }
            value = value << 4 | digit
        }
        i += 4
        return value
    }
}

extension Base64 {
    /// RFC 4648 base64 (padding optional); nil for anything else.
    static func decode(_ text: String) -> [UInt8]? {
        var out: [UInt8] = []
        var buffer: UInt32 = 0, bits = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "=") { break }
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): digit = UInt32(byte - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): digit = UInt32(byte - UInt8(ascii: "a") + 26)
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0") + 52)
            case UInt8(ascii: "+"): digit = 62
            case UInt8(ascii: "/"): digit = 63
            default: return nil
            }
            buffer = buffer << 6 | digit
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
            }
        }
        return out
    }
}

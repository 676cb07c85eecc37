/// JSON text for `--format json` and `.jsonl` exports, written by hand (the
/// core has no Foundation). Every control character, C1 and the line
/// separators included, is a `\u` escape, so a document is one line and
/// safe on a terminal whatever the data holds.
public enum JSONText {
    public static func string(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 2)
            out.append(UInt8(ascii: "\""))
            var i = 0
            // Byte by byte, a scalar decoded only where a byte is not ASCII:
            // appended a scalar at a time, an export of 900 MB took minutes.
            while i < bytes.count {
                // A run of bytes that need no escape, copied at once.
                let start = i
                while i < bytes.count, bytes[i] >= 0x20 && bytes[i] < 0x7F && bytes[i] != UInt8(ascii: "\"")
                        && bytes[i] != UInt8(ascii: "\\") {
                    i += 1
                }
                if i > start { out.append(contentsOf: bytes[start..<i]) }
                guard i < bytes.count else { break }
                let byte = bytes[i]
                let length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                let end = min(i + length, bytes.count)
                var value = length == 1 ? UInt32(byte) : UInt32(byte) & (0xFF >> (length + 1))
                for next in bytes[(i + 1)..<end] { value = value << 6 | UInt32(next & 0x3F) }
                switch value {
                case 0x22: out += Array("\\\"".utf8)
                case 0x5C: out += Array("\\\\".utf8)
                case 0x0A: out += Array("\\n".utf8)
                case 0x09: out += Array("\\t".utf8)
                case 0x0D: out += Array("\\r".utf8)
                default:
                    if let scalar = Unicode.Scalar(value), TextLayout.isControl(scalar) {
                        // Beyond U+FFFF as a pair of UTF-16 escapes, as JSON spells it.
                        for unit in String(scalar).utf16 { out += escaped(unit) }
                    } else {
                        out += bytes[i..<end]
                    }
                }
                i = end
            }
            out.append(UInt8(ascii: "\""))
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// `\u00ad`: four hex digits.
    private static func escaped(_ unit: UInt16) -> [UInt8] {
        let digits = Array("0123456789abcdef".utf8)
        return Array("\\u".utf8) + [12, 8, 4, 0].map { digits[Int(unit >> UInt16($0) & 0xF)] }
    }

    /// A value as its JSON type: numbers, null, strings; a blob as
    /// `{"base64": …}`; text whose bytes are not UTF-8 as `{"text_base64": …}`;
    /// an infinite real as `1e999` / `-1e999` (read back as infinity), and
    /// PostgreSQL's NaN as `"NaN"`: written `null`, it came back NULL.
    static func value(_ value: Value) -> String {
        switch value {
        case .null: return "null"
        case .integer(let n): return String(n)
        case .real(let d):
            if d.isNaN { return string("NaN") }
            if d.isInfinite { return d < 0 ? "-1e999" : "1e999" }
            return "\(d)"
        case .text(let text): return string(text)
        case .rawText(let bytes): return object([("text_base64", string(Base64.encode(bytes)))])
        case .blob(let bytes): return object([("base64", string(Base64.encode(bytes)))])
        }
    }

    /// A boolean column's value: `true` or `false` for 1 or 0, any other as `value` writes it.
    static func value(_ value: Value, boolean: Bool) -> String {
        guard boolean, case .integer(let n) = value, n == 0 || n == 1 else { return Self.value(value) }
        return bool(n == 1)
    }

    /// `{"name": value, …}` from members already in JSON, in the given order.
    static func object(_ members: [(String, String)]) -> String {
        "{" + members.map { string($0.0) + ": " + $0.1 }.joined(separator: ", ") + "}"
    }

    static func array(_ elements: [String]) -> String {
        "[" + elements.joined(separator: ", ") + "]"
    }

    static func bool(_ flag: Bool) -> String { flag ? "true" : "false" }
}

/// RFC 4648 base64 with padding.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i < bytes.count {
            let n = min(3, bytes.count - i)
            let b0 = UInt32(bytes[i]), b1 = n > 1 ? UInt32(bytes[i + 1]) : 0, b2 = n > 2 ? UInt32(bytes[i + 2]) : 0
            let triple = b0 << 16 | b1 << 8 | b2
            for k in 0..<4 {
                out.append(k <= n ? alphabet[Int(triple >> (18 - 6 * UInt32(k)) & 63)] : UInt8(ascii: "="))
            }
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}

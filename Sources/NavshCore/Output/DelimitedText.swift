/// CSV (RFC 4180) and TSV rows as bytes, for `--format csv|tsv` and exports.
///
/// CSV, as PostgreSQL's `COPY … CSV`: NULL is an empty unquoted field and
/// the empty text is `""`, so an export reads back to the same rows; a
/// field holding a comma, quote, CR or LF, or text starting `\x` (which
/// unquoted is a blob), is quoted (quotes doubled); rows
/// end in CRLF. TSV (PostgreSQL's text format): NULL is `\N`; backslash,
/// tab, LF and CR in a text are `\\`, `\t`, `\n`, `\r`; rows end in LF.
/// In both, a blob is `\x` and its bytes in hex (PostgreSQL's bytea), and
/// text whose bytes are not UTF-8 is written byte for byte.
struct DelimitedText {
    enum Kind { case csv, tsv }
    let kind: Kind
    /// Going to a terminal: control characters in values are escaped
    /// (`TextLayout.printable`), which a file or pipe never needs.
    var forTerminal = false

    func row(_ fields: [Value]) -> [UInt8] {
        var out: [UInt8] = []
        for (i, value) in fields.enumerated() {
            if i > 0 { out.append(kind == .csv ? UInt8(ascii: ",") : UInt8(ascii: "\t")) }
            out += field(value)
        }
        out += kind == .csv ? [13, 10] : [10]
        return out
    }

    func header(_ names: [String]) -> [UInt8] { row(names.map { .text($0) }) }

    func field(_ value: Value) -> [UInt8] {
        switch value {
        case .null: return kind == .csv ? [] : Array("\\N".utf8)
        case .integer(let n): return Array(String(n).utf8)
        case .real(let d): return Array((d.isNaN ? "NaN" : d.isInfinite ? (d < 0 ? "-Inf" : "Inf") : "\(d)").utf8)
        case .text(let text): return escaped(Array((forTerminal ? TextLayout.printable(text) : text).utf8))
        case .rawText(let bytes):
            return escaped(forTerminal ? Array(TextLayout.printable(ValueText.raw(value)).utf8) : bytes)
        case .blob(let bytes): return Array(("\\x" + Self.hex(bytes)).utf8)
        }
    }

    private func escaped(_ bytes: [UInt8]) -> [UInt8] {
        switch kind {
        case .csv:
            let special: Set<UInt8> = [UInt8(ascii: ","), UInt8(ascii: "\""), 10, 13]
            // Text that reads as a blob (`\x…`) is quoted: unquoted, it is one (`import`).
            let looksLikeBlob = bytes.count >= 2 && bytes[0] == UInt8(ascii: "\\") && bytes[1] == UInt8(ascii: "x")
            guard bytes.isEmpty || looksLikeBlob || bytes.contains(where: special.contains) else { return bytes }
            var out: [UInt8] = [UInt8(ascii: "\"")]
            for byte in bytes {
                out.append(byte)
                if byte == UInt8(ascii: "\"") { out.append(byte) }
            }
            return out + [UInt8(ascii: "\"")]
        case .tsv:
            var out: [UInt8] = []
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "\\"): out += Array("\\\\".utf8)
                case 9: out += Array("\\t".utf8)
                case 10: out += Array("\\n".utf8)
                case 13: out += Array("\\r".utf8)
                default: out.append(byte)
                }
            }
            return out
        }
    }

    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 15)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}

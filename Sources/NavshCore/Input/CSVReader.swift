/// Reads the CSV that `export` writes (RFC 4180, as PostgreSQL's `COPY …
/// CSV`): fields split by commas, a quoted field may hold commas, quotes
/// (doubled) and line breaks, rows end in CRLF or LF. Whether a field was
/// quoted is kept, since that is what tells NULL (an empty unquoted field)
/// from the empty text (`""`).
struct CSVReader {
    struct Field: Equatable {
        var bytes: [UInt8]
        var quoted: Bool
    }

    struct Row {
        /// The file line the row starts on (1 for the first).
        var line: Int
        var fields: [Field]
    }

    /// A quote left open, or a quote inside an unquoted field.
    struct Malformed: Error, Equatable {
        var line: Int
        var problem: String
    }

    /// Every row of `bytes`; a last line without its line break counts, an
    /// empty last line does not.
    static func rows(_ bytes: [UInt8]) throws(Malformed) -> [Row] {
        let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ","), cr: UInt8 = 13, lf: UInt8 = 10
        var rows: [Row] = []
        var fields: [Field] = []
        var field: [UInt8] = []
        var quoted = false
        var line = 1, rowLine = 1
        var i = 0
        let n = bytes.count
        func endField() {
            fields.append(Field(bytes: field, quoted: quoted))
            field = []
            quoted = false
        }
        while i < n {
            let byte = bytes[i]
            if byte == quote && field.isEmpty && !quoted {
                // A quoted field: up to the closing quote, doubled quotes kept once.
                quoted = true
                let opened = line
                i += 1
                var closed = false
                while i < n {
                    let b = bytes[i]
                    if b == quote {
                        if i + 1 < n && bytes[i + 1] == quote { field.append(quote); i += 2; continue }
                        i += 1
                        closed = true
                        break
                    }
                    if b == lf { line += 1 }
                    field.append(b)
                    i += 1
                }
                guard closed else { throw Malformed(line: opened, problem: "a quoted field is never closed") }
                if i < n && bytes[i] != comma && bytes[i] != cr && bytes[i] != lf {
                    throw Malformed(line: line, problem: "text after a closing quote (a quote inside a field is doubled: \"\")")
                }
                continue
            }
            switch byte {
            case comma:
                endField()
                i += 1
            case cr where i + 1 < n && bytes[i + 1] == lf, lf:
                endField()
                rows.append(Row(line: rowLine, fields: fields))
                fields = []
                i += byte == cr ? 2 : 1
                line += 1
                rowLine = line
            case quote:
                throw Malformed(line: line, problem: "a quote inside an unquoted field (quote the field, doubling the quote)")
            default:
                field.append(byte)
                i += 1
            }
        }
        if !field.isEmpty || quoted || !fields.isEmpty {
            endField()
            rows.append(Row(line: rowLine, fields: fields))
        }
        return rows
    }

    /// `\x` and hex digits, as `export` writes a blob; nil for anything else.
    static func hexBlob(_ bytes: [UInt8]) -> [UInt8]? {
        guard bytes.count >= 2, bytes[0] == UInt8(ascii: "\\"), bytes[1] == UInt8(ascii: "x"), bytes.count % 2 == 0
        else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count / 2 - 1)
        var i = 2
        while i < bytes.count {
            guard let high = hexDigit(bytes[i]), let low = hexDigit(bytes[i + 1]) else { return nil }
            out.append(high << 4 | low)
            i += 2
        }
        return out
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}

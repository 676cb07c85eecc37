/// Reads the CSV that `export` writes (RFC 4180, as PostgreSQL's `COPY …
/// CSV`): fields split by commas, a quoted field may hold commas, quotes
/// (doubled) and line breaks, rows end in CRLF or LF. Whether a field was
/// quoted is kept, since that is what tells NULL (an empty unquoted field)
/// from the empty text (`""`).
struct CSVReader {
    struct Field: Equatable {
        /// A slice of the bytes read where it could be (no copy), else its own.
        var bytes: ArraySlice<UInt8>
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
    /// empty last line does not. A field is cut out of the bytes whole, not
    /// built a byte at a time: that was most of reading an import's file.
    static func rows(_ bytes: [UInt8]) throws(Malformed) -> [Row] {
        try rows(in: bytes[...])
    }

    /// The fields of one record (its line breaks all quoted), read as its
    /// first row; an empty record is one empty field.
    /// `expected`: how many fields a record has (the header's count), room made for them at once.
    static func fields(_ bytes: ArraySlice<UInt8>, expected: Int = 0) throws(Malformed) -> [Field] {
        try rows(in: bytes, onlyFirst: true, expected: expected).first?.fields ?? [Field(bytes: [], quoted: false)]
    }

    private static func rows(in array: ArraySlice<UInt8>, onlyFirst: Bool = false, expected: Int = 0) throws(Malformed) -> [Row] {
        try array.withUnsafeBufferPointer { (bytes) throws(Malformed) in
            try rows(in: bytes, of: array, onlyFirst: onlyFirst, expected: expected)
        }
    }

    /// The rows of `array`, scanned through `bytes`, its storage; a field
    /// is a slice of `array`, whose indices start at `array.startIndex`.
    private static func rows(in bytes: UnsafeBufferPointer<UInt8>, of array: ArraySlice<UInt8>,
                             onlyFirst: Bool, expected: Int) throws(Malformed) -> [Row] {
        let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ","), cr: UInt8 = 13, lf: UInt8 = 10
        var rows: [Row] = []
        var fields: [Field] = []
        fields.reserveCapacity(expected)
        var line = 1, rowLine = 1
        var i = 0
        let n = bytes.count
        /// Whether the byte at `at` ends a field: a comma, LF, or CRLF.
        func endsField(_ at: Int) -> Bool {
            let byte = bytes[at]
            return byte == comma || byte == lf || (byte == cr && at + 1 < n && bytes[at + 1] == lf)
        }
        guard n > 0 else { return [] }
        while true {
            if i < n && bytes[i] == quote {
                // A quoted field: up to the closing quote, doubled quotes kept once.
                let opened = line
                i += 1
                let first = i
                // A slice of the record; where a quote is doubled, a copy
                // made a run at a time, each run ending in the quote kept.
                var copied: [UInt8]?
                var run = first
                while i < n {
                    let b = bytes[i]
                    if b == quote {
                        guard i + 1 < n && bytes[i + 1] == quote else { break }
                        if copied == nil {
                            copied = []
                            copied!.reserveCapacity(n - first)
                        }
                        copied!.append(contentsOf: bytes[run...i])
                        i += 2
                        run = i
                        continue
                    }
                    if b == lf { line += 1 }
                    i += 1
                }
                guard i < n else { throw Malformed(line: opened, problem: "a quoted field is never closed") }
                let field: ArraySlice<UInt8>
                if var copied {
                    copied.append(contentsOf: bytes[run..<i])
                    field = copied[...]
                } else {
                    field = array[array.startIndex + first..<array.startIndex + i]
                }
                i += 1
                if i < n && !endsField(i) {
                    throw Malformed(line: line, problem: "text after a closing quote (a quote inside a field is doubled: \"\")")
                }
                fields.append(Field(bytes: field, quoted: true))
            } else {
                let first = i
                while i < n && !endsField(i) {
                    if bytes[i] == quote {
                        throw Malformed(line: line, problem: "a quote inside an unquoted field (quote the field, doubling the quote)")
                    }
                    i += 1
                }
                fields.append(Field(bytes: array[array.startIndex + first..<array.startIndex + i], quoted: false))
            }
            if i == n {
                rows.append(Row(line: rowLine, fields: fields))
                return rows
            }
            if bytes[i] == comma {
                i += 1
                continue
            }
            // A line break (LF or CRLF) ends the row; an empty last line is none.
            i += bytes[i] == cr ? 2 : 1
            line += 1
            rows.append(Row(line: rowLine, fields: fields))
            fields = []
            fields.reserveCapacity(expected)
            rowLine = line
            if i == n || onlyFirst { return rows }
        }
    }

    /// `\x` and hex digits, as `export` writes a blob; nil for anything else.
    static func hexBlob(_ bytes: ArraySlice<UInt8>) -> [UInt8]? {
        let start = bytes.startIndex
        guard bytes.count >= 2, bytes[start] == UInt8(ascii: "\\"), bytes[start + 1] == UInt8(ascii: "x"),
              bytes.count % 2 == 0 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count / 2 - 1)
        var i = start + 2
        while i < bytes.endIndex {
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

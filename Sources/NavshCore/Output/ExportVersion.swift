/// What `export` adds to each row, as a last column, so `import --update`
/// tells a field changed elsewhere since the export from one edited in the
/// file: a digest of each value as the file holds it, and one of the
/// header. Other programs may ignore the column; `export --plain` leaves it out.
enum ExportVersion {
    static let column = "navsh_version"
    /// The form written: `1:` then eight hex digits for the header, eight per value.
    static let prefix = "1:"

    /// The column's text for one row: `values` in the file's order, `names` its header's.
    static func text(names: [String], values: [Value], format: RowFileFormat) -> String {
        prefix + hex(digest(names)) + values.map { hex(digest(written($0, format))) }.joined()
    }

    /// A row's digests: the header's, and the values' in the file's order; nil when not of this form.
    static func parse(_ text: String) -> (header: UInt32, values: [UInt32])? {
        parse(Array(text.utf8)[...])
    }

    /// `parse` of the column's bytes as the file holds them: made a
    /// string first, each row's version cost an import --update a twentieth.
    static func parse(_ bytes: ArraySlice<UInt8>) -> (header: UInt32, values: [UInt32])? {
        guard bytes.starts(with: prefix.utf8) else { return nil }
        var numbers: [UInt32] = []
        numbers.reserveCapacity(bytes.count / 8)
        var number: UInt32 = 0
        var digits = 0
        // Read digit by digit: a string and a parse for each value was a
        // twentieth of an import --update.
        for byte in bytes.dropFirst(prefix.utf8.count) {
            guard let digit = hexDigit(byte) else { return nil }
            number = number << 4 | digit
            digits += 1
            if digits % 8 == 0 {
                numbers.append(number)
                number = 0
            }
        }
        guard digits > 0, digits % 8 == 0 else { return nil }
        return (numbers[0], Array(numbers.dropFirst()))
    }

    /// The value of one hex digit, either case, as `UInt32(_:radix:)` reads it.
    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    /// The digest of a header's names, in order.
    static func digest(_ names: [String]) -> UInt32 {
        fnv(Array(names.joined(separator: "\u{0}").utf8))
    }

    /// The digest of a value as the file reads it: a stored value is first
    /// written as `export` writes it and read back, so both sides compare alike.
    static func digest(_ value: ImportedValue) -> UInt32 {
        switch value {
        case .csv(let bytes, let quoted): return fnv(quoted ? 1 : 0, bytes)
        case .tsv(nil): return fnv(2, [])
        case .tsv(let bytes?): return fnv(3, bytes)
        case .blob(let bytes): return fnv(4, bytes)
        case .json(.null): return fnv(5, [])
        case .json(.bool(let flag)): return fnv(6, [flag ? 1 : 0])
        case .json(.number(let number)): return fnv(7, number.utf8)
        case .json(.string(let string)): return fnv(8, string.utf8)
        case .json(let other): return fnv(9, String(describing: other).utf8)
        }
    }

    /// `digest(written(value, format))`, without the copy of each text
    /// that `written` makes: an integer or a text in a CSV file is hashed
    /// as the bytes `export` writes.
    static func storedDigest(_ value: Value, _ format: RowFileFormat) -> UInt32 {
        guard case .csv = format else { return digest(written(value, format)) }
        switch value {
        case .null: return fnv(0, [])
        case .integer(let number): return fnv(0, String(number).utf8)
        case .text(let text): return fnv(quotedInCSV(text.utf8) ? 1 : 0, text.utf8)
        default: return digest(written(value, format))
        }
    }

    /// Whether `export` quotes a text in a CSV file: when empty, when it
    /// reads as a blob's hex, or when it holds a comma, a quote or a line break.
    private static func quotedInCSV(_ bytes: String.UTF8View) -> Bool {
        var first: UInt8?
        var count = 0
        for byte in bytes {
            if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == 10 || byte == 13 { return true }
            if count == 0 { first = byte }
            if count == 1, first == UInt8(ascii: "\\"), byte == UInt8(ascii: "x") { return true }
            count += 1
        }
        return count == 0
    }

    /// A CSV field quoted the other way. Spreadsheets and Python's csv
    /// module write `""` back as an empty field: quoting alone is no edit,
    /// or every empty text in the file came back NULL.
    static func requoted(_ value: ImportedValue) -> ImportedValue {
        guard case .csv(let bytes, let quoted) = value else { return value }
        return .csv(bytes, quoted: !quoted)
    }

    /// A stored value as the file holds it once written by `export`.
    static func written(_ value: Value, _ format: RowFileFormat) -> ImportedValue {
        switch format {
        case .csv:
            // What the writer writes and the reader reads back, without
            // either: a tenth of an import --update of 100,000 rows.
            switch value {
            case .null: return .csv([], quoted: false)
            case .integer(let number): return .csv(ArraySlice(String(number).utf8), quoted: false)
            case .text(let text):
                return .csv(ArraySlice(text.utf8), quoted: quotedInCSV(text.utf8))
            default: return readBack(value)
            }
        case .tsv:
            return ImportFile.tsvFields(DelimitedText(kind: .tsv).field(value)[...]).first ?? .tsv(nil)
        case .jsonLines:
            return .json((try? JSONReader.parse(Array(JSONText.value(value).utf8))) ?? .null)
        }
    }

    /// A value written as a CSV field by `export` and read back by `import`.
    static func readBack(_ value: Value) -> ImportedValue {
        let field = (try? CSVReader.fields(DelimitedText(kind: .csv).field(value)[...]))?.first
        return .csv(field?.bytes ?? [], quoted: field?.quoted ?? false)
    }

    private static func hex(_ number: UInt32) -> String {
        let digits = String(number, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }

    /// FNV-1a, 32 bits: a change made elsewhere to one field is missed once in four billion.
    private static func fnv(_ bytes: some Sequence<UInt8>, from start: UInt32 = 2_166_136_261) -> UInt32 {
        var hash = start
        for byte in bytes { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return hash
    }

    /// `fnv([kind] + bytes)`, without making that array.
    private static func fnv(_ kind: UInt8, _ bytes: some Sequence<UInt8>) -> UInt32 {
        fnv(bytes, from: fnv(CollectionOfOne(kind)))
    }
}

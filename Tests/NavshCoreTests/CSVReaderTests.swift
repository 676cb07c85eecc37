@testable import NavshCore
import Testing

/// The CSV an import reads, field by field: what tells NULL from the empty
/// text, quotes doubled inside a field, line breaks inside quotes, and the
/// line a malformed record is reported at.
@Suite struct CSVReaderTests {
    /// Each row's fields, a quoted one in quotes, NULL as `∅`.
    private static func read(_ text: String) throws(CSVReader.Malformed) -> [[String]] {
        try CSVReader.rows(Array(text.utf8)).map { row in
            row.fields.map { field in
                let text = String(decoding: field.bytes, as: UTF8.self)
                return field.quoted ? "\"\(text)\"" : (text.isEmpty ? "∅" : text)
            }
        }
    }

    @Test func fieldsAreSplitAtCommasAndRowsAtLineBreaks() throws {
        #expect(try Self.read("a,b\r\nc,d\ne,f") == [["a", "b"], ["c", "d"], ["e", "f"]])
    }

    @Test func anEmptyUnquotedFieldIsNullAndTwoQuotesTheEmptyText() throws {
        #expect(try Self.read(",\"\",x,\n") == [["∅", "\"\"", "x", "∅"]])
        #expect(try Self.read("\n") == [["∅"]])
        #expect(try Self.read("") == [])
    }

    @Test func aQuotedFieldHoldsCommasDoubledQuotesAndLineBreaks() throws {
        #expect(try Self.read("\"a,b\",\"say \"\"hi\"\"\",\"two\nlines\"\nnext") ==
                [["\"a,b\"", "\"say \"hi\"\"", "\"two\nlines\""], ["next"]])
        #expect(try Self.read("\"\"\"\"") == [["\"\"\""]])
    }

    /// A record is a slice of the file's chunk, its indices not from zero.
    @Test func aRecordsFieldsAreThoseOfItsFirstRow() throws {
        #expect(try CSVReader.fields(Array("a\nx,\"y\"".utf8)[2...]) ==
                [CSVReader.Field(bytes: Array("x".utf8)[...], quoted: false), CSVReader.Field(bytes: Array("y".utf8)[...], quoted: true)])
        #expect(try CSVReader.fields([][...]) == [CSVReader.Field(bytes: [], quoted: false)])
    }

    @Test func malformedQuotesAreReportedAtTheirLine() {
        #expect(throws: CSVReader.Malformed(line: 2, problem: "a quoted field is never closed")) {
            try Self.read("a\n\"open,\nb")
        }
        #expect(throws: CSVReader.Malformed(line: 1, problem: "a quote inside an unquoted field (quote the field, doubling the quote)")) {
            try Self.read("ab\"c")
        }
        #expect(throws: CSVReader.Malformed(line: 3, problem: "text after a closing quote (a quote inside a field is doubled: \"\")")) {
            try Self.read("x\n\"a\nb\"c")
        }
    }

    @Test func aBlobIsBackslashXAndAnEvenCountOfHexDigits() {
        #expect(CSVReader.hexBlob(Array("\\x0aFF".utf8)[...]) == [0x0A, 0xFF])
        #expect(CSVReader.hexBlob(Array("\\x".utf8)[...]) == [])
        #expect(CSVReader.hexBlob(Array("\\x0".utf8)[...]) == nil)
        #expect(CSVReader.hexBlob(Array("\\xzz".utf8)[...]) == nil)
        // At an offset, as a field cut from a record is.
        #expect(CSVReader.hexBlob(Array("a,\\x01".utf8)[2...]) == [0x01])
    }
}

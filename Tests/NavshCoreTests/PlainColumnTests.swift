@testable import NavshCore
import NavshTestSupport
import Testing

/// An import reads a plain column's values straight from their bytes: each
/// must be the value `set` would store for the same text, or left to `set`'s
/// own reading.
@Suite struct PlainColumnTests {
    private static let fields = [Field(name: "t", kind: .text), Field(name: "i", kind: .integer), Field(name: "r", kind: .real)]

    /// What the plain reading gives, checked against `set`'s where it gives one.
    private static func plainMatchesSet(_ text: String, _ field: Field, quoted: Bool = false) throws -> Bool {
        let plain = try #require(PlainColumn(field))
        guard let value = plain.value(Array(text.utf8)[...], quoted: quoted) else { return false }
        let typed = try ValueParser.parse(text, for: field, thisYear: 2026)
        #expect(value == typed, "\(text) in \(field.name): \(value) against \(typed)")
        if case .real(let a) = value, case .real(let b) = typed { #expect(a.bitPattern == b.bitPattern, "\(text)") }
        return true
    }

    @Test func readsWhatSetReadsAndLeavesTheRestToIt() throws {
        let (text, integer, real) = (Self.fields[0], Self.fields[1], Self.fields[2])
        for typed in ["Gort", "a, \"b\"", " spaced "] { #expect(try Self.plainMatchesSet(typed, text)) }
        for typed in ["0", "-0", "42", "-7", "007", "999999999999999999"] { #expect(try Self.plainMatchesSet(typed, integer)) }
        for typed in ["0", "-0", "0.5", "-12.25", "3", "0.142857142857143", "100000000000000", "0.0000000000000000000001",
                      "0.14285714285714285", "-123456789012345678901234567.5", "1.0000000000000001", "-0.00000000000000000000000"] {
            #expect(try Self.plainMatchesSet(typed, real))
        }
        // Left to `set`: a sign or exponent it also takes, 19 digits, text beyond ASCII, a blob marker.
        for (typed, field) in [("+5", integer), ("9223372036854775807", integer), ("1e3", real), (".5", real),
                               ("5.", real), ("1.2.3", real), (String(repeating: "1", count: 41), real), ("-", real), ("nan", real), ("café", text), ("\\x00", text)] {
            #expect(try !Self.plainMatchesSet(typed, field), "\(typed) read plainly")
        }
    }

    @Test func anEmptyFieldIsTheEmptyTextOnlyWhenQuoted() throws {
        let plain = try #require(PlainColumn(Self.fields[0]))
        #expect(plain.value([], quoted: true) == .text(""))
        #expect(plain.value([], quoted: false) == nil)
    }

    @Test func aFieldWithChoicesRangeOrReferenceIsNotPlain() {
        var choices = Self.fields[0]
        choices.choices = ["a", "b"]
        var ranged = Self.fields[1]
        ranged.minimum = .number(0)
        var referring = Self.fields[1]
        referring.references = Reference(collection: "owners")
        #expect(PlainColumn(choices) == nil && PlainColumn(ranged) == nil && PlainColumn(referring) == nil)
        #expect(PlainColumn(Field(name: "d", kind: .date)) == nil)
    }

    /// Random decimals of up to 15 digits read bit for bit as strtod reads them.
    @Test func decimalsRoundAsStrtodDoes() {
        var random = SeededRandom(seed: 12)
        for _ in 0..<20_000 {
            let zeros = String(repeating: "0", count: Int(random.next(upTo: 4)))
            let length = Int(random.next(upTo: 15)) + 1
            var digits = (0..<length).map { _ in Character(String(random.next(upTo: 10))) }
            let point = Int(random.next(upTo: UInt64(length + 1)))
            if point > 0 && point < length { digits.insert(".", at: point) }
            let text = (random.next(upTo: 2) == 0 ? "-" : "") + zeros + String(digits)
            let expected = Double(text).map { $0 == 0 ? 0 : $0 }
            #expect(PlainColumn.decimal(Array(text.utf8)[...])?.bitPattern == expected?.bitPattern, "\(text)")
        }
    }
}

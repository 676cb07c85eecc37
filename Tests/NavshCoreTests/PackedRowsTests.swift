@testable import NavshCore
import Testing

/// A batch keeps its rows as bytes: each row must come back exactly as it
/// went in, every kind of value and identity, or a save would check the
/// wrong values.
@Suite struct PackedRowsTests {
    @Test func everyValueAndIdentityComesBackAsItWent() {
        let names = ["n", "i", "r", "t", "raw", "b"]
        let rows = [
            Record(id: RecordID(parts: [.integer(1)], isPrimaryKey: false), names: FieldNames(names),
                   cells: [.null, .integer(0), .real(-0.0), .text(""), .rawText([0xFF, 0x00]), .blob([])]),
            Record(id: RecordID(parts: [.text("DE"), .integer(-7)], isPrimaryKey: true), names: FieldNames(names),
                   cells: [.null, .integer(Int64.min), .real(.greatestFiniteMagnitude), .text("木彫りの熊 🐱\u{0}x"),
                           .rawText([]), .blob([1, 2, 3])]),
            Record(id: RecordID(parts: [], isPrimaryKey: true), names: FieldNames(names),
                   cells: [.integer(Int64.max), .integer(-1), .real(1.5e-300), .text(String(repeating: "a", count: 300)),
                           .null, .blob(Array(repeating: 0x80, count: 200))]),
        ]
        var packed = PackedRows(fields: names)
        for row in rows { packed.append(row) }
        #expect(packed.count == 3)
        for (place, row) in rows.enumerated() {
            #expect(packed[place].id == row.id)
            #expect(packed[place].names == names)
            for name in names { #expect(packed[place][name] == row[name], "\(place) \(name)") }
            if case .real(let d) = packed[place]["r"], case .real(let e) = row["r"] {
                #expect(d.bitPattern == e.bitPattern, "-0.0 stays -0.0")
            }
        }
    }

    @Test func aRowReadWithOtherNamesIsKeptByName() {
        var packed = PackedRows(fields: ["a", "b"])
        packed.append(Record(id: RecordID(parts: [.integer(1)], isPrimaryKey: true), names: FieldNames(["b", "a"]),
                             cells: [.text("bee"), .text("ay")]))
        packed.append(Record(id: RecordID(parts: [.integer(2)], isPrimaryKey: true), names: FieldNames(["a"]),
                             cells: [.text("only a")]))
        #expect(packed[0]["a"] == .text("ay") && packed[0]["b"] == .text("bee"))
        #expect(packed[1]["a"] == .text("only a") && packed[1]["b"] == .null)
    }

    @Test func rowsAcrossPiecesAndOneLargerThanAPieceComeBack() {
        var packed = PackedRows(fields: ["t"])
        let big = String(repeating: "x", count: PackedRows.chunkSize * 2)
        var texts = (0..<5_000).map { String(repeating: Character(UnicodeScalar(65 + $0 % 26)!), count: 300 + $0 % 7) }
        texts.insert(big, at: 2_500)
        for (n, text) in texts.enumerated() {
            packed.append(Record(id: RecordID(parts: [.integer(Int64(n))], isPrimaryKey: false),
                                 names: FieldNames(["t"]), cells: [.text(text)]))
        }
        #expect(packed.count == texts.count)
        #expect(packed.indices.allSatisfy { packed[$0]["t"] == .text(texts[$0]) && packed[$0].id.parts == [.integer(Int64($0))] })
    }

    /// An identity that repeats a field is kept once; one that does not,
    /// or a field that looked like it on the first row, is kept whole.
    @Test func anIdentityRepeatingAFieldIsKeptOnceAndCheckedOnEveryRow() {
        var packed = PackedRows(fields: ["qty", "id", "name"])
        let rows = [(1, 1, "a"), (2, 3, "b"), (5, 5, "c"), (7, 9, "d")].map { qty, id, name in
            Record(id: RecordID(parts: [.integer(Int64(id))], isPrimaryKey: true), names: FieldNames(["qty", "id", "name"]),
                   cells: [.integer(Int64(qty)), .integer(Int64(id)), .text(name)])
        }
        for row in rows { packed.append(row) }
        packed.append(Record(id: RecordID(parts: [.integer(99)], isPrimaryKey: false), names: FieldNames(["qty", "id", "name"]),
                             cells: [.integer(1), .integer(2), .text("rowid apart")]))
        #expect(packed.indices.map { packed[$0].id.parts } == [[.integer(1)], [.integer(3)], [.integer(5)], [.integer(9)], [.integer(99)]])
        #expect(packed[4].id.isPrimaryKey == false && packed[0].id.isPrimaryKey)
    }
}

@testable import NavshCore
import NavshTestSupport
import Testing

/// Many keys looked up at once (`import --update`) find, for each key,
/// the row that key alone finds: a composite key, a key no row has, and
/// a key the column's type reads otherwise than it is written.
@Suite struct KeyLookupConformanceTests {
    @Test(arguments: StoreKind.all)
    func manyKeysFindTheRowsEachKeyFindsAlone(kind: StoreKind) throws {
        let fixture = try kind.make("""
            CREATE TABLE pairs (a INTEGER NOT NULL, b TEXT NOT NULL, note TEXT, PRIMARY KEY (a, b));
            INSERT INTO pairs VALUES (1, 'x', 'one'), (1, 'y', 'two'), (2, 'x', 'three');
            """)
        let pairs = try fixture.collection("pairs")
        let keys: [[Value]] = [[.integer(2), .text("x")], [.integer(9), .text("x")], [.integer(1), .text("y")],
                               [.text("1"), .text("x")], [.integer(1), .text("X")]]
        let many = try fixture.store.records(of: pairs, keys: keys)
        let alone = try keys.map { try fixture.store.record(of: pairs, .key($0)) }
        #expect(many == alone)
        #expect(many.prefix(4).map { $0?["note"] } == [.text("three"), nil, .text("two"), .text("one")])
        #expect(many[4] == nil, "b compares by its bytes")
    }
}

@testable import NavshCore
import NavshTestSupport
import Testing

/// A CHECK that lists a field's values is found when the value is typed,
/// not at save: `set` refuses another, and `describe` lists them.
@Suite struct CheckChoicesTests {
    static let sql = """
        CREATE TABLE orders (id INTEGER PRIMARY KEY,
            status TEXT NOT NULL CHECK (status IN ('new', 'paid', 'it''s late')),
            size VARCHAR(8) CHECK (size IN ('S', 'M', 'L')), total REAL CHECK (total >= 0));
        INSERT INTO orders VALUES (1, 'new', 'S', 10);
        """

    @Test(arguments: StoreKind.all)
    func aValueTheCheckDoesNotListIsRefusedWhenTyped(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.sql)
        h.run("open orders", "open 1")
        let refused = h.run("set status shipped")
        #expect(refused.error?.message == "status: 'shipped' is not one of new, paid, it's late")
        #expect(h.run("set size XL").error?.message == "size: 'XL' is not one of S, M, L")
        // A listed value is taken as the CHECK spells it.
        #expect(h.run("set status Paid").error == nil)
        h.run("save")
        #expect(try h.value("SELECT status FROM orders WHERE id = 1") == "paid")
    }

    @Test(arguments: StoreKind.all)
    func describeListsTheChoices(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.sql)
        let described = h.output("open orders", "describe")
        #expect(described.contains("new, paid, it's late"), "\(described)")
        #expect(described.contains("S, M, L"), "\(described)")
    }

    @Test func onlyAListOfValuesForTheFieldIsAChoice() {
        #expect(CheckChoices.of("status IN ('a','b')", field: "status") == ["a", "b"])
        #expect(CheckChoices.of(#""Status" in ( 'a' , 'b' )"#, field: "Status") == ["a", "b"])
        #expect(CheckChoices.of("(status)::text = ANY ((ARRAY['a'::character varying, 'b'::character varying])::text[])",
                                     field: "status") == ["a", "b"])
        #expect(CheckChoices.of("status IN ('a') OR status IS NULL", field: "status") == nil)
        #expect(CheckChoices.of("other IN ('a')", field: "status") == nil)
        #expect(CheckChoices.of("total >= 0", field: "total") == nil)
    }
}

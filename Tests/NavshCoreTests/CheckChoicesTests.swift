@testable import NavshCore
import NavshTestSupport
import Testing

/// A CHECK that lists a field's values is found when the value is typed,
/// not at save: `set` refuses another, and `describe` lists them.
@Suite struct CheckChoicesTests {
    static let sql = """
        CREATE TABLE orders (id INTEGER PRIMARY KEY,
            status TEXT NOT NULL CHECK (status IN ('new', 'paid', 'it''s late')),
            size VARCHAR(8) CHECK (size IN ('S', 'M', 'L')), total REAL CHECK (total >= 0),
            grade TEXT CHECK (grade IN ('Ab', 'aB')));
        INSERT INTO orders VALUES (1, 'new', 'S', 10, 'Ab');
        """

    @Test(arguments: StoreKind.all)
    func aValueTheCheckDoesNotListIsRefusedWhenTyped(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.sql)
        h.run("open orders", "open 1")
        let refused = h.run("set status shipped")
        #expect(refused.error?.message == "status: 'shipped' is not one of new, paid, it's late")
        #expect(h.run("set size XL").error?.message == "size: 'XL' is not one of S, M, L")
        #expect(h.run("set grade ab").error?.message == "grade: 'ab' is Ab or aB, apart only in case; type one exactly")
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
        #expect(CheckChoices.of("g IN ('a ', ' b')", field: "g") == nil, "set trims what is typed: these could not be chosen")
        #expect(CheckChoices.of("g IN ('a', '')", field: "g") == nil)
    }
}

/// A CHECK that bounds a number is checked when the value is typed.
@Suite struct CheckBoundsTests {
    static let sql = """
        CREATE TABLE lines (id INTEGER PRIMARY KEY, total REAL CHECK (total >= 0),
            qty INTEGER CHECK (qty BETWEEN 1 AND 99), n INTEGER CHECK (n > 0), code TEXT CHECK (length(code) = 3));
        INSERT INTO lines VALUES (1, 10, 5, 1, 'abc');
        """

    @Test(arguments: StoreKind.all)
    func aValueOutsideTheChecksBoundsIsRefusedWhenTyped(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.sql)
        h.run("open lines", "open 1")
        #expect(h.run("set total -0.5").error?.message == "total: -0.5 is out of range (at least 0)")
        #expect(h.run("set qty 100").error?.message == "qty: 100 is out of range (1 to 99)")
        #expect(h.run("set n 0").error?.message == "n: 0 is out of range (at least 1)")
        #expect(h.run("set qty 99").error == nil)
        h.run("save")
        #expect(try h.value("SELECT qty FROM lines WHERE id = 1") == "99")
    }

    @Test func onlyASimpleBoundOnTheFieldIsARange() {
        #expect(CheckBounds.of("total >= 0", field: "total", whole: false)! == (0, nil))
        #expect(CheckBounds.of("((qty >= 1) AND (qty <= 99))", field: "qty", whole: true)! == (1, 99))
        #expect(CheckBounds.of("(price >= (0)::numeric)", field: "price", whole: false)! == (0, nil))
        #expect(CheckBounds.of("0 < n", field: "n", whole: true)! == (1, nil))
        #expect(CheckBounds.of("x > 0", field: "x", whole: false) == nil, "a strict bound on a real stays the store's")
        #expect(CheckBounds.of("length(code) = 3", field: "code", whole: false) == nil)
        #expect(CheckBounds.of("a >= 0 OR a IS NULL", field: "a", whole: false) == nil)
        #expect(CheckBounds.of("a >= b", field: "a", whole: false) == nil)
    }
}

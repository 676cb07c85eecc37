import NavshCore
import NavshTestSupport
import Testing

/// Values as people read them: amounts with their cents, booleans as yes
/// or no, a text's length checked when it is typed, and every constraint a
/// save would break named at once. Only the screen changes: JSON keeps
/// the stored values, booleans as `true` and `false`.
@Suite struct ValuesAsReadTests {
    static let gear = """
        CREATE TABLE gear (id INTEGER PRIMARY KEY, name TEXT NOT NULL, price NUMERIC(12,2), weight NUMERIC,
                           unit_cost REAL, active BOOLEAN NOT NULL DEFAULT TRUE,
                           code TEXT DEFAULT 'x' CHECK (length(code) = 3),
                           qty INTEGER DEFAULT 0 CHECK (qty BETWEEN 1 AND 99));
        INSERT INTO gear VALUES (1, 'Rope', 12.5, 1.25, 3.1, TRUE, 'abc', 3), (2, 'Tent', 199, 3.5, 2.125, FALSE, 'xyz', 1);
        """

    @Test(arguments: StoreKind.all)
    func amountsShowTheirCentsAndBooleansReadYesOrNo(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.gear)
        let list = h.output("open gear")
        #expect(list.contains("   1  Rope   12.50    1.25       3.10  yes     abc     3\n"), "\(list)")
        #expect(list.contains("   2  Tent  199.00     3.5      2.125  no      xyz     1\n"), "never rounded: \(list)")
        #expect(h.output("where active = yes").hasPrefix("gear (1) · active = yes\n"), "the filter reads as the list does")
        h.run("back")
        let record = h.output("open 1")
        #expect(record.contains("      price  12.50\n") && record.contains("     active  yes\n"), "\(record)")
        #expect(h.output("describe price").contains("  shown as  at least 2 decimal places\n  value     12.50\n"))
        #expect(h.output("describe active").contains("  default   yes\n  shown as  yes or no\n  value     yes\n"))
        #expect(h.output("set active yes") == "active already holds yes; nothing changed\n")
        #expect(h.output("set price 13", "changes") == "  price: 12.50 → 13.00\n", "changes reads as the record does")
        #expect(h.output("show").contains("*     price  13.00  (was 12.50)\n"), "the old value reads as the new one does")
        #expect(h.output("set active no", "save").hasPrefix("saved Rope"))
        #expect(try h.value("SELECT count(*) FROM gear WHERE active = \(kind.checksLengths ? "false" : "0")") == "2")
    }

    @Test(arguments: StoreKind.all)
    func dataKeepsTheStoredValuesAndBooleansAsTrueOrFalse(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.gear)
        h.session.configuration.framesAsData = true
        let list = try #require(h.run("open gear").shown.first)
        let json = String(decoding: OutputFormat.json.render(list, forTerminal: false), as: UTF8.self)
        #expect(json.contains("\"active\": true") && json.contains("\"active\": false"), "\(json)")
        #expect(json.contains("\"price\": 12.5") || json.contains("\"price\": \"12.50\""), "the stored value: \(json)")
        let record = try #require(h.run("open 2").shown.first)
        let shown = String(decoding: OutputFormat.json.render(record, forTerminal: false), as: UTF8.self)
        #expect(shown.contains("\"type\": \"boolean\", \"value\": false"), "\(shown)")
    }

    @Test(arguments: StoreKind.all)
    func aTextsLengthIsCheckedWhenTyped(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.gear)
        h.run("open gear", "open 1")
        #expect(h.run("set code abcd").error?.message == "code: 4 characters, but it takes exactly 3 characters")
        #expect(h.output("describe code").contains("  length   3 characters\n"))
        #expect(h.run("set code äöü").error == nil, "characters, not bytes")
    }

    /// A draft whose defaults break two CHECKs: both are named, and nothing is written.
    @Test(arguments: StoreKind.all)
    func aSaveNamesEveryConstraintItWouldBreak(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.gear)
        let before = try h.snapshot("gear")
        h.run("open gear", "new", "set name Lamp")
        #expect(h.run("save").error?.message == "2 fields cannot be saved as they are: "
            + "code: 1 character, but it takes exactly 3 characters; qty: 0 is out of range (1 to 99); nothing was saved")
        #expect(try h.snapshot("gear") == before)
        h.run("set code lmp")
        #expect(h.run("save").error?.message == "qty: 0 is out of range (1 to 99)", "one left: said alone")
        #expect(h.output("set qty 2", "save").hasPrefix("saved Lamp"))
    }

    /// PostgreSQL's `=` takes -0 for 0, 1.50 for 1.5 and, under a
    /// nondeterministic collation, `CAFE` for `Café`. A change elsewhere
    /// that only `=` misses still refuses a save of that field, in a record
    /// and in a batch (an adversary's find). SQLite keeps none of these apart.
    @Test(arguments: StoreKind.postgresOnly)
    func aChangeElsewhereThatEqualityMissesRefusesTheSave(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE COLLATION navsh_nocase (provider = icu, locale = 'und-u-ks-level2', deterministic = false);
            CREATE TABLE m (id INTEGER PRIMARY KEY, f DOUBLE PRECISION, n NUMERIC, t TEXT COLLATE navsh_nocase);
            INSERT INTO m VALUES (1, 0, 1.5, 'Café'), (2, 0, 1.5, 'Café');
            """)
        h.run("open m")
        for (field, theirs, yours) in [("f", "'-0'", "5"), ("n", "1.50", "7"), ("t", "'CAFE'", "x")] {
            for opened in ["open 1", "open *"] {
                h.run(opened, "set \(field) \(yours)")
                try h.elsewhere("UPDATE m SET \(field) = \(theirs) WHERE id = 1")
                let before = try h.snapshot("m")
                #expect(h.run("save").error != nil, "\(opened): \(field)")
                #expect(try h.snapshot("m") == before, "\(opened): \(field)")
                h.run("cancel")
                try h.elsewhere("UPDATE m SET f = 0, n = 1.5, t = 'Café'")
            }
        }
    }

    /// PostgreSQL's own types: `describe` writes them as people do, a
    /// `varchar(n)` takes at most n characters, and an inet reads without `/32`.
    @Test(arguments: StoreKind.postgresOnly)
    func postgresTypesReadAsWritten(kind: StoreKind) throws {
        let h = try SessionHarness(kind, "CREATE TABLE hosts (id INTEGER PRIMARY KEY, name VARCHAR(12), fee NUMERIC(12,2));")
        try h.elsewhere("ALTER TABLE hosts ADD COLUMN addr inet; INSERT INTO hosts VALUES (1, 'db1', 10, '10.0.0.1'), "
                        + "(2, 'lan', 0, '10.0.0.0/24')")
        let described = h.output("open hosts", "describe")
        #expect(described.contains("name: varchar(12), may be NULL, length at most 12 characters"), "\(described)")
        #expect(described.contains("fee: numeric(12,2)"), "\(described)")
        #expect(h.output("open 1").contains("  addr  10.0.0.1\n"))
        #expect(h.run("set name abcdefghijklm").error?.message == "name: 13 characters, but it takes at most 12 characters")
        #expect(h.output("set addr 10.0.0.2", "save").hasPrefix("saved db1"))
        #expect(try h.value("SELECT addr::text FROM hosts WHERE id = 1") == "10.0.0.2/32")
        #expect(h.output("open 2").contains("  addr  10.0.0.0/24\n"), "a network keeps its mask")
        h.run("set fee 99999999999")
        #expect(h.run("save").error?.message.contains("fee: numeric field overflow") == true, "the server's error names the field")
    }
}

import NavshCore
import NavshTestSupport
import Testing

/// `where country = brazil` that finds nothing while rows hold `Brazil`
/// says so, and what to type, rather than a bare "no rows match".
@Suite struct WhereIgnoringCaseTests {
    static let sql = """
        CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT, country TEXT, "home town" TEXT);
        INSERT INTO customers VALUES (1, 'Ana', 'Brazil', 'São Paulo'), (2, 'Bo', 'BRAZIL', 'Rio'), (3, 'Cy', 'Chile', NULL);
        """

    @Test(arguments: StoreKind.all)
    func aMissByCaseSaysHowManyMatchIgnoringIt(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.sql)
        h.run("open customers")
        let page = h.output("where country = brazil")
        #expect(page.contains("no rows match; 2 rows match ignoring case (where country ~ brazil lists those that contain it)"),
                "\(page)")
        h.run("back")
        let spaced = h.output("where \"home town\" = \"são paulo\"")
        #expect(spaced.contains("1 row matches ignoring case (where \"home town\" ~ \"são paulo\" lists"), "\(spaced)")
    }

    @Test(arguments: StoreKind.all)
    func aMissByMoreThanCaseSaysNoRowsMatch(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.sql)
        h.run("open customers")
        let page = h.output("where country = Peru")
        #expect(page.contains("no rows match") && !page.contains("ignoring case"), "\(page)")
    }

    /// A field that is part of a first and last name is looked for alone,
    /// not as the whole title (`where first_name = ada` gave no hint).
    @Test(arguments: StoreKind.all)
    func aFieldOfATitleOfSeveralFieldsIsLookedForAlone(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE people (id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT);
            INSERT INTO people VALUES (1, 'Ada', 'Lovelace'), (2, 'Ada', 'Yonath'), (3, 'Grace', 'Hopper');
            """)
        h.run("open people")
        let page = h.output("where first_name = ada")
        #expect(page.contains("no rows match; 2 rows match ignoring case (where first_name ~ ada"), "\(page)")
    }
}

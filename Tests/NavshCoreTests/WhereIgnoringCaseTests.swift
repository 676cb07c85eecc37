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
        #expect(page.contains("no rows match; 2 match ignoring case: where country ~ brazil"), "\(page)")
        h.run("back")
        let spaced = h.output("where \"home town\" = \"são paulo\"")
        #expect(spaced.contains("1 match ignoring case: where \"home town\" ~ \"são paulo\""), "\(spaced)")
    }

    @Test(arguments: StoreKind.all)
    func aMissByMoreThanCaseSaysNoRowsMatch(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.sql)
        h.run("open customers")
        let page = h.output("where country = Peru")
        #expect(page.contains("no rows match") && !page.contains("ignoring case"), "\(page)")
    }
}

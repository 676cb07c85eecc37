import Foundation
@testable import NavshCore
import NavshTestSupport
import Testing

/// A reference holding a TEXT key (a country code, a SKU) typed as that key
/// names the row with it: it was matched against titles first, where part
/// of one sufficed, so `DE` took Bangladesh, and an import of navsh's own
/// export changed every such reference without a word (the trial's find).
@Suite struct TextKeyReferenceTests {
    static let schema = """
        CREATE TABLE countries (code TEXT PRIMARY KEY, name TEXT NOT NULL) WITHOUT ROWID;
        CREATE TABLE addresses (id INTEGER PRIMARY KEY, street TEXT, country TEXT REFERENCES countries(code));
        INSERT INTO countries VALUES ('DE', 'Germany'), ('BD', 'Bangladesh'), ('FR', 'France');
        INSERT INTO addresses VALUES (1, 'Unter den Linden 1', 'DE'), (2, 'Rue de Rivoli', 'FR');
        """

    @Test(arguments: StoreKind.all)
    func aTextKeyTypedNamesItsRow(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.schema)
        h.run("open addresses")
        #expect(h.output("where country = DE").contains("addresses (1)"), "the row holding DE matches")
        h.run("back")
        h.run("open #2")
        h.run("set country DE")
        #expect(h.output("changes").contains("country: France → Germany"))
        // Part of a title still finds a row when no key is typed.
        h.run("set country bangla")
        #expect(h.output("changes").contains("country: France → Bangladesh"))
        h.run("save")
        #expect(try h.values("SELECT country FROM addresses WHERE id = 2") == [["BD"]])
    }

    @Test(arguments: StoreKind.all)
    func aTextThatIsAKeyAndAnotherRowsTitleIsRefused(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.schema + "INSERT INTO countries VALUES ('XX', 'DE');")
        h.run("open addresses")
        h.run("open #2")
        #expect(h.run("set country DE").error?.message
                == "country: 'DE' is the key of #DE Germany and the title of #XX DE; write the row as #KEY")
        h.run("set country #XX")
        #expect(h.output("changes").contains("country: France → DE"))
    }

    @Test(arguments: StoreKind.all)
    func anExportImportsBackAsItWas(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.schema)
        let file = NSTemporaryDirectory() + "navsh-addresses-\(UUID().uuidString).csv"
        defer { try? FileManager.default.removeItem(atPath: file) }
        h.run("open addresses")
        #expect(h.run("export " + file).error == nil)
        try h.elsewhere("DELETE FROM addresses")
        let imported = h.run("import " + file)
        #expect(imported.error == nil, "\(imported.error?.message ?? "")")
        #expect(try h.values("SELECT id, country FROM addresses ORDER BY id") == [["1", "DE"], ["2", "FR"]])
        // An import takes a whole title, never part of one.
        try "street,country\nGinza,Japan\nMain St,Germ\n".write(toFile: file, atomically: true, encoding: .utf8)
        try h.elsewhere("INSERT INTO countries VALUES ('JP', 'Japan')")
        let partial = try h.expectUnchanged("addresses") { h.run("import " + file) }
        #expect(partial.error != nil, "Germ is no country's key or whole title")
    }

    /// Keys differing only in case are two rows: a record holding `de`
    /// names `de`'s row and `open country` follows it (it named and opened
    /// `DE`, which the list did not); `set country de`, also a third row's
    /// whole title ignoring case, is refused; an import puts `de` back.
    @Test(arguments: StoreKind.sqlite)
    func keysDifferingInCaseAreTwoRows(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE countries (code TEXT PRIMARY KEY, name TEXT NOT NULL);
            INSERT INTO countries VALUES ('DE', 'Germany'), ('de', 'Lowercase'), ('AT', 'DE');
            CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT, country TEXT REFERENCES countries(code));
            INSERT INTO people VALUES (1, 'Ada', 'de'), (2, 'Bo', NULL);
            """)
        h.run("open people")
        #expect(h.output("open #1").contains("country  de (Lowercase)"))
        #expect(h.output("open country").hasPrefix("countries › Lowercase\n"))
        h.run("top")
        h.run("open people")
        h.run("open #2")
        #expect(h.run("set country de").error?.message == "country: 'de' is the key of #de Lowercase and the title of #AT DE; "
                + "write the row as #KEY")
        h.run("cancel")
        let file = h.database.directory + "/people.csv"
        #expect(h.run("export " + file).error == nil)
        try h.elsewhere("DELETE FROM people")
        #expect(h.run("import " + file).error == nil)
        #expect(try h.values("SELECT country FROM people WHERE id = 1") == [["de"]])
    }
}

import NavshCore
import NavshTestSupport
import Testing

/// The seed apps' promises: counters, hidden order fields, back-saves on
/// new items, record sections.
@Suite struct SeedAppTests {
    static let stuff = "CREATE TABLE stuff (id INTEGER PRIMARY KEY, name TEXT, location TEXT, position INTEGER);"
    static let stuffSpec = """
        collections:
          stuff:
            row: "{name}"
            new: top
            move: position
            fields:
              name: { default: "My Item {n}" }
              position: { type: integer, read-only: true }
        """

    @Test(arguments: StoreKind.all)
    func counterTakesTheNextNumberNoRowHas(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.stuff, spec: Self.stuffSpec)
        h.run("new", "save", "new", "save", "new", "save")
        #expect(h.output("show") == "stuff (3)\n      name\n   1  My Item 3\n   2  My Item 2\n   3  My Item 1\n")
        #expect(h.output("delete 3") == "deleted My Item 1\n")
        h.run("new")
        #expect(h.session.breadcrumb == "stuff › My Item 4", "My Item 3 is listed, so 3 is taken")
        h.run("save")
        #expect(try h.column("SELECT name FROM stuff ORDER BY name")
            == ["My Item 2", "My Item 3", "My Item 4"])
    }

    @Test(arguments: StoreKind.all)
    func theManualOrderFieldIsNotShownInARecord(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.stuff + "INSERT INTO stuff (name, position) VALUES ('a', -1);",
                                   spec: Self.stuffSpec)
        let shown = h.output("open 1")
        #expect(!shown.contains("position"), "got \(shown)")
        #expect(shown.contains("name  a"))
    }

    static let items = "CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL, value INTEGER NOT NULL DEFAULT 0);"
        + "INSERT INTO items (name) VALUES ('Bear');"
    static let itemsSpec = """
        collections:
          items:
            back: save
            fields:
              name: { default: "New Item {n}" }
        """

    @Test(arguments: StoreKind.all)
    func backSavesANewItemWithEditsAndSaysWhenItDropsAnUntouchedOne(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.items, spec: Self.itemsSpec)
        h.run("new")
        #expect(h.output("back") == "discarded New Item 2 (new, nothing was set in it)\n")
        #expect(try h.value("SELECT count(*) FROM items") == "1")
        h.run("new", "set value 12")
        #expect(h.output("back") == "saved New Item 2 as #2 (row 2)\n")
        #expect(try h.values("SELECT name, value FROM items WHERE id = 2") == [["New Item 2", "12"]])
    }

    @Test(arguments: StoreKind.all)
    func fieldsInNoSectionComeLastAndEachFieldShowsOnce(kind: StoreKind) throws {
        let h = try SessionHarness(
            kind, "CREATE TABLE cars (id INTEGER PRIMARY KEY, make TEXT, year INTEGER, parked TEXT);"
                + "INSERT INTO cars (make, year, parked) VALUES ('Ford', 1908, '2026-11-20');",
            spec: """
                collections:
                  cars:
                    row: "{make}"
                    sections:
                      - { title: Car, fields: [make, year] }
                      - { title: Date Parked, fields: [parked, make] }
                    fields:
                      parked: { label: Date Parked }
                """)
        #expect(h.output("open 1") == """
            cars › Ford
            Car
                     make  Ford
                     year  1908
            Date Parked
                           2026-11-20

                       id  1  (read-only)

            """)
    }
}

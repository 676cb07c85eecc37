import NavshCore
import NavshTestSupport
import Testing

/// `columns FIELD…` and the spec's `columns:` choose a list's columns;
/// views are listed as read-only collections.
@Suite struct ColumnsTests {
    static let shop = "CREATE TABLE products (id INTEGER PRIMARY KEY, name TEXT, price REAL, stock INTEGER, note TEXT);"
        + "INSERT INTO products (name, price, stock, note) VALUES ('Spork', 2.5, 40, 'sharp'), ('Gort', 120, 1, NULL);"

    @Test(arguments: StoreKind.all)
    func columnsPicksTheFieldsAndColumnsAloneRestoresThem(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.shop, spec: "collections:\n  products:\n    fields:\n      price: {type: money, label: Price}\n")
        #expect(h.output("columns stock Price") == """
            products (2)
                  name   stock  Price
               1  Spork     40  $2.50
               2  Gort       1   $120

            """)
        #expect(h.output("show").contains("name   stock  Price\n"), "the choice stays with the frame")
        #expect(h.output("columns name stock").contains("      name   stock\n"), "the title column is not shown twice")
        #expect(h.output("columns").contains("name   Price  stock  note\n"), "columns alone goes back to the default")
        #expect(h.run("columns stok").error?.message == "columns: no field 'stok' in products; did you mean stock?")
        #expect(h.run("columns zzz").error?.message
            == "columns: no field 'zzz' in products; the fields are id, name, price, stock, note")
        #expect(h.session.completions(before: "columns price st").candidates == ["stock"])
    }

    /// A column the spec names renamed elsewhere: the table is shown as the
    /// store reads it, and the note says the spec no longer applies and
    /// why (its labels and columns went back to the raw names unsaid), for
    /// every table, shown or not; renamed back, the spec applies again, its
    /// columns whole (they stayed cut down, kept as the list's own; the
    /// trials' finds).
    @Test(arguments: StoreKind.all)
    func aSpecThatNoLongerFitsItsTableIsSaidToNoLongerApply(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.shop + "CREATE TABLE makers (id INTEGER PRIMARY KEY, name TEXT, city TEXT);",
                                   spec: "collections:\n  products:\n    columns: [note, stock]\n"
                                   + "    fields:\n      price: {type: money, label: Price}\n"
                                   + "  makers:\n    fields:\n      city: {label: Town}\n", mode: .interactive)
        h.run("open products")
        #expect(h.output("show").contains("name   note   stock\n"))
        try h.elsewhere("ALTER TABLE products RENAME COLUMN stock TO qty")
        let shown = h.output("show")
        #expect(shown.hasPrefix("products changed elsewhere (renamed stock to qty; the app spec no longer applies "
            + "to it (collections.products.columns: no field 'stock' in products)); showing it as it is now\n"), "\(shown)")
        #expect(shown.contains("      name    price  qty  note\n"), "as the store reads it: \(shown)")

        try h.elsewhere("ALTER TABLE makers RENAME COLUMN city TO town")
        let other = h.output("show")
        #expect(other.hasPrefix("makers changed elsewhere (the app spec no longer applies to it (collections.makers.fields"),
                "a table not shown is said too: \(other)")

        try h.elsewhere("ALTER TABLE products RENAME COLUMN qty TO stock")
        let back = h.output("show")
        #expect(back.contains("products changed elsewhere (renamed qty to stock; the app spec applies to it again)"),
                "\(back)")
        #expect(back.contains("      name   note   stock\n"), "the spec's columns, whole: \(back)")
    }

    @Test(arguments: StoreKind.all)
    func theSpecSetsColumnsPerCollection(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.shop, spec: "collections:\n  products:\n    columns: [note, stock]\n")
        #expect(h.output("show").contains("      name   note   stock\n   1  Spork  sharp     40\n"))
        h.run("columns price")
        #expect(h.output("columns").contains("name   note   stock\n"), "columns alone goes back to the spec's")
        #expect(throws: SpecProblem.self) {
            try SessionHarness(kind, Self.shop, spec: "collections:\n  products:\n    columns: [nosuch]\n")
        }
    }

    @Test(arguments: StoreKind.all)
    func chosenColumnsSurviveAChangeOfTheTableElsewhere(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.shop, mode: .interactive)
        h.run("columns note stock")
        try h.elsewhere("ALTER TABLE products ADD COLUMN colour TEXT")
        h.session.noticeChangesElsewhere()
        #expect(h.output("show").contains("name   note   stock\n"))
        try h.elsewhere("ALTER TABLE products DROP COLUMN note")
        #expect(h.session.noticeChangesElsewhere().contains("the column note is gone"))
        #expect(h.output("show").contains("name   stock\n"))
    }

    static let withView = shop + "CREATE VIEW cheap AS SELECT name, price FROM products WHERE price < 100;"
        + "CREATE VIEW everything AS SELECT name, price, stock FROM products;"

    @Test(arguments: StoreKind.all)
    func viewsAreReadOnlyCollectionsThatListSortAndChooseColumns(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.withView)
        #expect(h.collections.map(\.name) == ["products", "cheap", "everything"])
        // A view's rows cannot be watched one by one: on a shared server,
        // another test's commit marks them all as maybe changed.
        try kind.onAQuietServer {
            #expect(h.output("open everything") == """
                everything (2)
                      name    price  stock
                   1  Spork    2.50     40
                   2  Gort   120.00      1

                """)
            #expect(h.output("sort price desc").contains("   1  Gort   120.00      1\n"))
            #expect(h.output("columns stock").contains("   1  Gort   120.00      1\n"), "the sorted-by column stays in sight")
            #expect(h.output("sort").contains("   1  Spork     40\n"), "unsorted, the chosen columns alone")
        }
        h.run("sort price desc")
        #expect(h.output("open 2").hasPrefix("everything › Spork\n"), "row 2 as shown, sorted")
        #expect(h.run("set stock 3").error?.message.contains("everything is a view, so its rows are read-only") == true)
        h.run("back")
        #expect(h.run("new").error?.message == "everything is a view, so its rows are read-only")
        #expect(h.run("delete 1").error?.message.contains("everything is a view, so its rows are read-only") == true)
        #expect(try h.column("SELECT stock FROM products ORDER BY id") == ["40", "1"])
        #expect(!h.output("help").contains("new "), "help does not offer what a view refuses")
        h.run("sort", "columns")
        #expect(h.run("open Gort").error?.message
            == "everything rows have no key, so only their number names them: open N (find TEXT lists matches)")
        #expect(h.output("find gor").contains("   1  Gort"), "find and where read a view like any list")
        #expect(h.output("open 1").hasPrefix("everything › Gort\n"), "row 1 of the filtered view")
    }
}

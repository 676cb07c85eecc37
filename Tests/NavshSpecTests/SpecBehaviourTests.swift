import NavshCore
import NavshSpec
import NavshTestSupport
import Testing

/// What a spec changes in a session over a real file.
@Suite struct SpecBehaviourTests {
    static let cars = "CREATE TABLE cars (id INTEGER PRIMARY KEY, make TEXT, model TEXT, year INTEGER);"
        + "INSERT INTO cars (make, model, year) VALUES ('Toyota', 'Corolla', 2014), ('Ford', 'Model T', 1908);"

    @Test(arguments: StoreKind.all)
    func missingTablesAndColumnsAreCreatedNeverDropped(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.cars, spec: """
            collections:
              cars:
                fields:
                  make:
                  fuel: { type: real, create: true }
              owners:
                create: true
                fields:
                  name: { required: true }
            """)
        // Read on another connection: the columns as stored, not as the session sees them.
        #expect(try h.values("SELECT id, make, model, year, fuel FROM cars ORDER BY id")
            == [["1", "Toyota", "Corolla", "2014", "NULL"], ["2", "Ford", "Model T", "1908", "NULL"]])
        #expect(try h.values("SELECT id, name FROM owners") == [])
        #expect(h.collections.first { $0.name == "cars" }?.fields.map(\.name) == ["id", "make", "model", "year", "fuel"])
        #expect(h.collections.first { $0.name == "owners" }?.fields.map(\.name) == ["id", "name"])
        #expect(h.schemaAdditions == ["column cars.fuel", "table owners"])
    }

    /// The core checks the presentation after the store made the additions,
    /// in the same transaction: a spec error there takes them back.
    @Test func aSpecErrorAfterItsAdditionsLeavesTheFileAsItWas() throws {
        let database = try TemporaryDatabase(Self.cars)
        let store = try database.store()
        let spec = try SpecLoader.parse("""
            collections:
              cars:
                row: "{make} {mkae}"
                fields:
                  fuel: { type: real, create: true }
            """)
        #expect(throws: SpecProblem.self) { try spec.apply(to: store, thisYear: 2026) }
        #expect(try database.rows("SELECT name FROM pragma_table_info('cars')").map { $0["name"]! }
            == ["id", "make", "model", "year"])
    }

    @Test(arguments: StoreKind.all)
    func rangesChoicesAndRequiredFields(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.cars + "ALTER TABLE cars ADD COLUMN body TEXT;", spec: """
            collections:
              cars:
                fields:
                  make: { required: true }
                  year: { type: integer, min: 1908, max: this year }
                  body: { choices: [coupe, sedan] }
            """)
        h.run("open 1")
        #expect(h.run("set year 1907").error?.message == "year: 1907 is out of range (1908 to 2026)")
        #expect(h.run("set year 2027").error?.message == "year: 2027 is out of range (1908 to 2026)")
        #expect(h.run("set body van").error?.message == "body: 'van' is not one of coupe, sedan")
        #expect(h.run("set body SEDAN").error == nil)
        #expect(h.output("changes") == "  body: (null) → sedan\n")
        #expect(h.session.completions(before: "set body c") == Completion(word: "c", candidates: ["coupe"]))
        #expect(h.session.completions(before: "set body ").candidates == ["coupe", "sedan"])
        h.run("set make \"\"", "save")
        #expect(h.run("save").error?.message == "make is required; set make VALUE, then save again")
    }

    @Test(arguments: StoreKind.all)
    func draftDefaultsCounterNowAndThisYear(kind: StoreKind) throws {
        let h = try SessionHarness(kind, "CREATE TABLE stuff (id INTEGER PRIMARY KEY, name TEXT, year INTEGER, added DATETIME);"
            + "INSERT INTO stuff (name) VALUES ('a'), ('b');", spec: """
            collections:
              stuff:
                new: top
                fields:
                  name: { default: "My Item {n}" }
                  year: { type: integer, default: this year }
                  added: { type: datetime, default: now }
            """)
        h.run("new")
        #expect(h.session.breadcrumb == "stuff › My Item 3")
        #expect(h.output("save") == "saved My Item 3 as #3 (row 1)\n")
        // As text: PostgreSQL's JSON, which the other connection reads through, writes a timestamp with a T.
        #expect(try h.values("SELECT name, year, CAST(added AS TEXT) FROM stuff WHERE id = 3")
            == [["My Item 3", "2026", "2026-11-22 09:00:00"]])
        #expect(h.output("show") == "stuff (3)\n      name       year  added\n   1  My Item 3  2026  2026-11-22 09:00:00\n   2  b\n   3  a\n",
                "new rows on top")
    }

    @Test(arguments: StoreKind.all)
    func backSavesWhereTheSpecSaysSo(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.cars, spec: "collections:\n  cars:\n    back: save\n    deletable: false\n")
        h.run("open 1", "set year 2015")
        #expect(h.output("back") == "saved Toyota\n")
        #expect(try h.value("SELECT year FROM cars WHERE id = 1") == "2015")
        #expect(h.run("delete 1").error?.message == "rows of cars cannot be deleted (the app spec says deletable: false)")
    }

    @Test(arguments: StoreKind.all)
    func orderAndTemplates(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.cars, spec: """
            collections:
              cars:
                row: "{year} {make} {model}"
                detail: "{make}"
                order: year asc
            """)
        #expect(h.output("show") == "cars (2)\n      year make model      make\n   1  1908 Ford Model T    Ford\n   2  2014 Toyota Corolla  Toyota\n")
        h.run("open 2", "set year 1900", "save")
        #expect(h.output("show").hasPrefix("cars (2)\n      year make model      make\n   1  1900 Toyota Corolla"), "a changed order field re-reads the page")
    }

    @Test(arguments: StoreKind.all)
    func listSectionsAndRecordSections(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.cars + "INSERT INTO cars (make, model, year) VALUES ('Toyota', 'Prius', 2001);", spec: """
            collections:
              cars:
                row: "{model}"
                group: make
                sections:
                  - { title: Who, fields: [make, model] }
                  - { title: When, fields: [year] }
            """)
        #expect(h.output("show") == "cars (3)\n      model\n  Ford\n   1  Model T\n  Toyota\n   2  Corolla\n   3  Prius\n")
        #expect(h.output("open 3") == """
            cars › Prius
            Who
               make  Toyota
              model  Prius
            When
               year  2001

                 id  3  (read-only)

            """)
    }

    @Test(arguments: StoreKind.all)
    func moveRewritesTheManualOrder(kind: StoreKind) throws {
        let h = try SessionHarness(kind, "CREATE TABLE todo (id INTEGER PRIMARY KEY, name TEXT, pos INTEGER);"
            + "INSERT INTO todo (name, pos) VALUES ('a', 1), ('b', 2), ('c', 3), ('d', 4);",
            spec: "collections:\n  todo:\n    move: pos\n")
        #expect(h.output("move 4 2") == "moved d from row 4 to row 2\n")
        #expect(try h.column("SELECT name FROM todo ORDER BY pos") == ["a", "d", "b", "c"])
        #expect(h.output("show").hasPrefix("todo (4)\n      name  pos\n   1  a       0\n   2  d       1\n   3  b       2\n"))
        #expect(h.run("move 5 1").error?.message == "move: rows are numbered 1 to 4; usage: move N M")
        #expect(h.session.changesMade == ["move todo › d: row 4 → 2"], "a move is in the dry-run report")
        #expect(h.output("undo") == "undid the move of d (back to row 4)\n")
        #expect(try h.column("SELECT name FROM todo ORDER BY pos") == ["a", "b", "c", "d"])
        let plain = try SessionHarness(kind, Fixtures.items)
        #expect(plain.run("move 1 2").error?.message
            == "items keeps no manual order (an app spec's move: FIELD allows move N M)")
    }

    /// At the prompt a move draws its list again: the screen's numbers were the old order's.
    @Test(arguments: StoreKind.all)
    func theListIsDrawnAgainAfterAMoveAtThePrompt(kind: StoreKind) throws {
        let h = try SessionHarness(kind, "CREATE TABLE todo (id INTEGER PRIMARY KEY, name TEXT, pos INTEGER);"
            + "INSERT INTO todo (name, pos) VALUES ('a', 1), ('b', 2), ('c', 3), ('d', 4);",
            spec: "collections:\n  todo:\n    move: pos\n", mode: .interactive)
        h.run("open todo")
        let shown = h.output("move 4 2")
        #expect(shown.hasPrefix("moved d from row 4 to row 2\n"), "\(shown)")
        #expect(shown.contains("   2  d       1\n   3  b       2\n"), "\(shown)")
    }

    /// A batch leaves a required field it does not set to each row's own
    /// value: rows holding different names are no missing name.
    @Test(arguments: StoreKind.all)
    func aBatchSaveLeavesARequiredFieldItDoesNotSet(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE tracks (id INTEGER PRIMARY KEY, name TEXT, price REAL);
            INSERT INTO tracks VALUES (1, 'Wave', 0.99), (2, 'Insensatez', 0.99);
            """, spec: "collections:\n  tracks:\n    fields:\n      name: {required: true}\n")
        h.run("open *", "set price 1.29")
        #expect(h.run("save").error == nil)
        #expect(try h.column("SELECT price FROM tracks ORDER BY id") == ["1.29", "1.29"])
        h.run("open *", "unset name")
        #expect(h.run("save").error?.message.hasPrefix("name is required") == true, "setting it to nothing is still refused")
    }
}

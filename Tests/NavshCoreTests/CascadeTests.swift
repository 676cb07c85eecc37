import NavshCore
import NavshTestSupport
import Testing

/// Issue 8, item 13: a delete says what goes with it (ON DELETE CASCADE,
/// SET NULL), and `undo` puts all of it back, or nothing.
@Suite struct CascadeTests {
    static let schema = """
        CREATE TABLE owners (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
        CREATE TABLE cars (id INTEGER PRIMARY KEY, model TEXT,
                           owner_id INTEGER REFERENCES owners(id) ON DELETE CASCADE);
        CREATE TABLE services (id INTEGER PRIMARY KEY, what TEXT,
                               car_id INTEGER REFERENCES cars(id) ON DELETE CASCADE);
        CREATE TABLE trips (id INTEGER PRIMARY KEY, dest TEXT,
                            owner_id INTEGER REFERENCES owners(id) ON DELETE SET NULL);
        INSERT INTO owners VALUES (1, 'Ann'), (2, 'Bo');
        INSERT INTO cars VALUES (1, 'Corolla', 1), (2, 'Model T', 1), (3, 'Beetle', 2);
        INSERT INTO services VALUES (1, 'oil', 2);
        INSERT INTO trips VALUES (1, 'Oslo', 1), (2, 'Rome', 2);
        """
    static let tables = ["owners", "cars", "services", "trips"]

    func snapshot(_ h: SessionHarness) throws -> [[String]] {
        try Self.tables.map { try h.snapshot($0) }
    }

    @Test(arguments: StoreKind.all)
    func aDeleteSaysWhatGoesWithItAndUndoPutsItAllBack(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.schema)
        let before = try snapshot(h)
        h.run("open owners")
        #expect(h.output("delete 1") == "deleted Ann and 2 cars, 1 service; cleared the reference of 1 trip\n")
        #expect(try h.value("SELECT count(*) AS n FROM cars") == "1")
        #expect(try h.value("SELECT owner_id FROM trips WHERE id = 1") == "NULL")
        #expect(h.session.changesMade == ["delete owners › Ann and 2 cars, 1 service; clears the reference of 1 trip"])
        #expect(h.output("undo") == "undid the delete of Ann (put it back with 2 cars, 1 service and the reference of 1 trip)\n")
        #expect(try snapshot(h) == before)
    }

    /// The foreign keys a cascade follows are read again once the schema
    /// changed: a table added elsewhere is taken with a later delete.
    @Test(arguments: StoreKind.all)
    func aCascadeFollowsAForeignKeyAddedElsewhere(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.schema)
        h.run("open cars")
        #expect(h.output("delete #3") == "deleted Beetle\n")
        try h.elsewhere("""
            CREATE TABLE tyres (id INTEGER PRIMARY KEY, car_id INTEGER REFERENCES cars(id) ON DELETE CASCADE);
            INSERT INTO tyres VALUES (1, 1), (2, 1)
            """)
        h.run("show")
        #expect(h.output("delete #1") == "deleted Corolla and 2 tyres\n")
    }

    @Test(arguments: StoreKind.all)
    func theQuestionBeforeADeleteNamesWhatGoesWithIt(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.schema, mode: .interactive)
        h.run("open owners", "open 1")
        let question = try #require(h.run("delete").question)
        #expect(question.prompt
            == "Delete Ann from owners? It also deletes 2 cars, 1 service and clears the reference of 1 trip. [y/N] ")
        #expect(h.session.answer(question, .yes).output
            .hasPrefix("deleted Ann and 2 cars, 1 service; cleared the reference of 1 trip\n"))
    }

    @Test(arguments: StoreKind.all)
    func anUndoThatCannotPutEverythingBackPutsNothingBack(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.schema)
        h.run("open owners", "delete 1")
        // Someone else takes the id of a deleted car: that car cannot come back.
        try h.elsewhere("INSERT INTO cars VALUES (2, 'Trabant', 2)")
        let after = try snapshot(h)
        #expect(h.run("undo").error?.message == "cannot undo the delete of Ann: another row now holds the id of a row it would put back; nothing changed")
        #expect(try snapshot(h) == after, "not the owner without its cars")
    }

    @Test(arguments: StoreKind.all)
    func undoingAnInsertNeverTakesRowsAddedSince(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.schema)
        h.run("open owners", "new", "set name Cy", "save")
        let cy = try #require(try h.value("SELECT id FROM owners WHERE name = 'Cy'"))
        try h.elsewhere("INSERT INTO cars (model, owner_id) VALUES ('Mini', \(cy))")
        #expect(h.run("undo").error?.message == "cannot undo the insert of Cy: deleting it now would also change 1 car added since; nothing changed")
        #expect(try h.value("SELECT count(*) AS n FROM cars WHERE model = 'Mini'") == "1")
    }

    /// Found by an adversary and a new user: undo put a cleared reference
    /// back over one another process had set since.
    @Test(arguments: StoreKind.all)
    func undoNeverPutsAReferenceBackOverALaterChange(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.schema)
        h.run("open owners", "delete 1")
        try h.elsewhere("UPDATE trips SET owner_id = 2 WHERE id = 1")
        let after = try snapshot(h)
        #expect(h.run("undo").error?.message.hasPrefix("cannot undo the delete of Ann:") == true)
        #expect(try snapshot(h) == after, "nothing of the undo was written")
    }

    /// Found by an adversary: two tables that cascade into each other could
    /// be deleted but never put back, each row waiting for the other.
    /// SQLite alone: PostgreSQL makes no table referring to one not yet made.
    @Test(arguments: StoreKind.sqlite)
    func aCycleOfCascadesIsUndoneWhole(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE a (id INTEGER PRIMARY KEY, b INTEGER REFERENCES b(id) ON DELETE CASCADE);
            CREATE TABLE b (id INTEGER PRIMARY KEY, a INTEGER REFERENCES a(id) ON DELETE CASCADE);
            INSERT INTO a VALUES (1, NULL); INSERT INTO b VALUES (1, 1); UPDATE a SET b = 1;
            """)
        let before = try ["a", "b"].map { try h.snapshot($0) }
        h.run("open a")
        #expect(h.output("delete 1") == "deleted #1 · #1 and 1 row of b\n")
        #expect(h.run("undo").error == nil)
        #expect(try ["a", "b"].map { try h.snapshot($0) } == before)
    }

    /// Counts are grouped in thousands, and a table named in the singular
    /// counts its rows (it said `deleted ann and 80000 car`).
    @Test(arguments: StoreKind.all)
    func aCascadeCountReadsAsEnglish(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE owner (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE car (id INTEGER PRIMARY KEY, owner_id INTEGER REFERENCES owner(id) ON DELETE CASCADE);
            CREATE TABLE cars (id INTEGER PRIMARY KEY, owner_id INTEGER REFERENCES owner(id) ON DELETE CASCADE);
            INSERT INTO owner VALUES (1, 'ann'), (2, 'bo');
            WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < 1200)
            INSERT INTO car (owner_id) SELECT 1 FROM k;
            INSERT INTO cars (owner_id) VALUES (1), (2);
            """)
        h.run("open owner")
        #expect(h.output("delete 1") == "deleted ann and 1,200 rows of car, 1 car\n")
    }

    /// Found by a new user: deleting a row others refer to (no cascade) read
    /// "a reference: a reference does not match…; nothing was saved", after
    /// a question that did not warn. Now it is refused up front, naming them.
    /// A table named in the singular is counted by its rows ("2 child
    /// refer to it" was the trial's find).
    @Test(arguments: StoreKind.all)
    func rowsOfATableNamedInTheSingularAreCountedAsRows(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE par (id INTEGER PRIMARY KEY, name TEXT);
            INSERT INTO par VALUES (1, 'one'), (2, 'two');
            CREATE TABLE child (id INTEGER PRIMARY KEY, par_id INTEGER REFERENCES par (id));
            INSERT INTO child VALUES (1, 1), (2, 1), (3, 2);
            """)
        h.run("open par")
        #expect(h.run("delete 1").error?.message
            == "cannot delete one: 2 rows of child refer to it (child.par_id); nothing was deleted")
        #expect(h.run("delete 2").error?.message
            == "cannot delete two: 1 row of child refers to it (child.par_id); nothing was deleted")
        // A count in thousands is grouped, as every count navsh shows.
        #expect(BlockingReference.phrase([BlockingReference(collection: "order_lines", fields: ["sku"], count: 13_999)])
                == "13,999 order_lines refer to it (order_lines.sku)")
    }

    @Test(arguments: StoreKind.all)
    func aDeleteThatReferencesWouldStopIsRefusedNamingThem(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.shop, mode: .interactive)
        h.run("open owners")
        #expect(h.run("delete 1").error?.message
            == "cannot delete Ada: 1 car refers to it (cars.owner_id); nothing was deleted")
        h.run("open 2")
        #expect(h.run("delete").error?.message
            == "cannot delete Grace: 1 car refers to it (cars.owner_id); nothing was deleted")
        #expect(try h.value("SELECT count(*) AS n FROM owners") == "2")
    }

    @Test(arguments: StoreKind.all)
    func aRowThatGoesWithTheDeleteDoesNotBlockIt(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE owners (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE cars (id INTEGER PRIMARY KEY, owner_id INTEGER REFERENCES owners(id) ON DELETE CASCADE);
            CREATE TABLE tags (id INTEGER PRIMARY KEY, car_id INTEGER REFERENCES cars(id));
            INSERT INTO owners VALUES (1, 'Ann'); INSERT INTO cars VALUES (1, 1); INSERT INTO tags VALUES (1, 1);
            """)
        h.run("open owners")
        #expect(h.run("delete 1").error?.message
            == "cannot delete Ann: 1 tag refers to a row that goes with it (tags.car_id); nothing was deleted")
    }

    /// Found by an adversary: a car owned by Ann (CASCADE) and driven by her
    /// (SET NULL) was counted as cleared, not deleted, and the undo then
    /// failed, losing Ann and her cars for good.
    @Test(arguments: StoreKind.all)
    func aRowReferringBothWaysIsDeletedAndComesBack(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE cars (id INTEGER PRIMARY KEY, model TEXT,
                               owner INTEGER REFERENCES people(id) ON DELETE CASCADE,
                               driver INTEGER REFERENCES people(id) ON DELETE SET NULL);
            INSERT INTO people VALUES (1, 'Ann'), (2, 'Bo');
            INSERT INTO cars VALUES (1, 'Mini', 1, 1), (2, 'Golf', 1, 2), (3, 'Polo', 2, 1);
            """)
        let before = try ["people", "cars"].map { try h.snapshot($0) }
        h.run("open people")
        #expect(h.output("delete 1") == "deleted Ann and 2 cars; cleared the reference of 1 car\n")
        #expect(try h.values("SELECT model, driver FROM cars") == [["Polo", "NULL"]])
        #expect(h.run("undo").error == nil)
        #expect(try ["people", "cars"].map { try h.snapshot($0) } == before)
    }

    /// Found by a second adversary round: a car added to Ann between the
    /// question ("It also deletes 2 cars") and the yes was deleted too.
    @Test(arguments: StoreKind.all)
    func aYesHoldsOnlyForWhatTheQuestionNamed(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.schema, mode: .interactive)
        h.run("open owners")
        let question = try #require(h.run("delete 1").question)
        try h.elsewhere("INSERT INTO cars VALUES (9, 'Mini', 1)")
        #expect(h.session.answer(question, .yes).error?.message == "what the delete takes with it changed since the question "
            + "(it would now change 3 cars, 1 service, 1 trip); nothing was deleted (delete again to be asked anew)")
        #expect(try h.value("SELECT count(*) AS n FROM cars") == "4")
    }
}

/// A save or an undo that references forbid names the rows that refer, as
/// a delete's refusal does: both said "a reference: a reference does not
/// match, or other rows still refer to this one (FOREIGN KEY); nothing was
/// saved", the undo in a save's words (the trial's find).
@Suite struct ReferencedRowRefusalTests {
    static let schema = """
        CREATE TABLE products (sku TEXT PRIMARY KEY, name TEXT) WITHOUT ROWID;
        CREATE TABLE lines (id INTEGER PRIMARY KEY, sku TEXT REFERENCES products(sku));
        INSERT INTO products VALUES ('A1', 'Widget');
        INSERT INTO lines VALUES (1, 'A1');
        """

    @Test(arguments: StoreKind.all)
    func aKeyChangeRowsReferToIsRefusedNamingThem(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.schema)
        h.run("open products")
        h.run("open #A1")
        h.run("set sku A2")
        let refused = try h.expectUnchanged("products") { h.run("save") }
        #expect(refused.error?.message == "cannot save Widget: 1 line refers to it (lines.sku) by the value this save changes "
                + "(FOREIGN KEY); nothing was saved (change those rows first, or set the value back)")
    }

    /// ON UPDATE RESTRICT, which SQLite enforces as a trigger would be, is
    /// said as a foreign key (it read "refused by a trigger").
    @Test(arguments: StoreKind.all)
    func aKeyChangeRestrictForbidsIsRefusedNamingTheRows(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.schema.replacingOccurrences(
            of: "REFERENCES products(sku)", with: "REFERENCES products(sku) ON UPDATE RESTRICT"))
        h.run("open products")
        h.run("open #A1")
        h.run("set sku A2")
        let refused = try h.expectUnchanged("products") { h.run("save") }
        #expect(refused.error?.message.hasPrefix("cannot save Widget: 1 line refers to it (lines.sku)") == true,
                "\(refused.error?.message ?? refused.output)")
    }

    @Test(arguments: StoreKind.all)
    func anUndoneInsertRowsNowReferToIsRefusedNamingThem(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.schema)
        h.run("open products")
        h.run("new")
        h.run("set sku B1")
        h.run("set name Gadget")
        h.run("save")
        try h.elsewhere("INSERT INTO lines VALUES (2, 'B1')")
        let refused = try h.expectUnchanged("products") { h.run("undo") }
        #expect(refused.error?.message == "cannot undo the insert of Gadget: 1 line refers to it (lines.sku) now; nothing changed")
    }

    /// A record with unsaved edits is deleted under its stored title: named
    /// by its edits, `delete` said it took another row of the title typed.
    @Test(arguments: StoreKind.all)
    func aDeleteNamesTheRowAsStoredNotAsEdited(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE playlists (id INTEGER PRIMARY KEY, name TEXT);
            INSERT INTO playlists VALUES (1, 'Music'), (2, 'Movies');
            """, mode: .interactive)
        h.run("open playlists", "open 2", "set name Music")
        let question = try #require(h.run("delete").question)
        #expect(question.prompt == "Delete Movies from playlists with its unsaved edits? [y/N] ")
        #expect(h.session.answer(question, .yes).output.hasPrefix("deleted Movies with its unsaved edits\n"))
        #expect(try h.column("SELECT name FROM playlists ORDER BY id") == ["Music"])
    }

    /// What a delete takes is said in one order on every store: each
    /// table's links are followed by the referring table's name. PostgreSQL
    /// followed them in the order they were made, SQLite by name.
    @Test(arguments: StoreKind.all)
    func whatADeleteTakesIsSaidInOneOrderOnEveryStore(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE staff (id INTEGER PRIMARY KEY, name TEXT NOT NULL,
                                boss INTEGER REFERENCES staff(id) ON DELETE CASCADE);
            CREATE TABLE badges (id INTEGER PRIMARY KEY, staff_id INTEGER REFERENCES staff(id) ON DELETE CASCADE);
            INSERT INTO staff VALUES (1, 'Ann', NULL), (2, 'Bob', 1);
            INSERT INTO badges VALUES (1, 1);
            """)
        h.run("open staff", "open #1")
        #expect(h.output("delete") == "deleted Ann and 1 badge, 1 other row of staff\n")
    }
}

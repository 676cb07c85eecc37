import NavshCore
import NavshTestSupport
import Testing

/// A title made of several fields (a first and last name, a spec's `row:`
/// template) is matched whole by `open TITLE`, `set REF TITLE` and
/// `where REF ~`/`=`: they looked in its first field alone, so "Leonie
/// Köhler" matched neither `Köhler` nor itself, and `where customer ~
/// Köhler` said "no rows match" under a list that showed her (the trial's find).
@Suite struct TitleOfSeveralFieldsTests {
    static let store = """
        CREATE TABLE customers (id INTEGER PRIMARY KEY, "FirstName" TEXT, "LastName" TEXT, "City" TEXT);
        CREATE TABLE invoices (id INTEGER PRIMARY KEY, customer INTEGER REFERENCES customers(id), day TEXT, city TEXT);
        INSERT INTO customers VALUES (1, 'Luís', 'Gonçalves', 'São José'), (2, 'Leonie', 'Köhler', 'Stuttgart'),
          (3, 'Jack', 'Smith', 'Redmond');
        INSERT INTO invoices VALUES (1, 2, '2025-01-27', 'Stuttgart'), (2, 3, '2025-02-04', 'Redmond'),
          (3, 2, '2025-05-27', 'Stuttgart'), (4, 1, '2025-06-01', 'São José');
        """

    @Test(arguments: StoreKind.all)
    func aFirstAndLastNameIsMatchedWhole(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.store)
        h.run("open customers")
        #expect(h.output("open Köhler").hasPrefix("customers › Leonie Köhler\n"))
        h.run("back")
        #expect(h.output("open leonie köhler").hasPrefix("customers › Leonie Köhler\n"))
        h.run("top")
        h.run("open invoices")
        let found = h.output("where customer ~ Köhler")
        #expect(found.hasPrefix("invoices (2) · customer ~ \"Köhler\"\n"), "\(found)")
        h.run("back")
        #expect(h.output("where customer ~ \"ie Kö\"").hasPrefix("invoices (2)"))
        h.run("back")
        h.run("open #2")
        #expect(h.run("set customer Köhler").error == nil)
        #expect(h.output("changes").contains("customer: Jack Smith → Leonie Köhler"))
    }

    @Test(arguments: StoreKind.all)
    func aSpecTemplateIsMatchedAsTheListShowsIt(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.store, spec: """
            collections:
              invoices:
                row: "Invoice {id} · {day}"
              customers:
                row: "{LastName}, {FirstName}"
            """)
        h.run("open invoices")
        #expect(h.output("open Invoice 3 · 2025-05-27").hasPrefix("invoices › Invoice 3 · 2025-05-27\n"))
        h.run("top")
        h.run("open customers")
        #expect(h.output("open Smith, Jack").hasPrefix("customers › Smith, Jack\n"))
        h.run("top")
        h.run("open invoices")
        let found = h.output("where customer ~ \"Smith, J\"")
        #expect(found.hasPrefix("invoices (1) · customer ~ \"Smith, J\"\n"), "\(found)")
    }

    /// A text that is one row's first field and part of others' whole
    /// titles names none of them: `Mary` is in "Mary Ann Lee" twice and in
    /// "Maryam Khan", and the row whose first name is Mary was taken
    /// silently. The refusal names each row by its key.
    @Test(arguments: StoreKind.all)
    func aFirstFieldAloneIsNotAWholeTitle(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE people (id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT);
            CREATE TABLE orders (id INTEGER PRIMARY KEY, person INTEGER REFERENCES people(id), item TEXT);
            INSERT INTO people VALUES (1, 'Mary Ann', 'Lee'), (2, 'Mary', 'Ann Lee'), (3, 'Maryam', 'Khan');
            INSERT INTO orders VALUES (1, 3, 'cup');
            """)
        h.run("open people")
        #expect(h.run("open Mary").error?.message.contains("matches several rows") == true)
        #expect(h.output("open Maryam").hasPrefix("people › Maryam Khan\n"))
        h.run("top")
        h.run("open orders")
        h.run("open 1")
        let refused = h.run("set person Mary Ann Lee")
        #expect(refused.error?.message.contains("matches several rows: #1 Mary Ann Lee, #2 Mary Ann Lee;") == true,
                "\(refused.error?.message ?? "")")
        #expect(h.output("changes") == "no unsaved changes\n")
    }

    /// The whole title is what the list shows: an empty or NULL first name
    /// leaves the last name alone (two rows read "Kim"), and a second row of
    /// a title found past the first 200 candidates still makes it ambiguous.
    /// An ambiguous reference lists every row, up to five, with its key.
    @Test(arguments: StoreKind.all)
    func emptyPartsAndFarRowsAreMatchedAsShown(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE people (id INTEGER PRIMARY KEY, FirstName TEXT, LastName TEXT);
            CREATE TABLE orders (id INTEGER PRIMARY KEY, person INTEGER REFERENCES people(id));
            INSERT INTO people VALUES (1, 'Kim', ''), (2, NULL, 'Kim'), (3, NULL, 'Park'), (4, 'Al', 'Park'), (5, 'Kim', 'Lee');
            WITH RECURSIVE c(i) AS (SELECT 10 UNION ALL SELECT i + 1 FROM c WHERE i < 400)
            INSERT INTO people SELECT i, 'Kimberly', 'X' || i FROM c;
            INSERT INTO people VALUES (500, 'Kim', 'Lee'), (501, 'kim', 'lee'), (502, 'KIM', 'LEE'), (503, 'Kim', 'Lee'),
              (504, 'Kim', 'Lee');
            INSERT INTO orders VALUES (1, 4);
            """)
        h.run("open people")
        #expect(h.run("open Kim").error?.message.contains("matches several rows: 1 Kim, 2 Kim;") == true)
        #expect(h.output("open Park").hasPrefix("people › Park\n"))
        h.run("back")
        #expect(h.run("open Kim Lee").error?.message.contains("matches several rows") == true)
        h.run("top")
        h.run("open orders")
        h.run("open 1")
        let refused = h.run("set person Kim Lee").error?.message ?? ""
        #expect(refused.contains("#5 Kim Lee, #500 Kim Lee, #501 kim lee, #502 KIM LEE, #503 Kim Lee, …;"), "\(refused)")
        #expect(h.run("set person Kim").error?.message.contains("#1 Kim, #2 Kim;") == true)
    }

    /// A template's NULL field leaves no double space: "{first} {middle}
    /// {last}" with no middle name reads "Ann Lee", and matches it.
    @Test(arguments: StoreKind.all)
    func aTemplatesEmptyFieldFoldsAsShown(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE people (id INTEGER PRIMARY KEY, first TEXT, middle TEXT, last TEXT);
            CREATE TABLE orders (id INTEGER PRIMARY KEY, person INTEGER REFERENCES people(id));
            INSERT INTO people VALUES (1, 'Ann', NULL, 'Lee'), (2, ' Bo', 'J', 'Chen ');
            INSERT INTO orders VALUES (1, 1), (2, 2);
            """, spec: """
            collections:
              people:
                row: "{first} {middle} {last}"
            """)
        h.run("open orders")
        #expect(h.output("where person ~ \"Ann Lee\"").hasPrefix("orders (1)"))
        h.run("back")
        #expect(h.output("where person = \"Bo J Chen\"").hasPrefix("orders (1)"))
        h.run("top")
        h.run("open people")
        #expect(h.output("open n Le").hasPrefix("people › Ann Lee\n"))
    }

    /// Tab completes a title of several fields from any part of it, as
    /// `open` finds it: it looked in the first field alone.
    @Test(arguments: StoreKind.all)
    func tabCompletesATitleOfSeveralFieldsWhole(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.store + "CREATE INDEX people_first ON customers (\"FirstName\");")
        h.run("open customers")
        #expect(h.session.completions(before: "open Köh").candidates == ["Leonie Köhler"])
        #expect(h.session.completions(before: "open Leonie K").candidates == ["Leonie Köhler"])
        #expect(h.session.completions(before: "open Leo").candidates == ["Leonie Köhler"])
        h.run("top")
        h.run("open invoices")
        h.run("open 1")
        #expect(h.session.completions(before: "set customer Smi").candidates == ["Jack Smith"])
    }
}

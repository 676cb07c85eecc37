import NavshCore
import NavshTestSupport
import Testing

/// Rows named as people know them, from the schema alone: an employee by
/// her name, not her job; an invoice by its number and customer, not its
/// billing address; an order by its customer, not its status.
@Suite struct DefaultTitleTests {
    /// Chinook's tables as it declares them (the columns that matter here).
    static let chinook = """
        CREATE TABLE "Artist" ("ArtistId" INTEGER PRIMARY KEY, "Name" TEXT);
        CREATE TABLE "Album" ("AlbumId" INTEGER PRIMARY KEY, "Title" TEXT NOT NULL,
            "ArtistId" INTEGER NOT NULL REFERENCES "Artist" ("ArtistId"));
        CREATE TABLE "Employee" ("EmployeeId" INTEGER PRIMARY KEY, "LastName" TEXT NOT NULL, "FirstName" TEXT NOT NULL,
            "Title" TEXT, "ReportsTo" INTEGER REFERENCES "Employee" ("EmployeeId"), "City" TEXT, "Email" TEXT);
        CREATE TABLE "Customer" ("CustomerId" INTEGER PRIMARY KEY, "FirstName" TEXT NOT NULL, "LastName" TEXT NOT NULL,
            "Company" TEXT, "Address" TEXT, "City" TEXT, "Country" TEXT, "Email" TEXT NOT NULL,
            "SupportRepId" INTEGER REFERENCES "Employee" ("EmployeeId"));
        CREATE TABLE "Invoice" ("InvoiceId" INTEGER PRIMARY KEY,
            "CustomerId" INTEGER NOT NULL REFERENCES "Customer" ("CustomerId"), "InvoiceDate" DATETIME NOT NULL,
            "BillingAddress" TEXT, "BillingCity" TEXT, "BillingCountry" TEXT, "BillingPostalCode" TEXT, "Total" REAL NOT NULL);
        INSERT INTO "Artist" VALUES (1, 'AC/DC');
        INSERT INTO "Album" VALUES (1, 'For Those About To Rock', 1);
        INSERT INTO "Employee" VALUES (1, 'Adams', 'Andrew', 'General Manager', NULL, 'Edmonton', 'andrew@chinookcorp.com'),
            (3, 'Peacock', 'Jane', 'Sales Support Agent', 1, 'Calgary', 'jane@chinookcorp.com'),
            (4, 'Park', 'Margaret', 'Sales Support Agent', 1, 'Calgary', 'margaret@chinookcorp.com');
        INSERT INTO "Customer" VALUES (1, 'Luís', 'Gonçalves', 'Embraer', 'Av. Brigadeiro Faria Lima, 2170',
            'São José dos Campos', 'Brazil', 'luisg@embraer.com.br', 3);
        INSERT INTO "Invoice" VALUES (98, 1, '2021-01-11', 'Av. Brigadeiro Faria Lima, 2170', 'São José dos Campos',
            'Brazil', '12227-000', 3.98);
        """

    /// A shop's orders, Sakila's addresses and films, Northwind's products.
    static let others = """
        CREATE TABLE customers (id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT, email TEXT);
        CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customers (id), status TEXT, total REAL);
        CREATE TABLE address (address_id INTEGER PRIMARY KEY, address TEXT NOT NULL, district TEXT, phone TEXT);
        CREATE TABLE film (film_id INTEGER PRIMARY KEY, title TEXT NOT NULL, description TEXT, rating TEXT);
        CREATE TABLE products (product_id INTEGER PRIMARY KEY, category TEXT, product_name TEXT NOT NULL);
        CREATE TABLE shipments (id INTEGER PRIMARY KEY, created_at TEXT, billingaddress TEXT, tracking TEXT);
        CREATE TABLE accounts (id INTEGER PRIMARY KEY, password_hash TEXT, token TEXT, created TEXT, username TEXT);
        CREATE TABLE invoices (id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customers (id), total REAL, note TEXT);
        INSERT INTO customers VALUES (1, 'Ann', 'Tanaka', 'ann@example.com');
        INSERT INTO orders VALUES (7, 1, 'refunded', 19.5);
        INSERT INTO address VALUES (1, '47 MySakila Drive', 'Alberta', '');
        """

    func titles(_ h: SessionHarness) -> [String: String] {
        Dictionary(uniqueKeysWithValues: h.collections.map { collection in
            (collection.name, collection.compositeTitle?.fields.joined(separator: "+") ?? collection.titleField ?? "")
        })
    }

    @Test(arguments: StoreKind.all)
    func chinooksRowsAreNamedAsPeopleKnowThem(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.chinook)
        #expect(titles(h) == ["Artist": "Name", "Album": "Title", "Employee": "FirstName+LastName",
                              "Customer": "FirstName+LastName", "Invoice": "InvoiceId+CustomerId"])
        let invoices = h.output("open Invoice")
        #expect(invoices.contains("#98 · Luís Gonçalves"), "\(invoices)")
    }

    @Test(arguments: StoreKind.all)
    func aStatusOrAnAddressTitlesARowOnlyWhenNothingElseCan(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.others)
        #expect(titles(h) == ["customers": "first_name+last_name", "orders": "id+customer_id", "address": "address",
                              "film": "title", "products": "product_name",
                              "shipments": "tracking", "accounts": "username", "invoices": "id+customer_id"])
        #expect(h.output("open orders").contains("#7 · Ann Tanaka"))
    }

    /// PostgreSQL folds an unquoted `TrackName` to `trackname`: the row is
    /// still titled by it, not by the first text column, its genre.
    @Test(arguments: StoreKind.all)
    func aNameRunTogetherInLowercaseStillTitlesARow(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE track (trackid INTEGER PRIMARY KEY, genre TEXT, trackname TEXT NOT NULL);
            CREATE TABLE album (albumid INTEGER PRIMARY KEY, label TEXT, albumtitle TEXT);
            CREATE TABLE person (id INTEGER PRIMARY KEY, city TEXT, surname TEXT);
            INSERT INTO track VALUES (1, 'Rock', 'Black Dog');
            """)
        #expect(titles(h) == ["track": "trackname", "album": "label", "person": "surname"])
        #expect(h.output("open track").contains("Black Dog"))
    }

    /// The support rep is set by her name: titled by the job, every rep read
    /// "Sales Support Agent" and `set SupportRepId Margaret Park` failed.
    @Test(arguments: StoreKind.all)
    func aReferenceIsSetByThePersonsName(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.chinook)
        h.run("open Customer", "open 1")
        let set = h.run("set SupportRepId Margaret Park")
        #expect(set.error == nil, "\(set.error?.message ?? "")")
        h.run("save")
        #expect(try h.value(#"SELECT "SupportRepId" FROM "Customer" WHERE "CustomerId" = 1"#) == "4")
    }

    /// Two rows of one title are told apart by the first field that differs.
    @Test(arguments: StoreKind.all)
    func rowsThatShareATitleAreToldApart(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.chinook)
        try h.elsewhere(#"INSERT INTO "Employee" VALUES (5, 'Park', 'Margaret', 'IT Staff', 1, 'Lethbridge', 'mp@chinookcorp.com')"#)
        h.run("open Customer", "open 1")
        let refused = h.run("set SupportRepId Margaret Park").error?.message
        // Semicolons between rows: each holds a comma of its own (a trial
        // read `#19 Jane Novak, Sales Manager, #29 Jane Novak, …`).
        #expect(refused == "SupportRepId: 'Margaret Park' matches several rows: #4 Margaret Park, Sales Support Agent; "
                + "#5 Margaret Park, IT Staff; they share the title: name one as #KEY", "\(refused ?? "")")
    }

    /// A title made of a key and a reference is found as the list shows
    /// it: by the referenced row's title, which no column of the row holds.
    @Test(arguments: StoreKind.all)
    func aTitleOfAReferenceIsFoundByThatRowsTitle(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.chinook)
        h.run("open Invoice")
        let found = h.output("find gonçalves")
        #expect(found.hasPrefix("Invoice (1) · find \"gonçalves\"\n") && found.contains("#98 · Luís Gonçalves"), "\(found)")
        h.run("back")
        #expect(h.output("open Luís Gonçalves").hasPrefix("Invoice › #98 · Luís Gonçalves\n"))
        h.run("back")
        #expect(h.run("open Nobody").error?.message.contains("Nobody") == true)
    }

    /// A reference tells nobody who a row is (its value is another row's
    /// key): rows apart only there and in a plain field are told by the latter.
    @Test(arguments: StoreKind.all)
    func rowsAreNotToldApartByAReferencesKey(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.chinook)
        try h.elsewhere(#"INSERT INTO "Employee" VALUES (6, 'Park', 'Margaret', 'Sales Support Agent', 3, 'Lethbridge', 'mp@chinookcorp.com')"#)
        h.run("open Customer", "open 1")
        let refused = h.run("set SupportRepId Margaret Park").error?.message ?? ""
        #expect(refused.contains("#4 Margaret Park, Calgary; #6 Margaret Park, Lethbridge"), "\(refused)")
    }
}

/// A list sorted by a reference reads in the order of the referenced rows'
/// whole titles: by first name alone, three Anns came out of order.
@Suite struct SortByReferenceTitleTests {
    @Test(arguments: StoreKind.all)
    func aReferenceSortsByItsRowsWholeTitle(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE customers (id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT);
            CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customers (id), total REAL);
            INSERT INTO customers VALUES (1, 'Ann', 'Tanaka'), (2, 'Ann', 'Johnson'), (3, 'Ann', 'Ivanov'), (4, 'Bo', 'Adams');
            INSERT INTO orders VALUES (1, 1, 10), (2, 2, 20), (3, 3, 30), (4, 1, 40), (5, 4, 50);
            """)
        h.run("open orders")
        let sorted = h.output("sort customer_id")
        let names = ["Ann Ivanov", "Ann Johnson", "Ann Tanaka", "Bo Adams"]
        let places = names.map { sorted.range(of: $0)?.lowerBound }
        #expect(!places.contains(nil) && places.map { $0! } == places.map { $0! }.sorted(), "\(sorted)")
        // Descending, the last name decides too.
        let next = h.output("sort customer_id desc")
        #expect(next.range(of: "Bo Adams")!.lowerBound < next.range(of: "Ann Tanaka")!.lowerBound, "\(next)")
    }
}

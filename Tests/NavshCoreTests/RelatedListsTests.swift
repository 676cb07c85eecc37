import NavshCore
import NavshTestSupport
import Testing

/// A record says which lists refer to it and how many rows each holds, a
/// list opened from it says whose rows it holds, and rows that share a
/// title are told apart wherever one is chosen or shown.
@Suite struct RelatedListsTests {
    static let staff = """
        CREATE TABLE "Employee" ("EmployeeId" INTEGER PRIMARY KEY, "LastName" TEXT NOT NULL, "FirstName" TEXT NOT NULL,
            "Title" TEXT, "ReportsTo" INTEGER REFERENCES "Employee" ("EmployeeId"), "BirthDate" TEXT);
        CREATE TABLE "Customer" ("CustomerId" INTEGER PRIMARY KEY, "FirstName" TEXT NOT NULL, "LastName" TEXT NOT NULL,
            "SupportRepId" INTEGER REFERENCES "Employee" ("EmployeeId"));
        INSERT INTO "Employee" VALUES (1, 'Adams', 'Andrew', 'General Manager', NULL, '1962-02-18'),
            (2, 'Edwards', 'Nancy', 'Sales Manager', 1, '1958-12-08'),
            (3, 'Peacock', 'Jane', 'Sales Support Agent', 2, '1973-08-29'),
            (5, 'Johnson', 'Steve', 'Sales Support Agent', 2, '1965-03-03'),
            (9, 'Johnson', 'Steve', 'Sales Support Agent', 2, '1980-01-01');
        INSERT INTO "Customer" VALUES (1, 'Luís', 'Gonçalves', 3), (2, 'Leonie', 'Köhler', 5), (3, 'François', 'Tremblay', 3);
        """

    @Test(arguments: StoreKind.all)
    func aRecordCountsTheListsThatReferToIt(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.staff)
        h.run("open Employee")
        #expect(h.output("open 2").hasSuffix("related: Employee (3, by ReportsTo), Customer (0)\n"))
        h.run("back")
        #expect(h.output("open 3").hasSuffix("related: Employee (0, by ReportsTo), Customer (2)\n"))
        #expect(h.output("open Customer").hasPrefix("Customer whose SupportRepId is Jane Peacock (2)\n"))
        h.run("new", "set FirstName Ada", "set LastName Lovelace", "save", "back")
        #expect(h.output("show").hasSuffix("related: Employee (0, by ReportsTo), Customer (3)\n"), "counted again")
        #expect(!h.output("open Customer", "new").contains("related:"), "a draft has no rows of its own")
    }

    @Test(arguments: StoreKind.all)
    func changesTellsRowsOfOneTitleApart(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.staff)
        h.run("open Customer", "open 1", "set SupportRepId #9")
        #expect(h.output("changes") == "  SupportRepId: Jane Peacock → #9 Steve Johnson, 1980-01-01\n")
    }

    @Test(arguments: StoreKind.all)
    func tabListsRowsOfOneTitleByKeyAndWhoTheyAre(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.staff, mode: .interactive)
        h.run("open Customer", "open 1")
        let offered = h.session.completions(before: "set SupportRepId Steve")
        #expect(offered.candidates == ["#5", "#9"])
        #expect(offered.labels == ["#5": "#5 Steve Johnson, 1965-03-03", "#9": "#9 Steve Johnson, 1980-01-01"])
    }

    /// A row another process moved out of a related list left that list:
    /// a trial's batch delete said it was deleted or re-keyed, read through
    /// the list's own scope. A save says the same.
    @Test(arguments: StoreKind.all)
    func aRowMovedToAnotherParentLeftTheRelatedList(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.staff)
        h.run("open Employee", "open 3", "open Customer", "open *")
        try h.elsewhere(#"UPDATE "Customer" SET "SupportRepId" = 5 WHERE "CustomerId" = 1"#)
        let left = "1 of 2 rows changed elsewhere since open *: #1 Luís Gonçalves (SupportRepId changed; it left the list)"
        #expect(h.run("delete").error?.message.hasPrefix(left) == true, "\(h.run("delete").error?.message ?? "")")
        h.run("set LastName Same")
        #expect(h.run("save").error?.message.hasPrefix(left) == true, "\(h.run("save").error?.message ?? "")")
    }
}

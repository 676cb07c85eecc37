import Foundation
import NavshTestSupport
import Testing

/// Reports of edits name a reference by the referenced row's title, not
/// its id (issue 14): `changes`, a dry run's report, a conflict's table.
@Suite struct ReferenceTitleReportTests {
    let navsh = NavshBinary()
    static let sql = """
        CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
        CREATE TABLE orders (id INTEGER PRIMARY KEY, item TEXT, customer_id INTEGER REFERENCES customers(id));
        INSERT INTO customers (name) VALUES ('Ann Lee'), ('Bo Chen');
        INSERT INTO orders (item, customer_id) VALUES ('Teapot', 1);
        """
    static let spec = """
        collections:
          orders:
            fields:
              customer_id: { label: Customer }
        """

    func run(_ arguments: [String], _ commands: [String]) throws -> NavshBinary.Result {
        let db = try TemporaryDatabase(Self.sql)
        let specPath = db.directory + "/app.yaml"
        try Self.spec.write(toFile: specPath, atomically: true, encoding: .utf8)
        return try navsh.run(arguments + ["--spec", specPath, db.path] + commands.flatMap { ["-c", $0] })
    }

    @Test func changesNameTheReferencedRows() throws {
        let result = try run(["--quiet"], ["open orders", "open 1", "set customer_id Bo Chen", "changes", "cancel"])
        #expect(result.stderr == "")
        #expect(result.stdout == "  Customer: Ann Lee → Bo Chen\n")
    }

    @Test func aDryRunReportNamesTheReferencedRows() throws {
        let result = try run(["--dry-run"], ["open orders", "open 1", "set customer_id Bo Chen", "save"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("  update orders › Teapot: Customer Ann Lee → Bo Chen\n"), "\(result.stdout)")
    }

    @Test func aConflictTableNamesTheReferencedRows() throws {
        let h = try SessionHarness(Self.sql)
        h.run("open orders", "open 1", "set customer_id Bo Chen")
        try h.database.execute("UPDATE orders SET customer_id = NULL WHERE id = 1")
        let refused = h.run("save")
        #expect(refused.error != nil)
        #expect(refused.output == "  field        original  theirs  yours\n! customer_id  Ann Lee   (null)  Bo Chen\n")
    }
}

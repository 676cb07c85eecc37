import Foundation
import NavshTestSupport
import Testing

/// `describe [FIELD]` and `help set` (issue 14): what each field takes, as
/// the schema and the app spec say it, CHECK constraints as written.
@Suite struct DescribeTests {
    let navsh = NavshBinary()
    static let sql = """
        CREATE TABLE owners (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
        CREATE TABLE presidents (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL CHECK (length(trim(name)) > 0),
            from_year INTEGER, to_year INTEGER,
            "party, x" TEXT DEFAULT 'none' CHECK ("party, x" <> ')'),
            owner_id INTEGER REFERENCES owners(id),
            created TEXT DEFAULT CURRENT_TIMESTAMP,
            CONSTRAINT ordered CHECK (from_year <= to_year));
        INSERT INTO presidents (name, from_year, to_year) VALUES ('John F. Kennedy', 1961, 1963);
        """
    static let spec = """
        collections:
          presidents:
            fields:
              from_year: { label: From, type: integer, min: 1789, max: this year }
              to_year: { label: To, type: integer, min: 1789, max: this year }
        """

    func run(_ commands: [String]) throws -> NavshBinary.Result {
        let db = try TemporaryDatabase(Self.sql)
        let specPath = db.directory + "/app.yaml"
        try Self.spec.write(toFile: specPath, atomically: true, encoding: .utf8)
        return try navsh.run(["--spec", specPath, db.path, "--quiet"] + commands.flatMap { ["-c", $0] },
                             environment: ["NAVSH_NOW": "2026-11-22 09:00:00"])
    }

    @Test func describeAtAListSaysWhatEveryFieldTakes() throws {
        let result = try run(["open presidents", "describe"])
        #expect(result.stderr == "")
        #expect(result.stdout == """
            presidents: 7 fields
              id: INTEGER, the row's key, NOT NULL, read-only (the row's key, assigned when saved)
              name: TEXT, NOT NULL, check length(trim(name)) > 0
              From (from_year): INTEGER, may be NULL, range 1789 to this year (2026), check from_year <= to_year
              To (to_year): INTEGER, may be NULL, range 1789 to this year (2026), check from_year <= to_year
              party, x: TEXT, may be NULL, default none, check "party, x" <> ')'
              owner_id: INTEGER, may be NULL, refers to owners (id)
              created: TEXT, may be NULL, default CURRENT_TIMESTAMP (set when saved)

            """)
    }

    @Test func describeFieldAtARecordAddsItsValue() throws {
        let result = try run(["open presidents", "open 1", "describe to"])
        #expect(result.stderr == "")
        #expect(result.stdout == """
            To (to_year)
              type   INTEGER
              empty  may be NULL
              range  1789 to this year (2026)
              check  from_year <= to_year
              value  1963

            """)
        let unknown = try run(["open presidents", "describe to_yaer"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("unknown field 'to_yaer'; did you mean to_year?"))
    }

    @Test func helpSetListsTheFieldsWithTheirTypes() throws {
        let result = try run(["open presidents", "open 1", "help set"])
        #expect(result.stdout.hasSuffix("""
              fields:
                name: TEXT, NOT NULL, check length(trim(name)) > 0
                From (from_year): INTEGER, may be NULL, range 1789 to this year (2026), check from_year <= to_year
                To (to_year): INTEGER, may be NULL, range 1789 to this year (2026), check from_year <= to_year
                party, x: TEXT, may be NULL, default none, check "party, x" <> ')'
                owner_id: INTEGER, may be NULL, refers to owners (id)
                created: TEXT, may be NULL, default CURRENT_TIMESTAMP (set when saved)

            """))
    }
}

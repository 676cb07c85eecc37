import Foundation
import NavshTestSupport
import Testing

/// A dry run changes no byte of any file, creates none, and reports every
/// row the script would have changed, cascades and triggers included
/// (issue 8, item 8).
@Suite struct DryRunFileTests {
    let navsh = NavshBinary()

    func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    @Test func aSpecsAdditionsRollBackWithTheRest() throws {
        let db = try TemporaryDatabase("CREATE TABLE cars (id INTEGER PRIMARY KEY, make TEXT);"
            + "INSERT INTO cars (make) VALUES ('Ford');")
        let specPath = db.directory + "/app.yaml"
        try """
            collections:
              cars:
                fields:
                  model: { create: true }
              owners:
                create: true
                fields:
                  name:
            """.write(toFile: specPath, atomically: true, encoding: .utf8)
        let before = try bytes(db.path)
        let result = try navsh.run(["--dry-run", "--spec", specPath, db.path],
                                   stdin: "open cars\nopen 1\nset model T\nsave\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "navsh: dry run: adding column cars.model until the end of the run\n"
            + "navsh: dry run: adding table owners until the end of the run\n")
        #expect(result.stdout.contains("  update cars › Ford: model (null) → T\n"), "\(result.stdout)")
        #expect(try bytes(db.path) == before)
        #expect(try db.rows("SELECT name FROM pragma_table_info('cars')").map { $0["name"]! } == ["id", "make"])
        #expect(try db.rows("SELECT count(*) AS n FROM sqlite_master WHERE name = 'owners'")[0]["n"] == "0")
    }

    @Test func aDryRunCreatesNoFile() throws {
        let directory = NSTemporaryDirectory() + "navsh-dry-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let specPath = directory + "/app.yaml"
        try "collections:\n  notes:\n    create: true\n    fields:\n      text:\n"
            .write(toFile: specPath, atomically: true, encoding: .utf8)
        let path = directory + "/new.sqlite"
        for options in [["--create"], ["--spec", specPath], ["--create", "--spec", specPath]] {
            let result = try navsh.run(["--dry-run"] + options + [path], stdin: "show\n")
            #expect(result.status == 66, "\(options)")
            #expect(result.stderr == "navsh: --dry-run: \(path) does not exist, and a dry run creates nothing; "
                + "run without --dry-run to create it\n")
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["app.yaml"], "\(options)")
        }
        // Without --create or a spec, a real run does not create it either: the advice says what does (the trial's find).
        let plain = try navsh.run(["--dry-run", path], stdin: "show\n")
        #expect(plain.status == 66)
        #expect(plain.stderr == "navsh: --dry-run: \(path) does not exist, and a dry run creates nothing; "
            + "--create makes a new store (without --dry-run)\n")
    }

    @Test func theReportCountsRowsThatCascadesAndTriggersChange() throws {
        let db = try TemporaryDatabase("""
            CREATE TABLE owners (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE cars (id INTEGER PRIMARY KEY, make TEXT,
                               owner_id INTEGER REFERENCES owners(id) ON DELETE CASCADE);
            CREATE TABLE log (id INTEGER PRIMARY KEY, what TEXT);
            CREATE TRIGGER owner_gone AFTER DELETE ON owners BEGIN INSERT INTO log (what) VALUES (old.name); END;
            INSERT INTO owners (name) VALUES ('Ann'), ('Bob');
            INSERT INTO cars (make, owner_id) VALUES ('Ford', 1), ('Fiat', 1), ('Audi', 2);
            """)
        let before = try bytes(db.path)
        let result = try navsh.run(["--dry-run", db.path], stdin: "open owners\ndelete 1\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasSuffix("""
            the script would have made 1 change:
              delete owners › Ann and 2 cars
            rows it would have changed, cascades and triggers included: 4 (cars: 2 deleted; log: 1 inserted; owners: 1 deleted)

            """), "\(result.stdout)")
        #expect(try bytes(db.path) == before)
        #expect(try db.rows("SELECT count(*) AS n FROM cars")[0]["n"] == "3")
    }

    /// Rows, not writes: three saves of two rows, each save's trigger
    /// updating its row again, are two rows updated (the report said six;
    /// the trial's find).
    @Test func theReportCountsEachRowOnce() throws {
        let db = try TemporaryDatabase("""
            CREATE TABLE item (id INTEGER PRIMARY KEY, qty INTEGER, touched TEXT);
            CREATE TABLE log (id INTEGER PRIMARY KEY, what TEXT);
            CREATE TRIGGER stamp AFTER UPDATE OF qty ON item BEGIN
              UPDATE item SET touched = 'yes' WHERE id = new.id; INSERT INTO log (what) VALUES (new.qty); END;
            INSERT INTO item (qty) VALUES (1), (2);
            """)
        let result = try navsh.run(["--dry-run", db.path], stdin: """
            open item
            open #1
            set qty 4
            save
            open #1
            set qty 5
            save
            open #2
            set qty 0
            save

            """)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasSuffix(
            "rows it would have changed, cascades and triggers included: 5 (item: 2 updated; log: 3 inserted)\n"),
            "\(result.stdout)")
    }
}

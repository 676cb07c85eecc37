import Foundation
import NavshTestSupport
import Testing

/// A spec checked against the file it is pointed at: a name that is not
/// there, or a default its own rules refuse, is a spec error (exit 65, line
/// and key) and the file is left byte for byte as it was; what a spec does
/// add, it says (issue 8, items 9 and 10).
@Suite struct SpecAgainstFileTests {
    let navsh = NavshBinary()
    static let cars = "CREATE TABLE cars (id INTEGER PRIMARY KEY, make TEXT, model TEXT, year INTEGER, parked DATE);"
        + "INSERT INTO cars (make, model, year) VALUES ('Ford', 'Model T', 1908);"

    /// Runs `commands` over a file made from `sql`, with `spec` as app.yaml,
    /// and returns the result and whether the file's bytes changed.
    func run(_ spec: String, _ commands: [String] = ["show"], sql: String = cars)
        throws -> (result: NavshBinary.Result, changed: Bool, db: TemporaryDatabase)
    {
        let db = try TemporaryDatabase(sql)
        let specPath = db.directory + "/app.yaml"
        try spec.write(toFile: specPath, atomically: true, encoding: .utf8)
        let before = try Data(contentsOf: URL(fileURLWithPath: db.path))
        let result = try navsh.run(["--spec", specPath, db.path] + commands.flatMap { ["-c", $0] },
                                  environment: ["NAVSH_NOW": "2026-11-22 09:00:00"])
        let after = try Data(contentsOf: URL(fileURLWithPath: db.path))
        return (result, before != after, db)
    }

    @Test func aFieldThatIsNotAColumnIsASpecErrorNotANewColumn() throws {
        let (result, changed, db) = try run("""
            collections:
              cars:
                fields:
                  make: { label: Make }
                  mdoel: { label: Model }
            """)
        #expect(result.status == 65)
        #expect(result.stderr == "navsh: app.yaml:5: collections.cars.fields.mdoel: no column 'mdoel' in table cars "
            + "(its columns: id, make, model, year, parked); add create: true to this field to add it\n")
        #expect(!changed)
        #expect(try db.rows("SELECT count(*) AS n FROM pragma_table_info('cars')")[0]["n"] == "5")
    }

    @Test func aTemplateNamingAMissingFieldIsASpecError() throws {
        let row = try run("collections:\n  cars:\n    row: \"{year} {mkae}\"\n")
        #expect(row.result.status == 65)
        #expect(row.result.stderr == "navsh: app.yaml:3: collections.cars.row: no field 'mkae' in cars "
            + "(its fields: id, make, model, year, parked)\n")
        let detail = try run("collections:\n  cars:\n    detail: [\"{make}\", \"{Year}\"]\n")
        #expect(detail.result.status == 65, "a template reads fields by exact name")
        #expect(detail.result.stderr.hasPrefix("navsh: app.yaml:3: collections.cars.detail: no field 'Year' in cars"))
        let section = try run("collections:\n  cars:\n    sections:\n      - { title: A, fields: [make] }\n"
            + "      - { title: B, fields: [yaer] }\n")
        #expect(section.result.stderr.hasPrefix("navsh: app.yaml:5: collections.cars.sections[1].fields: no field 'yaer'"))
        let reference = try run("collections:\n  cars:\n    fields:\n      make: { references: ownres }\n")
        #expect(reference.result.stderr == "navsh: app.yaml:4: collections.cars.fields.make.references: "
            + "no table 'ownres' in the file to reference\n")
        let order = try run("collections:\n  cars:\n    group: mkae\n")
        #expect(order.result.stderr.hasPrefix("navsh: app.yaml:3: collections.cars.group: no field 'mkae'"))
    }

    @Test func aCollectionThatIsNotATableIsASpecError() throws {
        let (result, changed, db) = try run("collections:\n  cars: { title: Cars }\n  cras:\n    fields:\n      make:\n")
        #expect(result.status == 65)
        #expect(result.stderr == "navsh: app.yaml:3: collections.cras: no table 'cras' in the file; "
            + "add create: true to this collection to create it\n")
        #expect(!changed)
        #expect(try db.rows("SELECT count(*) AS n FROM sqlite_master WHERE name = 'cras'")[0]["n"] == "0")
    }

    @Test func whatTheSpecCreatesItSaysOnStderr() throws {
        let (result, changed, db) = try run("""
            collections:
              cars:
                row: "{make} {colour}"
                fields:
                  colour: { create: true }
              owners:
                create: true
                fields:
                  name:
            """, ["open cars", "show"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "navsh: added column cars.colour\nnavsh: added table owners\n")
        #expect(changed)
        #expect(try db.rows("SELECT name FROM pragma_table_info('owners')").map { $0["name"]! } == ["id", "name"])
        let again = try navsh.run(["--spec", db.directory + "/app.yaml", db.path, "-c", "open cars"])
        #expect(again.status == 0 && again.stderr == "", "a second run adds nothing and says nothing")
    }

    /// The four tutorial apps start from an empty file as well as from their seed data.
    @Test func everyExampleSpecMakesItsTablesOnAFreshFile() throws {
        let specs = try FileManager.default.contentsOfDirectory(
            at: ExampleTranscriptTests.examples, includingPropertiesForKeys: nil
        ).flatMap { try FileManager.default.contentsOfDirectory(at: $0, includingPropertiesForKeys: nil) }
            .filter { $0.pathExtension == "yaml" }
            // The music store's spec presents a Chinook-shaped file made by its
            // .sql; it creates nothing, so an empty file is refused (as it should be).
            .filter { $0.deletingLastPathComponent().lastPathComponent != "music" }
        #expect(specs.count == 4)
        for spec in specs {
            let directory = NSTemporaryDirectory() + "navsh-fresh-" + UUID().uuidString
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let result = try navsh.run(["--spec", spec.path, directory + "/app.sqlite", "-c", "new"])
            #expect(result.status == 0, "\(spec.lastPathComponent): \(result.stderr)")
            #expect(result.stderr.hasPrefix("navsh: added table "), "\(spec.lastPathComponent)")
        }
    }

    @Test func defaultsAreHeldToTheFieldsOwnRules() throws {
        let cases: [(String, String)] = [
            ("year: { type: integer, max: 10, default: 99 }",
             "navsh: app.yaml:4: collections.cars.fields.year.default: the default is not a value this field takes: "
                + "year: 99 is out of range (at most 10)\n"),
            ("parked: { type: date, default: not-a-date }",
             "navsh: app.yaml:4: collections.cars.fields.parked.default: the default is not a value this field takes: "
                + "parked: 'not-a-date' is not a date (YYYY-MM-DD)\n"),
            ("parked: { default: not-a-date }",
             "navsh: app.yaml:4: collections.cars.fields.parked.default: the default is not a value this field takes: "
                + "parked: 'not-a-date' is not a date (YYYY-MM-DD)\n"),
            ("make: { choices: [Ford, Fiat], default: Audi }",
             "navsh: app.yaml:4: collections.cars.fields.make.default: the default is not a value this field takes: "
                + "make: 'Audi' is not one of Ford, Fiat\n"),
            ("year: { type: integer, default: now }",
             "navsh: app.yaml:4: collections.cars.fields.year.default: the default is not a value this field takes: "
                + "year: '2026-01-01 00:00:00' is not a whole number\n"),
            ("year: { type: integer, max: 2000, default: this year }",
             "navsh: app.yaml:4: collections.cars.fields.year.default: the default is not a value this field takes: "
                + "year: 2026 is out of range (at most 2000)\n"),
        ]
        for (field, message) in cases {
            let (result, changed, _) = try run("collections:\n  cars:\n    fields:\n      \(field)\n")
            #expect(result.status == 65, "\(field)")
            #expect(result.stderr == message, "\(field)")
            #expect(!changed)
        }
        let fine = try run("collections:\n  cars:\n    fields:\n      year: { type: integer, max: 3000, default: 2000 }\n"
            + "      make: { choices: [Ford, Fiat], default: fiat }\n", ["new"])
        #expect(fine.result.status == 0, "\(fine.result.stderr)")
        #expect(fine.result.stdout.contains("year  2000") && fine.result.stdout.contains("make  Fiat"))
    }

    /// Found by an adversary and a new user: `move: make` was accepted, and
    /// `move 1 3` then overwrote every car's make with 1, 2, 3.
    @Test func moveMustNameAnIntegerPositionColumn() throws {
        let (result, changed, _) = try run("collections:\n  cars:\n    move: make\n", ["move 1 1"])
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("navsh: app.yaml:3: collections.cars.move: 'make' is not an integer column"),
                "\(result.stderr)")
        #expect(!changed)
    }

    @Test func aRangeNoValueFitsIsASpecError() throws {
        let (result, changed, _) = try run("""
            collections:
              cars:
                fields:
                  year: { min: 2000, max: 1990 }
            """)
        #expect(result.status == 65)
        #expect(result.stderr.contains("collections.cars.fields.year.min: min is above max"), "\(result.stderr)")
        #expect(!changed)
    }
}

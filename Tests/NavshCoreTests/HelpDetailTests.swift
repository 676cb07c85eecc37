@testable import NavshCore
import NavshTestSupport
import Testing

/// `help COMMAND` says what the one-line usage cannot: `where`'s operators
/// and the fields `where`, `sort` and `columns` can name here, and a
/// mistyped command's nearest name (a user typed `help opne` and `help
/// where` and learned neither).
@Suite struct HelpDetailTests {
    @Test(arguments: StoreKind.all)
    func helpWhereListsItsOperatorsAndTheFields(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE books (id INTEGER PRIMARY KEY, title TEXT, year INTEGER, cover BLOB);
            """)
        h.run("open books")
        let help = h.output("help where")
        #expect(help.contains("\n  operators: = != < <= > >=, ~ (contains, ignoring case), is null, is not null;"), "\(help)")
        // Unlike SQL's <>, which a trial expected.
        #expect(help.replacingOccurrences(of: "\n  ", with: " ").contains("!= keeps the rows where FIELD is null"), "\(help)")
        #expect(help.contains("fields: id, title, year, cover\n"), "\(help)")
        #expect(h.output("help sort").contains("fields: id, title, year\n"), "a blob does not sort")
        #expect(!h.output("help next").contains("fields:"))
    }

    @Test(arguments: StoreKind.all)
    func aMistypedCommandSuggestsTheNearest(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        // An error, as typing the command is: a script stops there.
        #expect(h.run("help opne").error?.message == "unknown command 'opne'; did you mean open?")
        #expect(h.run("help frobnicate").error?.message == "unknown command 'frobnicate'; help lists the commands here")
    }

    /// In a batch, `help` says what a command does to every row, and leaves
    /// out `save!`, which a batch refuses; `show FIELD` of rows that differ
    /// says how many values they hold, and a replacement what it replaces,
    /// as the screen does: it printed `(null)` and the old value.
    @Test(arguments: StoreKind.all)
    func helpInABatchSpeaksOfItsRows(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        h.run("open items", "open 1")
        let record = h.output("help")
        #expect(record.hasPrefix("Commands in a record:\n") && record.contains("  save!  "), "\(record)")
        h.run("back", "open *")
        let batch = h.output("help")
        #expect(batch.hasPrefix("Commands in a batch of 5 rows:\n"), "\(batch)")
        #expect(batch.contains("delete every row of the batch and go back"), "\(batch)")
        #expect(batch.contains("write the edits to every row in one transaction"), "\(batch)")
        #expect(!batch.contains("save!"), "\(batch)")
        #expect(!batch.contains("this record"), "\(batch)")
        #expect(h.output("help set").contains("change a field in every row"))
        #expect(h.output("show name").hasPrefix("5 values: "))
        h.run("replace name o 0")
        #expect(h.output("show name") == "replace o with 0\n", "the replacement, as the screen shows it")
    }
}

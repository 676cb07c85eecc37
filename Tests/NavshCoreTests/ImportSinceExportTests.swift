import Foundation
@testable import NavshCore
import NavshTestSupport
import Testing

/// An export carries each row's version, so `import --update` tells a
/// field edited in the file from one changed elsewhere since the export:
/// the first is written, the second kept, and a field changed on both
/// sides is refused, naming it, with nothing written.
@Suite struct ImportSinceExportTests {
    func exported(_ h: SessionHarness, _ flags: String = "", extension name: String = "csv") throws -> String {
        let path = NSTemporaryDirectory() + "navsh-since-\(UUID().uuidString).\(name)"
        h.run("open items", "export \(path)\(flags)")
        return path
    }

    func edit(_ path: String, _ old: String, _ new: String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains(old), "\(text)")
        try text.replacingOccurrences(of: old, with: new).write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// A stored value's CSV field is worked out without writing and reading
    /// it: the same digest as the round trip, whatever the text holds.
    @Test func aValuesCSVDigestIsTheRoundTrips() {
        let values: [Value] = [.null, .integer(-5), .integer(Int64.max), .real(2.5), .text(""), .text("plain"),
                               .text("a,b"), .text("say \"hi\""), .text("\\xab"), .text("\\"), .text("line\nbreak"),
                               .text("cr\rhere"), .text(" padded "), .text("ünï 🎸"), .blob([0, 255])]
        for value in values {
            #expect(ExportVersion.digest(ExportVersion.written(value, .csv)) == ExportVersion.digest(ExportVersion.readBack(value)),
                    "\(value)")
            #expect(ExportVersion.storedDigest(value, .csv) == ExportVersion.digest(ExportVersion.readBack(value)), "\(value)")
        }
    }

    /// The version column is read digit by digit, in either case; anything
    /// else in it is no version an export wrote.
    @Test func aVersionIsReadAsEightHexDigitsAValue() {
        #expect(ExportVersion.parse("1:0000000aFFFFFFFF0123abcd")?.header == 10)
        #expect(ExportVersion.parse("1:0000000aFFFFFFFF0123abcd")?.values == [0xFFFF_FFFF, 0x0123_ABCD])
        for malformed in ["1:", "1:0000000", "1:0000000g", "2:00000001", "1:+0000001", "1:00000001 "] {
            #expect(ExportVersion.parse(malformed) == nil, "\(malformed)")
        }
    }

    @Test(arguments: StoreKind.all)
    func aFieldChangedElsewhereSinceTheExportIsKept(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        let path = try exported(h)
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("id,name,serial,value,weight,bought,note,created,navsh_version\r\n"))
        try edit(path, ",950,", ",960,")
        try h.elsewhere("UPDATE items SET note = 'sold' WHERE id = 3")
        #expect(h.output("import \(path) --update")
                == "updated 1 row of items from \(path) (4 as stored already); kept 1 value changed elsewhere since the export\n")
        #expect(try h.values("SELECT value, note FROM items WHERE id = 3") == [["960", "sold"]])
    }

    /// A table with its own `navsh_version` column, as `.import` of an
    /// export makes one, is exported without navsh's: two columns of the
    /// name lost the table's value, and the file would not import back.
    @Test(arguments: StoreKind.all, ["csv", "jsonl"])
    func aTableWithItsOwnVersionColumnExportsItAndImportsBack(kind: StoreKind, format: String) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT, navsh_version TEXT);
            INSERT INTO items VALUES (1, 'Gort', 'v1'), (2, 'Spork', NULL);
            """)
        let path = NSTemporaryDirectory() + "navsh-own-\(UUID().uuidString).\(format)"
        h.run("open items")
        #expect(h.output("export \(path)") == "exported 2 rows to \(path) without versions: the table has its own navsh_version\n")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.components(separatedBy: "navsh_version").count == (format == "csv" ? 2 : 3), "\(text)")
        try edit(path, "Spork", "Spoon")
        #expect(h.output("import \(path) --update") == "updated 1 row of items from \(path) (1 as stored already)\n")
        #expect(try h.values("SELECT name, navsh_version FROM items ORDER BY id") == [["Gort", "v1"], ["Spoon", "NULL"]])
    }

    /// An export whose line for the Hoverboard sets its value to 960,
    /// imported after `change` to it elsewhere: the import's refusal, and
    /// whether it left every row as it was.
    func importAfter(_ h: SessionHarness, elsewhere change: String) throws -> (path: String, refusal: String?, unchanged: Bool) {
        let path = try exported(h)
        try edit(path, ",950,", ",960,")
        try h.elsewhere("UPDATE items SET \(change) WHERE id = 3")
        let before = try h.snapshot("items")
        let refusal = h.run("import \(path) --update").error?.message
        return (path, refusal, try h.snapshot("items") == before)
    }

    @Test(arguments: StoreKind.all)
    func aFieldChangedInTheFileAndElsewhereIsRefused(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        let (path, refusal, unchanged) = try importAfter(h, elsewhere: "value = 970")
        #expect(refusal == """
            import \(path): 1 bad row, nothing was imported
            \(path):4: value: was changed elsewhere since the export (now 970) and in the file
            """)
        #expect(unchanged)
        try h.elsewhere("UPDATE items SET value = 960 WHERE id = 3")
        #expect(h.output("import \(path) --update").hasPrefix("updated 0 rows"), "both sides agree: no clash")
    }

    /// A row renamed elsewhere since the export may be another thing by
    /// now: an edit the file makes to it is refused, naming its title field.
    @Test(arguments: StoreKind.all)
    func aRowRenamedElsewhereRefusesTheFilesEditToIt(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        let (path, refusal, unchanged) = try importAfter(h, elsewhere: "name = 'Gort bust'")
        #expect(refusal == """
            import \(path): 1 bad row, nothing was imported
            \(path):4: name: was changed elsewhere since the export (now Gort bust) while the file edits this row, \
            which may be another row now
            """)
        #expect(unchanged)
    }

    /// A spreadsheet that writes a whole number as `950.0` changes nothing:
    /// every import of the file said it updated the row again.
    @Test(arguments: StoreKind.all)
    func aWholeNumberWrittenWithAPointIsNoChange(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        let path = try exported(h)
        try edit(path, ",950,", ",950.0,")
        #expect(h.output("import \(path) --update") == "updated 0 rows of items from \(path) (5 as stored already)\n")
    }

    /// A line whose key was edited carries another row's version. A
    /// trial's file with its keys shifted a line wrote nothing, but said it
    /// kept ten values changed elsewhere. A key a spreadsheet wrote anew
    /// (`3.0`) still names its own row.
    @Test(arguments: StoreKind.all)
    func aLineWhoseKeyWasEditedIsRefused(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        let path = try exported(h)
        let exportedText = try String(contentsOfFile: path, encoding: .utf8)
        try edit(path, "\r\n1,Gort statue,", "\r\n9,Gort statue,")
        try edit(path, "\r\n2,Rusty spork,", "\r\n1,Rusty spork,")
        try edit(path, "\r\n9,Gort statue,", "\r\n2,Gort statue,")
        let before = try h.snapshot("items")
        let message = try #require(h.run("import \(path) --update").error?.message)
        let why = "id: was edited in the file since the export; --update finds each row by its key, "
            + "so a line must keep the key it was exported with"
        #expect(message.contains("\(path):2: \(why)\n\(path):3: \(why)"), "\(message)")
        #expect(!message.contains("\(path):4"), "\(message)")
        #expect(try h.snapshot("items") == before)
        try exportedText.replacingOccurrences(of: "\r\n3,Hoverboard,HB-2015,950,", with: "\r\n3.0,Hoverboard,HB-2015,960,")
            .write(toFile: path, atomically: true, encoding: .utf8)
        #expect(h.output("import \(path) --update") == "updated 1 row of items from \(path) (4 as stored already)\n")
    }

    /// A key edited to one its column compares equal to (`ABC` for `abc`)
    /// was edited all the same: the import said the row was as stored.
    /// SQLite alone, for its NOCASE.
    @Test(arguments: StoreKind.sqlite)
    func aKeyEditedToOneTheColumnFindsAlikeIsRefused(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE items (code TEXT PRIMARY KEY COLLATE NOCASE, name TEXT);
            INSERT INTO items VALUES ('abc', 'one'), ('def', 'two');
            """)
        let path = try exported(h)
        try edit(path, "\r\nabc,one,", "\r\nABC,one,")
        let message = try #require(h.run("import \(path) --update").error?.message)
        #expect(message.contains("\(path):2: code: was edited in the file since the export"), "\(message)")
    }

    /// A row the export wrote and another process deleted since is named as
    /// such: the file is not at fault, the key named a row when exported.
    @Test(arguments: StoreKind.all)
    func aRowDeletedSinceTheExportIsSaidToBe(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        let path = try exported(h)
        try h.elsewhere("DELETE FROM items WHERE id = 5")
        #expect(h.run("import \(path) --update").error?.message == """
            import \(path): 1 bad row, nothing was imported
            \(path):6: id: no row has the key #5 now: it was deleted or re-keyed since the export
            """)
        // A key a spreadsheet spelt anew still names the row exported: an
        // adversary's `05` was said edited in the file.
        try edit(path, "\r\n5,", "\r\n05,")
        #expect(h.run("import \(path) --update").error?.message.hasSuffix(
            "\(path):6: id: no row has the key #5 now: it was deleted or re-keyed since the export") == true)
    }

    /// A number a spreadsheet spelt anew (`2.500` for a numeric's `2.50`)
    /// is no edit: a key still names its row, and a field is left as it
    /// is (an adversary's find: PostgreSQL's numeric keys were refused).
    @Test(arguments: StoreKind.all)
    func aNumberSpeltAnewIsNoEdit(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE prices (code NUMERIC(6,2) PRIMARY KEY, label TEXT, cost NUMERIC(6,2));
            INSERT INTO prices VALUES (2.50, 'a', 1.10), (3.00, 'b', 7.00), (4.25, 'c', 0.50);
            """)
        let path = NSTemporaryDirectory() + "navsh-prices-\(UUID().uuidString).csv"
        h.run("open prices", "export \(path)")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var lines = text.components(separatedBy: "\r\n")
        for (at, line) in lines.enumerated() {
            var cells = line.components(separatedBy: ",")
            guard cells.count == 4, let number = Double(cells[0]) else { continue }
            cells[0] = String(format: "%.3f", number)
            cells[2] = String(format: "%.3f", Double(cells[2]) ?? -1)
            if number == 2.5 { cells[1] = "A" }
            lines[at] = cells.joined(separator: ",")
        }
        try lines.joined(separator: "\r\n").write(toFile: path, atomically: true, encoding: .utf8)
        #expect(h.output("import \(path) --update") == "updated 1 row of prices from \(path) (2 as stored already)\n")
        #expect(try h.column("SELECT label FROM prices ORDER BY code") == ["A", "b", "c"])
    }

    /// A key edited in the file to one no row has is said edited, not
    /// deleted elsewhere (an adversary's find: the cause was false).
    @Test(arguments: StoreKind.all)
    func aKeyEditedToOneNoRowHasIsSaidEdited(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        let path = try exported(h)
        try edit(path, "\r\n4,", "\r\n40,")
        #expect(h.run("import \(path) --update").error?.message == """
            import \(path): 1 bad row, nothing was imported
            \(path):5: id: \(ImportCommand.keyEdited)
            """)
    }

    /// A trial's find: a line added to an export, with no version, was
    /// refused for its version column, not for the key no row has.
    @Test(arguments: StoreKind.all)
    func aLineAddedWithoutAVersionIsRefusedForItsKey(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        let path = try exported(h)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let last = try #require(text.split(separator: "\r\n").last)
        let added = "99" + last.drop { $0 != "," }.prefix { $0 != "\r" }.split(separator: ",", omittingEmptySubsequences: false)
            .dropLast().joined(separator: ",") + ","
        try (text + added + "\r\n").write(toFile: path, atomically: true, encoding: .utf8)
        #expect(h.run("import \(path) --update").error?.message == """
            import \(path): 1 bad row, nothing was imported
            \(path):7: id: no row has the key #99
            """)
    }

    /// In JSON Lines, a null version is none at all; a number is no version an export wrote.
    @Test(arguments: StoreKind.all)
    func aJSONLineWithANullVersionIsCheckedByItsKey(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        let path = try exported(h, extension: "jsonl")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try (text + "{\"id\": 99, \"name\": \"Kite\", \"navsh_version\": null}\n").write(toFile: path, atomically: true, encoding: .utf8)
        #expect(h.run("import \(path) --update").error?.message.hasSuffix("\(path):6: id: no row has the key #99") == true)
        try (text + "{\"id\": 2, \"name\": \"Kite\", \"navsh_version\": 5}\n").write(toFile: path, atomically: true, encoding: .utf8)
        #expect(h.run("import \(path) --update").error?.message.contains("\(path):6: navsh_version: does not match") == true)
    }

    /// A spreadsheet (or Python's csv module) writes `""` back as an empty
    /// field: with the version, empty text it did not edit stays empty text.
    @Test(arguments: StoreKind.all)
    func quotingChangedByASpreadsheetIsNoEdit(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        try h.elsewhere("UPDATE items SET note = '' WHERE id = 2")
        let path = try exported(h)
        try edit(path, ",\"\",", ",,")
        try edit(path, ",950,", ",960,")
        #expect(h.output("import \(path) --update").hasPrefix("updated 1 row of items"))
        #expect(try h.values("SELECT note, value FROM items WHERE id IN (2, 3) ORDER BY id") == [["", "2"], ["none", "960"]])
    }

    @Test(arguments: StoreKind.all)
    func aPlainExportHasNoVersionAndWritesWhatItHolds(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        let path = try exported(h, " --plain")
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("id,name,serial,value,weight,bought,note,created\r\n"))
        try h.elsewhere("UPDATE items SET note = 'sold' WHERE id = 3")
        #expect(h.output("import \(path) --update") == "updated 1 row of items from \(path) (4 as stored already)\n")
        #expect(try h.value("SELECT note FROM items WHERE id = 3") == "none", "the file's value, as open, set, save would")
        // A line of a versioned file whose version was emptied is said: a
        // trial's put back a value changed elsewhere without a word.
        let versioned = try exported(h)
        try h.elsewhere("UPDATE items SET note = 'sold' WHERE id = 3")
        let text = try String(contentsOfFile: versioned, encoding: .utf8).components(separatedBy: "\r\n")
        try text.map { $0.hasPrefix("3,") ? String($0[..<$0.lastIndex(of: ",")!]) + "," : $0 }.joined(separator: "\r\n")
            .write(toFile: versioned, atomically: true, encoding: .utf8)
        #expect(h.output("import \(versioned) --update") == "updated 1 row of items from \(versioned) (4 as stored already); "
                + "1 line has no navsh_version, so its values go in over any change made elsewhere\n")
        // Every version emptied is said too (an adversary's find).
        try h.elsewhere("UPDATE items SET note = 'sold' WHERE id = 3")
        try text.filter { $0.hasPrefix("id,") || $0.hasPrefix("3,") }
            .map { $0.hasPrefix("3,") ? String($0[..<$0.lastIndex(of: ",")!]) + "," : $0 }.joined(separator: "\r\n")
            .write(toFile: versioned, atomically: true, encoding: .utf8)
        #expect(h.output("import \(versioned) --update") == "updated 1 row of items from \(versioned); "
                + "1 line has no navsh_version, so its values go in over any change made elsewhere\n")
    }

    @Test(arguments: StoreKind.all)
    func aVersionThatNoLongerFitsItsColumnsIsRefused(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        let path = try exported(h)
        try edit(path, "id,name,serial,value,", "id,Name,serial,value,")
        // Said once for the header, not on every line (a trial's 99,999).
        #expect(h.run("import \(path) --update").error?.message == "\(path):2: navsh_version: the header's columns are not "
                + "those exported (one added, removed or renamed since); export again, or remove the navsh_version column; "
                + "nothing was imported")
    }

    /// An export imported back without --update clashes on every key: the
    /// error says what was meant (a trial's file gave no hint).
    @Test(arguments: StoreKind.all)
    func anExportImportedWithoutUpdateSaysWhatWasMeant(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        let path = try exported(h)
        let message = try #require(h.run("import \(path)").error?.message)
        #expect(message.hasPrefix("import \(path): 5 bad rows, nothing was imported\n"), "\(message)")
        #expect(message.hasSuffix("\nthe file came from export: import \(path) --update changes the rows it names"), "\(message)")
        let plain = try exported(h, " --plain")
        #expect(h.run("import \(plain)").error?.message.contains("--update") == false, "a plain file may be anyone's")
    }

    @Test(arguments: StoreKind.all)
    func jsonLinesCarryTheirVersionToo(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        let path = try exported(h, extension: "jsonl")
        try edit(path, "\"value\": 950,", "\"value\": 960,")
        try h.elsewhere("UPDATE items SET note = 'sold' WHERE id = 3")
        #expect(h.output("import \(path) --update").contains("; kept 1 value changed elsewhere since the export\n"))
        #expect(try h.values("SELECT value, note FROM items WHERE id = 3") == [["960", "sold"]])
        h.run("new", "set name Kite")
        #expect(h.run("import \(path)").error?.message.contains("navsh_version") != true, "an insert reads past the column")
    }
}

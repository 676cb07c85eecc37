import Foundation
import NavshCore
import NavshTestSupport
import Testing

/// `import FILE --update`: an export fixed in a spreadsheet goes back in,
/// each row changing the row with its key, all or nothing, checked for
/// changes made elsewhere meanwhile.
@Suite struct ImportUpdateTests {
    func file(_ h: SessionHarness, _ text: String, extension name: String = "csv") throws -> String {
        let path = NSTemporaryDirectory() + "navsh-update-\(UUID().uuidString).\(name)"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The list on top exported to a new file: its path.
    func exported(_ h: SessionHarness) -> String {
        let path = NSTemporaryDirectory() + "navsh-update-\(UUID().uuidString).csv"
        h.run("export \(path)")
        return path
    }

    /// A fresh store's items, opened and exported.
    func exportedItems(_ kind: StoreKind) throws -> (SessionHarness, String) {
        let h = try SessionHarness(kind, Fixtures.items)
        h.run("open items")
        return (h, exported(h))
    }

    /// The file at `path` with each text replaced, as a spreadsheet edit.
    func edit(_ path: String, _ replacements: (String, String)...) throws {
        var text = try String(contentsOfFile: path, encoding: .utf8)
        for (old, new) in replacements { text = text.replacingOccurrences(of: old, with: new) }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    @Test(arguments: StoreKind.all)
    func anExportFixedElsewhereUpdatesTheRowsItChanged(kind: StoreKind) throws {
        let (h, path) = try exportedItems(kind)
        try edit(path, ("Rusty spork", "Shiny spork"), (",950,", ",960,"))
        #expect(h.output("import \(path) --update")
                == "updated 2 rows of items from \(path) (3 as stored already)\n")
        #expect(try h.values("SELECT name, value FROM items WHERE id IN (2, 3) ORDER BY id")
                == [["Shiny spork", "2"], ["Hoverboard", "960"]])
        // A refused undo names the import, not a save (a trial's find).
        try h.elsewhere("UPDATE items SET value = 961 WHERE id = 3")
        #expect(h.run("undo").error?.message.hasPrefix("cannot undo the import of \(path) on 2 rows: 1 changed elsewhere since: ")
                == true)
        try h.elsewhere("UPDATE items SET value = 960 WHERE id = 3")
        #expect(h.output("undo") == "undid the import of \(path): name, value on 2 rows of items\n", "each row's own fields")
        #expect(try h.values("SELECT name, value FROM items WHERE id IN (2, 3) ORDER BY id")
                == [["Rusty spork", "2"], ["Hoverboard", "950"]])
    }

    /// At a filtered list, a row the filter leaves out is refused by its
    /// line, as `open #KEY` refuses it there: an import of other rows'
    /// file changed them without a word.
    @Test(arguments: StoreKind.all)
    func aRowTheListLeavesOutIsRefusedByItsLine(kind: StoreKind) throws {
        let (h, path) = try exportedItems(kind)
        try edit(path, ("Rusty spork", "Shiny spork"), ("Gort statue", "Gort bust"))
        h.run("where value > 100")
        let refused = try h.expectUnchanged("items") { h.run("import \(path) --update") }
        #expect(refused.error?.message.contains(":3: id: #2 is a row of items this list leaves out (its filter or owner); "
            + "back to the whole list to update it") == true, "\(refused.error?.message ?? refused.output)")
        h.run("back")
        #expect(h.run("import \(path) --update").error == nil, "the whole list takes it")
        #expect(try h.column("SELECT name FROM items WHERE id IN (1, 2) ORDER BY id") == ["Gort bust", "Shiny spork"])
    }

    /// In a related list, another owner's row is refused as one the list
    /// leaves out, not as a key no row has; a key typed in another case
    /// than a NOCASE column stores is still the list's row.
    @Test(arguments: StoreKind.all)
    func aRelatedListRefusesAnotherOwnersRowAndTakesItsOwnInAnyCase(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.shop + """
            CREATE TABLE tags (code TEXT COLLATE NOCASE PRIMARY KEY, car_id INTEGER REFERENCES cars(id), label TEXT);
            INSERT INTO tags VALUES ('ABC', 1, 'old'), ('XYZ', 2, 'other');
            """)
        h.run("open owners", "open #1", "open cars")
        let other = try file(h, "id,model\n2,Model X\n")
        #expect(h.run("import \(other) --update").error?.message.contains(":2: id: #2 is a row of cars this list leaves out "
            + "(its filter or owner)") == true)
        h.run("top", "open tags", "where car_id = 1")
        let typed = kind.name == "PostgreSQL" ? "ABC" : "abc"
        #expect(h.run("import \(try file(h, "code,label\n\(typed),new\n")) --update").error == nil)
        #expect(try h.column("SELECT label FROM tags ORDER BY code") == ["new", "other"])
    }

    /// Text PostgreSQL's text cannot hold, whose refusal at save named no
    /// line: a NUL character, and bytes that are not UTF-8 (a file's
    /// `text_base64`). Each is refused by its line; SQLite keeps it as read.
    static let unholdable = [
        ("csv", "id,name\n1,Gort bust\n2,Shiny\u{0}spork\n", "5368696E790073706F726B", "name: the text holds a NUL character"),
        ("jsonl", "{\"id\": 1, \"name\": \"Gort bust\"}\n{\"id\": 2, \"name\": {\"text_base64\": \"U2hpbnn/c3Bvcms=\"}}\n",
         "5368696E79FF73706F726B", "name: is not UTF-8, which the store's text cannot hold"),
    ]

    @Test(arguments: StoreKind.all, unholdable.indices)
    func textTheStoreCannotHoldIsRefusedByItsLine(kind: StoreKind, shape: Int) throws {
        let (format, text, stored, refusal) = Self.unholdable[shape]
        let h = try SessionHarness(kind, Fixtures.items)
        let path = NSTemporaryDirectory() + "navsh-update-\(UUID().uuidString).\(format)"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        h.run("open items")
        let response = h.run("import \(path) --update")
        if kind.holdsNUL {
            #expect(response.error == nil, "\(response.error?.message ?? "")")
            #expect(try h.value("SELECT hex(name) FROM items WHERE id = 2") == stored)
        } else {
            let message = response.error?.message ?? ""
            #expect(message.contains("\(path):\(format == "csv" ? 3 : 2): \(refusal)"), "\(message)")
            #expect(try h.value("SELECT name FROM items WHERE id = 1") == "Gort statue", "nothing written")
        }
    }

    /// An import is this session's own write: a list shown before it marks
    /// what changes elsewhere afterwards, not the rows the import wrote too.
    @Test(arguments: StoreKind.all)
    func rowsAnImportWroteAreNotMarkedAsChangedElsewhere(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items, mode: .interactive)
        let path = try file(h, "id,name\n1,Gort bust\n2,Shiny spork\n")
        h.run("open items", "import \(path) --update")
        try h.elsewhere("UPDATE items SET name = 'Sold thing' WHERE id = 5")
        #expect(h.session.noticeChangesElsewhere(watchingShownRows: true) == "1 row shown changed elsewhere; show to see it\n")
        let shown = h.output("show")
        #expect(shown.contains("Gort bust") && shown.components(separatedBy: " ~ ").count == 2, "\(shown)")
    }

    /// At the prompt the list is drawn again below what the import says:
    /// it kept the rows read before it, and a trial read a value the
    /// import had just changed.
    @Test(arguments: StoreKind.all)
    func theListIsDrawnAgainAfterAnImportAtThePrompt(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items, mode: .interactive, viewport: Viewport(columns: 80, rows: 24))
        let path = try file(h, "id,name\n2,Shiny spork\n")
        #expect(h.output("open items").contains("Rusty spork"))
        let shown = h.output("import \(path) --update")
        #expect(shown.hasPrefix("updated 1 row of items from"), "\(shown)")
        #expect(shown.contains("Shiny spork") && !shown.contains("Rusty spork"), "\(shown)")
        let script = try SessionHarness(kind, Fixtures.items)
        let again = try file(script, "id,name\n2,Shiny spork\n")
        script.run("open items")
        #expect(script.output("import \(again) --update") == "updated 1 row of items from \(again)\n", "a script is told only")
    }

    /// Under `--quiet` a dry run still says what it would write (a trial's
    /// `-q` run printed nothing); the import itself stays quiet.
    @Test func aDryRunImportIsAReport() throws {
        let h = try SessionHarness(Fixtures.items)
        let path = try file(h, "id,name\n2,Shiny spork\n")
        h.run("open items")
        #expect(h.session.execute("import \(path) --update --dry-run").requested)
        #expect(h.session.execute("import \(path) --update").requested == false)
    }

    @Test(arguments: StoreKind.all)
    func aFileOfSomeFieldsChangesOnlyThose(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        let path = try file(h, "id,note\n1,dusty\n4,\"\"\n")
        h.run("open items")
        #expect(h.output("import \(path) --update --dry-run") == """
            would update 2 rows of items from \(path) (dry run: nothing was written)
              update items › #1 Gort statue: note none → dusty
              update items › #4 木彫りの熊: note none → \u{22}\u{22}

            """)
        #expect(try h.column("SELECT note FROM items ORDER BY id") == ["none", "none", "none", "none", "none"])
        h.run("import \(path) --update")
        #expect(try h.column("SELECT note FROM items ORDER BY id") == ["dusty", "none", "none", "", "none"])
    }

    @Test(arguments: StoreKind.all)
    func aKeyNoRowHasAndABadValueRefuseTheWholeFile(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        let path = try file(h, "id,value\n1,7\n99,8\n2,lots\n1,9\n")
        h.run("open items")
        let before = try h.snapshot("items")
        #expect(h.run("import \(path) --update").error?.message == """
            import \(path): 3 bad rows, nothing was imported
            \(path):3: id: no row has the key #99
            \(path):4: value: 'lots' is not a whole number
            \(path):5: id: #1 names the same row as line 2
            """)
        #expect(try h.snapshot("items") == before)
    }

    /// An export imports back unedited whatever its rows hold: '' in a
    /// number column, which `set` would refuse, is the stored value and is
    /// left alone. Only SQLite keeps text in a number column.
    @Test(arguments: StoreKind.sqlite)
    func anUneditedExportOfValuesSetWouldRefuseImportsBack(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, amount NUMERIC);
            INSERT INTO t VALUES (1, 'a', ''), (2, 'b', 3.5);
            """)
        h.run("open t")
        let path = exported(h)
        #expect(h.output("import \(path) --update") == "updated 0 rows of t from \(path) (2 as stored already)\n")
        try edit(path, ("1,a,", "1,A,"))
        #expect(h.output("import \(path) --update") == "updated 1 row of t from \(path) (1 as stored already)\n")
        #expect(try h.values("SELECT name, amount FROM t ORDER BY id") == [["A", ""], ["b", "3.5"]])
    }

    /// Two lines whose keys a key that ignores case takes for one row
    /// are refused as one row named twice.
    @Test(arguments: StoreKind.sqlite)
    func twoLinesNamingOneRowByKeysOfOtherCaseAreRefused(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE k (code TEXT PRIMARY KEY COLLATE NOCASE, v INTEGER);
            INSERT INTO k VALUES ('ab', 1), ('cd', 2);
            """)
        let path = try file(h, "code,v\nAB,5\nab,6\n")
        h.run("open k")
        #expect(h.run("import \(path) --update").error?.message == """
            import \(path): 1 bad row, nothing was imported
            \(path):3: code: #ab names the same row as line 2
            """)
        #expect(try h.column("SELECT v FROM k ORDER BY code") == ["1", "2"])
    }

    /// A change made elsewhere to a field the file does not give is kept:
    /// only the fields that differ are written.
    @Test(arguments: StoreKind.all)
    func aChangeElsewhereToAFieldTheFileDoesNotGiveIsKept(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        let path = try file(h, "id,value\n1,7\n2,8\n")
        h.run("open items")
        try h.elsewhere("UPDATE items SET note = 'theirs' WHERE id = 1")
        #expect(h.run("import \(path) --update").error == nil)
        #expect(try h.values("SELECT value, note FROM items WHERE id = 1") == [["7", "theirs"]])
    }

    /// Adversaries' finds: an unchanged export changed data. A number in an
    /// untyped column came back as text, and an orphan reference that a
    /// parent's title spells was taken for that parent, even as a key.
    @Test(arguments: StoreKind.sqlite)
    func anUnchangedExportChangesNothing(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE course (code TEXT PRIMARY KEY, title TEXT);
            CREATE TABLE lesson (id INTEGER PRIMARY KEY, code TEXT REFERENCES course(code), x);
            CREATE TABLE enrol (sid INT, code TEXT REFERENCES course(code), grade TEXT, PRIMARY KEY (sid, code)) WITHOUT ROWID;
            INSERT INTO course VALUES ('C1', 'Art'), ('C2', 'Music');
            """)
        // Orphans, as a file written with foreign keys off holds them.
        try h.database.executeIgnoringForeignKeys("""
            INSERT INTO lesson VALUES (1, 'Art', 5), (2, 'C2', 1.5);
            INSERT INTO enrol VALUES (1, 'Art', 'orphan'), (1, 'C1', 'A');
            """)
        let path = NSTemporaryDirectory() + "navsh-update-\(UUID().uuidString).csv"
        h.run("open lesson", "export \(path)")
        let before = try h.values("SELECT id, code, x, typeof(x) FROM lesson ORDER BY id")
        #expect(h.output("import \(path) --update") == "updated 0 rows of lesson from \(path) (2 as stored already)\n")
        #expect(try h.values("SELECT id, code, x, typeof(x) FROM lesson ORDER BY id") == before)
        let grades = try file(h, "sid,code,grade\n1,Art,EDIT\n")
        h.run("top", "open enrol")
        h.run("import \(grades) --update")
        #expect(try h.values("SELECT code, grade FROM enrol ORDER BY code") == [["Art", "EDIT"], ["C1", "A"]])
    }

    /// An untyped key column may hold 5 and '5' as two rows, which CSV
    /// writes alike. The number is meant, as `open #5` means it; the text
    /// when no number is stored; when both are, the line is refused. An
    /// adversary's file of `5` updated the text '5' row. SQLite alone:
    /// PostgreSQL has no untyped column.
    @Test(arguments: StoreKind.sqlite)
    func aKeyOfAnUntypedColumnIsTheNumberItSpells(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE anyk (id PRIMARY KEY, v TEXT);
            INSERT INTO anyk VALUES (5, 'number'), ('5', 'text'), (6, 'six'), ('7', 'seven');
            """)
        h.run("open anyk")
        let before = try h.snapshot("anyk")
        let message = try #require(h.run("import \(try file(h, "id,v\n5,X\n6,SIX\n")) --update").error?.message)
        #expect(message.contains(":2: id: #5 names two rows, one whose key is the number and one the text"), "\(message)")
        #expect(try h.snapshot("anyk") == before)
        #expect(h.run("import \(try file(h, "id,v\n6,SIX\n7,SEVEN\n")) --update").error == nil)
        #expect(try h.values("SELECT id, typeof(id), v FROM anyk ORDER BY v") == [
            ["7", "text", "SEVEN"], ["6", "integer", "SIX"], ["5", "integer", "number"], ["5", "text", "text"]])
        // JSON Lines tell the number from the text: each line names its own row.
        let lines = try file(h, "{\"id\": \"5\", \"v\": \"TEXT\"}\n{\"id\": 5, \"v\": \"NUMBER\"}\n{\"id\": \"6\", \"v\": \"x\"}\n",
                             extension: "jsonl")
        let refused = try #require(h.run("import \(lines) --update").error?.message)
        #expect(refused.contains(":3: id: no row has the key #'6'"), "\(refused)")
        try "{\"id\": \"5\", \"v\": \"TEXT\"}\n{\"id\": 5, \"v\": \"NUMBER\"}\n".write(toFile: lines, atomically: true, encoding: .utf8)
        #expect(h.run("import \(lines) --update").error == nil)
        #expect(try h.values("SELECT typeof(id), v FROM anyk WHERE id IN (5, '5') ORDER BY v") == [["integer", "NUMBER"], ["text", "TEXT"]])
    }

    /// A dry run makes the writes and takes them back, so it refuses what
    /// the import would: two lines swapping a UNIQUE value (an adversary's find).
    @Test(arguments: StoreKind.all)
    func aDryRunRefusesWhatTheImportWould(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE c (k TEXT PRIMARY KEY, u TEXT UNIQUE, v TEXT NOT NULL);
            INSERT INTO c VALUES ('a', 'u1', 'v'), ('b', 'u2', 'v');
            """)
        let path = try file(h, "k,u\na,u2\nb,u1\n")
        h.run("open c")
        let before = try h.snapshot("c")
        let message = try #require(h.run("import \(path) --update --dry-run").error?.message)
        #expect(message.hasPrefix("\(path):2 #a: another row already has this u (UNIQUE)"), "\(message)")
        #expect(try h.snapshot("c") == before)
    }

    /// SQLite alone: PostgreSQL opens a table without a key read-only,
    /// which refuses every import before `--update` is looked at.
    @Test(arguments: StoreKind.sqlite)
    func aTableWithoutAKeyCannotBeUpdated(kind: StoreKind) throws {
        let h = try SessionHarness(kind, "CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('a');")
        let path = try file(h, "body\nb\n")
        h.run("open notes")
        #expect(h.run("import \(path) --update").error?.message
                == "import --update finds each row by its key, and notes has no declared key; nothing was imported")
    }

    /// An export's read-only column imports back as it was: a trial's
    /// PostgreSQL array column refused its own export, unchanged. A value
    /// changed in the file is still refused, naming the line.
    @Test(arguments: StoreKind.all)
    func aReadOnlyColumnOfAnExportImportsBackUnchanged(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items, spec: """
            collections:
              items:
                fields:
                  value: { read-only: true }
            """)
        h.run("open items")
        let path = exported(h)
        try edit(path, ("Rusty spork", "Shiny spork"))
        #expect(h.output("import \(path) --update") == "updated 1 row of items from \(path) (4 as stored already)\n")
        try edit(path, (",950,", ",960,"))
        let message = h.run("import \(path) --update").error?.message ?? ""
        #expect(message.contains("value: is read-only here"), "\(message)")
        #expect(try h.column("SELECT value FROM items WHERE id = 3") == ["950"])
    }

    /// A generated column changed in the file is refused, as a read-only
    /// one is: a trial's edit of it was dropped without a word.
    @Test(arguments: StoreKind.all)
    func aGeneratedColumnChangedInTheFileIsRefused(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE words (id INTEGER PRIMARY KEY, name TEXT NOT NULL,
                                size INTEGER GENERATED ALWAYS AS (length(name)) STORED);
            INSERT INTO words (id, name) VALUES (1, 'ab'), (2, 'abc');
            """)
        h.run("open words")
        let path = exported(h)
        #expect(h.output("import \(path) --update") == "updated 0 rows of words from \(path) (2 as stored already)\n")
        try edit(path, ("2,abc,3,", "2,abcd,9,"))
        let message = h.run("import \(path) --update").error?.message ?? ""
        #expect(message.contains(":3: size: is read-only here"), "\(message)")
        #expect(try h.column("SELECT name FROM words ORDER BY id") == ["ab", "abc"])
    }
}

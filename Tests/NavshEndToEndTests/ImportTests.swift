import Foundation
import NavshTestSupport
import Testing

/// `import FILE` on the built binary: what `export` writes comes back as
/// the same rows; any bad row imports nothing and is reported at its line.
@Suite struct ImportTests {
    let navsh = NavshBinary()

    static let schema = """
        CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL, n INTEGER CHECK (abs(n) < 1000000),
                        r REAL, note TEXT, data BLOB, v);
        """

    /// 10,000 rows with NULLs, the empty text, unicode, line breaks, quotes,
    /// commas, text that looks like a blob, blobs (empty, with NUL bytes),
    /// infinite reals (CSV and TSV write `Inf`, which import read as no
    /// number; a trial's find) and an untyped column holding every type.
    static let tenThousand = schema + """
        WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < 10000)
        INSERT INTO t SELECT i,
          CASE i % 6 WHEN 0 THEN 'ünï 🎸 ' || i WHEN 1 THEN 'say "hi", ' || i WHEN 2 THEN 'two' || char(10) || 'lines ' || i
                     WHEN 3 THEN 'crlf' || char(13, 10) || i WHEN 4 THEN '\\x' || i ELSE 'plain ' || i END,
          CASE WHEN i % 7 = 0 THEN NULL ELSE i * 3 - 5000 END,
          CASE WHEN i % 5 = 0 THEN NULL WHEN i = 9998 THEN -1e999 WHEN i = 9999 THEN 1e999 ELSE i / 8.0 END,
          CASE i % 4 WHEN 0 THEN NULL WHEN 1 THEN '' WHEN 2 THEN 'tab' || char(9) || 'bs\\' ELSE ' spaced ' END,
          CASE i % 3 WHEN 0 THEN NULL WHEN 1 THEN CAST('' AS BLOB) ELSE CAST(char(i % 200 + 1, 0, 233) AS BLOB) END,
          CASE i % 5 WHEN 0 THEN i WHEN 1 THEN i / 4.0 WHEN 2 THEN 'text ' || i WHEN 3 THEN CAST(char(i % 90 + 1) AS BLOB) ELSE NULL END
        FROM k;
        """

    /// Every row with its values' types (`quote`), as text.
    static func rows(_ db: TemporaryDatabase, columns: String = "id, name, n, r, note, data, v") throws -> [String] {
        let quoted = columns.split(separator: ",").map { "quote(\($0.trimmingCharacters(in: .whitespaces)))" }
        return try db.rows("SELECT \(quoted.joined(separator: " || '|' || ")) AS row FROM t ORDER BY id").map { $0["row"] ?? "" }
    }

    @Test(arguments: ["jsonl", "csv", "tsv"])
    func anExportImportsBackToIdenticalRows(format: String) throws {
        let source = try TemporaryDatabase(Self.tenThousand)
        let target = try TemporaryDatabase(Self.schema)
        let file = source.directory + "/rows." + format
        #expect(try navsh.run([source.path, "-c", "export " + file]).status == 0)
        let result = try navsh.run([target.path, "-c", "import " + file])
        #expect(result.stderr == "")
        #expect(result.stdout == "imported 10,000 rows into t from \(file)\n")
        // CSV and TSV carry no types: an untyped column's numbers come back as
        // text there, so only JSON Lines is compared on it.
        let columns = format == "jsonl" ? "id, name, n, r, note, data, v" : "id, name, n, r, note, data"
        let expected = try Self.rows(source, columns: columns)
        #expect(expected.count == 10_000)
        #expect(try Self.rows(target, columns: columns) == expected)
    }

    /// A file of several megabytes is read a chunk at a time: rows, and
    /// quoted fields holding line breaks, that cross from one chunk to the
    /// next come back whole, at their lines.
    @Test(arguments: ["jsonl", "csv", "tsv"])
    func aFileOfManyChunksImportsBackToIdenticalRows(format: String) throws {
        let source = try TemporaryDatabase(Self.tenThousand.replacingOccurrences(of: "i < 10000", with: "i < 45000"))
        let target = try TemporaryDatabase(Self.schema)
        let file = source.directory + "/rows." + format
        #expect(try navsh.run([source.path, "-c", "export " + file + " --plain"]).status == 0)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int)
        #expect(size > 2 << 20, "\(size) bytes: more than two chunks")
        let result = try navsh.run([target.path, "-c", "import " + file])
        #expect(result.stderr == "")
        #expect(result.stdout == "imported 45,000 rows into t from \(file)\n")
        let columns = format == "jsonl" ? "id, name, n, r, note, data, v" : "id, name, n, r, note, data"
        #expect(try Self.rows(target, columns: columns) == Self.rows(source, columns: columns))
        // A bad row past the first chunk is named at its line.
        var text = try String(contentsOfFile: file, encoding: .utf8)
        text += format == "jsonl" ? "{\"id\": 70001, \"name\": \"late\", \"n\": \"many\"}\n"
            : format == "csv" ? "70001,late,many,,,,\r\n" : "70001\tlate\tmany\t\\N\t\\N\t\\N\t\\N\n"
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let lines = text.reduce(into: 0) { count, character in if character == "\n" || character == "\r\n" { count += 1 } }
        let late = try TemporaryDatabase(Self.schema)
        let refused = try late.expectUnchanged("t") { try navsh.run([late.path, "-c", "import " + file]) }
        #expect(refused.stderr.contains("rows.\(format):\(lines): n: 'many' is not a whole number"), "\(refused.stderr.suffix(300))")
    }

    /// Undo takes back a large import whole, every row checked against
    /// what it imported: past the first thousand, the rows kept for it are
    /// read back from a file, blobs, NULLs and text of every kind alike. A
    /// row changed since, there too, refuses the undo and deletes nothing.
    @Test func undoTakesBackALargeImportCheckingEveryRow() throws {
        let source = try TemporaryDatabase(Self.tenThousand)
        let file = source.directory + "/rows.jsonl"
        #expect(try navsh.run([source.path, "-c", "export " + file]).status == 0)
        let target = try TemporaryDatabase(Self.schema)
        let undone = try navsh.run([target.path, "-c", "import " + file, "-c", "undo"])
        #expect(undone.stderr == "")
        #expect(undone.stdout.hasSuffix("undid the import of 10,000 rows from \(file) (deleted them)\n"), "\(undone.stdout)")
        #expect(try target.rows("SELECT count(*) AS n FROM t")[0]["n"] == "0")

        // Changed elsewhere between the import and its undo: a script reads
        // its lines as they come, so another process writes in between.
        let coprocess = try Coprocess([target.path])
        let imported = coprocess.send("import " + file, until: "imported 10,000 rows", seconds: 60)
        #expect(imported.contains("imported 10,000 rows"), "\(imported)")
        try target.execute("UPDATE t SET name = 'changed' WHERE id = 9000")
        coprocess.send("undo")
        let refused = coprocess.readError(until: "cannot undo", seconds: 60)
        #expect(refused.contains("cannot undo the import from \(file): some of its rows were changed"), "\(refused)")
        _ = coprocess.finish()
        #expect(try target.rows("SELECT count(*) AS n FROM t")[0]["n"] == "10000", "nothing was deleted")
    }

    /// In CSV an unquoted `\x…` is a blob: text that starts so is quoted by
    /// export, so an untyped column keeps the two apart.
    @Test func csvKeepsBlobsApartFromTextThatLooksLikeOne() throws {
        let schema = "CREATE TABLE t (id INTEGER PRIMARY KEY, v);"
        let source = try TemporaryDatabase(schema + "INSERT INTO t VALUES (1, '\\xab'), (2, x'ab'), (3, '\\x'), (4, x'');")
        let target = try TemporaryDatabase(schema)
        let file = source.directory + "/rows.csv"
        #expect(try navsh.run([source.path, "-c", "export " + file + " --plain"]).status == 0)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "id,v\r\n1,\"\\xab\"\r\n2,\\xab\r\n3,\"\\x\"\r\n4,\\x\r\n")
        #expect(try navsh.run([target.path, "-c", "import " + file]).stderr == "")
        #expect(try Self.rows(target, columns: "id, v") == Self.rows(source, columns: "id, v"))
        #expect(try Self.rows(target, columns: "id, v") == ["1|'\\xab'", "2|X'AB'", "3|'\\x'", "4|X''"])
    }

    /// What SQLite stored against its column's type (a blob in TEXT, 2.5 in
    /// INTEGER) is exported as it is, and imports back as it was, said in
    /// the report: the import refused it. A blob is never turned into the
    /// text "\x41ff" (the adversary's find). Text in a number's column stays
    /// refused, as a typo would be; a STRICT table refuses all of them.
    @Test(arguments: ["jsonl", "csv", "tsv"])
    func valuesOfAnotherTypeThanTheirColumnsImportBackAsTheyWere(format: String) throws {
        let schema = "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, n INTEGER)"
        let source = try TemporaryDatabase(schema + "; INSERT INTO t VALUES (1, x'41ff', 2.5), (2, 'ok', 1e3), (3, 'fine', 3);")
        let target = try TemporaryDatabase(schema + ";")
        let file = source.directory + "/rows." + format
        #expect(try navsh.run([source.path, "-c", "export " + file]).status == 0)
        let result = try navsh.run([target.path, "-c", "import " + file])
        #expect(result.stderr == "")
        let line = format == "jsonl" ? 1 : 2
        #expect(result.stdout == "imported 3 rows into t from \(file) (2 values of another type than their column's, "
            + "as the file has them: line \(line) name <blob, 2 bytes>; line \(line) n 2.5)\n")
        let typed = "id, typeof(name), name, typeof(n), n"
        #expect(try Self.rows(target, columns: typed) == Self.rows(source, columns: typed))

        let strict = try TemporaryDatabase(schema + " STRICT;")
        let refused = try strict.expectUnchanged("t") { try navsh.run([strict.path, "-c", "import " + file]) }
        #expect(refused.status == 1)
        #expect(refused.stderr.contains(":\(line): name: "), "\(refused.stderr)")

        let text = try TemporaryDatabase(schema + "; INSERT INTO t VALUES (1, 'ok', 'twelve');")
        let typo = text.directory + "/typo." + format
        #expect(try navsh.run([text.path, "-c", "export " + typo]).status == 0)
        let typoRefused = try target.expectUnchanged("t") { try navsh.run([target.path, "-c", "import " + typo]) }
        #expect(typoRefused.stderr.contains(":\(line): n: 'twelve' is not a whole number"), "\(typoRefused.stderr)")
    }

    /// A file whose lines end in CR alone is said to be that, not read as one line.
    @Test(arguments: ["csv", "tsv"])
    func linesEndedByCarriageReturnsAloneAreSaidToBeSo(format: String) throws {
        let db = try TemporaryDatabase(Self.schema)
        let file = db.directory + "/mac." + format
        let separator = format == "csv" ? "," : "\t"
        try Data("name\(separator)n\rone\(separator)1\rtwo\(separator)2\r".utf8).write(to: URL(fileURLWithPath: file))
        let result = try db.expectUnchanged("t") { try navsh.run([db.path, "-c", "import " + file]) }
        #expect(result.status == 1)
        #expect(result.stderr.contains("mac.\(format):1: its lines end in a carriage return alone"), "\(result.stderr)")
    }

    /// Excel writes a byte-order mark before a CSV's header: it is no part
    /// of the first column's name (the adversary's "no field '\u{FEFF}name'").
    @Test func aByteOrderMarkBeforeTheHeaderIsSkipped() throws {
        let db = try TemporaryDatabase(Self.schema)
        let file = db.directory + "/excel.csv"
        try Data([0xEF, 0xBB, 0xBF] + Array("name,n\r\nfrom excel,7\r\n".utf8)).write(to: URL(fileURLWithPath: file))
        let result = try navsh.run([db.path, "-c", "import " + file])
        #expect(result.stderr == "")
        #expect(try db.rows("SELECT name, n FROM t") == [["name": "from excel", "n": "7"]])
    }

    static let small = schema + """
        INSERT INTO t (id, name, n) VALUES (1, 'one', 1), (2, 'two', 2);
        """

    /// A row whose reference names no row is reported at its line, as any
    /// bad row, and a dry run finds it too: references are checked only at
    /// the import's COMMIT, which a dry run never reaches (it said "would
    /// import 2 rows", and the real import gave SQLite's raw error; the
    /// trial's find). Deferred or not, the same.
    @Test(arguments: ["", " DEFERRABLE INITIALLY DEFERRED"])
    func aRowNamingNoRowIsReportedAtItsLineDryRunOrNot(deferral: String) throws {
        let db = try TemporaryDatabase("""
            CREATE TABLE par (id INTEGER PRIMARY KEY);
            INSERT INTO par VALUES (1), (2);
            CREATE TABLE child (id INTEGER PRIMARY KEY, par_id INTEGER REFERENCES par (id)\(deferral), note TEXT);
            """)
        let file = db.directory + "/bad.csv"
        try "id,par_id,note\n20,1,ok\n21,99,bad\n22,2,ok\n".write(toFile: file, atomically: true, encoding: .utf8)
        for options in [["--dry-run"], []] {
            try db.expectUnchanged("child") {
                let result = try navsh.run([db.path, "-c", "open child", "-c", (["import", file] + options).joined(separator: " ")])
                #expect(result.status == 1, "\(options) \(result.stdout)")
                #expect(result.stderr == """
                    -c:2: error: test › child: import \(file): 1 bad row, nothing was imported
                    \(file):3: par_id: no row in par has id = 99 (FOREIGN KEY)

                    """, "\(options)")
            }
        }
    }

    @Test func anyBadRowImportsNothingAndEveryBadRowIsReportedAtItsLine() throws {
        let db = try TemporaryDatabase(Self.small)
        let file = db.directory + "/bad.csv"
        try "name,n,r\ngood,5,1.5\n,7,\nbig,5000000,\nword,abc,\n\"open,1,\n".write(toFile: file, atomically: true, encoding: .utf8)
        try db.expectUnchanged("t") {
            let result = try navsh.run([db.path, "-c", "import " + file])
            #expect(result.status == 1)
            #expect(result.stdout == "")
            // A quote never closed is the file's fault, not a row's: said at its line.
            #expect(result.stderr == "-c:1: error: t: \(file):6: a quoted field is never closed; nothing was imported\n")
        }
        try "name,n,r\ngood,5,1.5\n,7,\nbig,5000000,\nword,abc,\nshort\n".write(toFile: file, atomically: true, encoding: .utf8)
        try db.expectUnchanged("t") {
            let result = try navsh.run([db.path, "-c", "import " + file])
            #expect(result.status == 1)
            #expect(result.stderr == """
                -c:1: error: t: import \(file): 4 bad rows, nothing was imported
                \(file):3: name: is required (NOT NULL) and empty
                \(file):4: n: refused by a CHECK constraint (abs(n) < 1000000)
                \(file):5: n: 'abc' is not a whole number
                \(file):6: row: has 1 field, the header 3

                """)
        }
    }

    @Test func pastTwentyBadRowsTheRestAreCounted() throws {
        let db = try TemporaryDatabase(Self.small)
        let file = db.directory + "/bad.jsonl"
        let lines = (1...25).map { #"{"name": "n\#($0)", "n": "x\#($0)"}"# } + [#"{"name": "fine"}"#]
        try (lines.joined(separator: "\n") + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        try db.expectUnchanged("t") {
            let result = try navsh.run([db.path, "-c", "import " + file])
            #expect(result.status == 1)
            let report = result.stderr.split(separator: "\n")
            #expect(report.first == "-c:1: error: t: import \(file): 25 bad rows, nothing was imported")
            #expect(report.count == 22)
            #expect(report[1] == "\(file):1: n: 'x1' is not a whole number")
            #expect(report[20] == "\(file):20: n: 'x20' is not a whole number")
            #expect(report.last == "… and 5 more bad rows")
        }
    }

    @Test func aDryRunSaysWhatItWouldInsertAndWritesNothing() throws {
        let db = try TemporaryDatabase(Self.small)
        let file = db.directory + "/new.csv"
        try "Name,N\nthree,3\nfour,4\n".write(toFile: file, atomically: true, encoding: .utf8)
        try db.expectUnchanged("t") {
            let result = try navsh.run([db.path, "-c", "import \(file) --dry-run"])
            #expect(result.status == 0)
            #expect(result.stdout == """
                would import 2 rows into t from \(file) (dry run: nothing was written)
                  insert t › three
                  insert t › four

                """)
        }
    }

    /// A dry run counts every row an import would write: a table with no
    /// trigger is counted as its inserts are stepped (GRDB's events, per
    /// statement, made a dry run cost half as much again), a table with one
    /// through the events, the trigger's writes included.
    @Test func aDryRunCountsTheRowsOfEveryTableAnImportWouldWrite() throws {
        let db = try TemporaryDatabase("""
            CREATE TABLE t (id INTEGER PRIMARY KEY, x TEXT);
            CREATE TABLE log (id INTEGER PRIMARY KEY, what TEXT);
            CREATE TRIGGER logged AFTER INSERT ON t BEGIN INSERT INTO log (what) VALUES (new.x); END;
            CREATE TABLE u (id INTEGER PRIMARY KEY, x TEXT);
            """)
        let file = db.directory + "/rows.csv"
        try "x\na\nb\nc\n".write(toFile: file, atomically: true, encoding: .utf8)
        let result = try db.expectUnchanged("log") {
            try navsh.run(["--dry-run", db.path, "-c", "open t", "-c", "import " + file, "-c", "top", "-c", "open u",
                           "-c", "import " + file])
        }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasSuffix("rows it would have changed, cascades and triggers included: 9 "
                                        + "(log: 3 inserted; t: 3 inserted; u: 3 inserted)\n"), "\(result.stdout)")
    }

    /// A refused import wrote nothing, so a dry run counts none of its
    /// rows: counted as they were stepped, they outlived the rollback of
    /// the import's savepoint (the re-trial's "2 inserted" after "would have
    /// changed nothing").
    @Test func aDryRunCountsNoRowOfARefusedImport() throws {
        let db = try TemporaryDatabase("CREATE TABLE t (id INTEGER PRIMARY KEY, n INTEGER CHECK (n > 0));")
        let bad = db.directory + "/bad.csv", good = db.directory + "/good.csv"
        try "n\n1\n2\n-3\n".write(toFile: bad, atomically: true, encoding: .utf8)
        try "n\n4\n".write(toFile: good, atomically: true, encoding: .utf8)
        let result = try db.expectUnchanged("t") {
            try navsh.run(["--dry-run", "--keep-going", db.path, "-c", "import " + bad, "-c", "top", "-c", "import " + good])
        }
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.hasSuffix("rows it would have changed, cascades and triggers included: 1 (t: 1 inserted)\n"),
                "\(result.stdout)")
    }

    @Test func undoTakesBackTheWholeImport() throws {
        let db = try TemporaryDatabase(Self.small)
        let file = db.directory + "/new.jsonl"
        try #"{"name": "three", "n": 3}"#.appending("\n").appending(#"{"name": "four", "data": {"base64": "AAE="}}"#)
            .write(toFile: file, atomically: true, encoding: .utf8)
        try db.expectUnchanged("t") {
            let result = try navsh.run([db.path, "-c", "import " + file, "-c", "count", "-c", "undo", "-c", "count"])
            #expect(result.stderr == "")
            #expect(result.stdout == """
                imported 2 rows into t from \(file)
                t: 4 rows
                undid the import of 2 rows from \(file) (deleted them)
                t: 2 rows

                """)
        }
    }

    @Test func aFileThatIsNotARegularFileIsRefused() throws {
        let db = try TemporaryDatabase(Self.small)
        let fifo = db.directory + "/pipe.csv"
        #expect(mkfifo(fifo, 0o600) == 0)
        try db.expectUnchanged("t") {
            let result = try navsh.run([db.path, "-c", "import " + fifo])
            #expect(result.status == 1)
            #expect(result.stderr == "-c:1: error: t: import \(fifo): cannot read it: not a regular file; nothing was imported\n")
        }
    }

    @Test func importIsRefusedWhereNoCollectionTakesRows() throws {
        let db = try TemporaryDatabase(Self.small + "CREATE VIEW w AS SELECT name FROM t;")
        let file = db.directory + "/new.csv"
        try "name\nthree\n".write(toFile: file, atomically: true, encoding: .utf8)
        try db.expectUnchanged("t") {
            let atTop = try navsh.run([db.path, "-c", "import " + file])
            #expect(atTop.status == 1)
            #expect(atTop.stderr.contains("import: rows are imported into one collection: open it, then import FILE"))
            let atRecord = try navsh.run([db.path, "-c", "open t", "-c", "open 1", "-c", "import " + file])
            #expect(atRecord.status == 1)
            #expect(atRecord.stderr.contains("import: rows are imported at a collection's list, not at a record"))
            let atView = try navsh.run([db.path, "-c", "open w", "-c", "import " + file])
            #expect(atView.status == 1)
            #expect(atView.stderr.hasSuffix(" › w: import: w is a view, so its rows are read-only\n"))
        }
    }

    /// Another process writes the table between the export and the import:
    /// a row it took the key of fails the whole import, at that row's line;
    /// a row it added elsewhere does not stop it.
    @Test func aRowAnotherProcessTookMeanwhileFailsTheWholeImport() throws {
        let db = try TemporaryDatabase(Self.small)
        let file = db.directory + "/new.csv"
        try "id,name\n10,ten\n11,eleven\n12,twelve\n".write(toFile: file, atomically: true, encoding: .utf8)
        let a = try Coprocess([db.path, "--keep-going"])
        a.send("show", until: "two")
        try db.execute("INSERT INTO t (id, name) VALUES (11, 'taken elsewhere')")
        let before = try db.snapshot("t")
        a.send("import " + file)
        #expect(a.readError(until: "\(file):3: id: another row already has this value (PRIMARY KEY)\n")
            .contains("import \(file): 1 bad row, nothing was imported"))
        #expect(try db.snapshot("t") == before)
        try db.execute("DELETE FROM t WHERE id = 11; INSERT INTO t (id, name) VALUES (20, 'added elsewhere')")
        // --keep-going skips the lines after a failure until a `top`.
        a.send("top")
        #expect(a.send("import " + file, until: "\n") == "imported 3 rows into t from \(file)\n")
        #expect(a.finish() == 1, "the refused import still counts")
        #expect(try db.rows("SELECT id FROM t ORDER BY id").map { $0["id"] ?? "" } == ["1", "2", "10", "11", "12", "20"])
    }
}

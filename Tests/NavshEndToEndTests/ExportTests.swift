import Foundation
import NavshTestSupport
import Testing

/// `export FILE` on the built binary: every row of the list as the frame
/// holds it (filters, order), not only the page, in the file's format;
/// never over an existing file unless `export!`.
@Suite struct ExportTests {
    let navsh = NavshBinary()

    /// 1,234 rows, more than two of export's reads and many list pages.
    static let many = """
        CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, n INTEGER);
        WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < 1234)
        INSERT INTO t SELECT i, 'row ' || printf('%04d', (i * 7) % 1234), i % 10 FROM k;
        """

    @Test func aFilteredSortedListExportsEveryMatchingRowInItsOrder() throws {
        let db = try TemporaryDatabase(Self.many)
        let file = db.directory + "/out.csv"
        let result = try navsh.run([db.path, "-c", "where n > 2", "-c", "sort name desc", "-c", "export " + file + " --plain"])
        #expect(result.stderr == "")
        let expected = try db.rows("SELECT id, name, n FROM t WHERE n > 2 ORDER BY name DESC")
        #expect(expected.count == 863)
        #expect(result.stdout.hasSuffix("exported 863 rows to \(file)\n"))
        let rows = try PythonParsers.csvRows(Array(try Data(contentsOf: URL(fileURLWithPath: file))))
        #expect(rows.first == ["id", "name", "n"])
        #expect(Array(rows.dropFirst()) == expected.map { [$0["id"] ?? "", $0["name"] ?? "", $0["n"] ?? ""] })
        let left = try FileManager.default.contentsOfDirectory(atPath: db.directory).filter { $0.contains(".navsh-") }
        #expect(left.isEmpty, "temporary files left: \(left)")
    }

    @Test func jsonLinesKeepTypesNullEmptyTextUnicodeControlsAndBlobs() throws {
        let db = try TemporaryDatabase(OutputFormatTests.awkward)
        let file = db.directory + "/out.jsonl"
        let result = try navsh.run([db.path, "-c", "export " + file])
        #expect(result.stdout.hasSuffix("exported 4 rows to \(file)\n"))
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let rows = try OutputFormatTests.documents(text)
        #expect(rows.count == 4)
        #expect(rows[0]["note"] is NSNull)
        #expect(rows[1]["note"] as? String == "")
        #expect(rows[0]["data"] as? [String: String] == ["base64": Data([0x00, 0xFF, 0x10]).base64EncodedString()])
        #expect(rows[3]["data"] as? [String: String] == ["base64": ""])
        #expect(rows[2]["name"] as? String == "ünï 🎸")
        #expect(rows[2]["note"] as? String == "line1\nline2\r\tx")
        #expect(rows[3]["name"] as? String == "esc\u{1B}[31m\u{07}")
        #expect(rows[1]["n"] as? Int == -7)
        #expect(rows[0]["r"] as? Double == 1.5)
    }

    /// A character beyond U+FFFF that shows as nothing (a variation
    /// selector, a tag) is escaped as JSON spells it, a pair of `\\u`
    /// escapes: its escape crashed navsh, in an export and in `--format json`.
    @Test func invisibleCharactersBeyondTheBasicPlaneAreEscaped() throws {
        let db = try TemporaryDatabase("""
            CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT);
            INSERT INTO t VALUES (1, 'a' || char(917760) || 'b' || char(917569) || char(8232) || char(173) || 'ü🎸');
            """)
        let name = "a\u{E0100}b\u{E0041}\u{2028}\u{AD}ü🎸"
        let file = db.directory + "/out.jsonl"
        let export = try navsh.run([db.path, "-c", "export " + file])
        #expect(export.status == 0, "\(export.stderr.prefix(300))")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains("\\udb40\\udd00") && !text.contains("\u{E0100}"), "\(text)")
        #expect(try OutputFormatTests.documents(text).first?["name"] as? String == name)
        let shown = try navsh.run([db.path, "--format", "json", "-c", "open 1"])
        #expect(shown.status == 0, "\(shown.stderr.prefix(300))")
        let fields = try OutputFormatTests.documents(shown.stdout).last?["fields"] as? [[String: Any]]
        #expect(fields?.first { $0["name"] as? String == "name" }?["value"] as? String == name)
    }

    @Test func csvAndTSVTellNullFromEmptyText() throws {
        let db = try TemporaryDatabase(OutputFormatTests.awkward)
        let csv = db.directory + "/out.csv", tsv = db.directory + "/out.tsv"
        let result = try navsh.run([db.path, "-c", "export " + csv + " --plain", "-c", "export --plain " + tsv])
        #expect(result.status == 0)
        let csvBytes = Array(try Data(contentsOf: URL(fileURLWithPath: csv)))
        let csvRows = try PythonParsers.csvRows(csvBytes)
        #expect(csvRows.count == 5)
        #expect(csvRows[3] == ["3", "ünï 🎸", "", "2.25", "line1\nline2\r\tx", ""])
        let csvText = String(decoding: csvBytes, as: UTF8.self)
        #expect(csvText.contains("1,plain,1,1.5,,\\x00ff10\r\n"))
        #expect(csvText.contains("2,\"a,b \"\"q\"\"\",-7,,\"\",\r\n"))
        let tsvRows = try PythonParsers.csvRows(Array(try Data(contentsOf: URL(fileURLWithPath: tsv))), delimiter: "\t")
        #expect(tsvRows[1] == ["1", "plain", "1", "1.5", "\\N", "\\x00ff10"])
        #expect(tsvRows[2] == ["2", "a,b \"q\"", "-7", "\\N", "", "\\N"])
    }

    @Test func aRelatedListExportsOnlyItsOwnersRows() throws {
        let db = try TemporaryDatabase("""
            CREATE TABLE artists (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE albums (id INTEGER PRIMARY KEY, title TEXT, artist_id INTEGER REFERENCES artists(id));
            INSERT INTO artists VALUES (1, 'A'), (2, 'B');
            INSERT INTO albums VALUES (1, 'x', 1), (2, 'y', 2), (3, 'z', 1);
            """)
        let file = db.directory + "/their albums.tsv"
        let result = try navsh.run([db.path, "-c", "open artists", "-c", "open 1", "-c", "open albums",
                                    "-c", "export --plain \"\(file)\""])
        #expect(result.stdout.hasSuffix("exported 2 rows to \(file)\n"))
        let rows = try PythonParsers.csvRows(Array(try Data(contentsOf: URL(fileURLWithPath: file))), delimiter: "\t")
        #expect(rows == [["id", "title", "artist_id"], ["1", "x", "1"], ["3", "z", "1"]])
    }

    /// Found by the second trial: a dry run wrote the export file and did
    /// not report it. A dry run changes nothing, files included, but says
    /// what it would write, and refuses what the real run would refuse (an
    /// adversary's find: it refused every export, so `--keep-going` skipped the rest).
    @Test func aDryRunWritesNoFileButSaysWhatItWould() throws {
        let db = try TemporaryDatabase(Self.many)
        let file = db.directory + "/dry.csv"
        let kept = db.directory + "/kept.csv"
        try Data("precious\n".utf8).write(to: URL(fileURLWithPath: kept))
        let result = try navsh.run(["--dry-run", "--keep-going", db.path, "-c", "export " + file, "-c", "export " + kept,
                                    "-c", "top", "-c", "export! " + kept])
        #expect(result.stdout.contains("would export 1,234 rows to \(file) (dry run: no file was written)\n"), "\(result.stdout)")
        #expect(result.stdout.contains("would export 1,234 rows to \(kept) (dry run: no file was written)\n"), "\(result.stdout)")
        #expect(result.stderr.hasPrefix("-c:2: error: "), "\(result.stderr)")
        #expect(result.stderr.hasSuffix("export \(kept): the file exists; export! \(kept) replaces it\n"), "\(result.stderr)")
        #expect(result.status == 1)
        #expect(!FileManager.default.fileExists(atPath: file))
        #expect(try String(contentsOfFile: kept, encoding: .utf8) == "precious\n")
        let real = try navsh.run([db.path, "-c", "export " + file])
        #expect(real.stdout.hasSuffix("exported 1,234 rows to \(file)\n"), "\(real.stdout)")
        // A folder, or a name too long for the temporary file, fails as
        // the real run fails (an adversary's dry runs said they would export).
        let folder = db.directory + "/folder.csv"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let long = db.directory + "/" + String(repeating: "n", count: 245) + ".csv"
        for target in ["export! " + folder, "export " + long] {
            let dry = try navsh.run(["--dry-run", db.path, "-c", target])
            let wet = try navsh.run([db.path, "-c", target])
            #expect(dry.status == 1 && wet.status == 1, "\(target): \(dry.stdout) \(wet.stdout)")
            #expect(dry.stderr.contains("cannot write it"), "\(dry.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: long))
    }

    @Test func anExistingFileIsKeptUnlessExportBang() throws {
        let db = try TemporaryDatabase(Self.many)
        let file = db.directory + "/keep.csv"
        try Data("precious\n".utf8).write(to: URL(fileURLWithPath: file))
        let refused = try navsh.run([db.path, "-c", "export " + file])
        #expect(refused.status == 1)
        #expect(refused.stderr == "-c:1: error: t: export \(file): the file exists; export! \(file) replaces it\n")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "precious\n")
        let forced = try navsh.run([db.path, "-c", "where n = 0", "-c", "export! " + file])
        #expect(forced.status == 0)
        #expect(forced.stdout.hasSuffix("exported 123 rows to \(file)\n"))
        #expect(try PythonParsers.csvRows(Array(try Data(contentsOf: URL(fileURLWithPath: file)))).count == 124)
    }

    @Test func aBadNameOrFolderWritesNothingAndTheNameIsEscaped() throws {
        let db = try TemporaryDatabase(Self.many)
        let unknown = try navsh.run([db.path, "-c", "export \"" + db.directory + "/a\u{1B}[2J.txt\""])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("/a\\x1B[2J.txt: name the file .csv, .tsv or .jsonl"))
        #expect(!unknown.stderr.contains("\u{1B}"))
        let missing = try navsh.run([db.path, "-c", "export " + db.directory + "/no/such/out.csv"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("cannot write it: No such file or directory; no file was written"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: db.directory) == ["test.sqlite"])
    }
}

import Foundation
import NavshTestSupport
import Testing

/// `--format json|csv|tsv` and `--quiet` on the built binary, every output
/// parsed by a real parser (Foundation's JSONSerialization, Python's csv).
@Suite struct OutputFormatTests {
    let navsh = NavshBinary()

    /// NULL and empty text, unicode, control characters, numbers and blobs.
    static let awkward = """
        CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, n INTEGER, r REAL, note TEXT, data BLOB);
        INSERT INTO t VALUES (1, 'plain', 1, 1.5, NULL, x'00ff10'),
         (2, 'a,b "q"', -7, NULL, '', NULL),
         (3, 'ünï 🎸', NULL, 2.25, 'line1' || char(10) || 'line2' || char(13) || char(9) || 'x', NULL),
         (4, 'esc' || char(27) || '[31m' || char(7), 3, 0.0, 'x', x'');
        """

    static func documents(_ stdout: String) throws -> [[String: Any]] {
        try stdout.split(separator: "\n").map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8), options: [.fragmentsAllowed])
            return try #require(object as? [String: Any], "not a JSON object: \(line)")
        }
    }

    @Test func jsonListHoldsTypedValuesNullAndEmptyApart() throws {
        let db = try TemporaryDatabase(Self.awkward)
        let result = try navsh.run([db.path, "--format", "json", "-c", "show"])
        #expect(result.status == 0)
        #expect(!result.stdout.contains("\u{1B}"), "a control character reached the output raw")
        let documents = try Self.documents(result.stdout)
        #expect(documents.count == 1)
        let list = try #require(documents.first)
        #expect(list["frame"] as? [String] == ["t"])
        #expect(list["collection"] as? String == "t")
        #expect(list["count"] as? Int == 4)
        #expect(list["page"] as? Int == 1)
        let rows = try #require(list["rows"] as? [[String: Any]])
        #expect(rows.map { $0["#"] as? Int } == [1, 2, 3, 4])
        #expect(rows.map { $0["key"] as? [Int] } == [[1], [2], [3], [4]])
        let values = rows.compactMap { $0["values"] as? [String: Any] }
        #expect(values[0]["note"] is NSNull)
        #expect(values[1]["note"] as? String == "")
        #expect(values[1]["n"] as? Int == -7)
        #expect(values[0]["r"] as? Double == 1.5)
        #expect(values[2]["name"] as? String == "ünï 🎸")
        #expect(values[2]["note"] as? String == "line1\nline2\r\tx")
        #expect(values[3]["name"] as? String == "esc\u{1B}[31m\u{07}")
    }

    /// A batch says how many rows it stands for as a list does, in
    /// `count`: it said `rows`, a number where a list's `rows` is an array.
    @Test func jsonBatchCountsItsRowsAsAListDoes() throws {
        let db = try TemporaryDatabase(Self.awkward)
        let result = try navsh.run([db.path, "--format", "json", "-c", "open *", "-c", "show"])
        #expect(result.status == 0, "\(result.stderr)")
        let batch = try #require(try Self.documents(result.stdout).last)
        #expect(batch["count"] as? Int == 4, "\(result.stdout)")
        #expect(batch["rows"] == nil)
    }

    @Test func jsonRecordListsEveryFieldWithItsTypeAndBlobsInBase64() throws {
        let db = try TemporaryDatabase(Self.awkward)
        let result = try navsh.run([db.path, "--format", "json", "-c", "open 1", "-c", "set name Gort", "-c", "show"])
        #expect(result.status == 3)  // the edit is left unsaved on purpose
        let documents = try Self.documents(result.stdout)
        #expect(documents.count == 2)
        let record = try #require(documents.last)
        #expect(record["frame"] as? [String] == ["t", "Gort"])
        #expect(record["key"] as? [Int] == [1])
        let fields = try #require(record["fields"] as? [[String: Any]])
        #expect(fields.map { $0["name"] as? String } == ["id", "name", "n", "r", "note", "data"])
        #expect(fields.map { $0["type"] as? String } == ["integer", "text", "integer", "real", "text", "blob"])
        #expect(fields[0]["read_only"] as? Bool == true)
        #expect(fields[1]["changed"] as? Bool == true)
        #expect(fields[1]["value"] as? String == "Gort")
        #expect(fields[2]["changed"] as? Bool == false)
        #expect(fields[4]["value"] is NSNull)
        let blob = try #require(fields[5]["value"] as? [String: String])
        #expect(blob == ["base64": Data([0x00, 0xFF, 0x10]).base64EncodedString()])
    }

    @Test func jsonMessagesAndErrorsKeepEachStreamParseable() throws {
        let db = try TemporaryDatabase(Self.awkward)
        let result = try navsh.run([db.path, "--format", "json", "-c", "open 2", "-c", "set name Y", "-c", "save",
                                    "-c", "open 9"])
        #expect(result.status == 1)
        let documents = try Self.documents(result.stdout)
        #expect(documents.contains { $0["message"] as? String == "saved Y" })
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("-c:4: error: t: "))
        let error = try #require(try Self.documents(lines[1]).first?["error"] as? [String: Any])
        #expect(error["source"] as? String == "-c")
        #expect(error["line"] as? Int == 4)
        #expect(error["frame"] as? String == "t")
        #expect((error["message"] as? String).map { lines[0].hasSuffix($0) } == true)
    }

    @Test func csvListIsAHeaderAndRowsWithNullUnquotedAndEmptyQuoted() throws {
        let db = try TemporaryDatabase(Self.awkward)
        let result = try navsh.run([db.path, "--format", "csv", "-c", "show"])
        #expect(result.status == 0)
        let rows = try PythonParsers.csvRows(Array(result.stdout.utf8))
        #expect(rows.first == ["name", "n", "r", "note"])
        #expect(rows.count == 5)
        #expect(rows[2] == ["a,b \"q\"", "-7", "", ""])
        #expect(rows[3] == ["ünï 🎸", "", "2.25", "line1\nline2\r\tx"])
        #expect(rows[4] == ["esc\u{1B}[31m\u{07}", "3", "0.0", "x"])
        // The csv module reads NULL and "" alike; the bytes tell them apart.
        #expect(result.stdout.contains("plain,1,1.5,\r\n"))
        #expect(result.stdout.contains("\"a,b \"\"q\"\"\",-7,,\"\"\r\n"))
    }

    /// A CSV of a list is its page; standard error says when rows were left
    /// out (the trial piped `--format csv` into wc and got 21 lines of 324).
    @Test func csvOfALongListSaysOnStandardErrorThatItIsOnePage() throws {
        let db = try TemporaryDatabase(Fixtures.numbered(45))
        let result = try navsh.run([db.path, "--format", "csv", "-c", "show"])
        #expect(result.status == 0)
        #expect(result.stdout.split(separator: "\r\n").count == 21, "a header and the page's 20 rows")
        #expect(result.stderr == "navsh: csv: rows 1–20 of 45, page 1 of 3; export FILE writes every row\n")
        let short = try navsh.run([db.path, "--format", "csv", "-c", "where name ~ 4"])
        #expect(short.stderr == "", "a list shown whole says nothing")
    }

    @Test func csvRecordIsNameValueRowsWithBlobsInHex() throws {
        let db = try TemporaryDatabase(Self.awkward)
        let result = try navsh.run([db.path, "--format", "csv", "-c", "open 1"])
        let rows = try PythonParsers.csvRows(Array(result.stdout.utf8))
        #expect(rows == [["name", "value"], ["id", "1"], ["name", "plain"], ["n", "1"], ["r", "1.5"], ["note", ""],
                         ["data", "\\x00ff10"]])
    }

    @Test func tsvEscapesTabsAndLineBreaksAndWritesNullAsBackslashN() throws {
        let db = try TemporaryDatabase(Self.awkward)
        let result = try navsh.run([db.path, "--format", "tsv", "-c", "show"])
        let rows = try PythonParsers.csvRows(Array(result.stdout.utf8), delimiter: "\t")
        #expect(rows.count == 5)
        #expect(rows[1] == ["plain", "1", "1.5", "\\N"])
        #expect(rows[2] == ["a,b \"q\"", "-7", "\\N", ""])
        #expect(rows[3] == ["ünï 🎸", "\\N", "2.25", "line1\\nline2\\r\\tx"])
    }

    @Test func quietPrintsOnlyWhatTheScriptAskedFor() throws {
        let db = try TemporaryDatabase(Self.awkward)
        let result = try navsh.run([db.path, "-q", "-c", "open 2", "-c", "set name Y", "-c", "changes", "-c", "save",
                                    "-c", "show"])
        #expect(result.status == 0)
        let plain = try navsh.run([db.path, "-c", "show"])
        #expect(result.stdout == "  name: a,b \"q\" → Y\n" + plain.stdout)
        let failing = try navsh.run([db.path, "--quiet", "-c", "open 1", "-c", "open 9"])
        #expect(failing.stdout == "")
        #expect(failing.stderr.hasPrefix("-c:2: error:"))
        // `count` is asked for, as `show` is (the trial found it dropped).
        let counted = try navsh.run([db.path, "-q", "-c", "count"])
        #expect(counted.stdout.hasSuffix(" rows\n") && counted.stdout.contains(": "), "\(counted.stdout)")
    }

    @Test func quietJSONWritesOnlyTheFramesShown() throws {
        let db = try TemporaryDatabase(Self.awkward)
        let result = try navsh.run([db.path, "-q", "--format", "json", "-c", "open 3", "-c", "back", "-c", "show"])
        let documents = try Self.documents(result.stdout)
        #expect(documents.count == 1)
        #expect(documents.first?["collection"] as? String == "t")
        #expect(documents.first?["rows"] != nil)
    }

    /// At the prompt (a pseudo-terminal from script(1)) the flags that only
    /// mean something in a script are refused with a word on why, before
    /// anything opens: --keep-going and --echo were accepted in silence
    /// (the trial's find).
    @Test func thePromptRefusesWhatOnlyScriptsTake() throws {
        let db = try TemporaryDatabase(Self.awkward)
        let formats = "navsh: --format and --quiet are for scripts (-f, -c or piped input); the prompt shows tables"
        let going = "navsh: --keep-going and --echo are for scripts (-f, -c or piped input)"
        for (flags, message) in [("--format json", formats), ("-q", formats), ("--keep-going", going), ("--echo", going)] {
            let screen = db.directory + "/screen"
            let run = try navsh.shell(
                "DB=\"$1\" timeout 20 script -qec '\"$NAVSH\" \"$DB\" \(flags)' /dev/null < /dev/null > \"$2\" 2>&1",
                home: db.directory, arguments: [db.path, screen])
            #expect(run.status == 64, "\(flags)")
            let text = try String(contentsOfFile: screen, encoding: .utf8)
            #expect(text.contains(message), "\(flags): \(text)")
        }
    }

    @Test func theTableFormatIsTheDefault() throws {
        let db = try TemporaryDatabase(Self.awkward)
        let table = try navsh.run([db.path, "--format", "table", "-c", "show", "-c", "open 2"])
        let plain = try navsh.run([db.path, "-c", "show", "-c", "open 2"])
        #expect(table.stdout == plain.stdout)
        #expect(plain.stdout.hasPrefix("t (4)\n"))
    }
}

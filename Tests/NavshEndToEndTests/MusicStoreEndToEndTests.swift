import Foundation
import NavshTestSupport
import Testing

/// Issue 10's commands on the built binary, against a Chinook-shaped store:
/// the music example's data (`examples/music/music.sql`) with 3,000 more
/// tracks, and its app spec. Every test checks the exit status and, where
/// something may be written, the file afterwards through SQL.
@Suite struct MusicStoreEndToEndTests {
    let navsh = NavshBinary()
    static let folder = ExampleTranscriptTests.examples.appendingPathComponent("music")
    static let spec = folder.appendingPathComponent("music.yaml").path

    /// 3,000 session takes spread over every album, genre and length, a
    /// third with no composer: a few thousand tracks, made the same way each run.
    static let moreTracks = """
        WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 3000)
        INSERT INTO tracks (Name, AlbumId, MediaTypeId, GenreId, Composer, Milliseconds, Bytes, UnitPrice)
        SELECT 'Session take ' || i, 1 + i % 24, 1 + i % 5, 1 + i % 10,
               CASE WHEN i % 3 = 0 THEN NULL ELSE 'Session Band' END,
               60000 + (i * 7919) % 400000, NULL, CASE WHEN i % 50 = 0 THEN 1.99 ELSE 0.99 END
        FROM c;
        """

    static func store() throws -> TemporaryDatabase {
        let sql = try String(contentsOf: folder.appendingPathComponent("music.sql"), encoding: .utf8)
        return try TemporaryDatabase(sql + "\n" + moreTracks, name: "music.sqlite")
    }

    /// navsh with the music spec, running each command as a `-c` line.
    func run(_ db: TemporaryDatabase, _ commands: [String], keepGoing: Bool = false) throws -> NavshBinary.Result {
        try navsh.run(["--spec", Self.spec, db.path] + (keepGoing ? ["--keep-going"] : [])
            + commands.flatMap { ["-c", $0] })
    }

    /// A row count as a list's header shows it (thousands grouped by commas).
    static func shown(_ count: Int) -> String {
        String(count).reversed().enumerated().reduce(into: "") { text, pair in
            if pair.offset > 0 && pair.offset % 3 == 0 { text.append(",") }
            text.append(pair.element)
        }.reversed().map(String.init).joined()
    }

    func count(_ db: TemporaryDatabase, _ sql: String) throws -> Int {
        let text = try db.rows(sql).first?.values.first
        return try #require(text.flatMap { Int($0) }, "\(sql) gave \(text ?? "no row")")
    }

    /// The first row shown under the last header, without its number.
    func firstRow(_ output: String) -> String? {
        output.split(separator: "\n").last { $0.hasPrefix("   1  ") }.map { String($0.dropFirst(6)) }
    }

    // MARK: find, where, sort, columns

    @Test func findListsTheRowsWhereAnyTextFieldContainsTheTextIgnoringCase() throws {
        let db = try Self.store()
        let matches = try count(db, "SELECT count(*) FROM tracks WHERE Name LIKE '%jobim%' OR Composer LIKE '%jobim%'")
        let result = try db.expectUnchanged("tracks") { try run(db, ["open tracks", "find JOBIM", "back", "show"]) }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(matches == 19)
        #expect(result.stdout.contains("\nTracks (\(matches)) · find \"JOBIM\"\n"), "\(result.stdout)")
        #expect(result.stdout.split(separator: "\n").last { $0.hasPrefix("Tracks (") } == "Tracks (3,324)",
                "back returns to the whole list")
    }

    /// Each operator lists exactly the rows SQL finds for the same test;
    /// the header names the filter (the field by its label, as the list heads it).
    @Test(arguments: [
        ("Milliseconds = 232648", "Milliseconds = 232648", "Length (ms) = 232648"),
        ("Milliseconds != 232648", "Milliseconds != 232648", "Length (ms) != 232648"),
        ("Milliseconds < 100000", "Milliseconds < 100000", "Length (ms) < 100000"),
        ("Milliseconds <= 100000", "Milliseconds <= 100000", "Length (ms) <= 100000"),
        ("Milliseconds > 450000", "Milliseconds > 450000", "Length (ms) > 450000"),
        ("Milliseconds >= 450000", "Milliseconds >= 450000", "Length (ms) >= 450000"),
        ("Price >= 1.99", "UnitPrice >= 1.99", "Price >= 1.99"),
        ("Name ~ LOVE", "Name LIKE '%love%'", "Name ~ \"LOVE\""),
        ("Composer is null", "Composer IS NULL", "Composer is null"),
        ("Composer is not null", "Composer IS NOT NULL", "Composer is not null"),
        ("Composer != \"Session Band\"", "Composer IS NOT 'Session Band'", "Composer != \"Session Band\""),
    ])
    func whereListsTheRowsSQLFinds(clause: String, sql: String, shown: String) throws {
        let db = try Self.store()
        let expected = try count(db, "SELECT count(*) FROM tracks WHERE \(sql)")
        let result = try db.expectUnchanged("tracks") { try run(db, ["open tracks", "where \(clause)"]) }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(expected > 0 && expected < 3_324, "each clause keeps some rows and leaves some out")
        let header = result.stdout.split(separator: "\n").last { $0.hasPrefix("Tracks (") }
        #expect(header == "Tracks (\(Self.shown(expected))) · \(shown)", "SQL finds \(expected)")
    }

    @Test func whereInsideAFindNarrowsItAndWhereAlonePrintsTheStack() throws {
        let db = try Self.store()
        let expected = try count(db, """
            SELECT count(*) FROM tracks WHERE (Name LIKE '%jobim%' OR Composer LIKE '%jobim%') AND Milliseconds > 300000
            """)
        let result = try run(db, ["open tracks", "find jobim", "where Milliseconds > 300000", "where"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Tracks (\(expected)) · find \"jobim\" · Length (ms) > 300000\n"), "\(result.stdout)")
        #expect(result.stdout.hasSuffix("  1  music\n  2  Tracks\n  3  find \"jobim\"\n  4  Length (ms) > 300000\n"))
    }

    @Test func badWhereClausesAreOneLineErrorsThatStopTheScript() throws {
        let db = try Self.store()
        for (clause, message) in [
            ("Milliseconds > abc", "Length (ms): 'abc' is not a whole number"),
            ("Nope = 1", "where: no field 'Nope' in tracks"),
        ] {
            let result = try run(db, ["open tracks", "where \(clause)", "show"])
            #expect(result.status == 1)
            #expect(result.stderr.hasPrefix("-c:2: error: music › Tracks: \(message)"), "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
    }

    @Test func sortOrdersTheListAndSortAloneGoesBack() throws {
        let db = try Self.store()
        let longest = try #require(try db.rows("SELECT Name FROM tracks ORDER BY Milliseconds DESC, TrackId LIMIT 1").first?["Name"])
        let sorted = try run(db, ["open tracks", "sort Milliseconds desc"])
        #expect(sorted.status == 0, "\(sorted.stderr)")
        #expect(sorted.stdout.contains("Tracks (3,324) · sorted by Length (ms) desc\n"), "\(sorted.stdout)")
        #expect(firstRow(sorted.stdout)?.hasPrefix(longest) == true, "\(firstRow(sorted.stdout) ?? "")")
        let back = try run(db, ["open tracks", "sort Milliseconds desc", "sort Name", "sort"])
        #expect(back.status == 0)
        #expect(firstRow(back.stdout)?.hasPrefix("For Those About To Rock (We Sal") == true, "\(firstRow(back.stdout) ?? "")")
        #expect(back.stdout.split(separator: "\n").last { $0.hasPrefix("Tracks (") } == "Tracks (3,324)")
    }

    @Test func columnsPicksTheListsColumnsByLabelOrNameAndAloneGoesBack() throws {
        let db = try Self.store()
        let result = try run(db, ["open tracks", "columns Composer Milliseconds", "columns Format Price", "columns"])
        #expect(result.status == 0, "\(result.stderr)")
        let headers = result.stdout.split(separator: "\n").filter { $0.hasPrefix("      Name ") }
            .map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
        #expect(headers == ["Name Album Genre Price", "Name Composer Length (ms)", "Name Format Price", "Name Album Genre Price"])
    }

    // MARK: #KEY

    @Test func openByKeyOpensThatRowWhereverItIsListed() throws {
        let db = try Self.store()
        // Track 3001 is on page 151 in the collection's order; sorted and filtered it is elsewhere again.
        let result = try run(db, ["open tracks", "sort Name desc", "where Composer is not null", "open #3001"])
        #expect(result.status == 0, "\(result.stderr)")
        let name = try #require(try db.rows("SELECT Name FROM tracks WHERE TrackId = 3001").first?["Name"])
        #expect(result.stdout.contains("Tracks › \(name)\n       TrackId  3001  (read-only)\n"), "\(result.stdout)")
        // A key the filter leaves out is not opened from that frame.
        #expect(try count(db, "SELECT count(*) FROM tracks WHERE TrackId = 3000 AND Composer IS NULL") == 1)
        let filteredOut = try run(db, ["open tracks", "where Composer is not null", "open #3000"])
        #expect(filteredOut.status == 1)
        #expect(filteredOut.stderr == "-c:3: error: music › Tracks › Composer is not null: #3000 is a row of tracks "
            + "this list leaves out (its filter or owner); back to the whole list to open it\n")
        let missing = try run(db, ["open tracks", "open #99999"])
        #expect(missing.status == 1)
        #expect(missing.stderr == "-c:2: error: music › Tracks: no row #99999 in tracks\n")
        let malformed = try run(db, ["open tracks", "open #abc"])
        #expect(malformed.status == 1)
        #expect(malformed.stderr == "-c:2: error: music › Tracks: '#abc' is not a key of tracks: its key is TrackId (#TRACKID)\n")
    }

    @Test func deleteByKeyDeletesThatRowAndWhatCascadesOnly() throws {
        let db = try Self.store()
        let tracksBefore = try db.snapshot("tracks")
        let playlistRows = try count(db, "SELECT count(*) FROM playlist_track WHERE TrackId = 99")
        let result = try run(db, ["open tracks", "sort Name", "delete #99"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try db.snapshot("tracks") == tracksBefore.filter { !$0.hasPrefix("[TrackId:99 ") })
        #expect(try count(db, "SELECT count(*) FROM playlist_track WHERE TrackId = 99") == 0)
        #expect(playlistRows == 2)
        // A track on invoices is refused, naming what refers to it; nothing changes.
        let refused = try db.expectUnchanged("tracks") { try run(db, ["open tracks", "delete #7"]) }
        #expect(refused.status == 1)
        #expect(refused.stderr == """
            -c:2: error: music › Tracks: cannot delete Silver Shadows: 1 Invoice line refers to it (Invoice lines.Track); \
            nothing was deleted

            """)
    }

    @Test func aCompositeKeyOpensAndDeletesOneRowOfTheJoinTable() throws {
        let db = try Self.store()
        let before = try db.snapshot("playlist_track")
        let result = try run(db, ["open playlist_track", "open #1,42", "back", "delete #1,42"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("  Playlist  1 (Music)\n     Track  42 (Velvet Love)\n"), "\(result.stdout)")
        #expect(try db.snapshot("playlist_track").count == before.count - 1)
        #expect(try db.rows("SELECT PlaylistId FROM playlist_track WHERE TrackId = 42") == [["PlaylistId": "4"]])
        let gone = try db.expectUnchanged("playlist_track") { try run(db, ["open playlist_track", "delete #1,42"]) }
        #expect(gone.status == 1)
        #expect(gone.stderr == "-c:2: error: music › Playlist tracks: no row #1,42 in playlist_track\n")
        let half = try run(db, ["open playlist_track", "open #1"])
        #expect(half.status == 1)
        #expect(half.stderr.contains("its key is PlaylistId, TrackId (#PLAYLISTID,TRACKID)"), "\(half.stderr)")
    }

    // MARK: references, show FIELD, changes

    @Test func aReferenceIsSetByTitleOrByKey() throws {
        let db = try Self.store()
        let byTitle = try run(db, ["open albums", "open #5", "set Artist ac/dc", "save"])
        #expect(byTitle.status == 0, "\(byTitle.stderr)")
        #expect(try db.rows("SELECT ArtistId FROM albums WHERE AlbumId = 5") == [["ArtistId": "1"]])
        let byKey = try run(db, ["open albums", "open #5", "set Artist #7", "save"])
        #expect(byKey.status == 0, "\(byKey.stderr)")
        #expect(try db.rows("SELECT ArtistId FROM albums WHERE AlbumId = 5") == [["ArtistId": "7"]])
        let ambiguous = try db.expectUnchanged("albums") { try run(db, ["open albums", "open #5", "set Artist A", "save"]) }
        #expect(ambiguous.status == 1)
        #expect(ambiguous.stderr.contains("'A' matches several rows: #1 AC/DC, #2 Accept, #3 Aerosmith"), "\(ambiguous.stderr)")
        let unknown = try db.expectUnchanged("albums") { try run(db, ["open albums", "open #5", "set Artist Nobody", "save"]) }
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("no row of artists is named 'Nobody'"), "\(unknown.stderr)")
    }

    /// Issue 10: where's VALUE is parsed as for set, a reference by its title.
    @Test func whereTakesAReferenceByItsTitle() throws {
        let db = try Self.store()
        let expected = try count(db, "SELECT count(*) FROM tracks WHERE GenreId = 2")
        let result = try run(db, ["open tracks", "where Genre = Jazz"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Tracks (\(expected)) · Genre = \"Jazz\"\n"), "said as typed, not as the key")
        let byKey = try run(db, ["open tracks", "where Genre = #2"])
        #expect(byKey.stdout.contains("Tracks (\(expected)) · Genre = #2\n"), "\(byKey.stderr)")
    }

    /// A list shows a reference by its title, so `~` and `sort` go by the
    /// title too: the key the column holds means nothing to the reader.
    @Test func containsAndSortOnAReferenceGoByItsTitle() throws {
        let db = try Self.store()
        let expected = try count(db, """
            SELECT count(*) FROM albums WHERE ArtistId IN (SELECT ArtistId FROM artists WHERE Name LIKE '%sigur%')
            """)
        let found = try run(db, ["open albums", "where artist ~ SIGUR"])
        #expect(found.status == 0, "\(found.stderr)")
        #expect(expected > 0 && found.stdout.contains("Albums (\(expected)) · Artist ~ \"SIGUR\"\n"), "\(found.stdout)")
        let names = try db.rows("""
            SELECT artists.Name AS n FROM albums JOIN artists USING (ArtistId)
            ORDER BY artists.Name DESC, albums.AlbumId DESC LIMIT 3
            """).compactMap { $0["n"] }
        let sorted = try run(db, ["open albums", "sort artist desc"])
        #expect(sorted.status == 0, "\(sorted.stderr)")
        #expect(sorted.stdout.contains("Albums (24) · sorted by Artist desc\n"), "\(sorted.stdout)")
        let firstRows = sorted.stdout.split(separator: "\n").drop { !$0.hasPrefix("Albums (24) · sorted") }.dropFirst(2).prefix(3)
        #expect(firstRows.count == 3 && zip(firstRows, names).allSatisfy { $0.hasSuffix($1) || $0.contains("  \($1)  ") },
                "\(Array(firstRows)) by \(names)")
    }

    /// An import's report names a field once, by its label (the adversary
    /// saw `al.csv:4: ArtistId: Artist: no row of artists…`).
    @Test func importReportsNameAFieldOnceByItsLabel() throws {
        let db = try Self.store()
        let file = db.directory + "/al.csv"
        try "Title,Artist,Year\nOne,AC/DC,1990\nTwo,Nobody Here,1991\n".write(toFile: file, atomically: true, encoding: .utf8)
        let result = try db.expectUnchanged("albums") { try run(db, ["open albums", "import " + file]) }
        #expect(result.status == 1)
        #expect(result.stderr.contains("al.csv:3: Artist: no row of artists is named 'Nobody Here'"), "\(result.stderr)")
    }

    @Test func showFieldPrintsTheWholeValue() throws {
        let db = try Self.store()
        let notes = try #require(try db.rows("SELECT Notes FROM albums WHERE AlbumId = 10").first?["Notes"])
        let result = try run(db, ["open albums", "open #10", "show Notes"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(notes.count > 300)
        #expect(result.stdout.hasSuffix("\n" + notes + "\n"), "\(result.stdout)")
        let record = try #require(result.stdout.split(separator: "\n").first { $0.contains("Notes  ") })
        #expect(record.count < 100, "the record shows a preview: \(record)")
    }

    @Test func changesAtAListListsEveryUnsavedEditInTheStack() throws {
        let db = try Self.store()
        let result = try db.expectUnchanged("albums") {
            try db.expectUnchanged("tracks") {
                try run(db, ["open tracks", "open #198", "set Price 1.29", "open Album", "set Year 1960", "open tracks", "changes"])
            }
        }
        #expect(result.status == 3, "input ended with unsaved edits: \(result.stderr)")
        #expect(result.stdout.hasSuffix("""
            music › Tracks › Blue in Green:
              Price: $0.99 → $1.29
            music › Tracks › Blue in Green › Kind of Blue:
              Year: 1959 → 1960

            """), "\(result.stdout)")
    }

    // MARK: views

    @Test func aViewReadsLikeATableAndRefusesEveryWrite() throws {
        let db = try Self.store()
        let read = try run(db, ["open album_summary", "find blue", "where Tracks > 10", "sort Minutes desc", "open 1"])
        #expect(read.status == 0, "\(read.stderr)")
        #expect(read.stdout.contains("Album summary (1) · find \"blue\" · Tracks > 10 · sorted by Minutes desc\n"), "\(read.stdout)")
        #expect(read.stdout.contains("Album summary › Kind of Blue\n"))
        for (commands, line) in [(["open album_summary", "open 1", "set Year 1982"], 3),
                                 (["open album_summary", "new"], 2),
                                 (["open album_summary", "delete 1"], 2)] {
            let refused = try db.expectUnchanged("albums") { try run(db, commands) }
            #expect(refused.status == 1, "\(commands)")
            #expect(refused.stderr.hasPrefix("-c:\(line): error: "), "\(refused.stderr)")
            #expect(refused.stderr.contains("album_summary is a view, so its rows are read-only"), "\(refused.stderr)")
        }
    }

    // MARK: another process between the commands of a script

    /// A script addressing rows by #KEY acts on the row that key names when
    /// the command runs, whatever another process did in between, or refuses.
    @Test func keysNameTheRowEvenWhenAnotherProcessChangesDeletesOrRekeysRows() throws {
        let db = try Self.store()
        let script = try Coprocess(["--spec", Self.spec, db.path, "--keep-going"])
        script.send("open tracks", until: "page N\n")

        // Changed elsewhere: opening by key shows the row as it is now.
        try db.execute("UPDATE tracks SET Name = 'Renamed elsewhere' WHERE TrackId = 50")
        #expect(script.send("open #50", until: "Price").contains("Tracks › Renamed elsewhere\n"))
        script.send("set Price 1.49")
        script.send("save", until: "saved Renamed elsewhere\n")

        // Rows before it deleted elsewhere: #KEY still names the same row.
        try db.execute("DELETE FROM tracks WHERE TrackId BETWEEN 330 AND 339")
        let others = try db.snapshot("tracks").filter { !$0.hasPrefix("[TrackId:2060 ") }
        script.send("delete #2060", until: "deleted Session take 1736\n")
        #expect(try db.snapshot("tracks") == others, "only track 2060 went")

        // Deleted elsewhere: refused.
        try db.execute("DELETE FROM tracks WHERE TrackId = 2070")
        script.send("delete #2070")
        #expect(script.readError(until: "\n").contains("no row #2070 in tracks"))
        // --keep-going skips the lines after a failure until a `top`.
        script.send("top")
        script.send("open tracks", until: "page N\n")

        // Re-keyed elsewhere: the old key names no row, the new one names it.
        try db.execute("UPDATE tracks SET TrackId = 99001 WHERE TrackId = 2080")
        script.send("open #2080")
        #expect(script.readError(until: "\n").contains("no row #2080 in tracks"))
        script.send("top")
        script.send("open tracks", until: "page N\n")
        #expect(script.send("open #99001", until: "Price").contains("Tracks › Session take 1756\n       TrackId  99001  (read-only)"))
        script.send("back")

        // The join table re-keyed under a shown list: its composite key follows.
        script.send("top")
        script.send("open playlist_track", until: "page N\n")
        try db.execute("UPDATE playlist_track SET PlaylistId = 6 WHERE PlaylistId = 1 AND TrackId = 100")
        script.send("delete #1,100")
        #expect(script.readError(until: "\n").contains("no row #1,100 in playlist_track"))
        script.send("top")
        script.send("open playlist_track", until: "page N\n")
        let before = try db.snapshot("playlist_track")
        script.send("delete #6,100", until: "deleted ")
        #expect(script.finish() == 1, "the refusals count")
        #expect(try db.snapshot("playlist_track") == before.filter { $0 != "[PlaylistId:6 TrackId:100]" })
        #expect(try db.rows("SELECT Name, UnitPrice FROM tracks WHERE TrackId = 50") == [["Name": "Renamed elsewhere", "UnitPrice": "1.49"]])
        #expect(try count(db, "SELECT count(*) FROM tracks WHERE TrackId IN (2060, 2070, 2080)") == 0)
        #expect(try count(db, "SELECT count(*) FROM tracks WHERE TrackId = 99001") == 1)
    }
}

import Foundation
import NavshTestSupport
import Testing

/// Lists as a new user meets them on a real file (issue 10): a header, a
/// reference by its title, a view that lists and sorts but refuses writes,
/// and `columns` in a script.
@Suite struct ReadableListEndToEndTests {
    let navsh = NavshBinary()
    static let sql = """
        CREATE TABLE artists (ArtistId INTEGER PRIMARY KEY, Name TEXT);
        CREATE TABLE albums (AlbumId INTEGER PRIMARY KEY, Title TEXT, ArtistId INTEGER REFERENCES artists, Year INTEGER);
        CREATE VIEW album_list AS SELECT al.Title AS Title, ar.Name AS Artist FROM albums al JOIN artists ar USING (ArtistId);
        INSERT INTO artists VALUES (1, 'AC/DC'), (2, 'Accept');
        INSERT INTO albums VALUES (1, 'For Those About To Rock', 1, 1981), (2, 'Balls to the Wall', 2, 1983);
        """

    @Test func aListHasAHeaderAndReferencesReadAsTitles() throws {
        let db = try TemporaryDatabase(Self.sql)
        let result = try navsh.run([db.path, "-c", "open albums", "-c", "columns Year", "-c", "columns"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == """
            albums (2)
                  Title                    ArtistId  Year
               1  For Those About To Rock  AC/DC     1981
               2  Balls to the Wall        Accept    1983
            albums (2)
                  Title                    Year
               1  For Those About To Rock  1981
               2  Balls to the Wall        1983
            albums (2)
                  Title                    ArtistId  Year
               1  For Those About To Rock  AC/DC     1981
               2  Balls to the Wall        Accept    1983

            """)
    }

    @Test func aViewListsAndSortsAndRefusesWritesWithTheReason() throws {
        let db = try TemporaryDatabase(Self.sql)
        let listed = try navsh.run([db.path, "-c", "show"])
        #expect(listed.stdout.contains("   3  album_list  2 rows  read-only\n"), "\(listed.stdout)")
        let sorted = try navsh.run([db.path, "-c", "open album_list", "-c", "sort Artist desc", "-c", "open 1"])
        #expect(sorted.status == 0, "\(sorted.stderr)")
        #expect(sorted.stdout.contains("album_list (2) · sorted by Artist desc\n      Title                    Artist\n"
            + "   1  Balls to the Wall        Accept\n"), "\(sorted.stdout)")
        #expect(sorted.stdout.contains("album_list › Balls to the Wall\n"))
        let refused = try db.expectUnchanged("albums") {
            try navsh.run([db.path, "-c", "open album_list", "-c", "new"])
        }
        #expect(refused.status == 1)
        #expect(refused.stderr == "-c:2: error: test › album_list: album_list is a view, so its rows are read-only\n")
    }
}

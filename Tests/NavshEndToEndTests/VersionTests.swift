import Foundation
import NavshTestSupport
import Testing

@Suite struct VersionTests {
    let navsh = NavshBinary()

    /// navsh's version and the SQLite library it runs on, as SQLite itself says.
    @Test func versionNamesNavshAndItsSQLite() throws {
        let db = try TemporaryDatabase("CREATE TABLE t (x);")
        let sqlite = try #require(try db.rows("SELECT sqlite_version() AS v").first?["v"])
        let result = try navsh.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout == "navsh 0.1.0 (SQLite \(sqlite))\n")
    }
}

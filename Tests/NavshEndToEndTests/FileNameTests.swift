import Foundation
import NavshTestSupport
import Testing

/// FILE is a file: never a URI SQLite would read (`file:other.db` opened
/// `other.db`), nor a database that vanishes at exit.
@Suite struct FileNameTests {
    let navsh = NavshBinary()

    @Test func aNameStartingWithFileColonIsThatFile() throws {
        let db = try TemporaryDatabase("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT); INSERT INTO t (v) VALUES ('other');",
                                       name: "other.db")
        let literal = db.directory + "/file:other.db"
        // Run from the folder, where `file:other.db` read as a URI names other.db.
        func inFolder(_ options: String) throws -> (status: Int32, stderr: String) {
            try navsh.shell("cd \"$1\" && \"$NAVSH\" \(options)", home: db.directory, arguments: [db.directory])
        }
        let missing = try inFolder("file:other.db -c 'open t'")
        #expect(missing.status == 66, "\(missing.stderr)")
        #expect(missing.stderr == "navsh: file:other.db: no such file (use --create to make a new store)\n")
        let dry = try inFolder("--dry-run file:other.db -c 'open t'")
        #expect(dry.status == 66, "\(dry.stderr)")
        #expect(!FileManager.default.fileExists(atPath: literal))

        let created = try inFolder("--create file:other.db -c 'show'")
        #expect(created.status == 0, "\(created.stderr)")
        #expect(FileManager.default.fileExists(atPath: literal), "--create made the file of that very name")
        let copy = try inFolder("file:other.db -c 'show'")
        #expect(copy.status == 0, "\(copy.stderr)")
        #expect(try db.rows("SELECT v FROM t")[0]["v"] == "other", "other.db untouched")
        #expect(try db.rows("SELECT count(*) AS n FROM sqlite_master")[0]["n"] == "1", "other.db gained nothing")
    }

    @Test(arguments: ["", ":memory:"])
    func aNameOfNoFileIsRefusedInOneLine(name: String) throws {
        for arguments in [[name], ["--create", name], ["--dry-run", name]] {
            let result = try navsh.run(arguments + ["-c", "show"])
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
    }
}

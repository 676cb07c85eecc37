import Foundation
import NavshTestSupport
import Testing

/// An export file gets the mode any new file gets under the umask, or keeps
/// the mode of the file `export!` replaces; Ctrl-C in the middle leaves no
/// hidden partial file.
@Suite struct ExportFileModeTests {
    let navsh = NavshBinary()

    func mode(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    @Test func aNewFileFollowsTheUmaskAndAReplacedOneKeepsItsMode() throws {
        let db = try TemporaryDatabase(ExportTests.many)
        let file = db.directory + "/out.csv"
        let private077 = try navsh.shell("umask 077 && \"$NAVSH\" \"$1\" -c 'export \(file)'", home: db.directory,
                                         arguments: [db.path])
        #expect(private077.status == 0, "\(private077.stderr)")
        #expect(try mode(file) == 0o600, "a fixed 0644 made it world-readable under umask 077")
        try FileManager.default.removeItem(atPath: file)
        let shared = try navsh.shell("umask 002 && \"$NAVSH\" \"$1\" -c 'export \(file)'", home: db.directory,
                                     arguments: [db.path])
        #expect(shared.status == 0, "\(shared.stderr)")
        #expect(try mode(file) == 0o664)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: file)
        let replaced = try navsh.shell("umask 022 && \"$NAVSH\" \"$1\" -c 'export! \(file)'", home: db.directory,
                                       arguments: [db.path])
        #expect(replaced.status == 0, "\(replaced.stderr)")
        #expect(try mode(file) == 0o640, "export! keeps the replaced file's mode")
    }

    /// export! writes through a symbolic link, as a shell's `>` does (it
    /// put a file in the link's place), and drops set-user-ID bits.
    @Test func replacingFollowsALinkAndDropsSetUserID() throws {
        let db = try TemporaryDatabase(ExportTests.many)
        let real = db.directory + "/real.csv", link = db.directory + "/link.csv"
        try "old\n".write(toFile: real, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o4755], ofItemAtPath: real)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.csv")
        let result = try navsh.run([db.path, "-c", "export! " + link])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "real.csv", "the link stays a link")
        #expect(try String(contentsOfFile: real, encoding: .utf8).hasPrefix("id,name,n,navsh_version\r\n"))
        #expect(try mode(real) == 0o755)
    }

    @Test func ctrlCInTheMiddleOfAnExportLeavesNoPartialFile() throws {
        let db = try TemporaryDatabase("""
            CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT);
            WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < 400000)
            INSERT INTO t SELECT i, printf('row %08d with some text to write', i) FROM k;
            """)
        let file = db.directory + "/out.csv"
        let process = Process()
        process.executableURL = navsh.url
        process.arguments = [db.path, "-c", "open t", "-c", "export " + file]
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        // Interrupted once the temporary file is being written.
        let deadline = Date().addingTimeInterval(20)
        func partial() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: db.directory)) ?? []).filter { $0.contains(".navsh-") }
        }
        while partial().isEmpty && process.isRunning && Date() < deadline { usleep(2_000) }
        let started = !partial().isEmpty
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        try #require(started, "the export ended before it could be interrupted")
        #expect(process.terminationStatus == 128 + SIGINT)
        #expect(partial().isEmpty, "no hidden partial file is left")
        #expect(!FileManager.default.fileExists(atPath: file))
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(said.contains("export \(file): interrupted; the file was not written\n"), "\(said)")
    }
}

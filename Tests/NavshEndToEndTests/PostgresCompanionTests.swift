import Foundation
import NavshTestSupport
import Testing

/// `navsh` links no PostgreSQL store: a postgres:// URL or `--postgres` is
/// run by `navsh-postgres`, exec'd from beside navsh's own binary. None of
/// these needs a server: a port nothing listens on is enough to see who
/// answered.
struct PostgresCompanionTests {
    /// A URL no server answers (port 1 on the loopback refuses at once).
    static let nowhere = "postgres://nobody@127.0.0.1:1/none?sslmode=disable"

    /// A copy of the built navsh alone in a fresh folder; `companion`, when
    /// given, is written beside it as navsh-postgres.
    static func lonelyNavsh(companion: (contents: String, mode: Int)? = nil) throws -> (binary: NavshBinary, folder: String) {
        let folder = NSTemporaryDirectory() + "navsh-alone-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let copy = folder + "/navsh"
        try FileManager.default.copyItem(atPath: NavshBinary().url.path, toPath: copy)
        if let companion {
            try companion.contents.write(toFile: folder + "/navsh-postgres", atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: companion.mode], ofItemAtPath: folder + "/navsh-postgres")
        }
        return (NavshBinary(url: URL(fileURLWithPath: copy)), folder)
    }

    /// `--listen` wakes an idle prompt; a script is never idle, so it is
    /// refused there rather than ignored (before any connection is made).
    @Test func listenInAScriptIsRefusedOnOneLine() throws {
        let result = try NavshBinary().run(["--listen", Self.nowhere, "-c", "show"])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr == "navsh: --listen is for the prompt; a script sees changes elsewhere at its next command that shows them\n")
    }

    /// The trial's `navsh --install-notify items URL`: the URL, read as a
    /// table, is pointed at, not taken for a missing one.
    @Test func aURLAfterTheTablesIsAskedToComeFirst() throws {
        let result = try NavshBinary().run(["--install-notify", "items", Self.nowhere])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("the URL comes first: navsh URL --install-notify TABLE…"), "\(result.stderr)")
    }

    @Test func withoutItsCompanionAPostgresTargetFailsOnOneLineSayingWhatIsMissing() throws {
        let (navsh, folder) = try Self.lonelyNavsh()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for arguments in [[Self.nowhere, "-c", "show"], ["postgresql://nobody@127.0.0.1:1/none", "-c", "show"],
                          ["--postgres", "-c", "show"]] {
            let result = try navsh.run(arguments, environment: ["PGHOST": "127.0.0.1", "PGPORT": "1"])
            #expect(result.status == 66, "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr == "navsh: PostgreSQL needs navsh-postgres next to navsh (\(folder)/navsh-postgres): "
                + "not found; make install installs both\n", "\(arguments)")
        }
        // A SQLite file needs no companion.
        let file = folder + "/shop.sqlite"
        let sqlite = try navsh.run([file, "--create", "-c", "where"])
        #expect(sqlite.status == 0, "\(sqlite.stderr)")
    }

    @Test func aCompanionThatCannotRunIsNamedWithWhy() throws {
        let (navsh, folder) = try Self.lonelyNavsh(companion: ("#!/bin/sh\necho ran\n", 0o644))
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try navsh.run([Self.nowhere, "-c", "show"])
        #expect(result.status == 66)
        #expect(result.stderr == "navsh: PostgreSQL needs navsh-postgres next to navsh (\(folder)/navsh-postgres): "
            + "Permission denied; make install installs both\n")
    }

    @Test func theCompanionRunsInNavshsPlaceWithTheSameArgumentsAndStreams() throws {
        // A stand-in companion that prints what it was given.
        let script = "#!/bin/sh\nprintf '%s|' \"$@\"; read line; echo \"stdin=$line\"; echo to-stderr >&2; exit 7\n"
        let (navsh, folder) = try Self.lonelyNavsh(companion: (script, 0o755))
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try navsh.run([Self.nowhere, "--schema", "s p", "-c", "open items"], stdin: "hello\n")
        #expect(result.status == 7)
        #expect(result.stdout == "\(Self.nowhere)|--schema|s p|-c|open items|stdin=hello\n")
        #expect(result.stderr == "to-stderr\n")
    }

    @Test func theBuiltCompanionOpensPostgres() throws {
        // The real navsh-postgres (built beside navsh) answers: it tries the server.
        let result = try NavshBinary().run([Self.nowhere, "-c", "show"])
        #expect(result.status == 66, "\(result.stderr)")
        #expect(!result.stderr.contains("needs navsh-postgres"), "\(result.stderr)")
        #expect(result.stderr.hasPrefix("navsh: "), "\(result.stderr)")
    }

    /// A URL that cannot be read is bad usage (64), said in one line that
    /// quotes nothing of the URL; a well-formed one whose server cannot be
    /// reached cannot be opened (66). The same from navsh (which execs
    /// navsh-postgres) and from navsh-postgres run directly.
    @Test func aMalformedURLIsBadUsageAndAnUnreachableServerCannotBeOpened() throws {
        let navsh = NavshBinary()
        let companion = NavshBinary(url: navsh.url.deletingLastPathComponent().appendingPathComponent("navsh-postgres"))
        let malformed = ["postgres://alice:s3cret@host:notaport/db", "postgres://[::1/db",
                         "postgres://alice@127.0.0.1/db?sslmode=sometimes"]
        for binary in [navsh, companion] {
            for url in malformed {
                let result = try binary.run([url, "-c", "show"])
                #expect(result.status == 64, "\(binary.url.lastPathComponent) \(url): \(result.stderr)")
                #expect(result.stderr.hasPrefix("navsh: ") && result.stderr.filter { $0 == "\n" }.count == 1,
                        "one line: \(result.stderr)")
                #expect(!result.stderr.contains("s3cret") && result.stdout.isEmpty, "\(result.stderr)")
            }
            let unreachable = try binary.run([Self.nowhere, "-c", "show"])
            #expect(unreachable.status == 66, "\(binary.url.lastPathComponent): \(unreachable.stderr)")
        }
    }

    @Test func navshItselfLinksNoSwiftNIO() throws {
        let binary = try Data(contentsOf: NavshBinary().url, options: .alwaysMapped)
        for name in ["NIOPosix", "PostgresNIO", "CNIOBoringSSL"] {
            #expect(binary.range(of: Data(name.utf8)) == nil, "navsh holds \(name)")
        }
    }
}

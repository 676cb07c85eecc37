import Foundation
import NavshTestSupport
import Testing

/// Every script in examples/*/ runs against a fresh copy of its example's
/// data (the example's `.sql`, else the demo store), with its app spec (`.yaml`) when it has one
/// and the clock pinned (NAVSH_NOW), and its transcript must match exactly.
/// NAVSH_RECORD=1 writes the transcripts instead of comparing them.
@Suite struct ExampleTranscriptTests {
    static let examples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("examples")

    static var scripts: [URL] {
        let folders = (try? FileManager.default.contentsOfDirectory(at: examples, includingPropertiesForKeys: nil)) ?? []
        return folders.flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? [])
                .filter { $0.pathExtension == "nav" }
        }.sorted { $0.path < $1.path }
    }

    @Test func examplesHaveScripts() {
        #expect(Self.scripts.count >= 3)
    }

    @Test(arguments: scripts)
    func transcriptMatches(_ script: URL) throws {
        let folder = script.deletingLastPathComponent()
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        let spec = files.first { $0.pathExtension == "yaml" }.map { ["--spec", $0.path] } ?? []
        var environment = ["NAVSH_NOW": "2026-11-22 09:00:00"]
        var store: [String] = []
        var database: TemporaryDatabase?
        // A folder without data runs on the demo store, made afresh where
        // XDG_DATA_HOME points, as `make run` first makes it.
        let demoHome = NSTemporaryDirectory() + "navsh-demo-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: demoHome) }
        if let sqlFile = files.first(where: { $0.pathExtension == "sql" }) {
            let name = sqlFile.deletingPathExtension().lastPathComponent
            database = try TemporaryDatabase(try String(contentsOf: sqlFile, encoding: .utf8), name: name + ".sqlite")
            store = [database?.path ?? ""]
        } else {
            environment["XDG_DATA_HOME"] = demoHome
        }
        let result = try NavshBinary().run(
            ["--echo"] + spec + store, stdin: try String(contentsOf: script, encoding: .utf8), environment: environment)
        withExtendedLifetime(database) {}

        let base = script.deletingPathExtension()
        let expected: [(String, String)] = [
            ("out", result.stdout),
            ("err", result.stderr),
            ("status", result.status == 0 ? "" : "\(result.status)\n"),
        ]
        for (suffix, actual) in expected {
            let file = base.appendingPathExtension(suffix)
            if ProcessInfo.processInfo.environment["NAVSH_RECORD"] == "1" {
                if actual.isEmpty && suffix != "out" {
                    try? FileManager.default.removeItem(at: file)
                } else {
                    try actual.write(to: file, atomically: true, encoding: .utf8)
                }
                continue
            }
            let wanted = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            #expect(actual == wanted, "\(file.lastPathComponent) differs")
        }
    }

    /// The same scripts against PostgreSQL: the example's data loaded into
    /// a schema named as the example's file (so the root frame reads the
    /// same) in a database of its own; the transcripts must be the same.
    /// The scripts whose folder holds data: the demo store is SQLite's alone.
    static var scriptsWithData: [URL] {
        scripts.filter { script in
            let folder = script.deletingLastPathComponent()
            let files = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
            return files.contains { $0.pathExtension == "sql" }
        }
    }

    @Test(arguments: PostgresTestServer.runsTests ? scriptsWithData : [])
    func transcriptMatchesOnPostgres(_ script: URL) throws {
        let folder = script.deletingLastPathComponent()
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        let sqlFile = try #require(files.first { $0.pathExtension == "sql" })
        let name = sqlFile.deletingPathExtension().lastPathComponent
        let database = try PostgresTestDatabase(schema: name, sql: try String(contentsOf: sqlFile, encoding: .utf8))
        let spec = files.first { $0.pathExtension == "yaml" }.map { ["--spec", $0.path] } ?? []
        let result = try NavshBinary().run(
            ["--echo"] + spec + [database.url, "--schema", name], stdin: try String(contentsOf: script, encoding: .utf8),
            environment: ["NAVSH_NOW": "2026-11-22 09:00:00"])
        let base = script.deletingPathExtension()
        let key = folder.lastPathComponent + "/" + base.lastPathComponent
        for (suffix, actual) in [("out", result.stdout), ("err", result.stderr),
                                 ("status", result.status == 0 ? "" : "\(result.status)\n")] {
            let wanted = (try? String(contentsOf: base.appendingPathExtension(suffix), encoding: .utf8)) ?? ""
            // PostgreSQL's change token follows the whole server's transaction
            // ids: other tests writing to the shared server meanwhile can read
            // as a change elsewhere (a false alarm, never a miss). Only that
            // difference is a known issue.
            if actual != wanted, actual.contains("changed elsewhere"), !wanted.contains("changed elsewhere") {
                withKnownIssue("a false alarm of the server-wide change token", isIntermittent: true) {
                    #expect(actual == wanted, "\(key).\(suffix) differs on PostgreSQL")
                }
            } else {
                #expect(actual == wanted, "\(key).\(suffix) differs on PostgreSQL")
            }
        }
    }
}

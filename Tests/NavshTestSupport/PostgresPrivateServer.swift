import Foundation

/// A PostgreSQL server of its own for one test (`scripts/pg-test-server
/// start`), stopped and removed when released. For checks that nothing
/// happened elsewhere: transaction ids are the whole server's, so on the
/// shared test server every other test's writes, in any database, move them.
public final class PostgresPrivateServer {
    /// Its URL (password included: tests only).
    public let url: String
    private let directory: String

    private static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/pg-test-server").path

    public init() throws {
        let output = try Self.run(["start"])
        var exports: [String: String] = [:]
        for line in output.split(separator: "\n") {
            let assignment = line.hasPrefix("export ") ? line.dropFirst("export ".count) : line[...]
            guard let equals = assignment.firstIndex(of: "=") else { continue }
            exports[String(assignment[..<equals])] = String(assignment[assignment.index(after: equals)...])
                .trimmingCharacters(in: CharacterSet(charactersIn: "'"))
        }
        guard let url = exports["NAVSH_TEST_POSTGRES_URL"], let directory = exports["NAVSH_TEST_POSTGRES_DIR"] else {
            throw PostgresTestError("pg-test-server start printed no URL: \(output)")
        }
        self.url = url
        self.directory = directory
    }

    deinit {
        _ = try? Self.run(["stop", directory])
    }

    private static func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: script)
        process.arguments = arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let out = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let err = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw PostgresTestError("pg-test-server \(arguments.joined(separator: " ")) failed: \(err)")
        }
        return out
    }
}

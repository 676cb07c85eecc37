import Foundation

/// A primary and a synchronous streaming standby on loopback, made by
/// `scripts/pg-test-server pair`: a cluster whose primary a test can crash
/// (`failover`) and whose lost node comes back as a standby (`rejoin`).
/// Both stop when it is released.
public final class PostgresPair: Sendable {
    /// Both hosts, read-write asked for (password included: tests only).
    public let url: String
    private let directory: String

    public init() throws {
        let exports = try Self.script(["pair"])
        var values: [String: String] = [:]
        for line in exports.split(separator: "\n") {
            guard line.hasPrefix("export "), let equals = line.firstIndex(of: "=") else { continue }
            let name = String(line[line.index(line.startIndex, offsetBy: 7)..<equals])
            values[name] = String(line[line.index(after: equals)...]).trimmingCharacters(in: CharacterSet(charactersIn: "'"))
        }
        guard let url = values["NAVSH_TEST_PAIR_URL"], let directory = values["NAVSH_TEST_PAIR_DIR"] else {
            throw PostgresTestError("pg-test-server pair printed no URL: \(exports)")
        }
        self.url = url
        self.directory = directory
    }

    deinit { _ = try? Self.script(["stop", directory]) }

    /// Runs SQL on the primary through psql, as another program would.
    public func run(_ sql: String) throws { try PostgresTestDatabase.psql(url, sql) }

    /// One value from a query on the primary.
    public func value(_ sql: String) throws -> String {
        try PostgresTestDatabase.psql(url, sql).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The primary stops as in a crash; the standby is promoted.
    public func failover() throws { try Self.script(["failover", directory]) }

    /// Both servers stop, as a whole cluster down; nothing comes back.
    public func stop() throws { try Self.script(["stop", directory]) }

    /// The lost node is made a standby of the new primary again.
    public func rejoin() throws { try Self.script(["rejoin", directory]) }

    /// Each server's port, primary first.
    public var ports: (primary: String, standby: String) {
        let primary = (try? String(contentsOfFile: directory + "/primary", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? "a"
        let port = { (node: String) in
            (try? String(contentsOfFile: self.directory + "/port_" + node, encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        }
        return (port(primary), port(primary == "a" ? "b" : "a"))
    }

    private static let scriptPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("scripts/pg-test-server").path

    /// Runs the script with its output in files: a server it starts keeps
    /// the script's descriptors, so a pipe would never reach its end.
    @discardableResult
    private static func script(_ arguments: [String]) throws -> String {
        let base = NSTemporaryDirectory() + "navsh-pair-" + UUID().uuidString
        _ = FileManager.default.createFile(atPath: base + ".out", contents: nil)
        _ = FileManager.default.createFile(atPath: base + ".err", contents: nil)
        defer {
            try? FileManager.default.removeItem(atPath: base + ".out")
            try? FileManager.default.removeItem(atPath: base + ".err")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: scriptPath)
        process.arguments = arguments
        process.standardOutput = FileHandle(forWritingAtPath: base + ".out")
        process.standardError = FileHandle(forWritingAtPath: base + ".err")
        try process.run()
        // Reaped here: Foundation's own wait missed the script's end when
        // the servers it started outlived it.
        var status: Int32 = 0
        while waitpid(process.processIdentifier, &status, 0) == -1 && errno == EINTR {}
        let out = (try? String(contentsOfFile: base + ".out", encoding: .utf8)) ?? ""
        guard status == 0 else {
            let err = (try? String(contentsOfFile: base + ".err", encoding: .utf8)) ?? ""
            throw PostgresTestError("pg-test-server \(arguments.joined(separator: " ")) failed: \(err)")
        }
        return out
    }
}

import Foundation
import NavshCore

/// Where a PostgreSQL store connects, read the way libpq reads it: a
/// `postgres://` / `postgresql://` URL (user, password, hosts and ports,
/// database, `?sslmode=`, `?target_session_attrs=`, `?connect_timeout=`),
/// then the `PG*` environment variables for what the URL leaves out, then
/// `~/.pgpass` (or `PGPASSFILE`) for the password, then libpq's defaults
/// (localhost, 5432, the user name as the database).
///
/// The password is kept apart and never printed: `description` and
/// `displayName` leave it out, so no message, history file or log built
/// from a target can carry it.
public struct PostgresTarget: Sendable, Equatable, CustomStringConvertible {
    public enum SSLMode: String, Sendable, CaseIterable {
        case disable, allow, prefer, require
        case verifyCA = "verify-ca"
        case verifyFull = "verify-full"
    }

    /// The servers to try, in order: one, or a cluster's several
    /// (`postgres://db1:5432,db2:5432/shop`). Never empty.
    public var endpoints: [Endpoint]
    /// Which kind of server a connection must reach (libpq's `target_session_attrs`).
    public var sessionAttributes: SessionAttributes
    /// How long each host may take to connect, when the URL or
    /// `PGCONNECT_TIMEOUT` says; nil: the store's own bound.
    public var connectTimeout: TimeInterval?
    public var user: String
    public var database: String
    public var password: String?
    public var sslMode: SSLMode
    /// The schema whose tables are the collections; nil: the search path's first.
    public var schema: String?

    /// A URL or connection string names a PostgreSQL server.
    public static func isURL(_ text: String) -> Bool { ServerURL.isPostgres(text) }

    /// The first server's host and port.
    public var host: String { endpoints[0].host }
    public var port: Int { endpoints[0].port }

    /// `user@host:port/database`: what the root frame and errors show; never the password.
    public var description: String {
        "\(user)@\(endpoints.map(\.description).joined(separator: ","))/\(database)"
    }

    /// The same target with one server only, its password looked up for
    /// that server when it came from the password file.
    public func at(_ endpoint: Endpoint) -> PostgresTarget {
        var one = self
        one.endpoints = [endpoint]
        if let passFile, passwordFromFile { one.password = PassFile.password(in: passFile, for: one) }
        return one
    }

    /// A short name for the root frame: the database, and the schema when one was named.
    public var displayName: String { schema.map { "\(database).\($0)" } ?? database }

    /// Reads a target from `url` (nil: from the environment alone).
    public init(url: String?, schema: String? = nil, environment: [String: String],
                home: String? = nil) throws {
        var parsed = URLParts()
        if let url { parsed = try Self.parse(url) }
        var user = parsed.user, database = parsed.database, sslMode = parsed.sslMode
        let hosts = parsed.hosts ?? environment["PGHOST"].flatMap(Self.nonEmpty).map { Self.list($0).map { ($0, nil) } }
        let ports = try parsed.ports ?? environment["PGPORT"].flatMap(Self.nonEmpty).map {
            try Self.list($0).map { try Self.port($0, from: "PGPORT") }
        }
        endpoints = try Self.endpoints(hosts ?? [("localhost", nil)], ports: ports ?? [])
        sessionAttributes = try parsed.sessionAttributes ?? environment["PGTARGETSESSIONATTRS"].flatMap(Self.nonEmpty)
            .map { try SessionAttributes.named($0) } ?? .any
        connectTimeout = try parsed.connectTimeout ?? environment["PGCONNECT_TIMEOUT"].flatMap(Self.nonEmpty)
            .map { try Self.timeout($0, from: "PGCONNECT_TIMEOUT") }
        user = user ?? environment["PGUSER"].flatMap(Self.nonEmpty) ?? environment["USER"].flatMap(Self.nonEmpty)
            ?? ProcessInfo.processInfo.userName
        database = database ?? environment["PGDATABASE"].flatMap(Self.nonEmpty)
        if sslMode == nil, let text = environment["PGSSLMODE"].flatMap(Self.nonEmpty) {
            guard let mode = SSLMode(rawValue: text) else { throw PostgresOpenError.badTarget("PGSSLMODE \(text) is not a mode") }
            sslMode = mode
        }
        self.user = user ?? "postgres"
        self.database = database ?? self.user
        self.sslMode = sslMode ?? .prefer
        self.schema = schema
        self.password = parsed.password ?? environment["PGPASSWORD"].flatMap(Self.nonEmpty)
        passFile = environment["PGPASSFILE"] ?? ((home ?? environment["HOME"]).map { $0 + "/.pgpass" })
        if self.password == nil, let passFile {
            self.password = PassFile.password(in: passFile, for: self)
            passwordFromFile = true
        }
    }

    /// The password file, and whether the password came from it (each
    /// server of a cluster may have its own line there).
    private var passFile: String?
    private var passwordFromFile = false

    static func nonEmpty(_ text: String) -> String? { text.isEmpty ? nil : text }

}

/// `~/.pgpass`: lines `host:port:database:user:password`, `*` matching
/// anything, `\:` and `\\` escaped; the first line that matches wins. As
/// libpq does, the file is ignored unless only its owner can read it.
enum PassFile {
    static func password(in path: String, for target: PostgresTarget) -> String? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              let permissions = attributes[.posixPermissions] as? Int, permissions & 0o077 == 0,
              let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) where !line.hasPrefix("#") {
            let fields = split(String(line))
            guard fields.count == 5 else { continue }
            let wanted = [target.host, String(target.port), target.database, target.user]
            if zip(fields.prefix(4), wanted).allSatisfy({ $0 == "*" || $0 == $1 }) { return fields[4] }
        }
        return nil
    }

    /// A line's fields, `:` separating them unless escaped.
    static func split(_ line: String) -> [String] {
        var fields: [String] = [], current = "", escaped = false
        for character in line {
            if escaped { current.append(character); escaped = false; continue }
            switch character {
            case "\\": escaped = true
            case ":": fields.append(current); current = ""
            default: current.append(character)
            }
        }
        fields.append(current)
        return fields
    }
}

/// Why a PostgreSQL store could not be opened, in one line with no password in it.
public enum PostgresOpenError: Error, CustomStringConvertible, Equatable {
    case badTarget(String)
    case cannotConnect(target: String, reason: String)
    case noSchema(String)

    public var description: String {
        switch self {
        case .badTarget(let reason): return reason
        case .cannotConnect(let target, let reason): return "cannot connect to \(target): \(reason)"
        case .noSchema(let name): return "there is no schema \(name)"
        }
    }
}

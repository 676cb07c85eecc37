import Foundation
import NavshCore

/// Where a PostgreSQL store connects, read the way libpq reads it: a
/// `postgres://` / `postgresql://` URL (user, password, host, port,
/// database, `?sslmode=` and `?options`), then the `PG*` environment
/// variables for what the URL leaves out, then `~/.pgpass` (or `PGPASSFILE`)
/// for the password, then libpq's defaults (localhost, 5432, the user name
/// as the database).
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

    public var host: String
    public var port: Int
    public var user: String
    public var database: String
    public var password: String?
    public var sslMode: SSLMode
    /// The schema whose tables are the collections; nil: the search path's first.
    public var schema: String?

    /// A URL or connection string names a PostgreSQL server.
    public static func isURL(_ text: String) -> Bool { ServerURL.isPostgres(text) }

    /// `user@host:port/database`: what the root frame and errors show; never the password.
    public var description: String { "\(user)@\(host):\(port)/\(database)" }

    /// A short name for the root frame: the database, and the schema when one was named.
    public var displayName: String { schema.map { "\(database).\($0)" } ?? database }

    /// Reads a target from `url` (nil: from the environment alone).
    public init(url: String?, schema: String? = nil, environment: [String: String],
                home: String? = nil) throws {
        var host: String?, port: Int?, user: String?, database: String?, password: String?, sslMode: SSLMode?
        if let url {
            let parsed = try Self.parse(url)
            (host, port, user, database, password, sslMode) = parsed
        }
        host = host ?? environment["PGHOST"].flatMap(Self.nonEmpty)
        if port == nil, let text = environment["PGPORT"].flatMap(Self.nonEmpty) {
            guard let value = Int(text), (1...65_535).contains(value) else {
                throw PostgresOpenError.badTarget("PGPORT is not a port number")
            }
            port = value
        }
        user = user ?? environment["PGUSER"].flatMap(Self.nonEmpty) ?? environment["USER"].flatMap(Self.nonEmpty)
            ?? ProcessInfo.processInfo.userName
        database = database ?? environment["PGDATABASE"].flatMap(Self.nonEmpty)
        if sslMode == nil, let text = environment["PGSSLMODE"].flatMap(Self.nonEmpty) {
            guard let mode = SSLMode(rawValue: text) else { throw PostgresOpenError.badTarget("PGSSLMODE \(text) is not a mode") }
            sslMode = mode
        }
        self.host = host ?? "localhost"
        self.port = port ?? 5432
        self.user = user ?? "postgres"
        self.database = database ?? self.user
        self.sslMode = sslMode ?? .prefer
        self.schema = schema
        self.password = password ?? environment["PGPASSWORD"].flatMap(Self.nonEmpty)
        if self.password == nil {
            let file = environment["PGPASSFILE"] ?? ((home ?? environment["HOME"]).map { $0 + "/.pgpass" })
            if let file { self.password = PassFile.password(in: file, for: self) }
        }
    }

    private static func nonEmpty(_ text: String) -> String? { text.isEmpty ? nil : text }

    /// The parts of a `postgres://user:password@host:port/database?sslmode=…` URL.
    private static func parse(_ text: String) throws
        -> (String?, Int?, String?, String?, String?, SSLMode?) {
        // Never quote the URL in an error: it may hold the password.
        guard isURL(text), let components = URLComponents(string: text) else {
            throw PostgresOpenError.badTarget("the PostgreSQL URL cannot be read (postgres://USER@HOST:PORT/DATABASE)")
        }
        var sslMode: SSLMode?
        for item in components.queryItems ?? [] {
            switch item.name {
            case "sslmode":
                guard let value = item.value, let mode = SSLMode(rawValue: value) else {
                    throw PostgresOpenError.badTarget("sslmode must be one of "
                        + SSLMode.allCases.map(\.rawValue).joined(separator: ", "))
                }
                sslMode = mode
            case "host": continue
            default:
                throw PostgresOpenError.badTarget("the URL parameter \(item.name) is not supported (sslmode is)")
            }
        }
        let queryHost = components.queryItems?.first { $0.name == "host" }?.value
        let path = components.percentEncodedPath.hasPrefix("/") ? String(components.percentEncodedPath.dropFirst())
            : components.percentEncodedPath
        let database = path.isEmpty ? nil : path.removingPercentEncoding
        if let port = components.port, !(1...65_535).contains(port) {
            throw PostgresOpenError.badTarget("the port in the URL is not a port number")
        }
        return (components.host.flatMap(nonEmpty) ?? queryHost, components.port,
                components.user.flatMap(nonEmpty), database, components.password, sslMode)
    }
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

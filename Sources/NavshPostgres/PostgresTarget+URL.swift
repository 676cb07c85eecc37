import Foundation

/// How a target's URL is read: libpq's syntax, several hosts included
/// (`postgres://u@db1:5432,db2:5433/shop?target_session_attrs=read-write`).
/// Errors never quote the URL, which may hold the password.
extension PostgresTarget {
    /// One server of a target: a host name, an address or a socket folder, and a port.
    public struct Endpoint: Sendable, Equatable, CustomStringConvertible {
        public var host: String
        public var port: Int

        public init(host: String, port: Int) {
            self.host = host
            self.port = port
        }

        /// `host:port`, an IPv6 address in brackets.
        public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
    }

    /// libpq's `target_session_attrs`: which server of the list a
    /// connection must reach. navsh asks each server itself.
    public enum SessionAttributes: String, Sendable, CaseIterable {
        case any
        case readWrite = "read-write"
        case readOnly = "read-only"
        case primary, standby
        case preferStandby = "prefer-standby"

        static func named(_ text: String) throws -> SessionAttributes {
            guard let value = SessionAttributes(rawValue: text) else {
                throw PostgresOpenError.badTarget("target_session_attrs must be one of "
                    + allCases.map(\.rawValue).joined(separator: ", "))
            }
            return value
        }
    }

    /// What a URL says; nil where it says nothing.
    struct URLParts {
        var hosts: [(String, Int?)]?
        var ports: [Int]?
        var user: String?
        var database: String?
        var password: String?
        var sslMode: SSLMode?
        var sessionAttributes: SessionAttributes?
        var connectTimeout: TimeInterval?
    }

    static let unreadable = PostgresOpenError.badTarget("the PostgreSQL URL cannot be read (postgres://USER@HOST:PORT/DATABASE)")

    /// The parts of `postgres://user:password@host:port,host:port/database?…`.
    static func parse(_ text: String) throws -> URLParts {
        guard isURL(text), let scheme = text.range(of: "://") else { throw unreadable }
        // The host list, which URLComponents cannot read, is taken out first.
        let rest = text[scheme.upperBound...]
        let authorityEnd = rest.firstIndex { "/?#".contains($0) } ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        let at = authority.lastIndex(of: "@")
        let userInfo = at.map { String(authority[..<$0]) + "@" } ?? ""
        let hostList = at.map { String(authority[authority.index(after: $0)...]) } ?? String(authority)
        let single = String(text[..<scheme.upperBound]) + userInfo + "h" + rest[authorityEnd...]
        // One host: the URL as it is must read too (a bracket left open).
        guard let components = URLComponents(string: single), hostList.contains(",") || URLComponents(string: text) != nil
        else { throw unreadable }
        var parts = URLParts()
        if !hostList.isEmpty {
            parts.hosts = try list(hostList).map { try hostAndPort($0) }
        }
        for item in components.queryItems ?? [] {
            let value = item.value ?? ""
            switch item.name {
            case "sslmode":
                guard let mode = SSLMode(rawValue: value) else {
                    throw PostgresOpenError.badTarget("sslmode must be one of "
                        + SSLMode.allCases.map(\.rawValue).joined(separator: ", "))
                }
                parts.sslMode = mode
            case "host":
                if parts.hosts == nil, !value.isEmpty { parts.hosts = list(value).map { ($0, nil) } }
            case "port":
                if !value.isEmpty { parts.ports = try list(value).map { try port($0, from: "the URL") } }
            case "target_session_attrs": parts.sessionAttributes = try SessionAttributes.named(value)
            case "connect_timeout": parts.connectTimeout = try timeout(value, from: "connect_timeout")
            default:
                throw PostgresOpenError.badTarget("the URL parameter \(item.name) is not supported "
                    + "(sslmode, host, port, target_session_attrs and connect_timeout are)")
            }
        }
        let path = components.percentEncodedPath.hasPrefix("/") ? String(components.percentEncodedPath.dropFirst())
            : components.percentEncodedPath
        parts.database = path.isEmpty ? nil : path.removingPercentEncoding
        parts.user = components.user.flatMap(nonEmpty)
        parts.password = components.password
        return parts
    }

    /// `host`, `host:port` or `[v6]:port`, percent-decoded.
    private static func hostAndPort(_ text: String) throws -> (String, Int?) {
        var host = Substring(text), port: Int?
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { throw unreadable }
            let after = host[host.index(after: close)...]
            if after.hasPrefix(":") { port = try self.port(String(after.dropFirst()), from: "the URL") }
            host = host[host.index(after: host.startIndex)..<close]
        } else if let colon = host.lastIndex(of: ":") {
            port = try self.port(String(host[host.index(after: colon)...]), from: "the URL")
            host = host[..<colon]
        }
        let decoded = host.removingPercentEncoding ?? String(host)
        return (decoded.isEmpty ? "localhost" : decoded, port)
    }

    /// A comma-separated list, as libpq reads `host=a,b` and `PGPORT=x,y`.
    static func list(_ text: String) -> [String] {
        text.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingCharacters(in: .whitespaces) }
    }

    static func port(_ text: String, from source: String) throws -> Int {
        guard let value = Int(text), (1...65_535).contains(value) else {
            throw PostgresOpenError.badTarget(source == "the URL" ? "the port in the URL is not a port number"
                : "\(source) is not a port number")
        }
        return value
    }

    /// Seconds, as libpq reads `connect_timeout`: 0 means no bound (kept
    /// at a minute here), and under 2 is taken as 2.
    static func timeout(_ text: String, from source: String) throws -> TimeInterval {
        guard let value = Int(text), value >= 0 else { throw PostgresOpenError.badTarget("\(source) is not a number of seconds") }
        return value == 0 ? 60 : TimeInterval(max(2, value))
    }

    /// Each host with its port: its own from the URL, else the port list's
    /// (one port for all, or one per host), else 5432.
    static func endpoints(_ hosts: [(String, Int?)], ports: [Int]) throws -> [Endpoint] {
        guard ports.count <= 1 || ports.count == hosts.count else {
            throw PostgresOpenError.badTarget("\(ports.count) ports are given for \(hosts.count) hosts")
        }
        return hosts.enumerated().map { index, entry in
            Endpoint(host: entry.0.isEmpty ? "localhost" : entry.0,
                     port: entry.1 ?? (ports.count == 1 ? ports[0] : ports.isEmpty ? 5432 : ports[index]))
        }
    }
}

/// Which FILE arguments name a PostgreSQL server rather than a SQLite file.
/// Here, not in NavshPostgres, because `navsh` decides it without linking
/// the PostgreSQL store: it hands such a target to `navsh-postgres`.
public enum ServerURL {
    /// A `postgres://` or `postgresql://` URL (libpq's two schemes).
    public static func isPostgres(_ text: String) -> Bool {
        text.hasPrefix("postgres://") || text.hasPrefix("postgresql://")
    }
}

/// Which server a store's connection is on: its name (`db2:5432`), its
/// history (a promotion starts a new one), its role, and the servers it
/// was chosen from. After a lost connection the session says where it came back.
public struct ServerPlace: Equatable, Sendable {
    public var name: String
    public var history: String
    /// `primary`, `standby`, or `read-only`.
    public var role: String
    public var servers: [String]
    /// The server lists and records are read from, when not this one (`db2:5432, standby`).
    public var readsFrom: String?

    public init(name: String, history: String, role: String = "primary", servers: [String] = [], readsFrom: String? = nil) {
        self.name = name
        self.history = history
        self.role = role
        self.servers = servers
        self.readsFrom = readsFrom
    }

    /// Another server, or the same one with a new history.
    func isElsewhere(than other: ServerPlace) -> Bool { name != other.name || history != other.history }
}

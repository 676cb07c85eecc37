import NavshCore

/// How an executable that links a server store opens it: `navsh-postgres`
/// passes PostgreSQL's to `NavshMain.run`. The command line itself links
/// no server store, so `navsh` (SQLite only) loads none of its libraries
/// (SwiftNIO, BoringSSL): start-up and memory stay those of a SQLite tool.
public struct ServerStoreOpener: Sendable {
    /// Reads where to connect from the URL (nil: the PG* environment alone),
    /// the schema and whether reads go to a standby; does not connect yet. What it throws is bad usage (a
    /// URL that cannot be read, an unknown sslmode), exit 64; a server that
    /// cannot be reached is found by `ServerTarget.open`, exit 66.
    public let target: @Sendable (_ url: String?, _ schema: String?, _ readsFromStandby: Bool, _ environment: [String: String]) throws -> ServerTarget

    /// `--install-notify TABLE…` (`install`) or `--uninstall-notify
    /// [TABLE…]` on an opened store: what was done, in one line.
    public let notify: @Sendable (_ store: any Store, _ install: Bool, _ tables: [String]) throws -> String
    /// `--listen`: starts a listener that writes a byte to `wakeFD` when
    /// news arrives; returns it (keep it alive) and what to say then.
    public let listen: @Sendable (_ store: any Store, _ wakeFD: Int32) throws -> (listener: AnyObject, take: () -> String)
    /// A dry run's count of the rows its writes touched, read inside its
    /// transaction before the rollback; nil when it cannot be read. It
    /// counts a command that failed too: a script with a failed line gets none.
    public let rowsTouched: @Sendable (_ store: any Store) -> RowsTouched?

    public init(target: @escaping @Sendable (_ url: String?, _ schema: String?, _ readsFromStandby: Bool, _ environment: [String: String]) throws -> ServerTarget,
                notify: @escaping @Sendable (_ store: any Store, _ install: Bool, _ tables: [String]) throws -> String,
                listen: @escaping @Sendable (_ store: any Store, _ wakeFD: Int32) throws -> (listener: AnyObject, take: () -> String),
                rowsTouched: @escaping @Sendable (_ store: any Store) -> RowsTouched?) {
        self.target = target
        self.notify = notify
        self.listen = listen
        self.rowsTouched = rowsTouched
    }
}

/// A server to connect to: its name (which never shows the password) and
/// how to connect and read its schema.
public struct ServerTarget {
    /// `postgres://user@host:port/database`: the store's name in history and messages.
    public let name: String
    public let open: () throws -> any Store

    public init(name: String, open: @escaping () throws -> any Store) {
        self.name = name
        self.open = open
    }
}

/// Which FILE arguments name a PostgreSQL server rather than a SQLite file.
/// Here, not in NavshPostgres, because `navsh` decides it without linking
/// the PostgreSQL store: it hands such a target to `navsh-postgres`.
public enum ServerURL {
    /// A `postgres://` or `postgresql://` URL (libpq's two schemes).
    public static func isPostgres(_ text: String) -> Bool {
        text.hasPrefix("postgres://") || text.hasPrefix("postgresql://")
    }
}

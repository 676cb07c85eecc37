import GRDBSQLite

/// The SQLite library navsh runs on, as `sqlite3_libversion()` reports it
/// (the library linked at run time, which may not be the one built against).
public enum SQLiteVersion {
    public static var text: String { String(cString: sqlite3_libversion()) }
}

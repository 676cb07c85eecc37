import NavshSQLite

/// What `navsh --version` prints: navsh's version and the SQLite it uses.
enum Version {
    static let number = "0.1.0"

    static var text: String { "navsh \(number) (SQLite \(SQLiteVersion.text))" }
}

/// A file name as SQLite reads it literally. Debian's SQLite takes a name
/// starting `file:` as a URI, so `file:other.db` opened `other.db`.
enum LiteralPath {
    static func of(_ path: String) -> String {
        path.hasPrefix("file:") ? "./" + path : path
    }
}

import PostgresNIO

/// The statements prepared on the bridge's connection, by their text.
///
/// An unnamed statement is parsed, analysed and planned by the server every
/// time it runs; a prepared one only binds and executes (and, after a few
/// runs, reuses a generic plan). For a script's `open #KEY` / `set` /
/// `save` that halves the server's work per edit (pgbench, same SQL:
/// 0.31 ms extended against 0.16 ms prepared). Preparing costs a round
/// trip of its own, so a text is prepared the second time it runs: the
/// first time says nothing about whether it will repeat (a list's page
/// does, a one-off `where` does not).
///
/// Prepared statements belong to one connection, and postgres-nio sends a
/// prepared statement's Execute on the connection that prepared it, even
/// after that one closed (where its answer never comes): so the set knows
/// its connection, and asked about another starts empty. They are not
/// transactional (a rollback keeps them), so a failed transaction does not
/// invalidate them.
struct PreparedStatements {
    /// At most this many statements are prepared on one connection; later
    /// texts run unprepared (the server keeps each plan in memory).
    static let capacity = 64
    /// Texts run once and not yet prepared; forgotten in bulk past this many
    /// (texts holding literals never repeat).
    static let seenCapacity = 512

    private var statements: [String: PreparedQuery] = [:]
    private var seen: Set<String> = []
    /// The connection they were prepared on.
    private var connection: ObjectIdentifier?

    /// `sql`'s statement on `connection`, if it was prepared there.
    mutating func statement(for sql: String, on connection: PostgresConnection) -> PreparedQuery? {
        if self.connection != ObjectIdentifier(connection) { self = PreparedStatements(connection: connection) }
        return statements[sql]
    }

    init() {}

    private init(connection: PostgresConnection) { self.connection = ObjectIdentifier(connection) }

    /// Whether to prepare `sql` now: true the second time it is asked about
    /// (after `statement(for:on:)` found none), never for a text with a
    /// placeholder that does not name its type.
    mutating func shouldPrepare(_ sql: String) -> Bool {
        guard statements.count < Self.capacity, Self.placeholdersAreText(sql) else { return false }
        if seen.remove(sql) != nil { return true }
        if seen.count >= Self.seenCapacity { seen.removeAll(keepingCapacity: true) }
        seen.insert(sql)
        return false
    }

    /// Whether every placeholder in `sql` is written `$n::text`
    /// (`Parameters`). postgres-nio's prepared statements declare no types
    /// and send each value as text's binary form (its UTF-8 bytes), so a
    /// placeholder whose type the server infers otherwise (`CAST($1 AS
    /// regclass)`) would get bytes it cannot read: such a text runs unprepared.
    static func placeholdersAreText(_ sql: String) -> Bool {
        let bytes = Array(sql.utf8)
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "$"), i + 1 < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i + 1]) {
                var end = i + 1
                while end < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) { end += 1 }
                guard bytes[end...].starts(with: "::text".utf8) else { return false }
                i = end
            } else {
                i += 1
            }
        }
        return true
    }

    mutating func keep(_ statement: PreparedQuery, for sql: String) { statements[sql] = statement }

    /// A statement the server can no longer use as prepared.
    mutating func forget(_ sql: String) { statements[sql] = nil }

    var count: Int { statements.count }
    /// The texts prepared, for tests to tell which.
    var texts: [String] { Array(statements.keys) }
}

import NavshCore

/// A piece of a statement as text and the values bound in it, in order. A
/// store writes it into its own statement (`?` and arguments for SQLite,
/// `$n` casts for PostgreSQL), so the shared builders never number or type
/// a parameter themselves.
public struct SQLFragment: Sendable, ExpressibleByStringLiteral {
    public enum Piece: Sendable {
        case sql(String)
        /// A value bound as the type of `field` of `collection`.
        case value(Value, field: String, collection: String)
        /// Text bound as text (a pattern, a separator).
        case text(String)
    }

    public private(set) var pieces: [Piece]

    public init(_ sql: String = "") {
        pieces = sql.isEmpty ? [] : [.sql(sql)]
    }

    public init(stringLiteral sql: String) {
        self.init(sql)
    }

    public init(pieces: [Piece]) {
        self.pieces = pieces
    }

    public var isEmpty: Bool { pieces.isEmpty }

    public static func value(_ value: Value, field: String, of collection: String) -> SQLFragment {
        SQLFragment(pieces: [.value(value, field: field, collection: collection)])
    }

    public static func text(_ text: String) -> SQLFragment {
        SQLFragment(pieces: [.text(text)])
    }

    public mutating func append(_ sql: String) {
        pieces.append(.sql(sql))
    }

    public mutating func append(_ other: SQLFragment) {
        pieces += other.pieces
    }

    public static func + (left: SQLFragment, right: SQLFragment) -> SQLFragment {
        SQLFragment(pieces: left.pieces + right.pieces)
    }

    public static func + (left: SQLFragment, right: String) -> SQLFragment {
        SQLFragment(pieces: left.pieces + [.sql(right)])
    }

    public static func + (left: String, right: SQLFragment) -> SQLFragment {
        SQLFragment(pieces: [.sql(left)] + right.pieces)
    }

    /// The fragments joined by `separator`.
    public static func joined(_ parts: [SQLFragment], separator: String) -> SQLFragment {
        var joined = SQLFragment()
        for (index, part) in parts.enumerated() {
            if index > 0 { joined.append(separator) }
            joined.append(part)
        }
        return joined
    }

    /// The fragment with its texts written in as literals, for a place that
    /// binds nothing (an expression repeated in ORDER BY and WHERE); nil
    /// when it binds a value, or a text no literal can hold (a NUL).
    public var inlined: String? {
        var sql = ""
        for piece in pieces {
            switch piece {
            case .sql(let text): sql += text
            case .text(let text):
                guard !text.utf8.contains(0) else { return nil }
                sql += "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "''") + "'"
            case .value: return nil
            }
        }
        return sql
    }

    /// The fragment in parentheses.
    public var parenthesized: SQLFragment { "(" + self + ")" }
}

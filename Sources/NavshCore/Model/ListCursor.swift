/// A place in a collection's order, right after one row: where the next
/// page starts (keyset paging, `WHERE (order, key) > (last shown)`), so a
/// page far down a long list costs a seek, not a scan past every row
/// before it (OFFSET). Made by the store from the row's order values and
/// key; the core keeps cursors and hands them back, never looks inside.
/// A cursor names a place in one order (sort, scope, filters): the core
/// drops its cursors when the order or the rows change.
public struct ListCursor: Hashable, Sendable {
    /// What the store compares: SQLite keeps the row's sort values and key.
    public var parts: [Value]

    public init(parts: [Value]) {
        self.parts = parts
    }
}

/// Where a read starts: `skip` rows past the row `after` names (nil: the
/// list's first row). Stores seek to `after` and skip the rest, so a small
/// `skip` (below the core's anchor spacing) is all a read ever steps over.
public struct RowStart: Hashable, Sendable {
    public var after: ListCursor?
    public var skip: Int

    public init(after: ListCursor?, skip: Int = 0) {
        self.after = after
        self.skip = skip
    }

    /// The list's first row.
    public static let first = RowStart(after: nil)

    /// Where a read of a table without a key starts, counting from 0: a
    /// position cursor's row number (from 1) plus the skip.
    public func position() throws -> Int {
        guard let cursor = after else { return max(0, skip) }
        guard cursor.parts.count == 1, case .integer(let position) = cursor.parts[0], position >= 0,
              position <= Int64(Int.max / 2) else {
            throw StoreError.listPositionDoesNotFit
        }
        return Int(position) + max(0, skip)
    }

    /// Every `spacing`-th position cursor past this start, as many as
    /// `count` that fall within `total` rows: the anchors of a list whose
    /// rows have no key and are found by their place alone.
    public func positionCursors(every spacing: Int, count: Int, total: Int) throws -> [ListCursor] {
        let first = try position()
        return (1...count).map { first + $0 * spacing }.filter { $0 <= total }.map { ListCursor(parts: [.integer(Int64($0))]) }
    }
}

/// Rows read from a place in a list, each with the cursor right after it
/// (so the next page, or an anchor, starts there).
public struct RowRun: Sendable, Equatable {
    public var rows: [Record]
    /// One per row: the place just after it.
    public var cursors: [ListCursor]

    public init(rows: [Record], cursors: [ListCursor]) {
        self.rows = rows
        self.cursors = cursors
    }
}

/// How much work a read may do before it stops and says so: for answers
/// wanted at once (a list's row count, Tab completion), where a partial
/// answer now beats a whole one later.
public struct ReadBudget: Sendable, Equatable {
    /// Rows the store may look at: a bound that does not depend on the machine.
    public var rows: Int
    /// Wall-clock time it may take, in seconds; nil for none.
    public var seconds: Double?

    public init(rows: Int, seconds: Double? = nil) {
        self.rows = rows
        self.seconds = seconds
    }

    /// A list's first count: exact up to this many rows, at once, so a
    /// table of 8,715 rows says so. Learning that a table has more takes a
    /// step over each of them (SQLite keeps no count), about 0.2 ms at
    /// 10,000; a list of more says `of many` until `count`.
    public static let listCount = ReadBudget(rows: 10_000, seconds: 0.02)
    /// Tab completion: what a keystroke can wait for.
    public static let completion = ReadBudget(rows: 1_000_000, seconds: 0.008)
    /// A number typed for a reference, looked for as a title too (a band
    /// named "2"): in the first rows, by key, so `set artist_id 5` costs no
    /// scan of a million artists without an index on their name (30–60 ms
    /// a command; 2,000 rows cost about 0.2 ms, 10,000 rows 0.8 ms), and
    /// answers the same on every machine.
    public static let numberAsTitle = ReadBudget(rows: 2_000)
}

/// An answer read within a `ReadBudget`: what was found, and whether the
/// read looked at everything (false: it stopped early; more may exist).
public struct Bounded<T: Sendable>: Sendable {
    public var value: T
    public var isComplete: Bool

    public init(_ value: T, isComplete: Bool) {
        self.value = value
        self.isComplete = isComplete
    }
}

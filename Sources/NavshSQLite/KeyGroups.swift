import GRDB
import GRDBSQLite
import NavshCore
import NavshSQL

/// A batch's rows in sets that held the same values in the fields being
/// set and are given the same ones, each set written by UPDATEs whose
/// keys come from `json_each`. Stepped a row at a time, 100,000 rows cost
/// SQLite itself 1.6 times its own UPDATE … WHERE; as one set, 1.1 times.
/// Each part's rows are read back by key just before its UPDATE and
/// compared byte for byte with what they were read with, in their list.
struct KeyGroups {
    /// The rows of one set: their places in the batch, their keys as a
    /// JSON array, and the values they share.
    struct Group {
        var places: [Int] = []
        var keys = "["
        let expected: [Value]
        let values: [Value]?

        /// Whether the row at `place` belongs here: it held the set's
        /// values in the `shared` fields and is given the same ones.
        func holds(_ place: Int, of batch: BatchWrite, _ shared: [Int]) -> Bool {
            batch.values[place] == values && shared.indices.allSatisfy { expected[$0] == batch.held[shared[$0]][place] }
        }
    }

    /// The SQL every set shares: the table, its key, the checks and the list.
    struct Shape {
        let table: String
        let key: String
        let assignments: String
        let scope: String?
        let scopeArguments: [Value]
    }

    /// Thrown when a set wrote fewer rows than it holds, or one no longer
    /// holds what named it: the rows one by one then say which changed.
    struct FellShort: Error {}

    private(set) var groups: [Group] = []
    /// Indices into the batch's checked fields: those a set shares, and
    /// those compared row by row.
    let shared: [Int]
    let compared: [Int]
    private let batch: BatchWrite

    /// Nil when the sets would be too small to gain anything, or a key is
    /// not an integer or text JSON carries exactly. `skipping` is a checked
    /// field the key matches already: a rowid alias.
    init?(_ batch: BatchWrite, skipping: Int?) {
        self.batch = batch
        let assigned = Set(batch.assigned)
        let fields = batch.checked.indices.filter { $0 != skipping }
        shared = fields.filter { assigned.contains(batch.checked[$0]) }
        compared = fields.filter { !assigned.contains(batch.checked[$0]) }
        var index: [[Value]: Int] = [:]
        var lookup: [Value] = []
        var sets = 0
        // The rows of a set mostly follow one another: the last set is
        // asked first, without hashing.
        var last: Int?
        for (place, id) in batch.ids.enumerated() {
            guard let key = id.parts.first, let json = Self.json(key) else { return nil }
            var at: Int
            if let last, groups[last].holds(place, of: batch, shared) {
                at = last
            } else {
                Self.lookUp(place, of: batch, shared, into: &lookup)
                if let found = index[lookup] {
                    at = found
                } else {
                    at = groups.count
                    index[lookup] = at
                    groups.append(Group(expected: shared.map { batch.held[$0][place] }, values: batch.values[place]))
                    sets += 1
                    // A set a row or two long is slower than the rows one by one.
                    if sets > Self.most(batch.ids.count) { return nil }
                }
            }
            // A full part of a set goes on in a new one, which its key now finds.
            if groups[at].places.count == Self.part {
                groups.append(Group(expected: groups[at].expected, values: groups[at].values))
                at = groups.count - 1
                Self.lookUp(place, of: batch, shared, into: &lookup)
                index[lookup] = at
            }
            last = at
            if !groups[at].places.isEmpty { groups[at].keys += "," }
            groups[at].keys += json
            groups[at].places.append(place)
        }
    }

    /// What finds the set of the row at `place`: the values it held in
    /// the `shared` fields, and those it is given.
    private static func lookUp(_ place: Int, of batch: BatchWrite, _ shared: [Int], into lookup: inout [Value]) {
        lookup.removeAll(keepingCapacity: true)
        for field in shared { lookup.append(batch.held[field][place]) }
        if let values = batch.values[place] {
            lookup.append(.integer(1))
            lookup += values
        }
    }

    /// Sets beyond this many for a batch of `count` rows: stepped a row at a time.
    private static func most(_ count: Int) -> Int { max(8, count / 64) }

    /// Rows a statement writes at most. Their pages, read to check the
    /// rows, are still in SQLite's page cache when the UPDATE writes
    /// them: a whole set read its pages twice, and spilled.
    static let part = 256

    /// Writes every set, a part at a time, each part checked just before
    /// its UPDATE and checked to have written all of its rows.
    func update(_ db: Database, _ shape: Shape, observed: Bool,
                _ cancellation: QueryCancellation) throws -> BatchWrite.Outcome {
        // The checks are made by the SELECT that reads a part's rows just
        // before its UPDATE, in the same write transaction: nothing else
        // writes in between. A function in an UPDATE's WHERE (`typeof`, a
        // filter's `like`) made SQLite keep a statement journal, which
        // wrote each page changed into a temporary file once more.
        let assigned = batch.assigned.count
        let update: Statement?, reading: Statement
        do {
            // OR FAIL, not OR ABORT: a refusal takes back the whole write (its
            // savepoint), so no statement needs a journal of its own either.
            update = shape.assignments.isEmpty ? nil : try db.makeStatement(sql: "UPDATE OR FAIL \(shape.table) "
                + "SET \(shape.assignments) WHERE \(shape.key) IN (SELECT value FROM json_each(?\(assigned + 1)))")
            // ?1 the keys; the list's own values follow as plain `?`.
            reading = try db.makeStatement(sql: "SELECT navsh_keys.key"
                + (shared + compared).map { ", \(shape.table).\(batch.checked[$0].quotedIdentifier)" }.joined()
                + batch.watched.map { ", \(shape.table).\($0.quotedIdentifier)" }.joined()
                + " FROM json_each(?1) AS navsh_keys JOIN \(shape.table) ON \(shape.key) = navsh_keys.value"
                + (shape.scope.map { " WHERE (\($0))" } ?? ""))
        } catch {
            // A table of the file's own named json_each hides the function.
            throw FellShort()
        }
        let before = db.totalChangesCount
        var written = 0
        var kept = Array(repeating: 0, count: batch.watched.count)
        var arguments: [Value] = []
        for group in groups {
            if cancellation.isCancelled() { throw StoreError.interrupted }
            let keys = Value.text(group.keys + "]")
            try check(group, reading, arguments: SQLArguments([keys] + shape.scopeArguments), db,
                      counting: group.values != nil, kept: &kept)
            guard let update, let values = group.values else { continue }
            arguments.removeAll(keepingCapacity: true)
            arguments += values
            arguments.append(keys)
            if observed {
                try RowReader.execute(db, update, arguments: SQLArguments(arguments))
            } else {
                try RowReader.executeUnobserved(db, update, arguments: SQLArguments(arguments))
            }
            written += group.places.count
            // A trigger or a cascade changed rows too, maybe rows of this
            // batch after their check: the rows one by one see each change.
            guard db.changesCount == group.places.count, db.totalChangesCount - before == written else { throw FellShort() }
        }
        return .written(reachedOtherRows: false, kept: kept)
    }

    /// Each row of `group` still found under its key and in its list,
    /// holding exactly, byte for byte, the values it was read with. A
    /// watched field holding another value is counted in `kept` when `counting`.
    private func check(_ group: Group, _ reading: Statement, arguments: SQLArguments, _ db: Database,
                       counting: Bool, kept: inout [Int]) throws {
        var found = 0
        var same = true
        try RowReader.stepping(db, reading, arguments: arguments) { row in
            let at = Int(sqlite3_column_int64(row, 0))
            guard same, sqlite3_column_type(row, 0) == SQLITE_INTEGER, group.places.indices.contains(at) else {
                same = false
                return
            }
            let place = group.places[at]
            for (column, expected) in group.expected.enumerated() where !RowReader.stores(row, CInt(column + 1), expected) {
                same = false
            }
            for (column, field) in compared.enumerated()
            where !RowReader.stores(row, CInt(shared.count + column + 1), batch.held[field][place]) {
                same = false
            }
            if counting {
                let first = shared.count + compared.count + 1
                for field in kept.indices where !RowReader.stores(row, CInt(first + field), batch.watchedHeld[field][place]) {
                    kept[field] += 1
                }
            }
            found += 1
        }
        guard same, found == group.places.count else { throw FellShort() }
    }

    /// A key as JSON carries it back to SQLite unchanged: an integer, or
    /// text without a NUL.
    private static func json(_ key: Value) -> String? {
        switch key {
        case .integer(let n):
            return String(n)
        case .text(let text):
            return text.unicodeScalars.contains("\0") ? nil : JSONText.string(text)
        default:
            return nil
        }
    }
}

import GRDB
import NavshCore

/// A statement navsh made once and keeps, with its text: a record opened
/// by key, a page, a save's UPDATE. The statement is prepared at its
/// first use and kept beside the text, because GRDB's statement cache
/// finds a statement by hashing its whole text, and a page's SELECT or a
/// save's UPDATE runs to a few hundred bytes (a thirtieth of an edit).
/// The store drops them with its schema (`readSchema`), before closing
/// the file, and as soon as one fails, as GRDB drops a failed statement
/// from its cache: SQLite's `sqlite3_reset` reports the failure once more,
/// and GRDB's binding of a statement treats that as impossible (`try!`),
/// so a save refused by a CHECK and made again crashed. SQLite prepares a
/// kept statement again by itself when the schema changes under it.
struct PreparedSQL {
    let sql: String
    private(set) var statement: Statement?

    init(_ sql: String) {
        self.sql = sql
    }

    /// The statement, prepared now if it was not yet.
    mutating func prepared(in db: Database) throws -> Statement {
        if let statement { return statement }
        let made = try db.makeStatement(sql: sql)
        statement = made
        return made
    }
}

extension SmallCache where Key: Equatable, Value == PreparedSQL {
    /// Runs `body` on the statement kept for `key` (made from `sql` the
    /// first time, and kept prepared); a statement that fails is dropped.
    /// `known`: what the caller already found for `key`, not looked up again.
    mutating func run<T>(_ key: Key, known: PreparedSQL? = nil, _ sql: @autoclosure () -> String, in db: Database,
                         _ body: (Statement) throws -> T) throws -> T {
        var query = known ?? self[key] ?? PreparedSQL(sql())
        let wasPrepared = query.statement != nil
        let statement = try query.prepared(in: db)
        if !wasPrepared { self[key] = query }
        do {
            return try body(statement)
        } catch {
            self[key] = nil
            throw error
        }
    }
}

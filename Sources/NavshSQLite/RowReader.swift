import GRDB
import GRDBSQLite
import NavshCore

/// Reads result rows straight from SQLite as navsh values. GRDB's
/// `DatabaseValue` reads text with `String(cString:)`, which cuts it at the
/// first NUL and replaces bytes that are not UTF-8, so a row holding such a
/// value could never match its own expectation: here text keeps its bytes.
enum RowReader {
    static func fetchAll(_ db: Database, sql: String, arguments: SQLArguments, cached: Bool = true) throws -> [[Value]] {
        var rows: [[Value]] = []
        try forEach(db, sql: sql, arguments: arguments, cached: cached) { rows.append($0) }
        return rows
    }

    /// Each row as it is stepped to: a read stopped part way keeps the rows before.
    /// `cached` (the default): kept prepared on the connection, so the same
    /// query with new arguments (the next row opened, the next page) skips
    /// SQLite's parser and GRDB's authorizer; navsh's SQL is made from the
    /// schema's names with every value bound, so there are few distinct texts.
    /// A body must not run the same SQL again while it is called.
    /// `textCap` (with `cappedFrom`): a text in a column from that index on
    /// is read as its first `textCap` bytes only (a list's preview, cut
    /// here rather than by SQL: SQLite has the whole text in hand either way,
    /// and the SQL to cut it was a third of reading a page).
    static func forEach(_ db: Database, sql: String, arguments: SQLArguments, cached: Bool = true,
                        textCap: Int = .max, cappedFrom: CInt = 0,
                        _ body: ([Value]) throws -> Void) throws {
        let statement = cached && isASCII(sql) ? try db.cachedStatement(sql: sql) : try db.makeStatement(sql: sql)
        try forEach(db, statement, arguments: arguments, textCap: textCap, cappedFrom: cappedFrom, body)
    }

    /// `forEach` on a statement the caller keeps prepared (`PreparedSQL`):
    /// GRDB's cache finds its statements by hashing their whole text.
    static func forEach(_ db: Database, _ statement: Statement, arguments: SQLArguments,
                        textCap: Int = .max, cappedFrom: CInt = 0,
                        _ body: ([Value]) throws -> Void) throws {
        // The text only for an error: GRDB makes it anew, trimmed by
        // Foundation, on each call (a third of an edit when read each time).
        let sql = { statement.sql }
        let handle = statement.sqliteStatement
        let width = sqlite3_column_count(handle)
        guard statement.isReadonly else {
            try checkCount(arguments, handle, sql)
            // A write (`INSERT … RETURNING`) is stepped by GRDB's cursor,
            // which tells transaction observers (a dry run's `RowChangeTally`)
            // of the rows it changes; the values are bound here all the same.
            // Taking no arguments of its own, the cursor only resets the
            // statement, keeping these.
            statement.setUncheckedArguments(StatementArguments())
            try check(arguments.bind(to: handle), db, sql)
            let cursor = try Row.fetchCursor(statement)
            while try cursor.next() != nil {
                try body((0..<width).map { value(handle, $0) })
            }
            return
        }
        try stepping(db, statement, arguments: arguments) { handle in
            try body((0..<width).map { value(handle, $0, cap: $0 >= cappedFrom ? textCap : .max) })
        }
    }

    /// A read bound and stepped here, `body` given the statement at each
    /// row to read its columns: GRDB's cursor and row objects cost a fifth
    /// of reading one row by key, and a read needs none of its bookkeeping.
    /// Reset at the end, so the read's snapshot ends with it.
    static func stepping(_ db: Database, _ statement: Statement, arguments: SQLArguments,
                         _ body: (SQLiteStatement) throws -> Void) throws {
        let sql = { statement.sql }
        let handle = statement.sqliteStatement
        try checkCount(arguments, handle, sql)
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        defer { sqlite3_reset(handle) }
        try check(arguments.bind(to: handle), db, sql)
        while true {
            switch sqlite3_step(handle) {
            case SQLITE_ROW:
                try body(handle)
            case SQLITE_DONE:
                return
            case let code:
                throw DatabaseError(resultCode: ResultCode(rawValue: code), message: db.lastErrorMessage, sql: sql())
            }
        }
    }

    /// Whether the current row's column stores exactly `value`: the same
    /// storage class and bytes, as `ExactMatch` asks in SQL. No value is
    /// made: a batch's check of 100,000 titles made a string of each.
    static func stores(_ handle: SQLiteStatement, _ column: CInt, _ value: Value) -> Bool {
        let type = sqlite3_column_type(handle, column)
        func bytes(_ start: UnsafeRawPointer?) -> UnsafeRawBufferPointer {
            UnsafeRawBufferPointer(start: start, count: start == nil ? 0 : Int(sqlite3_column_bytes(handle, column)))
        }
        switch value {
        case .null:
            return type == SQLITE_NULL
        case .integer(let number):
            return type == SQLITE_INTEGER && sqlite3_column_int64(handle, column) == number
        case .real(let number):
            return type == SQLITE_FLOAT && sqlite3_column_double(handle, column).bitPattern == number.bitPattern
        case .text(let text):
            guard type == SQLITE_TEXT else { return false }
            let stored = bytes(sqlite3_column_text(handle, column))
            var text = text
            return text.withUTF8 { stored.elementsEqual($0) }
        case .rawText(let raw):
            return type == SQLITE_TEXT && bytes(sqlite3_column_text(handle, column)).elementsEqual(raw)
        case .blob(let blob):
            return type == SQLITE_BLOB && bytes(sqlite3_column_blob(handle, column)).elementsEqual(blob)
        }
    }

    /// Runs a write that returns no rows (a save's UPDATE) through GRDB's
    /// `execute`, which tells transaction observers of its rows, with the
    /// values bound here: GRDB's `StatementArguments` and row cursor cost
    /// more than SQLite's own work on the UPDATE.
    static func execute(_ db: Database, sql: String, arguments: SQLArguments) throws {
        try execute(db, isASCII(sql) ? try db.cachedStatement(sql: sql) : try db.makeStatement(sql: sql), arguments: arguments)
    }

    /// Whether GRDB's statement cache may hold `sql`: it finds statements
    /// in a dictionary keyed by their text, where Swift holds two texts
    /// equal that differ only in how their accents are encoded, so a
    /// column "café" read another column "café" written the other way.
    /// Text beyond ASCII (only names: values are bound) is prepared anew.
    static func isASCII(_ sql: String) -> Bool {
        sql.utf8.allSatisfy { $0 < 0x80 }
    }

    /// `execute` on a statement the caller keeps prepared (`PreparedSQL`).
    static func execute(_ db: Database, _ statement: Statement, arguments: SQLArguments) throws {
        let sql = { statement.sql }
        let handle = statement.sqliteStatement
        try checkCount(arguments, handle, sql)
        statement.setUncheckedArguments(StatementArguments())
        try check(arguments.bind(to: handle), db, sql)
        try statement.execute()
    }

    /// `execute` stepped here rather than by GRDB, whose bookkeeping around
    /// each statement was a tenth of an import. Only where no transaction
    /// observer counts rows (`RowChangeTally`): GRDB tells observers only of
    /// the statements it runs itself.
    static func executeUnobserved(_ db: Database, _ statement: Statement, arguments: SQLArguments) throws {
        let sql = { statement.sql }
        let handle = statement.sqliteStatement
        try checkCount(arguments, handle, sql)
        sqlite3_reset(handle)
        defer { sqlite3_reset(handle) }
        try check(arguments.bind(to: handle), db, sql)
        let code = sqlite3_step(handle)
        guard code == SQLITE_DONE || code == SQLITE_ROW else {
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: db.lastErrorMessage, sql: sql())
        }
    }

    /// As many values as the statement has placeholders, or an error.
    private static func checkCount(_ arguments: SQLArguments, _ handle: SQLiteStatement, _ sql: () -> String) throws {
        guard sqlite3_bind_parameter_count(handle) != arguments.values.count else { return }
        throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "wrong number of statement arguments: "
                            + "\(arguments.values.count) for \(sqlite3_bind_parameter_count(handle)) placeholders", sql: sql())
    }

    /// A binding SQLite refused (a value over its length limit) as an error.
    private static func check(_ code: CInt, _ db: Database, _ sql: () -> String) throws {
        guard code != SQLITE_OK else { return }
        throw DatabaseError(resultCode: ResultCode(rawValue: code), message: db.lastErrorMessage, sql: sql())
    }

    static func fetchOne(_ db: Database, sql: String, arguments: SQLArguments, cached: Bool = true) throws -> [Value]? {
        var first: [Value]?
        try forEach(db, sql: sql, arguments: arguments, cached: cached) { row in
            if first == nil { first = row }
        }
        return first
    }

    /// The current row's column as a value, byte for byte.
    private static func value(_ handle: SQLiteStatement, _ column: CInt, cap: Int = .max) -> Value {
        switch sqlite3_column_type(handle, column) {
        case SQLITE_INTEGER:
            return .integer(sqlite3_column_int64(handle, column))
        case SQLITE_FLOAT:
            return .real(sqlite3_column_double(handle, column))
        case SQLITE_TEXT:
            // The pointer first, then the length (SQLite's documented order).
            guard let start = sqlite3_column_text(handle, column) else { return .text("") }
            let count = min(Int(sqlite3_column_bytes(handle, column)), cap)
            let bytes = UnsafeBufferPointer(start: start, count: count)
            // ASCII (most values) is UTF-8 as it stands: no validation, no copy of the bytes first.
            if bytes.allSatisfy({ $0 < 0x80 }) { return .text(String(decoding: bytes, as: UTF8.self)) }
            return Value(storedText: Array(bytes))
        case SQLITE_BLOB:
            guard let start = sqlite3_column_blob(handle, column) else { return .blob([]) }
            let count = Int(sqlite3_column_bytes(handle, column))
            return .blob(Array(UnsafeRawBufferPointer(start: start, count: count)))
        default:
            return .null
        }
    }
}

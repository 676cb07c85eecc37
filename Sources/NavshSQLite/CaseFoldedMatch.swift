import Foundation
import GRDB
import GRDBSQLite
import NavshCore
import NavshSQL

/// "Ignoring case" for every letter, not only ASCII's.
///
/// SQLite's `LIKE` and `NOCASE` fold A–Z only, so `find éclair` missed
/// "Éclair". Text that is all ASCII keeps them (they are fast and can use an
/// index); other text is compared through `navsh_fold`, a function every
/// connection gets, which lowercases with Unicode's full mapping and
/// composes accents (NFC), so a stored "e" + combining acute matches a
/// typed "é". The text typed goes through the same fold in Swift.
enum CaseFoldedMatch {
    /// The SQL function's name, registered by `install(on:)`.
    static let function = "navsh_fold"
    /// The same fold, NULL for text that is all ASCII: what a search for
    /// text beyond ASCII calls, since no ASCII text folds to it. Most rows
    /// are then passed over after a look at their bytes.
    static let wideFunction = "navsh_fold_wide"

    /// Registers `navsh_fold` on a connection (from `prepareDatabase`),
    /// through SQLite's own API: it runs once per row and column a `find`
    /// looks at, and GRDB's function wrapper boxed every value, which made
    /// `find müller` several times slower than `find muller`.
    static func install(on db: Database) {
        guard let connection = db.sqliteConnection else { return }
        sqlite3_create_function_v2(connection, function, 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil,
                                   { context, _, arguments in
                                       CaseFoldedMatch.foldValue(context, arguments?[0], wide: false)
                                   }, nil, nil, nil)
        sqlite3_create_function_v2(connection, wideFunction, 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil,
                                   { context, _, arguments in
                                       CaseFoldedMatch.foldValue(context, arguments?[0], wide: true)
                                   }, nil, nil, nil)
    }

    /// `navsh_fold(value)`: NULL stays NULL; ASCII text is lowercased byte
    /// by byte; other text goes through `fold`. A number is folded as the
    /// text SQLite casts it to; a blob that is not UTF-8 folds to NULL, and
    /// text that is not UTF-8 folds with its bad bytes replaced, as a read of it shows them.
    fileprivate static func foldValue(_ context: OpaquePointer?, _ value: OpaquePointer?, wide: Bool) {
        guard let value, sqlite3_value_type(value) != SQLITE_NULL, let text = sqlite3_value_text(value) else {
            sqlite3_result_null(context)
            return
        }
        let count = Int(sqlite3_value_bytes(value))
        let bytes = UnsafeBufferPointer(start: text, count: count)
        var ascii = true
        var upper = false
        for byte in bytes {
            if byte >= 0x80 { ascii = false; break }
            if byte &- 0x41 < 26 { upper = true }
        }
        if ascii {
            if wide { return sqlite3_result_null(context) }
            guard upper else { return sqlite3_result_text(context, text, CInt(count), transient) }
            guard let lowered = sqlite3_malloc64(UInt64(max(count, 1)))?.assumingMemoryBound(to: UInt8.self) else {
                return sqlite3_result_error_nomem(context)
            }
            for (index, byte) in bytes.enumerated() { lowered[index] = byte &- 0x41 < 26 ? byte | 0x20 : byte }
            return lowered.withMemoryRebound(to: CChar.self, capacity: count) {
                sqlite3_result_text(context, $0, CInt(count), sqlite3_free)
            }
        }
        let decoded = sqlite3_value_type(value) == SQLITE_BLOB ? String(validating: bytes, as: UTF8.self)
            : String(decoding: bytes, as: UTF8.self)
        guard let decoded else { return sqlite3_result_null(context) }
        var folded = fold(decoded)
        folded.withUTF8 { out in
            out.withMemoryRebound(to: CChar.self) { sqlite3_result_text(context, $0.baseAddress, CInt(out.count), transient) }
        }
    }

    /// SQLite copies the bytes before the call returns (SQLITE_TRANSIENT).
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    /// The fold applied to both sides. Lowercasing leaves a Greek final
    /// sigma (ς) apart from σ, which Unicode's case folding makes one
    /// letter: `find σίσυφος` missed ΣΊΣΥΦΟΣ.
    static func fold(_ text: String) -> String {
        // Most stored text is ASCII, already composed: its bytes lowercased
        // are the fold, without Foundation's normalization, which made
        // `find müller` many times slower than `find muller` per row.
        if isASCII(text) { return SQLiteStore.asciiLowercased(text) }
        // Per row of a `find`: Foundation's `replacingOccurrences` only when
        // there is a final sigma to replace.
        let lower = text.lowercased()
        let sigmas = lower.unicodeScalars.contains("ς")
            ? String(String.UnicodeScalarView(lower.unicodeScalars.map { $0 == "ς" ? "σ" : $0 })) : lower
        return sigmas.precomposedStringWithCanonicalMapping
    }

    /// Whether SQLite's own ASCII folding is exact for `text`.
    static func isASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 < 0x80 }
    }

    /// A test that `expression` equals, starts with or contains `text`
    /// ignoring case.
    static func test(_ expression: SQLFragment, _ match: TextMatch, _ text: String) -> SQLFragment {
        if isASCII(text) {
            if match == .exact { return expression + " = " + .text(text) + " COLLATE NOCASE" }
            return expression + " LIKE " + .text(likePattern(text, match)) + " ESCAPE '\\'"
        }
        // Text that folds beyond ASCII matches no ASCII text (a Kelvin sign
        // folds to k, which some ASCII text holds: that takes the full fold).
        let wanted = fold(text)
        let folded = "\(isASCII(wanted) ? function : wideFunction)(" + expression + ")"
        if match == .exact { return folded + " = " + .text(wanted) }
        return folded + " LIKE " + .text(likePattern(wanted, match)) + " ESCAPE '\\'"
    }

    /// `test` on a quoted column, as SQLite's text and its one argument.
    static func sql(_ column: String, _ match: TextMatch, _ text: String) -> (sql: String, argument: Value) {
        let (sql, arguments) = test(SQLFragment(column), match, text).sqlite
        return (sql, arguments.values[0])
    }

    /// A LIKE pattern matching `text` at the start (`.prefix`) or anywhere,
    /// LIKE's own wildcards escaped so `50%` finds "50%".
    static func likePattern(_ text: String, _ match: TextMatch) -> String {
        let escaped = text.replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_")
        return (match == .contains ? "%" : "") + escaped + "%"
    }
}

import Foundation
import GRDB
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

    /// Registers `navsh_fold` on a connection (from `prepareDatabase`).
    static func install(on db: Database) {
        db.add(function: DatabaseFunction(function, argumentCount: 1, pure: true) { values in
            guard let value = values.first else { return nil }
            switch value.storage {
            case .string(let text): return fold(text)
            case .null: return nil
            // Numbers and blobs are compared as SQLite would cast them to text.
            default: return String.fromDatabaseValue(value).map(fold)
            }
        })
    }

    /// The fold applied to both sides. Lowercasing leaves a Greek final
    /// sigma (ς) apart from σ, which Unicode's case folding makes one
    /// letter: `find σίσυφος` missed ΣΊΣΥΦΟΣ (the adversary's find).
    static func fold(_ text: String) -> String {
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
        let folded = "\(function)(" + expression + ")"
        if match == .exact { return folded + " = " + .text(fold(text)) }
        return folded + " LIKE " + .text(likePattern(fold(text), match)) + " ESCAPE '\\'"
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

/// The CHECK constraints of a `CREATE TABLE` statement, as written there,
/// and the columns each concerns: a column's own CHECK belongs to it, a
/// table's CHECK to every column it names. SQLite keeps no catalog of
/// CHECKs, only the statement, so `describe` reads them from its text.
///
/// Every table's statement is read when the store opens, so this works on
/// the statement's UTF-8 bytes, as SQLite's tokenizer does (every byte
/// from 0x80 up is part of an identifier), not on an array of Characters:
/// that was 8% of navsh's start-up for one short table.
enum CheckConstraints {
    /// Column name (lowercased) → the CHECK expressions that concern it, in
    /// the order written. Unreadable text yields what could be read.
    static func byColumn(createSQL: String, columns: [String]) -> [String: [String]] {
        let sql = Array(createSQL.utf8)
        guard let body = tableBody(sql) else { return [:] }
        var result: [String: [String]] = [:]
        // Names are made only for the parts holding a CHECK (few do): making
        // them for every part was a tenth of opening a store of many tables.
        var columnNames: Set<String>?
        for (start, end) in topLevelParts(sql, body) {
            let part = start..<end
            let found = checks(sql, part)
            guard !found.isEmpty else { continue }
            let known = columnNames ?? Set(columns.map { $0.lowercased() })
            columnNames = known
            // A column definition starts with its column's name; anything
            // else (CONSTRAINT, CHECK, PRIMARY KEY…) is the table's.
            let owner = identifiers(sql, part, first: true).first.map { $0.lowercased() }.flatMap { known.contains($0) ? $0 : nil }
            for (start, end) in found {
                let check = start..<end
                let concerned = owner.map { [$0] } ?? identifiers(sql, check).map { $0.lowercased() }.filter(known.contains)
                let text = String(decoding: sql[check], as: UTF8.self)
                var seen: Set<String> = []
                for column in concerned where seen.insert(column).inserted { result[column, default: []].append(text) }
            }
        }
        return result
    }

    private static let open = UInt8(ascii: "("), close = UInt8(ascii: ")"), comma = UInt8(ascii: ",")
    private static let apostrophe = UInt8(ascii: "'"), quote = UInt8(ascii: "\""), backtick = UInt8(ascii: "`")
    private static let bracket = UInt8(ascii: "["), closingBracket = UInt8(ascii: "]")

    /// The byte closing quoted text that `byte` opens, nil when it opens none.
    private static func quoteEnd(_ byte: UInt8) -> UInt8? {
        switch byte {
        case apostrophe, quote, backtick: byte
        case bracket: closingBracket
        default: nil
        }
    }

    /// The bytes between the statement's outermost parentheses.
    private static func tableBody(_ sql: [UInt8]) -> Range<Int>? {
        guard let start = sql.firstIndex(of: open), let end = matching(sql, from: start, before: sql.count) else { return nil }
        return (start + 1)..<end
    }

    /// The index of the `)` closing the `(` at `start`, skipping quoted text.
    private static func matching(_ sql: [UInt8], from start: Int, before limit: Int) -> Int? {
        var depth = 0
        var i = start
        while i < limit {
            let c = sql[i]
            if let end = quoteEnd(c) {
                i += 1
                while i < limit && sql[i] != end { i += 1 }
            } else if c == open {
                depth += 1
            } else if c == close {
                depth -= 1
                if depth == 0 { return i }
            }
            i += 1
        }
        return nil
    }

    /// Column definitions and table constraints: the body split at commas
    /// outside parentheses and quotes, each as (start, end). Pairs, not
    /// `[Range<Int>]`: an array of ranges made the Swift runtime scan every
    /// protocol conformance in the binary for `Int: Comparable` at each
    /// start (a thirty-fifth of start-up, bench/README.md).
    private static func topLevelParts(_ sql: [UInt8], _ body: Range<Int>) -> [(Int, Int)] {
        var parts: [(Int, Int)] = []
        var start = body.lowerBound
        var i = body.lowerBound
        while i < body.upperBound {
            let c = sql[i]
            if c == open {
                i = matching(sql, from: i, before: body.upperBound) ?? body.upperBound
            } else if let end = quoteEnd(c) {
                i += 1
                while i < body.upperBound && sql[i] != end { i += 1 }
            } else if c == comma {
                parts.append((start, i))
                start = i + 1
            }
            i += 1
        }
        if start < body.upperBound { parts.append((start, body.upperBound)) }
        return parts
    }

    /// The expressions of every `CHECK (…)` in one part, trimmed, as (start, end).
    private static func checks(_ sql: [UInt8], _ part: Range<Int>) -> [(Int, Int)] {
        var found: [(Int, Int)] = []
        var i = part.lowerBound
        while i < part.upperBound {
            let c = sql[i]
            if let end = quoteEnd(c) {
                i += 1
                while i < part.upperBound && sql[i] != end { i += 1 }
            } else if c | 0x20 == UInt8(ascii: "c"), i + 5 <= part.upperBound, isCheck(sql[i..<i + 5]),
                      i == part.lowerBound || !isWordByte(sql[i - 1]) {
                var j = i + 5
                while j < part.upperBound && isSpace(sql[j]) { j += 1 }
                if j < part.upperBound, sql[j] == open, let end = matching(sql, from: j, before: part.upperBound) {
                    var expression = (j + 1)..<end
                    while let first = expression.first, isTrimmed(sql[first]) { expression = (first + 1)..<expression.upperBound }
                    while let last = expression.last, isTrimmed(sql[last]) { expression = expression.lowerBound..<last }
                    found.append((expression.lowerBound, expression.upperBound))
                    i = end
                }
            }
            i += 1
        }
        return found
    }

    /// `check` in any case.
    private static func isCheck(_ word: ArraySlice<UInt8>) -> Bool {
        word.elementsEqual("check".utf8) { $0 | 0x20 == $1 }
    }

    /// The identifiers in some SQL, bare or quoted, in order (keywords and
    /// function names too: callers keep those that are columns); with
    /// `first`, only the first.
    private static func identifiers(_ sql: [UInt8], _ range: Range<Int>, first: Bool = false) -> [String] {
        var names: [String] = []
        var i = range.lowerBound
        while i < range.upperBound && !(first && !names.isEmpty) {
            let c = sql[i]
            if c == apostrophe {
                i += 1
                while i < range.upperBound && sql[i] != apostrophe { i += 1 }
            } else if let end = quoteEnd(c) {
                var j = i + 1
                while j < range.upperBound && sql[j] != end { j += 1 }
                names.append(String(decoding: sql[(i + 1)..<j], as: UTF8.self))
                i = j
            } else if isWordByte(c) && !isDigit(c) {
                let start = i
                while i < range.upperBound && isWordByte(sql[i]) { i += 1 }
                names.append(String(decoding: sql[start..<i], as: UTF8.self))
                continue
            }
            i += 1
        }
        return names
    }

    /// A byte of a bare identifier: ASCII letters, digits, `_`, `$`, and
    /// every byte of a character beyond ASCII.
    private static func isWordByte(_ c: UInt8) -> Bool {
        c >= 0x80 || c == UInt8(ascii: "_") || c == UInt8(ascii: "$") || isDigit(c)
            || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(c | 0x20)
    }

    private static func isDigit(_ c: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c) }

    private static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || (0x09...0x0D).contains(c) }

    /// What is trimmed around an expression.
    private static func isTrimmed(_ c: UInt8) -> Bool {
        c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D
    }
}

/// The CHECK constraints of a `CREATE TABLE` statement, as written there,
/// and the columns each concerns: a column's own CHECK belongs to it, a
/// table's CHECK to every column it names. SQLite keeps no catalog of
/// CHECKs, only the statement, so `describe` reads them from its text.
enum CheckConstraints {
    /// Column name (lowercased) → the CHECK expressions that concern it, in
    /// the order written. Unreadable text yields what could be read.
    static func byColumn(createSQL: String, columns: [String]) -> [String: [String]] {
        guard let body = tableBody(createSQL) else { return [:] }
        var result: [String: [String]] = [:]
        let known = Set(columns.map { $0.lowercased() })
        for part in topLevelParts(body) {
            // A column definition starts with its column's name; anything
            // else (CONSTRAINT, CHECK, PRIMARY KEY…) is the table's.
            let owner = identifiers(in: part).first.map { $0.lowercased() }.flatMap { known.contains($0) ? $0 : nil }
            for check in checks(in: part) {
                let concerned = owner.map { [$0] } ?? identifiers(in: check).map { $0.lowercased() }.filter(known.contains)
                var seen: Set<String> = []
                for column in concerned where seen.insert(column).inserted { result[column, default: []].append(check) }
            }
        }
        return result
    }

    /// The text between the statement's outermost parentheses.
    private static func tableBody(_ sql: String) -> String? {
        let chars = Array(sql)
        guard let open = chars.firstIndex(of: "("), let close = matching(chars, from: open) else { return nil }
        return String(chars[(open + 1)..<close])
    }

    /// The index of the `)` closing the `(` at `open`, skipping quoted text.
    private static func matching(_ chars: [Character], from open: Int) -> Int? {
        var depth = 0
        var i = open
        while i < chars.count {
            let c = chars[i]
            if c == "'" || c == "\"" || c == "`" || c == "[" {
                let end: Character = c == "[" ? "]" : c
                i += 1
                while i < chars.count && chars[i] != end { i += 1 }
            } else if c == "(" {
                depth += 1
            } else if c == ")" {
                depth -= 1
                if depth == 0 { return i }
            }
            i += 1
        }
        return nil
    }

    /// Column definitions and table constraints: the body split at commas
    /// outside parentheses and quotes.
    private static func topLevelParts(_ body: String) -> [String] {
        let chars = Array(body)
        var parts: [String] = []
        var start = 0
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if c == "(" {
                i = matching(chars, from: i) ?? chars.count
            } else if c == "'" || c == "\"" || c == "`" || c == "[" {
                let end: Character = c == "[" ? "]" : c
                i += 1
                while i < chars.count && chars[i] != end { i += 1 }
            } else if c == "," {
                parts.append(String(chars[start..<i]))
                start = i + 1
            }
            i += 1
        }
        if start < chars.count { parts.append(String(chars[start...])) }
        return parts
    }

    /// The expressions of every `CHECK (…)` in one part, trimmed.
    private static func checks(in part: String) -> [String] {
        let chars = Array(part)
        var found: [String] = []
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if c == "'" || c == "\"" || c == "`" || c == "[" {
                let end: Character = c == "[" ? "]" : c
                i += 1
                while i < chars.count && chars[i] != end { i += 1 }
            } else if (c == "c" || c == "C"), i + 5 <= chars.count, String(chars[i..<i + 5]).lowercased() == "check",
                      i == 0 || !isWordCharacter(chars[i - 1]) {
                var j = i + 5
                while j < chars.count && chars[j].isWhitespace { j += 1 }
                if j < chars.count, chars[j] == "(", let close = matching(chars, from: j) {
                    found.append(String(chars[(j + 1)..<close]).trimmed(" \t\n\r"))
                    i = close
                }
            }
            i += 1
        }
        return found
    }

    /// The identifiers in some SQL, bare or quoted, in order (keywords and
    /// function names too: callers keep those that are columns).
    private static func identifiers(in sql: String) -> [String] {
        let chars = Array(sql)
        var names: [String] = []
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if c == "'" {
                i += 1
                while i < chars.count && chars[i] != "'" { i += 1 }
            } else if c == "\"" || c == "`" || c == "[" {
                let end: Character = c == "[" ? "]" : c
                var j = i + 1
                var name = ""
                while j < chars.count && chars[j] != end { name.append(chars[j]); j += 1 }
                names.append(name)
                i = j
            } else if isWordCharacter(c) && !(c.isASCII && c.isNumber) {
                var name = ""
                while i < chars.count && isWordCharacter(chars[i]) { name.append(chars[i]); i += 1 }
                names.append(name)
                continue
            }
            i += 1
        }
        return names
    }

    private static func isWordCharacter(_ c: Character) -> Bool {
        c == "_" || c == "$" || c.isLetter || c.isNumber
    }
}

private extension String {
    func trimmed(_ set: String) -> String {
        var s = Substring(self)
        while let c = s.first, set.contains(c) { s.removeFirst() }
        while let c = s.last, set.contains(c) { s.removeLast() }
        return String(s)
    }
}

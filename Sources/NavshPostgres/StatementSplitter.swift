/// Splits SQL text into its statements at the `;` that end them, skipping
/// those inside quotes ('…', "…"), dollar-quoted bodies ($$…$$, $tag$…$tag$)
/// and comments: postgres-nio sends each query as a prepared statement,
/// which holds one statement only.
enum StatementSplitter {
    static func split(_ sql: String) -> [String] {
        let characters = Array(sql.unicodeScalars)
        var statements: [String] = []
        var start = 0, i = 0
        func flush(_ end: Int) {
            let text = String(String.UnicodeScalarView(characters[start..<end]))
            if text.contains(where: { !$0.isWhitespace }) { statements.append(text) }
        }
        while i < characters.count {
            let c = characters[i]
            switch c {
            case "'", "\"":
                i += 1
                while i < characters.count {
                    if characters[i] == c {
                        if i + 1 < characters.count, characters[i + 1] == c { i += 2; continue }
                        break
                    }
                    i += 1
                }
                i += 1
            case "-" where i + 1 < characters.count && characters[i + 1] == "-":
                while i < characters.count, characters[i] != "\n" { i += 1 }
            case "/" where i + 1 < characters.count && characters[i + 1] == "*":
                i += 2
                while i + 1 < characters.count, !(characters[i] == "*" && characters[i + 1] == "/") { i += 1 }
                i += 2
            case "$":
                // A dollar quote's tag: $$ or $name$ (not $1, a parameter).
                var j = i + 1
                while j < characters.count, characters[j].properties.isAlphabetic || characters[j] == "_" { j += 1 }
                guard j < characters.count, characters[j] == "$" else { i += 1; continue }
                let tag = Array(characters[i...j])
                i = j + 1
                while i < characters.count {
                    if characters[i] == "$", i + tag.count <= characters.count, Array(characters[i..<(i + tag.count)]) == tag {
                        i += tag.count
                        break
                    }
                    i += 1
                }
            case ";":
                flush(i)
                i += 1
                start = i
            default:
                i += 1
            }
        }
        if start < characters.count { flush(characters.count) }
        return statements
    }
}

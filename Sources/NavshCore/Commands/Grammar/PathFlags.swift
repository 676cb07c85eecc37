/// A file typed with flags before or after it, in any order (`export
/// --plain out.csv`, `import f.csv --update --dry-run`): the flags found,
/// and the path. A path left quoted (`--plain "my file.csv"`, where the
/// parser keeps the rest as typed) is its one word.
struct PathFlags {
    let path: String
    let flags: Set<String>

    init(_ text: String, known: [String]) {
        var words = text.trimmingSpaces
        var flags: Set<String> = []
        var found = true
        while found {
            found = false
            for flag in known {
                if words.hasSuffix(" " + flag) {
                    words = String(words.dropLast(flag.count)).trimmingSpaces
                } else if words.hasPrefix(flag + " ") {
                    words = String(words.dropFirst(flag.count)).trimmingSpaces
                } else {
                    continue
                }
                flags.insert(flag)
                found = true
            }
        }
        if !flags.isEmpty, words.first == "\"" || words.first == "'" {
            var scanner = WordScanner(words)
            if let quoted = try? scanner.remainingWords(), quoted.count == 1 { words = quoted[0] }
        }
        path = words
        self.flags = flags
    }
}

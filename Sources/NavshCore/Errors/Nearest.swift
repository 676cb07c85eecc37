/// The known name a mistyped one most likely meant (`sav` → `save`, `nmae`
/// → `name`), for "did you mean" hints: the one name at the smallest edit
/// distance (a swap of two neighbours counts as one edit), ignoring case,
/// if that distance is small for the word's length. Several names equally
/// near suggest none: a hint must not be a guess between two.
enum Nearest {
    static func name(to typed: String, among names: [String]) -> String? {
        let word = Array(typed.lowercased())
        guard !word.isEmpty, word.count <= 64 else { return nil }
        // One edit for short words, two from six letters on.
        let limit = word.count >= 6 ? 2 : 1
        var best: (name: String, distance: Int)?
        var tied = false
        for name in Set(names) where name.lowercased() != typed.lowercased() {
            let distance = editDistance(word, Array(name.lowercased()))
            // Some of the word must survive: `x` is one edit from any one-letter name.
            guard distance <= limit, distance < word.count else { continue }
            if let current = best, distance >= current.distance {
                if distance == current.distance { tied = true }
                continue
            }
            best = (name, distance)
            tied = false
        }
        return tied ? nil : best?.name
    }

    /// Optimal string alignment distance: insertions, deletions,
    /// substitutions and swaps of adjacent characters, one each.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], before[j - 2] + 1)
                }
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}

/// Long versions of one value, cut to a width where they start to differ:
/// what `changes` (old and new) and a conflict table (original, theirs,
/// yours) show of a long text, so the change is in sight rather than past
/// the cut (two 644-character notes that differ in their last sentence
/// would otherwise show the same first 20 characters, and `save!` would
/// overwrite a change its user never saw).
enum DifferenceWindow {
    /// Versions of a value, the original first (then a conflict's theirs
    /// and yours, or `changes`'s new one), as rows of cells: one row for
    /// each place where a long version starts
    /// to differ from the original, every cell of a row cut from the same
    /// character, so each change is in sight beside what it changed: one
    /// window would show only the first (theirs at the end of a note and
    /// yours at its start would leave theirs unseen). Places close enough
    /// to show in one window share a row; a version that fits whole is
    /// whole in every row. `unshown` lists the versions (by index) whose
    /// change runs on past every row (edits in several places, or one
    /// longer than a cell): their table must say that more changed.
    static func rows(_ texts: [String], width: Int, context: Int) -> (rows: [[String]], unshown: [Int]) {
        guard texts.count > 1, texts.contains(where: { DisplayWidth.of($0) > width }) else { return ([texts], []) }
        let characters = texts.map(Array.init)
        let long = texts.map { DisplayWidth.of($0) > width }
        // Where each version cut here starts to differ from the original, on
        // the longer of the two (one shown whole needs no place of its own).
        var places: [(at: Int, in: [Character])] = []
        for i in characters.indices.dropFirst() where long[i] && characters[i] != characters[0] {
            let at = commonPrefix(characters[0], characters[i])
            places.append((at, characters[i].count > characters[0].count ? characters[i] : characters[0]))
        }
        var starts: [Int] = []
        for place in places.sorted(by: { $0.at < $1.at }) {
            // Already in sight in the last row's window: no row of its own.
            if let last = starts.last, shows(place.at, in: place.in, from: last, width: width) { continue }
            starts.append(shows(place.at, in: place.in, from: 0, width: width) ? 0 : max(0, place.at - context))
        }
        if starts.isEmpty { starts = [0] }
        let rows = starts.map { from in
            characters.indices.map { i in
                guard long[i] else { return texts[i] }
                let rest = String(characters[i][min(from, characters[i].count)...])
                return TextLayout.truncate(from > 0 ? "…" + rest : rest, to: width)
            }
        }
        // A change is all in sight when one row shows where it ends as well
        // as where it starts, in the version and in the original.
        let unshown = characters.indices.dropFirst().filter { i in
            // A version shown whole hides nothing, however long the original.
            guard long[i], characters[i] != characters[0] else { return false }
            let first = commonPrefix(characters[0], characters[i])
            let tail = min(commonSuffix(characters[0], characters[i]), min(characters[0].count, characters[i].count) - first)
            let lastHere = max(first, characters[i].count - tail - 1), lastThere = max(first, characters[0].count - tail - 1)
            return !starts.contains { from in
                shows(first, in: characters[i], from: from, width: width)
                    && shows(lastHere, in: characters[i], from: from, width: width)
                    && (!long[0] || shows(lastThere, in: characters[0], from: from, width: width))
            }
        }
        return (rows, unshown)
    }

    private static func commonSuffix(_ a: [Character], _ b: [Character]) -> Int {
        var same = 0
        while same < min(a.count, b.count), a[a.count - 1 - same] == b[b.count - 1 - same] { same += 1 }
        return same
    }

    /// Whether the character at `at` of `text` (or its end) is in a cell of
    /// `width` columns cut from `from`, before the cell's own ellipsis.
    private static func shows(_ at: Int, in text: [Character], from: Int, width: Int) -> Bool {
        guard at >= from else { return false }
        let shown = text[min(from, text.count)..<min(at + 1, text.count)]
        return (from > 0 ? 1 : 0) + DisplayWidth.of(String(shown)) <= width - 1
    }

    private static func commonPrefix(_ a: [Character], _ b: [Character]) -> Int {
        var same = 0
        while same < min(a.count, b.count), a[same] == b[same] { same += 1 }
        return same
    }
}

/// Long versions of one value, cut to a width where they start to differ:
/// what `changes` and a conflict table show of a long text, so the change
/// is in sight rather than past the cut (two 644-character notes that
/// differ in their last sentence would otherwise show the same first 20
/// characters, and `save!` would overwrite a change its user never saw).
enum DifferenceWindow {
    /// `texts` each cut to `width` columns, all from the same character:
    /// `context` characters before the first place where any two differ,
    /// led by an ellipsis when that is not the start. Texts that fit whole
    /// and differ within them come back as they are.
    static func cut(_ texts: [String], width: Int, context: Int) -> [String] {
        guard texts.contains(where: { DisplayWidth.of($0) > width }) else { return texts }
        let characters = texts.map(Array.init)
        var same = characters.map(\.count).max() ?? 0
        for a in characters.indices {
            for b in characters.indices where b > a && characters[a] != characters[b] {
                same = min(same, commonPrefix(characters[a], characters[b]))
            }
        }
        // From the start when the first difference is already in sight.
        let from = DisplayWidth.of(String(characters.first { $0.count > same }?.prefix(same + 1) ?? []))
            < width ? 0 : max(0, same - context)
        return characters.map { chars in
            let rest = String(chars[min(from, chars.count)...])
            return TextLayout.truncate(from > 0 ? "…" + rest : rest, to: width)
        }
    }

    private static func commonPrefix(_ a: [Character], _ b: [Character]) -> Int {
        var same = 0
        while same < min(a.count, b.count), a[same] == b[same] { same += 1 }
        return same
    }
}

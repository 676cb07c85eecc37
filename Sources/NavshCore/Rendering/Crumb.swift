/// One frame's part of the prompt and of error locations.
public struct Crumb: Equatable, Sendable {
    public var title: String
    public var isDirty: Bool

    public init(title: String, isDirty: Bool) {
        self.title = title
        self.isDirty = isDirty
    }

    /// `Items › Gort statue*`: the crumbs joined, `*` where edits are unsaved.
    public static func breadcrumb(_ crumbs: [Crumb]) -> String {
        crumbs.map { $0.title + ($0.isDirty ? "*" : "") }.joined(separator: " › ")
    }

    /// The crumbs within `width` columns: the frames in the middle give way
    /// to `…` (marked `*` if any of them holds unsaved edits), keeping the
    /// first and as many of the last as fit: `Artists › … › Tracks › Zen`.
    public static func fitted(_ all: [Crumb], width limit: Int) -> [Crumb] {
        func width(_ crumbs: [Crumb]) -> Int { DisplayWidth.of(breadcrumb(crumbs)) }
        var crumbs = elided(all, width: limit)
        // Still too wide (a long title at the end, or at the root): the last
        // title gives way down to 8 columns, then the first (the prompt
        // wrapped at 40 columns).
        for index in [crumbs.count - 1, 0] where width(crumbs) > limit && crumbs.indices.contains(index) {
            let room = limit - (width(crumbs) - DisplayWidth.of(crumbs[index].title))
            crumbs[index].title = TextLayout.truncate(crumbs[index].title, to: max(8, room))
        }
        return crumbs
    }

    private static func elided(_ all: [Crumb], width limit: Int) -> [Crumb] {
        func width(_ crumbs: [Crumb]) -> Int { DisplayWidth.of(breadcrumb(crumbs)) }
        guard all.count > 2, width(all) > limit else { return all }
        var kept = [all[all.count - 1]]
        var middle = Array(all[1..<(all.count - 1)])
        while let last = middle.last {
            let elided = Crumb(title: "…", isDirty: middle.dropLast().contains(where: \.isDirty))
            guard width([all[0], elided, last] + kept) <= limit else { break }
            kept.insert(middle.removeLast(), at: 0)
        }
        guard !middle.isEmpty else { return all }
        return [all[0], Crumb(title: "…", isDirty: middle.contains(where: \.isDirty))] + kept
    }
}

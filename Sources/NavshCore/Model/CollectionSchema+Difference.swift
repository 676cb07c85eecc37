extension CollectionSchema {
    /// `renamed a to b; added x; removed y`, `columns reordered`, or nil when
    /// the fields are the same. A field gone and another new in its place is
    /// a rename (it was said as one added and one removed).
    func fieldDifference(to new: CollectionSchema) -> String? {
        let before = fields.map(\.name), after = new.fields.map(\.name)
        guard before != after else { return nil }
        var added = after.filter { !before.contains($0) }, gone = before.filter { !after.contains($0) }
        var renamed: [String] = []
        for (i, old) in before.enumerated() where gone.contains(old) && i < after.count && added.contains(after[i]) {
            renamed.append("\(old) to \(after[i])")
            gone.removeAll { $0 == old }
            added.removeAll { $0 == after[i] }
        }
        var parts = renamed.isEmpty ? [] : ["renamed " + renamed.joined(separator: ", ")]
        if !added.isEmpty { parts.append("added " + added.joined(separator: ", ")) }
        if !gone.isEmpty { parts.append("removed " + gone.joined(separator: ", ")) }
        return parts.isEmpty ? "columns reordered" : parts.joined(separator: "; ")
    }
}

extension CollectionSchema {
    /// `added x; removed y`, `columns reordered`, or nil when the fields are the same.
    func fieldDifference(to new: CollectionSchema) -> String? {
        let before = fields.map(\.name), after = new.fields.map(\.name)
        guard before != after else { return nil }
        let added = after.filter { !before.contains($0) }, gone = before.filter { !after.contains($0) }
        var parts = added.isEmpty ? [] : ["added " + added.joined(separator: ", ")]
        if !gone.isEmpty { parts.append("removed " + gone.joined(separator: ", ")) }
        return parts.isEmpty ? "columns reordered" : parts.joined(separator: "; ")
    }
}

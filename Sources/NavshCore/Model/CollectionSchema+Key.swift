extension CollectionSchema {
    /// The declared primary key's fields, in key order (empty for a table
    /// keyed by its rowid).
    /// Made once per schema (`derived`): an edit asked for it five times.
    public var keyFields: [Field] {
        derived.value(\.keyFields) { makeKeyFields() }
    }

    private func makeKeyFields() -> [Field] {
        fields.filter { $0.primaryKeyPosition != nil }.sorted { ($0.primaryKeyPosition ?? 0) < ($1.primaryKeyPosition ?? 0) }
    }

    /// A row's key as `#KEY` takes it: its declared key's values, or its
    /// rowid; nil for rows that have none (a view's, named by position).
    func keyValues(of record: Record) -> [Value]? {
        guard readOnlyReason == nil else { return nil }
        let fields = keyFields
        guard !fields.isEmpty else { return record.id.parts }
        let values = fields.map { record.value(of: $0.name) }
        return values.contains(nil) ? record.id.parts : values.compactMap { $0 }
    }

    /// The values of `row` that say which row it is, which a write checks
    /// beside the fields it writes: the declared key's, since a rowid can
    /// pass to another row (a VACUUM elsewhere renumbers them), and the
    /// title's, since a row deleted elsewhere and another inserted under
    /// its key is someone else (a raise went to Eve);
    /// every field when there is no declared key, as the values are then
    /// the row's only name.
    func identifying(_ row: [String: Value]) -> [String: Value] {
        let key = keyFields
        guard !key.isEmpty else { return row }
        var naming = key.reduce(into: [String: Value]()) { $0[$1.name] = row[$1.name] ?? .null }
        for name in titleFieldNames { naming[name] = row[name] ?? .null }
        return naming
    }

    /// The fields a row's title is made of: a template's, a first and last
    /// name, or the one title field.
    var titleFieldNames: [String] {
        if let template = rowTitle { return template.fields.compactMap { field(named: $0)?.name } }
        if let composite = compositeTitle { return composite.fields.compactMap { field(named: $0)?.name } }
        return titleField.flatMap { field(named: $0)?.name }.map { [$0] } ?? []
    }
}

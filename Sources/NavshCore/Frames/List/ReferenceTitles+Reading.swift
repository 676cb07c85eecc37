extension ReferenceTitles {
    /// The titles of the rows a page's reference fields name (the ones it
    /// shows, as a column or in a composite title): one read per referenced
    /// collection for the whole page, never one per row. A value naming no
    /// row reads `#7 (missing)`. A collection the store cannot search (or
    /// that is not there) leaves its values shown as stored.
    static func read(for records: [Record], in collection: CollectionSchema, from store: any StoreReader) -> ReferenceTitles {
        // Most lists show no reference: making their columns again to find
        // none was a thirtieth of a `page N`.
        guard collection.fields.contains(where: { $0.references != nil }) else { return ReferenceTitles() }
        var shown = collection.listColumns.compactMap { column -> Field? in
            if case .field(let field, _) = column.content { return field } else { return nil }
        }
        if collection.rowTitle == nil, let composite = collection.compositeTitle {
            shown += composite.fields.compactMap { collection.field(named: $0) }
        }
        var result = ReferenceTitles()
        for field in shown where result.titles[field.name] == nil {
            guard let reference = field.references,
                  let target = store.collection(referencedBy: reference)
            else { continue }
            var values: [Value] = []
            var seen = Set<Value>()
            for record in records {
                let value = record[field.name]
                if !value.isNull && seen.insert(value).inserted { values.append(value) }
            }
            guard !values.isEmpty,
                  let found = try? store.records(of: target, referencedBy: values, field: reference.field,
                                                 reading: ListPreview.titleFields(of: target)),
                  found.count == values.count
            else { continue }
            var titles: [Value: String] = [:]
            for (value, record) in zip(values, found) {
                titles[value] = record.map { RowTitle.of($0, in: target) } ?? "#" + ValueText.raw(value) + " (missing)"
            }
            result.titles[field.name] = titles
        }
        return result
    }
}

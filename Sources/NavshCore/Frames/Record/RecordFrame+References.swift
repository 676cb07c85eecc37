extension RecordFrame {
    /// Shows the buffered values, with the title of the row each reference field names.
    func load(from store: any StoreReader, pageSize: Int) throws -> any FrameView {
        let references = referenceTitles(in: store)
        // Kept for the frame's own title when made of references, so the
        // record is named as its list names it (`#1 · Prague`, not `#1 · #1`).
        var parts = ReferenceTitles()
        for (field, title) in references where title != "missing" {
            parts.titles[field] = [buffer.value(of: field): title]
        }
        partTitles = parts
        return RecordView(frame: self, references: references)
    }

    /// A reference set to `value` that is part of this record's own title
    /// (a join row's `#1 · Prague`): its row's title, read now, so the
    /// record is named by it at once (`saved #1 · #7` after `set invoice
    /// 7`, until it was shown again; the trial's find). Other fields, and
    /// titles made otherwise, read nothing.
    func learnPartTitle(of field: Field, _ value: Value, in store: any StoreReader) {
        guard let reference = field.references, !value.isNull, collection.rowTitle == nil,
              collection.compositeTitle?.fields.contains(field.name) == true,
              let (target, record) = try? Self.referencedRecord(reference, value, in: store) else { return }
        partTitles.titles[field.name, default: [:]][value] = RowTitle.of(record, in: target)
    }

    /// The titles of the rows this frame's reference fields name, for display.
    func referenceTitles(in store: any StoreReader) -> [String: String] {
        var titles: [String: String] = [:]
        for field in collection.fields {
            guard let reference = field.references else { continue }
            let value = buffer.value(of: field.name)
            guard !value.isNull else { continue }
            if let (collection, record) = try? Self.referencedRecord(reference, value, in: store) {
                titles[field.name] = RowTitle.of(record, in: collection)
            } else {
                titles[field.name] = "missing"
            }
        }
        return titles
    }

    /// The row a reference value names, with its collection.
    static func referencedRecord(_ reference: Reference, _ value: Value,
                                 in store: any StoreReader) throws -> (CollectionSchema, Record)? {
        guard let collection = store.collection(referencedBy: reference) else { return nil }
        return try store.record(of: collection, referencedBy: value, field: reference.field).map { (collection, $0) }
    }

    /// The value a related row stores to name this record.
    func keyValue(_ id: RecordID, for field: Field) throws -> Value {
        if let target = field.references?.field, let value = buffer.row.value(of: target) { return value }
        if id.parts.count == 1 { return id.parts[0] }
        throw CommandError.fields(.compositeKey(collection: collection.name))
    }
}

/// A record as shown: its buffered values and the titles its references name.
struct RecordView: FrameView {
    let frame: RecordFrame
    let references: [String: String]

    func render(columns: Int) -> String {
        RecordRenderer.render(frame, columns: columns, references: references)
    }
}

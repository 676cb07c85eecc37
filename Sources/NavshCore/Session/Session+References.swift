extension Session {
    /// `open FIELD` on a record follows a reference to the row it names;
    /// `open COLLECTION` lists the rows of a related collection that name
    /// this record (an owner's cars).
    func openFromRecord(_ frame: RecordFrame, _ target: String) throws -> Response {
        if let field = frame.collection.field(named: target), let reference = field.references {
            let value = frame.buffer.value(of: field.name)
            guard !value.isNull else { throw CommandError("\(field.name) is empty; it names no \(reference.collection) row") }
            guard let (collection, record) = try referencedRecord(reference, value) else {
                throw CommandError("\(field.name) names \(reference.collection) \(ValueText.raw(value)), which does not exist")
            }
            let next = RecordFrame(collection: collection, record: record)
            push(next)
            return Response(output: try render(next))
        }
        if let (related, field) = relatedCollections(of: frame).first(where: { $0.0.name.lowercased() == target.lowercased() }) {
            guard let id = frame.id else { throw CommandError("save this record first: nothing refers to it yet") }
            var scoped = related
            scoped.scope = CollectionSchema.Scope(field: field.name, value: try keyValue(of: frame, id, for: field))
            let list = ListFrame(collection: scoped)
            push(list)
            return Response(output: try render(list))
        }
        let options = frame.collection.fields.filter { $0.references != nil }.map(\.name)
            + relatedCollections(of: frame).map(\.0.name)
        throw CommandError(options.isEmpty
            ? "\(frame.collection.name) has no reference fields or related collections to open"
            : "nothing named '\(TextLayout.printable(target))' to open here; try \(options.joined(separator: ", "))")
    }

    /// Collections with a field that refers to this record's collection.
    func relatedCollections(of frame: RecordFrame) -> [(CollectionSchema, Field)] {
        store.collections.compactMap { collection in
            collection.fields.first { $0.references?.collection.lowercased() == frame.collection.name.lowercased() }
                .map { (collection, $0) }
        }
    }

    /// The titles of the rows this frame's reference fields name, for display.
    func referenceTitles(_ frame: RecordFrame) -> [String: String] {
        var titles: [String: String] = [:]
        for field in frame.collection.fields {
            guard let reference = field.references else { continue }
            let value = frame.buffer.value(of: field.name)
            guard !value.isNull else { continue }
            if let (collection, record) = try? referencedRecord(reference, value) {
                titles[field.name] = RowTitle.of(record, in: collection)
            } else {
                titles[field.name] = "missing"
            }
        }
        return titles
    }

    private func referencedRecord(_ reference: Reference, _ value: Value) throws -> (CollectionSchema, Record)? {
        guard let collection = store.collections.first(where: { $0.name.lowercased() == reference.collection.lowercased() })
        else { return nil }
        let keyField = collection.fields.first { $0.primaryKeyPosition == 1 }
        if reference.field == nil || reference.field == keyField?.name, case .integer(let rowid) = value,
           keyField?.kind == .integer || keyField == nil {
            return try store.record(of: collection, id: .rowid(rowid)).map { (collection, $0) }
        }
        guard let field = reference.field ?? keyField?.name else { return nil }
        return try store.find(ValueText.raw(value), in: field, of: collection, match: .exact, limit: 1).first
            .map { (collection, $0) }
    }

    /// The value a related row stores to name this record.
    private func keyValue(of frame: RecordFrame, _ id: RecordID, for field: Field) throws -> Value {
        if let target = field.references?.field, let value = frame.buffer.base[target] { return value }
        if case .rowid(let rowid) = id { return .integer(rowid) }
        if case .key(let values) = id, values.count == 1 { return values[0] }
        throw CommandError("\(frame.collection.name) rows have a composite key; related rows cannot be listed")
    }
}

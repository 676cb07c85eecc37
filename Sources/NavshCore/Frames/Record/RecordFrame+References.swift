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
        // A batch's fields whose rows differ, read here: layout reads nothing.
        var spreads: [String: String] = [:]
        if let batch {
            for field in collection.fields { spreads[field.name] = batch.spreadText(field, in: store) }
        }
        return RecordView(frame: self, references: references, spreads: spreads, related: relatedCounts(in: store))
    }

    /// `Album (14)`, `Employee (2, by ReportsTo)`: the lists that refer to
    /// this row, counted within a list's first budget, so `open Album` is
    /// found without Tab. A draft and a batch have none of their own.
    func relatedCounts(in store: any StoreReader) -> [String] {
        guard let id, batch == nil else { return [] }
        return relatedCollections(in: store).compactMap { other, field in
            guard let scoped = try? relatedList(other, by: field, of: id) else { return nil }
            let count = (try? store.count(of: scoped, within: .listCount)).flatMap { $0 }.map(ListLayout.grouped) ?? "many"
            let by = other.name.lowercased() == collection.name.lowercased() ? ", by \(field.shownName)" : ""
            return "\(other.displayTitle) (\(count)\(by))"
        }
    }

    /// The rows of `other` whose `field` names this row.
    func relatedList(_ other: CollectionSchema, by field: Field, of id: RecordID) throws -> CollectionSchema {
        var scoped = other
        scoped.scope = CollectionSchema.Scope(field: field.name, value: try keyValue(id, for: field))
        return scoped
    }

    /// `set` gave reference `field` the value `value`: the row it names is
    /// read now, once, and remembered as chosen (its key and title), so
    /// `save` can refuse when that key names another row by then. When the
    /// reference is part of this record's own title (a join row's `#1 ·
    /// Prague`), the record takes the row's title at once (it read `saved #1
    /// · #7` after `set invoice 7`, until shown again).
    func remember(_ value: Value, setFor field: Field, in store: any StoreReader) {
        guard let reference = field.references else { return }
        chosenReferences[field.name] = nil
        guard !value.isNull else { return }
        let found: (CollectionSchema, Record)?
        do { found = try Self.referencedRecord(reference, value, in: store) } catch {
            return  // A read that failed (the file locked) leaves nothing to check against.
        }
        guard let (target, record) = found else {
            // A value no row has (a key still to come, or a typo): the save
            // refuses if a row has it by then, one its user never saw (a row
            // inserted elsewhere under it was taken silently).
            chosenReferences[field.name] = ChosenReference(value: value, key: ListFrame.keyText([value]), title: nil)
            return
        }
        let title = RowTitle.of(record, in: target)
        chosenReferences[field.name] = ChosenReference(
            value: value, key: target.keyValues(of: record).map(ListFrame.keyText) ?? title, title: title)
        if collection.rowTitle == nil, collection.compositeTitle?.fields.contains(field.name) == true {
            partTitles.titles[field.name, default: [:]][value] = title
        }
    }

    /// Refuses the save when a reference this session set (and still
    /// holds) names a row whose title is no longer the one it had when set:
    /// another process re-keyed or renamed rows in between, and the key
    /// would now name a row its user never saw. Run inside the save's
    /// transaction, so no change can slip in between the look and the write.
    func checkChosenReferences(in store: any StoreReader) throws {
        for field in collection.fields {
            guard let choice = chosenReferences[field.name], let reference = field.references,
                  writes(choice.value, to: field.name) else { continue }
            let now = try Self.referencedRecord(reference, choice.value, in: store).map { RowTitle.of($1, in: $0) }
            if now != choice.title {
                throw CommandError.writes(.referenceChangedBeforeSave(
                    field: field.shownName, key: choice.key, was: choice.title, now: now, saveForced: batch == nil))
            }
        }
    }

    /// This session wrote the row a reference here was set to (renamed it
    /// one frame up, or inserted it under a key that had none): that choice
    /// takes the row's title now, which its user just made and saw; the save
    /// was refused as changed elsewhere. Only that
    /// row: a write to another row of its table does not make a change made
    /// elsewhere to this one look seen.
    func takeOwnWrite(of change: Change, in store: any StoreReader) {
        let written: RecordID
        switch change {
        case .updated(_, let id, _, _, _, _): written = id
        case .inserted(_, let record): written = record.id
        default: return
        }
        for field in collection.fields {
            guard let choice = chosenReferences[field.name], let reference = field.references,
                  store.collection(referencedBy: reference)?.name == change.collection.name,
                  let (target, row) = try? Self.referencedRecord(reference, choice.value, in: store),
                  row.id == written else { continue }
            chosenReferences[field.name] = ChosenReference(value: choice.value, key: choice.key, title: RowTitle.of(row, in: target))
        }
    }

    /// Whether a save must look at chosen references first (most saves set none).
    var hasChosenReferences: Bool {
        chosenReferences.contains { name, choice in writes(choice.value, to: name) }
    }

    /// Whether a save writes `value` to `field`: as an edit, or as any
    /// value of a draft (whose defaults are written too, such as the owner
    /// a related list gives its new rows).
    private func writes(_ value: Value, to field: String) -> Bool {
        isDraft ? buffer.value(of: field) == value : buffer.changes[field] == value
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
    /// A batch's `3 values: …` by field.
    var spreads: [String: String] = [:]
    /// The lists that refer to the row, with their counts.
    var related: [String] = []

    func render(columns: Int) -> String {
        RecordRenderer.render(frame, columns: columns, references: references, spreads: spreads)
            + (related.isEmpty ? "" : TextLayout.truncate("related: " + related.map(TextLayout.printable).joined(separator: ", "),
                                                          to: max(20, columns)) + "\n")
    }
}

/// The row a reference field was set to name, as `set` read it.
struct ChosenReference {
    /// The value stored in the field.
    let value: Value
    /// The row's key as `#KEY` takes it, for the refusal.
    let key: String
    /// Its title when set (escaped for the terminal, as shown); nil when no
    /// row had the value.
    let title: String?
}

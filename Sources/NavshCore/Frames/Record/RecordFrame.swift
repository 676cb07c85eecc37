/// One record and its edit buffer. A draft (from `new`) has no identity until
/// `save` inserts it.
final class RecordFrame: Frame {
    /// Replaced when the store re-reads its schema (`Session.adoptSchema`).
    var collection: CollectionSchema
    /// nil for a draft until it is saved.
    private(set) var id: RecordID?
    var buffer: EditBuffer
    /// The titles of the rows its reference fields named when it was last
    /// shown (`load`), by value: a title made of references reads by them.
    var partTitles = ReferenceTitles()
    /// The row as last reported changed elsewhere while this frame had
    /// edits, so the notice is given once per change, not before every prompt.
    var noticedElsewhere: Record?
    /// The row was reported deleted elsewhere (once).
    var deletedElsewhereNoticed = false
    /// A batch said once that its rows may have changed elsewhere; `reload` clears it.
    var batchChangeNoticed = false
    /// The row as the last refused save's conflict table showed it
    /// ("theirs"): `save!` overwrites that, and only that, so a change made
    /// after the table was shown is refused again, never lost unseen.
    var conflictShown: Record?
    /// The row a refused `save!` named as holding this one's values (a
    /// re-key elsewhere?): a second `save!` naming it puts the row back.
    var twinShown: RecordID?
    /// The row each reference field was set to name, by field, as `set`
    /// found it: `save` writes the reference only if that key still names
    /// a row of that title (another process re-keying rows in between made
    /// the save name someone else, silently). An entry
    /// counts only while the save would write its value, so it outlives a
    /// `reload` (which took theirs and dropped the check) and a save alike.
    var chosenReferences: [String: ChosenReference] = [:]
    /// Another process committed since this frame read its row: in a
    /// table without a key, its rowid may now be another row's (a VACUUM
    /// renumbers them), so `delete` here waits for the list.
    var fileChangedSinceOpened = false
    /// The rows a batch frame (`open *`) stands for; nil for one record.
    var batch: RowBatch?
    /// What the question before a batch delete said would go with the
    /// rows: the delete takes exactly that, or nothing.
    var askedBatchCascade: Set<String>?

    /// A record opened from a filtered list (`find`, `where`) is the row
    /// itself: it keeps following it whether or not it still matches.
    init(collection: CollectionSchema, record: Record) {
        self.collection = collection
        // Only when there are some: clearing them copies the schema.
        if !collection.filters.isEmpty { self.collection.filters = [] }
        self.id = record.id
        self.buffer = EditBuffer(row: record)
    }

    /// Every row of a list (`open *`): the buffer starts from the values
    /// the rows share, and a save writes its edits to each row.
    init(batch: RowBatch) {
        self.collection = batch.list
        if !collection.filters.isEmpty { self.collection.filters = [] }
        self.id = nil
        self.batch = batch
        self.buffer = EditBuffer(base: batch.shared, unshared: Set(batch.spread.keys))
    }

    /// A draft starts from the defaults the core can show; fields whose
    /// default is an expression stay out, and the store fills them at insert.
    init(draftOf collection: CollectionSchema, defaults: [String: Value] = [:]) {
        self.collection = collection
        if !collection.filters.isEmpty { self.collection.filters = [] }
        self.id = nil
        var base: [String: Value] = [:]
        for field in collection.fields {
            if case .value(let value) = field.defaultValue { base[field.name] = value }
        }
        for (field, value) in defaults { base[field] = value }
        self.buffer = EditBuffer(base: base)
    }

    var isDraft: Bool { id == nil && batch == nil }

    /// After a save: the stored row becomes the new starting point, clean.
    func markSaved(_ record: Record) {
        id = record.id
        buffer = EditBuffer(row: record)
        noticedElsewhere = nil
        deletedElsewhereNoticed = false
        conflictShown = nil
    }
    /// This session moved the row to a new key: the frame follows it,
    /// taking the new key values as its starting point (edits stay).
    func rekey(to newID: RecordID, keyValues: [String: Value]) {
        id = newID
        let edits = buffer.changes
        var base = buffer.base
        for (field, value) in keyValues { base[field] = value }
        buffer = EditBuffer(base: base)
        for (field, value) in edits where keyValues[field] == nil { buffer.set(field, to: value) }
    }

    var kind: FrameKind { .record }

    /// The changed fields in schema order. The few changed names are
    /// compared with each field's, not looked up by hash per field: every
    /// prompt and save asks (`isDirty`).
    var unsavedFields: [String] {
        let changed = Array(buffer.changes.keys) + buffer.replacing.keys
        guard !changed.isEmpty else { return [] }
        return collection.fields.compactMap { changed.contains($0.name) ? $0.name : nil }
    }

    var unsavedLabels: [String] {
        unsavedFields.map { collection.field(named: $0)?.shownName ?? TextLayout.printable($0) }
    }

    /// The title field's current (buffered) value: the breadcrumb follows edits.
    var crumb: String { title(withEdits: true) }

    /// The row's title as stored, its unsaved edits left out: what a
    /// `delete` takes. Named by its edits, a delete said it took another
    /// row of the title typed.
    var storedCrumb: String { title(withEdits: false) }

    private func title(withEdits: Bool) -> String {
        if let batch { return batch.count }
        var row = buffer.row
        row.id = id ?? RecordID(parts: [.integer(0)], isPrimaryKey: false)
        if withEdits { for (field, value) in buffer.changes { row.set(field, to: value) } }
        if collection.rowTitle != nil || collection.compositeTitle != nil {
            let title = RowTitle.of(row, in: collection, references: partTitles)
            if id == nil && title == "#0" { return "(new)" }
            return title
        }
        // A saved row without a title is named by its key, as its list names it.
        guard id != nil else { return RowTitle.text(collection.titleField.map { buffer.value(of: $0) }, id: nil) }
        return RowTitle.of(row, in: collection)
    }
}

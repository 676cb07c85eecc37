/// How a batch save or delete says which rows it refused, and why: read
/// again in the write's transaction, the first few named with what changed.
extension JournaledStore {
    /// The rows at `places` a set-based write refused, each titled and
    /// the first few with why: changed elsewhere (`refused`), written but
    /// left as they were by a trigger (`ignored`), or only counted.
    func explained(_ places: [Int], row: (Int) -> Record, changes: (Int) -> [String: Value], name: (Int) -> String?,
                           alsoChecked: Set<String>, of list: CollectionSchema, in collection: CollectionSchema)
        throws -> (refused: [String], ignored: [String], unexplained: [String]) {
        var refused: [String] = [], ignored: [String] = [], unexplained: [String] = []
        let filtered = list.scope != nil || !list.filters.isEmpty
        for (order, place) in places.enumerated() {
            let row = row(place)
            let title = name(place) ?? RowTitle.keyed(row, in: collection)
            guard order < Self.refusalsExplained else {
                unexplained.append(title)
                continue
            }
            if filtered, try store.record(of: list, id: row.id) == nil {
                refused.append(title + (try notListed(row, in: collection)))
                continue
            }
            if let why = try Self.whyNotWritten(row, changes: changes(place), in: collection, store: store, alsoChecked: alsoChecked) {
                refused.append(title + why)
            } else {
                ignored.append(title)
            }
        }
        return (refused, ignored, unexplained)
    }

    /// Refused rows a set-based save reads again to say why: a refusal shows three.
    static let refusalsExplained = 3

    /// The refusal of a batch save or delete whose rows are `refused` (each with why),
    /// `ignored` by a trigger, or `unexplained` (beyond those a refusal shows).
    /// It is the trigger's when no row shown changed elsewhere, as `reload`
    /// would not help.
    static func refusal(_ refused: [String], ignored: [String], unexplained: [String] = [], of count: Int,
                                in collection: CollectionSchema, since: String, deleting: Bool = false) -> CommandError {
        // The first row only, as a write a row names the row it stops at.
        if refused.isEmpty, let first = ignored.first {
            return .writes(.batchRowRefused(title: first, reason: StoreError.ignoredByTrigger(deleting ? "delete" : "update",
                                                                                              table: collection.name).explained(at: first)))
        }
        let all = refused + ignored.map { $0 + " (a trigger ignored its write, or changed the row as the save ran)" } + unexplained
        return .writes(.batchChangedBeforeSave(rows: all, of: count, saving: !deleting, since: since))
    }

    /// Why a batch write left a row as it was: ` (deleted or re-keyed)` or
    /// ` (ms changed)`; nil when the row holds what it was read with, so a
    /// trigger ignored its write. The refused write is taken back by now,
    /// with what its own triggers did to other rows of the batch.
    static func whyNotWritten(_ row: Record, changes: [String: Value], in collection: CollectionSchema,
                                      store: any Store, alsoChecked: Set<String> = []) throws -> String? {
        guard let now = try store.record(of: collection.wholeTable, id: row.id) else { return " (deleted or re-keyed)" }
        let moved = collection.fields.filter { field in
            (changes[field.name] != nil || alsoChecked.contains(field.name) || collection.identifying(row.values)[field.name] != nil)
                && now[field.name] != row[field.name]
        }
        guard !moved.isEmpty else { return nil }
        return changedNote(moved)
    }

    /// ` (ms, name changed)` after a refused row's title; ` (changed)` when no field says how.
    static func changedNote(_ moved: [Field]) -> String {
        " (" + (moved.isEmpty ? "" : moved.map(\.shownName).joined(separator: ", ") + " ") + "changed)"
    }

    /// The rows in `list` now, read in the write's transaction; nil when
    /// the list is a whole table, where a row is checked by its key.
    func idsStillListed(in list: CollectionSchema) throws -> Set<RecordID>? {
        guard list.scope != nil || !list.filters.isEmpty else { return nil }
        var ids: Set<RecordID> = []
        try store.forEachRun(of: list, fields: .listed, size: RowBatch.readSize) { rows in for row in rows { ids.insert(row.id) } }
        return ids
    }

    /// Why a row is no longer in its list: gone, or moved out of it, by a
    /// change to the fields named when those changed.
    func notListed(_ row: Record, in collection: CollectionSchema) throws -> String {
        guard let now = try store.record(of: collection.wholeTable, id: row.id) else { return " (deleted or re-keyed)" }
        let moved = collection.fields.filter { now[$0.name] != row[$0.name] }.map(\.shownName)
        return moved.isEmpty ? " (left the list)" : " (" + moved.joined(separator: ", ") + " changed; it left the list)"
    }
}

extension AppSpec {
    /// Makes `store` hold what this spec describes, and nothing it did not
    /// ask for, then presents the store's collections as it says. A missing
    /// table is created only when its collection says `create: true`, a
    /// missing column only when its field does; any other name that is not
    /// in the store is a `SpecProblem` (a typo must not change the user's
    /// data). Nothing is ever dropped or rewritten, so a spec can be pointed
    /// at real data.
    ///
    /// Everything is checked before anything is written; the additions and
    /// the check of each collection's presentation share one transaction (a
    /// savepoint inside a dry run's), so a later spec error undoes them.
    /// Returns what it added, one `table T` or `column T.C` each.
    public func apply(to store: any Store, thisYear: Int) throws -> [String] {
        let additions = try missingSchema(in: store)
        if additions.isEmpty {
            try present(store, thisYear: thisYear)
        } else {
            try store.atomically {
                try store.create(additions)
                try present(store, thisYear: thisYear)
            }
        }
        return additions.map(\.note)
    }

    /// Checks every collection of the store against the spec (throwing its
    /// first problem), then has the store present them so from now on,
    /// after a schema change elsewhere too (where a collection the spec no
    /// longer fits is shown as the store reads it).
    private func present(_ store: any Store, thisYear: Int) throws {
        for collection in store.collections { _ = try present(collection, thisYear: thisYear) }
        store.presentation = { schema in self.presented(schema, thisYear: thisYear) }
    }

    /// The collection as this spec presents it, or, when the spec no longer
    /// fits it (a field it names was renamed elsewhere), as the store reads
    /// it, saying why: its labels, title and columns went back to the raw
    /// names unsaid.
    private func presented(_ schema: CollectionSchema, thisYear: Int) -> CollectionSchema {
        let problem: SpecProblem
        do {
            return try present(schema, thisYear: thisYear)
        } catch {
            problem = error
        }
        var raw = schema
        let message = problem.message.split(separator: " (its fields:", maxSplits: 1).first.map(String.init) ?? problem.message
        raw.specNotApplied = "the app spec no longer applies to it (\(problem.key): \(message))"
        return raw
    }

    /// What the store lacks of this spec, as portable additions; throws a
    /// `SpecProblem` for anything missing that the spec does not mark `create: true`.
    func missingSchema(in store: any Store) throws -> [SchemaAddition] {
        var additions: [SchemaAddition] = []
        for collection in collections {
            let key = "collections." + collection.name
            let columns = try store.columnNames(of: collection.name)
            let existing = Set(columns.map { $0.lowercased() })
            let table = TextLayout.printable(collection.name)
            if existing.isEmpty {
                guard collection.create else {
                    throw problem(at: key, "no table '\(table)' in the file; "
                        + "add create: true to this collection to create it")
                }
                let columns = collection.fields.filter { $0.name.lowercased() != "id" }
                    .map { ColumnDescription(name: $0.name, kind: $0.createdKind) }
                additions.append(.table(name: collection.name, columns: columns))
                continue
            }
            for field in collection.fields where !existing.contains(field.name.lowercased()) {
                guard field.create else {
                    throw problem(at: key + ".fields." + field.name,
                        "no column '\(TextLayout.printable(field.name))' in table \(table) (its columns: "
                            + columns.map(TextLayout.printable).joined(separator: ", ") + "); add create: true to this field to add it")
                }
                additions.append(.column(table: collection.name, ColumnDescription(name: field.name, kind: field.createdKind)))
            }
        }
        // `references: ownres` would show no owner and open nothing: the target must be a table.
        for collection in collections {
            for field in collection.fields {
                guard let target = field.references else { continue }
                guard try !store.columnNames(of: target).isEmpty || self.collection(named: target)?.create == true else {
                    throw problem(at: "collections.\(collection.name).fields.\(field.name).references",
                                  "no table '\(TextLayout.printable(target))' in the file to reference")
                }
            }
        }
        return additions
    }
}

@testable import NavshCore
import Testing

/// A schema makes its list's columns, fields and labels once
/// (`CollectionSchema.Derived`); every property they are made from must
/// give it new ones when set, or a `columns`, `sort` or spec change would
/// show the list as it was.
@Suite struct DerivedColumnsTests {
    static let schema = CollectionSchema(name: "tracks", fields: [
        Field(name: "id", kind: .integer, primaryKeyPosition: 1),
        Field(name: "name", kind: .text),
        Field(name: "composer", kind: .text),
        Field(name: "ms", kind: .integer),
        Field(name: "genre", kind: .text),
        Field(name: "artist", kind: .text),
    ])

    /// What the memo gives, against what a schema without one makes.
    static func expectFresh(_ changed: CollectionSchema, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        var fresh = changed
        fresh.derived = CollectionSchema.Derived()
        #expect(changed.listColumns == fresh.listColumns, "\(what): columns", sourceLocation: sourceLocation)
        #expect(ListPreview.fields(of: changed) == ListPreview.fields(of: fresh), "\(what): fields", sourceLocation: sourceLocation)
        #expect(ListTable.labels(of: changed) == ListTable.labels(of: fresh), "\(what): labels", sourceLocation: sourceLocation)
        #expect(changed.keyFields == fresh.keyFields, "\(what): key fields", sourceLocation: sourceLocation)
    }

    @Test func everyPropertyTheColumnsAreMadeFromMakesThemAgain() throws {
        let changes: [(String, (inout CollectionSchema) throws -> Void)] = [
            ("fields", { $0.fields[2].label = "Composer of it" }),
            ("fields' key", { $0.fields[0].primaryKeyPosition = nil; $0.fields[1].primaryKeyPosition = 1 }),
            ("titleField", { $0.titleField = "composer" }),
            ("compositeTitle", { $0.compositeTitle = CompositeTitle(fields: ["name", "artist"], separator: " · ") }),
            ("details", { $0.details = [.init(field: "ms")] }),
            ("chosenColumns", { $0.chosenColumns = ["genre", "ms"] }),
            ("rowTitle", { $0.rowTitle = try RowTemplate("{artist}: {name}") }),
            ("rowDetails", { $0.rowDetails = [try RowTemplate("{ms} ms")] }),
            ("order", { $0.order = SortOrder(field: "id", descending: true) }),
            ("sortedColumn", { $0.sortedColumn = "artist" }),
            ("scope", { $0.scope = .init(field: "artist", value: .text("AC/DC")) }),
            ("groupField", { $0.groupField = "genre" }),
        ]
        for (what, change) in changes {
            var schema = Self.schema
            // Made and kept before the change, as a list's first page does.
            _ = schema.listColumns
            _ = ListPreview.fields(of: schema)
            _ = ListTable.labels(of: schema)
            let before = (schema.listColumns, ListPreview.fields(of: schema), ListTable.labels(of: schema))
            try change(&schema)
            Self.expectFresh(schema, what)
            let after = (schema.listColumns, ListPreview.fields(of: schema), ListTable.labels(of: schema))
            #expect(before.0 != after.0 || before.1 != after.1 || before.2 != after.2, "\(what) changes what a list shows")
        }
    }

    @Test func aCopyKeepsWhatWasMadeAndTheOriginalIsUntouchedByItsChanges() {
        let original = Self.schema
        let columns = original.listColumns
        var copy = original
        copy.chosenColumns = ["ms"]
        #expect(copy.listColumns.count == 1)
        #expect(original.listColumns == columns, "the copy's change made the original's columns again")
    }
}

@testable import NavshCore
import Testing

/// A schema keeps its properties in storage its copies share until one
/// changes (copy on write): a change to a copy must never reach the
/// schema it was copied from, nor a frame holding that one.
@Suite struct CollectionSchemaCopyTests {
    /// The schema `DerivedColumnsTests` changes one property at a time.
    static let schema = DerivedColumnsTests.schema

    @Test func aChangedCopyLeavesTheOriginalAsItWas() throws {
        let changes: [(String, (inout CollectionSchema) throws -> Void)] = [
            ("name", { $0.name = "songs" }),
            ("title", { $0.title = "Songs" }),
            ("fields", { $0.fields[1].label = "Song" }),
            ("titleField", { $0.titleField = "ms" }),
            ("chosenColumns", { $0.chosenColumns = ["ms"] }),
            ("order", { $0.order = SortOrder(field: "ms", descending: true) }),
            ("scope", { $0.scope = .init(field: "name", value: .text("x")) }),
            ("filters", { $0.filters = [RowFilter.anyTextContains("zen")] }),
            ("newRowsOnTop", { $0.newRowsOnTop = true }),
            ("isDeletable", { $0.isDeletable = false }),
            ("readOnlyReason", { $0.readOnlyReason = "no key" }),
            ("writeRefusal", { $0.writeRefusal = "read-only file" }),
            ("specNotApplied", { $0.specNotApplied = "spec dropped" }),
        ]
        for (what, change) in changes {
            let original = Self.schema
            _ = original.listColumns
            var copy = original
            try change(&copy)
            #expect(original.name == "tracks", "\(what)")
            #expect(original.title == nil, "\(what)")
            #expect(original.fields.map(\.label) == Self.schema.fields.map(\.label), "\(what)")
            #expect(original.titleField == "name", "\(what)")
            #expect(original.chosenColumns == nil, "\(what)")
            #expect(original.order == nil, "\(what)")
            #expect(original.scope == nil, "\(what)")
            #expect(original.filters.isEmpty, "\(what)")
            #expect(!original.newRowsOnTop && original.isDeletable, "\(what)")
            #expect(original.readOnlyReason == nil && original.writeRefusal == nil && original.specNotApplied == nil, "\(what)")
            #expect(original.listColumns == Self.schema.listColumns, "\(what)")
        }
    }

    @Test func aCopyChangedTwiceKeepsBothChanges() {
        var copy = Self.schema
        copy.title = "Songs"
        copy.chosenColumns = ["ms"]
        #expect(copy.title == "Songs")
        #expect(copy.chosenColumns == ["ms"])
        #expect(Self.schema.title == nil)
    }
}

@testable import NavshCore
import Testing

/// What every store promises about reading many references at once (a list
/// page's titles): the same rows `record(of:referencedBy:field:)` finds one
/// by one, in the order asked, nil where none.
@Suite struct ReferenceConformanceTests {
    @Test(arguments: StoreKind.all)
    func manyReferencesReadTogetherAsEachAlone(kind: StoreKind) throws {
        let fixture = try kind.make(Schemas.garage)
        let owners = try fixture.collection("owners")
        let store = fixture.store
        let ada = try fixture.row("owners", "name", .text("Ada"))
        let grace = try fixture.row("owners", "name", .text("Grace"))
        let values = [grace["id"], .integer(999), ada["id"], grace["id"]]
        let found = try store.records(of: owners, referencedBy: values, field: nil, reading: ["name"])
        #expect(found.map { $0?["name"] } == [.text("Grace"), nil, .text("Ada"), .text("Grace")])
        #expect(found.map { $0?.id } == [grace.id, nil, ada.id, grace.id])
        let alone = try values.map { try store.record(of: owners, referencedBy: $0, field: nil)?.id }
        #expect(found.map { $0?.id } == alone, "the same rows as read one by one")

        // By another column than the key, ignoring case as a single read does.
        let byName = try store.records(of: owners, referencedBy: [.text("ada"), .text("Nobody")], field: "name",
                                       reading: ["name"])
        #expect(byName.map { $0?.id } == [ada.id, nil])
        #expect(try store.records(of: owners, referencedBy: [], field: nil, reading: ["name"]).isEmpty)
    }
}

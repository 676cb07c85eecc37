@testable import NavshCore
import NavshTestSupport
import Testing

/// `insertRows` (an import's writes): each row all or nothing on its own, a
/// refused row reported by index with its fields while the others go in,
/// and all of it undone with the caller's `atomically`.
@Suite struct InsertRowsConformanceTests {
    @Test(arguments: StoreKind.all)
    func aRefusedRowIsReportedAndTheOthersGoInUntilTheCallerRollsBack(kind: StoreKind) throws {
        let (fixture, items) = try kind.make(Schemas.items, opening: "items")
        let before = try fixture.store.count(of: items)
        struct RollBack: Error {}
        var refused: [(Int, StoreError)] = []
        var inserted: [RecordID] = []
        let rows: [[String: Value]] = [["name": .text("Tea set")], ["name": .text("")],
                                       ["name": .text("Kettle"), "value": .integer(-1)],
                                       ["name": .text("Lamp"), "value": .integer(3)]]
        #expect(throws: RollBack.self) {
            try fixture.store.atomically {
                inserted = try fixture.store.insertRows(rows.map { row in items.fields.map { row[$0.name] } },
                                                        into: items) { refused.append(($0, $1)) }
                #expect(try fixture.store.count(of: items) == before + 2)
                // Each identity names the row written, in order.
                #expect(try inserted.map { try fixture.store.record(of: items, id: $0)?["name"] }
                        == [.text("Tea set"), .text("Lamp")])
                throw RollBack()
            }
        }
        #expect(refused.map(\.0) == [1, 2])
        for (_, error) in refused {
            guard case .constraint(.check, let fields, _) = error else {
                Issue.record("not a CHECK refusal: \(error)")
                continue
            }
            #expect(fields.count == 1)
        }
        #expect(try fixture.store.count(of: items) == before)
    }
}

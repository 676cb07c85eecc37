@testable import NavshCore
import NavshTestSupport
import Testing

/// What every store promises about a set-based batch write: rows that still
/// hold what they were read with are written in one go, and a row changed
/// elsewhere leaves every row as it was.
@Suite struct BatchConformanceTests {
    /// Every row of items, each set to `note` from what it was read with.
    func batch(_ fixture: StoreFixture, _ items: CollectionSchema, note: String) throws -> BatchUpdate {
        let rows = try fixture.store.ids(of: items).map { try #require(try fixture.store.record(of: items, id: $0)) }
        return BatchUpdate(ids: rows.map(\.id), checked: ["id", "name", "note"],
                           held: ["id", "name", "note"].map { field in rows.map { $0[field] } },
                           assigned: ["note"], values: rows.map { _ in [.text(note)] }, list: items)
    }

    @Test(arguments: StoreKind.all)
    func rowsHoldingWhatTheyWereReadWithAreWrittenAsASet(kind: StoreKind) throws {
        let (fixture, items) = try kind.make(Schemas.items, opening: "items")
        let batch = try batch(fixture, items, note: "counted")
        let outcome = try fixture.store.atomically { try fixture.store.updateBatch(batch, in: items) }
        guard case .written(let reachedOthers, _)? = outcome else {
            Issue.record("not written as a set: \(String(describing: outcome))")
            return
        }
        #expect(!reachedOthers)
        #expect(try fixture.read("SELECT note FROM items ORDER BY id") == Array(repeating: ["counted"], count: 5))
    }

    /// A row deleted and another put under its key holds the same key but
    /// not the same name: the set is not written.
    @Test(arguments: StoreKind.all)
    func aRowChangedElsewhereLeavesEveryRowAsItWas(kind: StoreKind) throws {
        let (fixture, items) = try kind.make(Schemas.items, opening: "items")
        let batch = try batch(fixture, items, note: "counted")
        try fixture.elsewhere("UPDATE items SET name = 'Hoverbored' WHERE id = 3")
        let before = try fixture.read("SELECT note FROM items ORDER BY id")
        let outcome = try fixture.store.atomically { try fixture.store.updateBatch(batch, in: items) }
        if case .written? = outcome { Issue.record("written over a change made elsewhere") }
        #expect(try fixture.read("SELECT note FROM items ORDER BY id") == before)
    }
}

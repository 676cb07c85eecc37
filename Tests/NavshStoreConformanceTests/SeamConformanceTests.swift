import NavshCore
import Testing

/// What the store seam promises beyond reading and writing rows: statements
/// that stop when asked, transactions as closures, writes that return the
/// stored row, and change detection across connections.
@Suite struct SeamConformanceTests {
    /// Ctrl-C sets a flag the store asks while a statement runs: a long read
    /// or search fails as interrupted, and once the flag is down the store
    /// works again.
    @Test(arguments: StoreKind.all)
    func aCancelledReadStopsAndTheStoreWorksAfter(kind: StoreKind) throws {
        let fixture = try kind.make(Schemas.many)
        let many = try fixture.collection("many")
        fixture.store.isCancelled = { true }
        expectStoreError("interrupted", matching: { $0 == .interrupted }) {
            try fixture.store.records(of: many, offset: 19_990, limit: 5)
        }
        expectStoreError("interrupted", matching: { $0 == .interrupted }) {
            try fixture.store.find("no such row", in: "name", of: many, match: .contains, limit: 5)
        }
        fixture.store.isCancelled = { false }
        #expect(try fixture.store.records(of: many, offset: 19_990, limit: 5).count == 5)
    }
}

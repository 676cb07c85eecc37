import NavshCore
import NavshTestSupport
import Testing

/// A save is reported as the store is. A committed write once re-read its
/// row afterwards and could fail there; now the store returns the row as
/// read inside the write's own transaction, so a save makes no read that
/// can fail after it committed.
@Suite struct ReadBackFailureTests {
    @Test(arguments: StoreKind.all)
    func aSaveNeedsNoReadAfterItsWrite(kind: StoreKind) throws {
        let (h, store) = try SessionHarness.counting(kind, Fixtures.numbered(3))
        h.run("new", "set name Fourth")
        try expectSaveWithRecordReadsFailing(h, store, reports: "saved Fourth as #4 (row 4)\n", stores: "Fourth")
        h.run("open 4", "set name Vierte")
        try expectSaveWithRecordReadsFailing(h, store, reports: "saved Vierte\n", stores: "Vierte")
    }

    /// Saves while every read of a row by its identity fails, then expects
    /// the save reported as written and row 4 named `name` in the store.
    private func expectSaveWithRecordReadsFailing(
        _ h: SessionHarness, _ store: CountingStore, reports output: String, stores name: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        store.failsRecordReads = true
        defer { store.failsRecordReads = false }
        let saved = h.run("save")
        #expect(saved.error == nil, sourceLocation: sourceLocation)
        #expect(saved.output == output, sourceLocation: sourceLocation)
        #expect(try h.column("SELECT name FROM things WHERE id = 4") == [name], sourceLocation: sourceLocation)
    }
}

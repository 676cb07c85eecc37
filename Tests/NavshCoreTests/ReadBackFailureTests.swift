import NavshCore
import NavshTestSupport
import Testing

/// A save is reported as the file is (issue 8, item 7). A committed write
/// once re-read its row afterwards and could fail there; now the store
/// returns the row as read inside the write's own transaction, so a save
/// makes no read that can fail after it committed.
@Suite struct ReadBackFailureTests {
    @Test func aSaveNeedsNoReadAfterItsWrite() throws {
        let database = try TemporaryDatabase(Fixtures.numbered(3))
        let store = CountingStore(try database.store())
        let session = Session(store: store, mode: .script)
        _ = session.execute("new")
        _ = session.execute("set name Fourth")
        store.failsRecordReads = true
        let inserted = session.execute("save")
        #expect(inserted.error == nil)
        #expect(inserted.output == "saved Fourth as row 4\n")
        #expect(try database.rows("SELECT name FROM things WHERE rowid = 4") == [["name": "Fourth"]])

        store.failsRecordReads = false
        _ = session.execute("open 4")
        _ = session.execute("set name Vierte")
        store.failsRecordReads = true
        let updated = session.execute("save")
        #expect(updated.error == nil)
        #expect(updated.output == "saved Vierte\n")
        #expect(try database.rows("SELECT name FROM things WHERE rowid = 4") == [["name": "Vierte"]])
    }
}

import NavshCore
import NavshTestSupport
import Testing

/// A write that committed is reported as saved, even when reading the row
/// back fails: the report matches the file (issue 8, item 7).
@Suite struct ReadBackFailureTests {
    @Test func aCommittedInsertOrUpdateIsReportedSavedWithAWarning() throws {
        let database = try TemporaryDatabase(Fixtures.numbered(3))
        let store = CountingStore(try database.store())
        let session = Session(store: store, mode: .script)
        _ = session.execute("new")
        _ = session.execute("set name Fourth")
        store.failsRecordReads = true
        let inserted = session.execute("save")
        #expect(inserted.error == nil)
        #expect(inserted.output == "saved Fourth as row 4 (warning: reading it back failed: disk I/O error; reload shows it)\n")
        #expect(try database.rows("SELECT name FROM things WHERE rowid = 4") == [["name": "Fourth"]])

        store.failsRecordReads = false
        _ = session.execute("open 4")
        _ = session.execute("set name Vierte")
        store.failsRecordReads = true
        let updated = session.execute("save")
        #expect(updated.error == nil)
        #expect(updated.output == "saved Vierte (warning: reading it back failed: disk I/O error; reload shows it)\n")
        #expect(try database.rows("SELECT name FROM things WHERE rowid = 4") == [["name": "Vierte"]])
    }
}

import Foundation
@testable import NavshCore
import NavshTestSupport
import Testing

/// What reports say of a reference, and what undo writes back, on every
/// store: two rows of one title are told apart by key, and undo puts back
/// a reference only while its key names the row it named at the save.
@Suite struct ReferenceReportConformanceTests {
    static let schema = """
        CREATE TABLE staff (id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT, rep INTEGER REFERENCES staff(id));
        INSERT INTO staff (id, name) VALUES (3, 'Sales Support Agent'), (4, 'Sales Support Agent'), (5, 'Margaret Park');
        INSERT INTO customers (id, name, rep) VALUES (1, 'Ann', 3);
        """

    @Test(arguments: StoreKind.all)
    func aReferenceMovedBetweenRowsOfOneTitleIsToldByKey(kind: StoreKind) throws {
        let fixture = try kind.make(Self.schema)
        let session = Session(store: fixture.store, mode: .script)
        try session.setUp("open customers", "open #1", "set rep #4")
        #expect(session.execute("changes").output == "  rep: #3 Sales Support Agent → #4 Sales Support Agent\n")
        try session.setUp("save")
        #expect(session.writer.journal.last?.summary(in: fixture.store)
                == "update customers › Ann: rep #3 Sales Support Agent → #4 Sales Support Agent")
        let undone = session.execute("undo")
        #expect(undone.output.hasPrefix("undid the save of Ann: rep: #4 Sales Support Agent → #3 Sales Support Agent"),
                "\(undone.output)")
        // A title another row shares is told by its key; one no other row has needs none.
        try session.setUp("open #1", "set rep #5")
        #expect(session.execute("changes").output == "  rep: #3 Sales Support Agent → Margaret Park\n")
    }

    @Test(arguments: StoreKind.all)
    func undoPutsBackAReferenceOnlyWhileItNamesTheSameRow(kind: StoreKind) throws {
        let fixture = try kind.make(Self.schema)
        let session = Session(store: fixture.store, mode: .script)
        try session.setUp("open customers", "open #1", "set rep #5", "save")
        // The row the old key named is renamed elsewhere: #3 is someone else now.
        try fixture.elsewhere("UPDATE staff SET name = 'Alan Turing' WHERE id = 3")
        let refused = session.execute("undo")
        #expect(refused.error?.message == "cannot undo the save of Ann: rep would name #3 again, which was "
                + "Sales Support Agent at the save and is Alan Turing now (changed elsewhere); nothing changed")
        #expect(try fixture.row("customers", "name", .text("Ann"))["rep"] == .integer(5), "nothing written")
        // Renamed back, the undo goes through.
        try fixture.elsewhere("UPDATE staff SET name = 'Sales Support Agent' WHERE id = 3")
        #expect(session.execute("undo").error == nil)
        #expect(try fixture.row("customers", "name", .text("Ann"))["rep"] == .integer(3))
    }
}

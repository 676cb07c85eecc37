import Foundation
@testable import NavshCore
import NavshTestSupport
import Testing

/// A reference `set` by a title (or key) names the row the user chose: when
/// another process re-keys rows so that the key stored names someone else
/// before `save`, the save is refused and writes nothing, on every store
/// (it wrote the other row's key silently, exit status 0; the trial's find).
@Suite struct ChosenReferenceConformanceTests {
    static let schema = """
        CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE orders (id INTEGER PRIMARY KEY, item TEXT, person INTEGER REFERENCES people(id));
        INSERT INTO people (id, name) VALUES (1, 'Ada Lovelace'), (2, 'Grace Hopper'), (3, 'Alan Turing');
        INSERT INTO orders (id, item, person) VALUES (1, 'Lamp', 1), (2, 'Desk', 1);
        """

    @Test(arguments: StoreKind.all)
    func aReferenceReKeyedElsewhereBeforeSaveIsRefused(kind: StoreKind) throws {
        let fixture = try kind.make(Self.schema)
        let session = Session(store: fixture.store, mode: .script)
        try session.setUp("open orders", "open #1", "set person Grace Hopper")
        // Grace moves to key 9; Alan takes her key 2.
        try fixture.elsewhere("UPDATE people SET id = 9 WHERE id = 2; UPDATE people SET id = 2 WHERE id = 3")
        let refused = session.execute("save")
        #expect(refused.error?.message == "person names #2, which was Grace Hopper when you set it and is Alan Turing now "
                + "(changed elsewhere); nothing was saved (set person again, or save! to keep #2)")
        #expect(try Self.person(ofOrder: 1, in: fixture) == .integer(1), "nothing written")
        // Set again by its key, it is taken as the row is now, and said so.
        #expect(session.execute("set person #2").output == "person names #2, Alan Turing now; save writes it\n")
        #expect(session.execute("set person #1").error == nil)
        // Set again, by the same title, it names her new key and saves.
        #expect(session.execute("set person Grace Hopper").error == nil)
        #expect(session.execute("save").error == nil)
        #expect(try Self.person(ofOrder: 1, in: fixture) == .integer(9))
    }

    @Test(arguments: StoreKind.all)
    func saveBangKeepsTheKeyAndAGoneRowIsNamedAsGone(kind: StoreKind) throws {
        let fixture = try kind.make(Self.schema)
        let session = Session(store: fixture.store, mode: .script)
        try session.setUp("open orders", "open #1", "set person #2", "set item Chair")
        try fixture.elsewhere("UPDATE people SET name = 'Someone Else' WHERE id = 2")
        #expect(session.execute("save").error?.message.contains("which was Grace Hopper when you set it and is Someone Else now") == true)
        #expect(session.execute("save!").error == nil, "save! keeps #2, as the refusal said")
        #expect(try Self.person(ofOrder: 1, in: fixture) == .integer(2))

        // A draft's reference is checked too, and a row gone is said to be gone.
        try session.setUp("new", "set item Stool", "set person Alan Turing")
        try fixture.elsewhere("UPDATE people SET id = 30 WHERE id = 3")
        #expect(session.execute("save").error?.message
                == "person names #3, which was Alan Turing when you set it and names no row now "
                + "(deleted or re-keyed elsewhere); nothing was saved (set person again)")
        let items = try fixture.store.records(of: try fixture.collection("orders"), offset: 0, limit: 10).map { $0["item"] }
        #expect(!items.contains(.text("Stool")), "the draft was not inserted")
    }

    /// A reference unchanged since it was read, and an edit of another
    /// field, are not checked: a rename elsewhere of the row it names is
    /// no reason to refuse.
    @Test(arguments: StoreKind.all)
    func aReferenceNotSetIsNotChecked(kind: StoreKind) throws {
        let fixture = try kind.make(Self.schema)
        let session = Session(store: fixture.store, mode: .script)
        try session.setUp("open orders", "open #1", "set person Grace Hopper", "set person #1", "set item Chair")
        try fixture.elsewhere("UPDATE people SET name = 'Ada King' WHERE id = 1")
        #expect(session.execute("save").error == nil)
    }

    /// `reload` after a conflict on the record itself keeps the title the
    /// reference was set by: it took the row's title now, and the next save
    /// wrote a reference to a row renamed meanwhile (the trial's find).
    @Test(arguments: StoreKind.all)
    func reloadKeepsTheReferencesCheck(kind: StoreKind) throws {
        let fixture = try kind.make(Self.schema)
        let session = Session(store: fixture.store, mode: .script)
        try session.setUp("open orders", "open #1", "set person Grace Hopper")
        try fixture.elsewhere("UPDATE orders SET item = 'Lamp stand', person = 3 WHERE id = 1")
        #expect(session.execute("save").error != nil, "the order's person changed elsewhere")
        try fixture.elsewhere("UPDATE people SET name = 'Grace Tribute' WHERE id = 2")
        #expect(session.execute("reload").error == nil)
        #expect(session.execute("save").error?.message.contains("which was Grace Hopper when you set it and is Grace Tribute now") == true)
        #expect(try Self.person(ofOrder: 1, in: fixture) == .integer(3), "nothing written")
    }

    /// A new row in a related list (an owner's orders) belongs to the owner
    /// shown on the way: re-keyed elsewhere, with another row taking its key,
    /// the new row was saved to that other row.
    @Test(arguments: StoreKind.all)
    func aNewRowsOwnerIsCheckedAsASetReferenceIs(kind: StoreKind) throws {
        let fixture = try kind.make(Self.schema)
        let session = Session(store: fixture.store, mode: .script)
        try session.setUp("open people", "open #2", "open orders", "new", "set item Pen")
        try fixture.elsewhere("UPDATE people SET id = 20 WHERE id = 2; INSERT INTO people (id, name) VALUES (2, 'Impostor')")
        #expect(session.execute("save").error?.message.contains("which was Grace Hopper when you set it and is Impostor now") == true)
        let items = try fixture.store.records(of: try fixture.collection("orders"), offset: 0, limit: 10).map { $0["item"] }
        #expect(!items.contains(.text("Pen")), "the new row was not saved to the impostor")
    }

    /// A key no row had when set, which a row inserted elsewhere has by the
    /// save, is refused: the save wrote a reference to a row never shown.
    @Test(arguments: StoreKind.all)
    func aKeyNoRowHadIsRefusedWhenARowTakesIt(kind: StoreKind) throws {
        let fixture = try kind.make(Self.schema)
        let session = Session(store: fixture.store, mode: .script)
        try session.setUp("open orders", "open #1", "set person 99")
        try fixture.elsewhere("INSERT INTO people (id, name) VALUES (99, 'Mallory')")
        #expect(session.execute("save").error?.message == "person names #99, which named no row when you set it and is "
                + "Mallory now (added elsewhere); nothing was saved (set person again, or save! to keep #99)")
        #expect(try Self.person(ofOrder: 1, in: fixture) == .integer(1))
    }

    /// This session's own rename of the row a reference was set to (one
    /// frame up, `open person`) is no change elsewhere: the save goes
    /// through (it was refused, blaming another process).
    @Test(arguments: StoreKind.all)
    func aRenameOfTheChosenRowMadeHereIsNoConflict(kind: StoreKind) throws {
        let fixture = try kind.make(Self.schema)
        let session = Session(store: fixture.store, mode: .script)
        try session.setUp("open orders", "open #1", "set person Grace Hopper", "open person", "set name Grace B. Hopper", "save")
        let saved = session.execute("save")
        #expect(saved.error == nil, "\(saved.error?.message ?? "")")
        #expect(try Self.person(ofOrder: 1, in: fixture) == .integer(2))
    }

    /// An import into an owner's related list checks the owner as a new
    /// row's save does: re-keyed elsewhere, the rows went to another.
    @Test(arguments: StoreKind.all)
    func anImportIntoARelatedListChecksItsOwner(kind: StoreKind) throws {
        let fixture = try kind.make(Self.schema)
        let file = NSTemporaryDirectory() + "navsh-owner-" + UUID().uuidString + ".csv"
        defer { try? FileManager.default.removeItem(atPath: file) }
        try "item\nKite\n".write(toFile: file, atomically: true, encoding: .utf8)
        let session = Session(store: fixture.store, mode: .script)
        try session.setUp("open people", "open #2", "open orders")
        try fixture.elsewhere("UPDATE people SET id = 20 WHERE id = 2; INSERT INTO people (id, name) VALUES (2, 'Impostor')")
        #expect(session.execute("import " + file).error?.message == "the rows would belong to #2, which was Grace Hopper when "
                + "this list was opened and is Impostor now (changed elsewhere); nothing was imported "
                + "(back, and open the list from its owner again)")
        let items = try fixture.store.records(of: try fixture.collection("orders"), offset: 0, limit: 10).map { $0["item"] }
        #expect(!items.contains(.text("Kite")))
    }

    /// A save here of another row of the same table (the chosen person's
    /// manager, two frames up) does not make a change elsewhere to the
    /// chosen row look seen: the chosen title is taken anew only from a
    /// write to that very row.
    @Test(arguments: StoreKind.all)
    func aWriteHereToAnotherRowLeavesTheCheckStanding(kind: StoreKind) throws {
        let fixture = try kind.make("""
            CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT, manager INTEGER REFERENCES people(id));
            CREATE TABLE orders (id INTEGER PRIMARY KEY, item TEXT, person INTEGER REFERENCES people(id));
            INSERT INTO people (id, name, manager) VALUES (1, 'Ada Lovelace', NULL), (5, 'Alan Turing', NULL);
            INSERT INTO people (id, name, manager) VALUES (2, 'Grace Hopper', 5);
            INSERT INTO orders (id, item, person) VALUES (1, 'Lamp', 1);
            """)
        let session = Session(store: fixture.store, mode: .script)
        try session.setUp("open orders", "open #1", "set person Grace Hopper", "open person", "open manager", "set name Alan T")
        try fixture.elsewhere("UPDATE people SET name = 'Impostor' WHERE id = 2")
        #expect(session.execute("save").error == nil, "Alan's save")
        #expect(session.execute("back").error == nil)
        #expect(session.execute("save").error?.message.contains("which was Grace Hopper when you set it and is Impostor now") == true)
    }

    static func person(ofOrder id: Int64, in fixture: StoreFixture) throws -> Value? {
        try fixture.store.records(of: try fixture.collection("orders"), offset: 0, limit: 10)
            .first { $0["id"] == .integer(id) }?["person"]
    }
}

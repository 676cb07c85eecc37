@testable import NavshCore
import NavshTestSupport
import Testing

/// A BEFORE trigger that drops a write without an error (SQLite's
/// `RAISE(IGNORE)`, a PostgreSQL trigger function returning NULL) is said
/// as the trigger's doing: the save was reported as "changed elsewhere",
/// with a conflict table whose theirs was the original and a `save!` that
/// failed the same way, and an insert as "storage error: the insert returned
/// no row" (the adversary's find). Nothing is written either way.
@Suite struct IgnoringTriggerConformanceTests {
    @Test(arguments: StoreKind.all)
    func aWriteATriggerIgnoresIsSaidToBeIgnored(kind: StoreKind) throws {
        let fixture = try Self.ignoring(kind)
        let session = Session(store: fixture.store, mode: .script)
        func run(_ lines: String...) -> Response {
            var last = Response(output: "")
            for line in lines { last = session.execute(line) }
            return last
        }
        let ignored = { (action: String) in "refused by a trigger: a trigger on items ignored the \(action); nothing was written" }
        let save = run("open items", "open #1", "set value 300", "save")
        #expect(save.error?.message.hasSuffix(ignored("update")) == true, "\(save.error?.message ?? save.output)")
        #expect(run("cancel").error == nil)
        let delete = run("delete #2")
        #expect(delete.error?.message.hasSuffix(ignored("delete")) == true, "\(delete.error?.message ?? delete.output)")
        let insert = run("new", "set name zz", "save")
        #expect(insert.error?.message.hasSuffix(ignored("insert")) == true, "\(insert.error?.message ?? insert.output)")
        let rows = try fixture.store.records(of: try fixture.collection("items"), offset: 0, limit: 10)
        #expect(rows.map { $0["value"] } == [.integer(10), .integer(20)], "nothing written")
        // A write the trigger lets through is saved as ever.
        #expect(run("cancel", "open #1", "set value 50", "save").error == nil)
    }

    /// A batch save whose rows the trigger drops names the trigger too, not
    /// a change elsewhere that `reload` would take in.
    @Test(arguments: StoreKind.all)
    func aBatchATriggerIgnoresIsSaidToBeIgnored(kind: StoreKind) throws {
        let fixture = try Self.ignoring(kind)
        let session = Session(store: fixture.store, mode: .script)
        var save = Response(output: "")
        for line in ["open items", "open *", "set value 300", "save"] { save = session.execute(line) }
        #expect(save.error?.message == "#1 a: refused by a trigger: a trigger on items ignored the update; nothing was written")
        let rows = try fixture.store.records(of: try fixture.collection("items"), offset: 0, limit: 10)
        #expect(rows.map { $0["value"] } == [.integer(10), .integer(20)], "nothing written")
    }

    /// An undo whose row a trigger drops on its way back is refused: it
    /// said "put them back" with the row still gone (a trial's find).
    @Test(arguments: StoreKind.all)
    func anUndoWhoseRowATriggerDropsIsRefused(kind: StoreKind) throws {
        let fixture = try Self.ignoring(kind)
        try fixture.elsewhere("UPDATE items SET name = 'zz' WHERE id = 1")
        let session = Session(store: fixture.store, mode: .script)
        let ignored = "a trigger on items ignored the insert"
        for (lines, refusal) in [(["top", "open items", "where name = zz", "open *", "delete"], "of 1 row: \(ignored) (zz)"),
                                 (["top", "open items", "delete #1"], "of zz: \(ignored)")] {
            for line in lines { try #require(session.execute(line).error == nil, "\(line)") }
            let undo = session.execute("undo")
            #expect(undo.error?.message == "cannot undo the delete \(refusal); nothing changed", "\(undo.error?.message ?? undo.output)")
            let rows = try fixture.store.records(of: try fixture.collection("items"), offset: 0, limit: 10)
            #expect(rows.map { $0["name"] } == [.text("b")], "nothing written")
            // The row again, past the trigger that drops an insert of zz.
            try fixture.elsewhere("INSERT INTO items (id, name, value) VALUES (1, 'yy', 10)")
            try fixture.elsewhere("UPDATE items SET name = 'zz' WHERE id = 1")
        }
    }

    /// Two rows, and triggers that drop an update to a value over 100, a
    /// delete of `b` and an insert of `zz`.
    static func ignoring(_ kind: StoreKind) throws -> StoreFixture {
        let fixture = try kind.make("""
            CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT, value INTEGER);
            INSERT INTO items (id, name, value) VALUES (1, 'a', 10), (2, 'b', 20);
            """)
        try fixture.elsewhere(kind.name == "PostgreSQL" ? """
            CREATE FUNCTION skip() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;
            CREATE TRIGGER u BEFORE UPDATE ON items FOR EACH ROW WHEN (NEW.value > 100) EXECUTE FUNCTION skip();
            CREATE TRIGGER d BEFORE DELETE ON items FOR EACH ROW WHEN (OLD.name = 'b') EXECUTE FUNCTION skip();
            CREATE TRIGGER i BEFORE INSERT ON items FOR EACH ROW WHEN (NEW.name = 'zz') EXECUTE FUNCTION skip();
            """ : """
            CREATE TRIGGER u BEFORE UPDATE ON items WHEN NEW.value > 100 BEGIN SELECT RAISE(IGNORE); END;
            CREATE TRIGGER d BEFORE DELETE ON items WHEN OLD.name = 'b' BEGIN SELECT RAISE(IGNORE); END;
            CREATE TRIGGER i BEFORE INSERT ON items WHEN NEW.name = 'zz' BEGIN SELECT RAISE(IGNORE); END;
            """)
        return fixture
    }
}

/// A save into a table another process dropped says the table is gone: the
/// reason was blank (`…: ; nothing was saved`) and the advice, to save
/// again, could not work (the adversary's find).
@Suite struct DroppedTableSaveTests {
    @Test(arguments: StoreKind.all)
    func aSaveIntoADroppedTableSaysItIsGone(kind: StoreKind) throws {
        let fixture = try kind.make("""
            CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT, value INTEGER);
            CREATE TABLE other (id INTEGER PRIMARY KEY);
            INSERT INTO items (id, name, value) VALUES (1, 'a', 10);
            """)
        let session = Session(store: fixture.store, mode: .script)
        for line in ["open items", "open #1", "set value 5"] {
            try #require(session.execute(line).error == nil, "\(line)")
        }
        try fixture.elsewhere("DROP TABLE items")
        let save = session.execute("save")
        #expect(save.error?.message.hasSuffix(
            "the table items is gone (dropped or renamed elsewhere); nothing was saved (cancel discards your edits)") == true,
                "\(save.error?.message ?? save.output)")
    }
}

import NavshCore
import NavshTestSupport
import Testing

/// `help` and Tab offer what can work in this frame (found by the trial of
/// the reshaped core: `move N M` was listed in lists that refuse it).
@Suite struct HelpOffersTests {
    static let todo = "CREATE TABLE todo (id INTEGER PRIMARY KEY, name TEXT, pos INTEGER);"
        + "INSERT INTO todo (name, pos) VALUES ('a', 1), ('b', 2);"
        + "CREATE TABLE shadowed (rowid TEXT, oid TEXT, _rowid_ TEXT);"
        + "INSERT INTO shadowed VALUES ('x', 'y', 'z');"

    @Test(arguments: StoreKind.all)
    func moveIsOfferedOnlyWhereThereIsAManualOrder(kind: StoreKind) throws {
        let plain = try SessionHarness(kind, Self.todo, mode: .interactive)
        plain.run("open todo")
        #expect(!plain.output("help").contains("move N M"))
        #expect(plain.session.completions(before: "mo").candidates.isEmpty)
        #expect(plain.run("move 1 2").error?.message
            == "todo keeps no manual order (an app spec's move: FIELD allows move N M)", "typed, it still says why")

        let ordered = try SessionHarness(kind, Self.todo, spec: "collections:\n  todo:\n    move: pos\n", mode: .interactive)
        ordered.run("open todo")
        #expect(ordered.output("help").contains("move N M"))
        #expect(ordered.session.completions(before: "mo").candidates == ["move"])
    }

    /// A table navsh cannot write (its rows cannot be told apart) is offered
    /// no new, delete or set; a spec's deletable: false, no delete.
    @Test(arguments: StoreKind.all)
    func aReadOnlyTableIsOfferedNoWrites(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.todo, mode: .interactive)
        h.run("open shadowed")
        let listHelp = h.output("help")
        #expect(!listHelp.contains("  new "))
        #expect(!listHelp.contains("delete N"))
        #expect(listHelp.contains("sort [FIELD [desc]]"))
        h.run("open 1")
        let recordHelp = h.output("help")
        #expect(!recordHelp.contains("set FIELD VALUE"))
        #expect(recordHelp.contains("cancel"))
    }

    @Test(arguments: StoreKind.all)
    func aCollectionThatKeepsItsRowsIsOfferedNoDelete(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.todo, spec: "collections:\n  todo:\n    deletable: false\n", mode: .interactive)
        h.run("open todo")
        #expect(!h.output("help").contains("delete N"))
        h.run("open 1")
        #expect(!h.output("help").contains("delete this record"))
        #expect(h.output("help").contains("set FIELD VALUE"))
    }
}

import NavshCore
import NavshTestSupport
import Testing

/// `title` renames a collection's rows for the session, without a spec:
/// the list, references from other tables and `where REF ~` all follow.
@Suite struct TitleCommandTests {
    static let sql = """
        CREATE TABLE people (id INTEGER PRIMARY KEY, nickname TEXT, first_name TEXT, last_name TEXT, city TEXT);
        CREATE TABLE tasks (id INTEGER PRIMARY KEY, owner INTEGER REFERENCES people (id), what TEXT);
        INSERT INTO people VALUES (1, 'Countess', 'Ada', 'Lovelace', 'London'), (2, 'Amazing Grace', 'Grace', 'Hopper', 'New York');
        INSERT INTO tasks VALUES (1, 1, 'notes'), (2, 2, 'compiler');
        """

    @Test(arguments: StoreKind.all)
    func aFieldOrATemplateTitlesTheRowsEverywhere(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.sql)
        #expect(h.output("open people").contains("   1  Ada Lovelace"))
        let byNickname = h.output("title nickname")
        #expect(byNickname.contains("   1  Countess") && !byNickname.contains("Ada Lovelace"), "\(byNickname)")
        let templated = h.output(#"title "{last_name}, {first_name} ({city})""#)
        #expect(templated.contains("   1  Lovelace, Ada (London)"), "\(templated)")
        // Another table's reference reads the new title, and matches by it.
        h.run("back")
        let tasks = h.output("open tasks")
        #expect(tasks.contains("Hopper, Grace (New York)"), "\(tasks)")
        let found = h.output("where owner ~ Lovelace")
        #expect(found.contains("notes") && !found.contains("compiler"), "\(found)")
        // `title` alone goes back to the store's own title.
        h.run("top", "open people")
        #expect(h.output("title").contains("   1  Ada Lovelace"))
    }

    @Test(arguments: StoreKind.all)
    func aFieldTheListDoesNotHaveChangesNothing(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.sql)
        h.run("open people")
        #expect(h.run("title nicknme").error?.message == "title: no field 'nicknme' in people; did you mean nickname?")
        #expect(h.run(#"title "{nope}""#).error?.message.hasPrefix("title: no field 'nope' in people") == true)
        #expect(h.output("show").contains("   1  Ada Lovelace"))
        h.run("open 1")
        #expect(h.run("title nickname").error != nil, "title is for a list")
    }

    /// A template keeps the columns the list showed; a reference cannot
    /// title rows; a field renamed elsewhere gives the store's title back.
    @Test(arguments: StoreKind.all)
    func aTitleKeepsTheListsColumnsAndFollowsTheSchema(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.sql)
        h.run("open people")
        let templated = h.output(#"title "{last_name}, {first_name}""#)
        #expect(templated.contains("Lovelace, Ada") && templated.contains("London"), "\(templated)")
        h.run("top", "open tasks")
        #expect(h.run("title owner").error?.message
            == "title: owner is a reference, which reads as a key; name the rows by their own fields")
        h.run("top", "open people")
        try h.elsewhere("ALTER TABLE people RENAME COLUMN last_name TO surname")
        let renamed = h.output("show")
        #expect(renamed.contains("Ada") && !renamed.contains(", Ada"), "\(renamed)")
    }
}

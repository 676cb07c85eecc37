@testable import NavshCore
import NavshTestSupport
import Testing

/// What every store promises about reading many references at once (a list
/// page's titles): the same rows `record(of:referencedBy:field:)` finds one
/// by one, in the order asked, nil where none.
@Suite struct ReferenceConformanceTests {
    @Test(arguments: StoreKind.all)
    func manyReferencesReadTogetherAsEachAlone(kind: StoreKind) throws {
        let fixture = try kind.make(Schemas.garage)
        let owners = try fixture.collection("owners")
        let store = fixture.store
        let ada = try fixture.row("owners", "name", .text("Ada"))
        let grace = try fixture.row("owners", "name", .text("Grace"))
        let values = [grace["id"], .integer(999), ada["id"], grace["id"]]
        let found = try store.records(of: owners, referencedBy: values, field: nil, reading: ["name"])
        #expect(found.map { $0?["name"] } == [.text("Grace"), nil, .text("Ada"), .text("Grace")])
        #expect(found.map { $0?.id } == [grace.id, nil, ada.id, grace.id])
        let alone = try values.map { try store.record(of: owners, referencedBy: $0, field: nil)?.id }
        #expect(found.map { $0?.id } == alone, "the same rows as read one by one")

        // By another column than the key, ignoring case as a single read does.
        let byName = try store.records(of: owners, referencedBy: [.text("ada"), .text("Nobody")], field: "name",
                                       reading: ["name"])
        #expect(byName.map { $0?.id } == [ada.id, nil])
        #expect(try store.records(of: owners, referencedBy: [], field: nil, reading: ["name"]).isEmpty)
    }

    /// A title made of two fields (a first and last name) is matched whole:
    /// by a search of its title field, and by `where` on a reference to it
    /// (`titleContains`), as the list shows it, not by its first field alone.
    @Test(arguments: StoreKind.all)
    func aTitleOfTwoFieldsIsMatchedWhole(kind: StoreKind) throws {
        let fixture = try kind.make("""
            CREATE TABLE people (id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT);
            CREATE TABLE pets (id INTEGER PRIMARY KEY, name TEXT, owner INTEGER REFERENCES people(id));
            INSERT INTO people (id, first_name, last_name) VALUES (1, 'Leonie', 'Köhler'), (2, 'Jack', 'Smith'),
              (3, NULL, 'Solo'), (4, 'Cher', '');
            INSERT INTO pets (id, name, owner) VALUES (1, 'Rex', 1), (2, 'Tom', 2), (3, 'Kit', 1);
            """)
        let store = fixture.store
        let people = try fixture.collection("people")
        #expect(people.titleParts == [.field("first_name"), .separator(" "), .field("last_name")])
        let title = try #require(people.titleField)
        #expect(try store.find("köhler", in: title, of: people, match: .contains, limit: 5).map(\.id.parts)
                == [[.integer(1)]])
        #expect(try store.find("leonie köhler", in: title, of: people, match: .exact, limit: 5).map(\.id.parts)
                == [[.integer(1)]])
        // A name with one part empty reads as the other alone, as the list shows it.
        #expect(try store.find("solo", in: title, of: people, match: .exact, limit: 5).map(\.id.parts) == [[.integer(3)]])
        #expect(try store.find("cher", in: title, of: people, match: .exact, limit: 5).map(\.id.parts) == [[.integer(4)]])
        // Its first field alone is no title: "Jack" is part of "Jack Smith".
        #expect(try store.find("Jack", in: title, of: people, match: .exact, limit: 5).isEmpty)
        #expect(try store.find("Jack", in: title, of: people, match: .contains, limit: 5).map(\.id.parts) == [[.integer(2)]])
        var pets = try fixture.collection("pets")
        let owner = try #require(pets.field(named: "owner"))
        let target = try #require(ReferencedTitle.of(owner, in: store))
        pets.filters = [.titleContains(field: "owner", target, "ie Kö")]
        #expect(try store.records(of: pets, offset: 0, limit: 10).compactMap { $0["name"] } == [.text("Rex"), .text("Kit")])
        // `find` matches the title as the list shows it too, across its fields.
        var found = people
        found.filters = [.anyTextContains("leonie köh")]
        #expect(try store.records(of: found, offset: 0, limit: 10).map(\.id.parts) == [[.integer(1)]])
    }

    /// A spec's `row:` template is matched as it renders: its text between
    /// the fields, a NULL field leaving no double space, its ends trimmed.
    @Test(arguments: StoreKind.all)
    func aTemplateTitleIsMatchedAsItRenders(kind: StoreKind) throws {
        let fixture = try kind.make("""
            CREATE TABLE people (id INTEGER PRIMARY KEY, first TEXT, middle TEXT, last TEXT);
            CREATE TABLE pets (id INTEGER PRIMARY KEY, name TEXT, owner INTEGER REFERENCES people(id));
            INSERT INTO people (id, first, middle, last) VALUES (1, 'Ann', NULL, 'Lee'), (2, 'Bo', 'J', 'Chen'), (3, NULL, NULL, 'Solo');
            INSERT INTO pets (id, name, owner) VALUES (1, 'Rex', 1), (2, 'Tom', 2), (3, 'Kit', 3);
            """)
        let store = fixture.store
        var people = try fixture.collection("people")
        people.rowTitle = try RowTemplate("{first} {middle} {last} (person)")
        let title = try #require(people.titleField)
        #expect(try store.find("ann lee (person)", in: title, of: people, match: .exact, limit: 5).map(\.id.parts)
                == [[.integer(1)]])
        #expect(try store.find("solo (person)", in: title, of: people, match: .exact, limit: 5).map(\.id.parts)
                == [[.integer(3)]])
        #expect(try store.find("j chen", in: title, of: people, match: .contains, limit: 5).map(\.id.parts)
                == [[.integer(2)]])
        var pets = try fixture.collection("pets")
        let owner = try #require(pets.field(named: "owner"))
        var target = try #require(ReferencedTitle.of(owner, in: store))
        target.parts = people.titleParts
        pets.filters = [.titleContains(field: "owner", target, "n Lee (")]
        #expect(try store.records(of: pets, offset: 0, limit: 10).compactMap { $0["name"] } == [.text("Rex")])
    }
}

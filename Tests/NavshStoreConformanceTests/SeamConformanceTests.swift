import NavshCore
import NavshTestSupport
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
        let (fixture, many) = try kind.make(Schemas.many, opening: "many")
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

    /// A spec's `create: true` reaches the store as a portable description;
    /// the store makes it with types that read back as the kinds asked for,
    /// and reads its schema again at once.
    @Test(arguments: StoreKind.all)
    func createdTablesAndColumnsReadBackWithTheirKinds(kind: StoreKind) throws {
        let fixture = try kind.make(Schemas.items)
        #expect(try fixture.store.columnNames(of: "ITEMS").first == "id", "matched ignoring case")
        #expect(try fixture.store.columnNames(of: "owners") == [])
        // A name holding a NUL is no table, not the table its first part names
        // (a spec's `items\0` passed as `items`, then applied to nothing).
        #expect(try fixture.store.columnNames(of: "items\u{0}") == [])
        try fixture.store.create([
            .table(name: "owners", columns: [
                ColumnDescription(name: "name", kind: .text),
                ColumnDescription(name: "born", kind: .date),
                ColumnDescription(name: "paid", kind: .boolean, isNotNull: true, defaultValue: .integer(0)),
            ]),
            .column(table: "items", ColumnDescription(name: "owner_id", kind: .integer, references: "owners")),
            .column(table: "items", ColumnDescription(name: "seen", kind: .datetime)),
            .column(table: "items", ColumnDescription(name: "colour", kind: .text, defaultValue: .text("it's red"))),
        ])
        let owners = try fixture.collection("owners")
        #expect(owners.fields.map(\.name) == ["id", "name", "born", "paid"])
        #expect(owners.fields.map(\.kind) == [.integer, .text, .date, .boolean])
        #expect(owners.fields[0].primaryKeyPosition == 1)
        let ada = try fixture.store.insert(["name": .text("Ada")], into: owners).id
        #expect(try fixture.store.record(of: owners, id: ada)?["paid"] == .integer(0), "the default fills it in")
        let items = try fixture.collection("items")
        #expect(items.fields.suffix(3).map(\.kind) == [.integer, .datetime, .text])
        #expect(items.field(named: "owner_id")?.references?.collection == "owners")
        #expect(try fixture.column("items", "colour").allSatisfy { $0 == .text("it's red") })
        #expect(try fixture.store.columnNames(of: "owners") == ["id", "name", "born", "paid"])
    }

    /// Creating is all or none: a table that is already there refuses the
    /// whole list, and nothing before it stays.
    @Test(arguments: StoreKind.all)
    func aRefusedCreationCreatesNothing(kind: StoreKind) throws {
        let fixture = try kind.make(Schemas.items)
        #expect(throws: StoreError.self) {
            try fixture.store.create([
                .column(table: "items", ColumnDescription(name: "colour", kind: .text)),
                .table(name: "items", columns: []),
            ])
        }
        #expect(try fixture.store.columnNames(of: "items").contains("colour") == false)
        #expect(try fixture.collection("items").field(named: "colour") == nil)
    }

    /// The core's presentation is applied to every schema the store reads:
    /// set now, and again after another connection changes the schema.
    @Test(arguments: StoreKind.all)
    func thePresentationHoldsAfterASchemaChangeElsewhere(kind: StoreKind) throws {
        let fixture = try kind.make(Schemas.items)
        fixture.store.presentation = { collection in
            var presented = collection
            presented.title = collection.name.uppercased()
            return presented
        }
        #expect(try fixture.collection("items").title == "ITEMS")
        try fixture.elsewhere("ALTER TABLE items ADD COLUMN colour TEXT")
        #expect(try fixture.store.reloadSchemaIfChanged())
        let items = try fixture.collection("items")
        #expect(items.title == "ITEMS")
        #expect(items.fields.last?.name == "colour")
    }

    /// An insert returns the row as stored, read in its own transaction:
    /// the store's defaults are filled in for the fields left out, so the
    /// core need not read it again.
    @Test(arguments: StoreKind.all)
    func anInsertReturnsTheStoredRowWithDefaultsFilledIn(kind: StoreKind) throws {
        let (fixture, items) = try kind.make(Schemas.items, opening: "items")
        let kite = try fixture.store.insert(["name": .text("Kite")], into: items)
        #expect(kite == (try fixture.store.record(of: items, id: kite.id)))
        #expect(kite["value"] == .integer(0))
        #expect(kite["note"] == .text("none"))
        #expect(kite["created"] != .null, "an expression default is evaluated by the store")
        #expect(kite["id"] != .null)
    }

    /// An update returns the whole row as stored, the fields it did not
    /// change included; a keyed row whose key changed comes back under its
    /// new identity.
    @Test(arguments: StoreKind.all)
    func anUpdateReturnsTheStoredRow(kind: StoreKind) throws {
        let (fixture, items) = try kind.make(Schemas.items + Schemas.pairs, opening: "items")
        let gort = try fixture.row("items", "name", .text("Gort statue"))
        let updated = try fixture.store.update(gort.id, in: items, changes: ["value": .integer(7)], expecting: gort.values)
        let expected = gort.with(["value": .integer(7)])
        #expect(updated == expected)

        let pairs = try fixture.collection("pairs")
        let first = try fixture.row("pairs", "label", .text("first"))
        let moved = try fixture.store.update(first.id, in: pairs, changes: ["b": .integer(9)], expecting: first.values)
        #expect(moved == (try fixture.row("pairs", "label", .text("first"))))
        #expect(moved.id != first.id)
    }

    /// Following a reference is the store's job (the core never builds an
    /// identity): by the target's key, or by the value of the field named.
    @Test(arguments: StoreKind.all)
    func aReferenceIsFollowedToTheRowItNames(kind: StoreKind) throws {
        let (fixture, owners) = try kind.make(Schemas.garage, opening: "owners")
        let grace = try fixture.row("owners", "name", .text("Grace"))
        #expect(try fixture.store.record(of: owners, referencedBy: .integer(2), field: nil) == grace)
        #expect(try fixture.store.record(of: owners, referencedBy: .integer(2), field: "id") == grace)
        #expect(try fixture.store.record(of: owners, referencedBy: .text("Grace"), field: "name") == grace)
        #expect(try fixture.store.record(of: owners, referencedBy: .integer(9), field: nil) == nil)
        #expect(try fixture.store.record(of: owners, referencedBy: .text("Nobody"), field: "name") == nil)
    }
}

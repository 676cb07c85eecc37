@testable import NavshCore
import NavshTestSupport
import Testing

/// What every store promises about single writes: insert, update and delete
/// with the check against what the caller read, restore, constraint errors.
@Suite struct WritingConformanceTests {
    @Test(arguments: StoreKind.all)
    func anInsertReturnsAnIdentityThatReadsBackWithTheValuesAndDefaults(kind: StoreKind) throws {
        let (fixture, items) = try kind.make(Schemas.items, opening: "items")
        let id = try fixture.store.insert(["name": .text("Tea set"), "weight": .real(2.5)], into: items).id
        let row = try #require(try fixture.store.record(of: items, id: id))
        #expect(row.id == id)
        #expect(row["name"] == .text("Tea set"))
        #expect(row["weight"] == .real(2.5))
        #expect(row["value"] == .integer(0))
        #expect(row["note"] == .text("none"))
        #expect(row["serial"] == .null)
        guard case .text(let created) = row["created"], !created.isEmpty else {
            Issue.record("created was not filled in by its default: \(row["created"])")
            return
        }
        #expect(try fixture.store.count(of: items) == 6)
        #expect(try fixture.store.ids(of: items).last == id)
    }

    @Test(arguments: StoreKind.all)
    func anInsertOfNoValuesTakesEveryDefault(kind: StoreKind) throws {
        let (fixture, things) = try kind.make(Schemas.numbered(2), opening: "things")
        let id = try fixture.store.insert([:], into: things).id
        let row = try #require(try fixture.store.record(of: things, id: id))
        #expect(row["name"] == .null)
        #expect(row["id"] != .null)
        #expect(try fixture.store.ids(of: things).count == 3)
    }

    @Test(arguments: StoreKind.all)
    func anUpdateWritesOnlyTheChangedFields(kind: StoreKind) throws {
        let (fixture, items) = try kind.make(Schemas.items, opening: "items")
        let read = try fixture.row("items", "name", .text("Hoverboard"))
        try fixture.store.update(read.id, in: items, changes: ["value": .integer(1000)], expecting: nil)
        let expected = read.with(["value": .integer(1000)])
        #expect(try fixture.store.record(of: items, id: read.id) == expected)
    }

    @Test(arguments: StoreKind.all)
    func anUpdateExpectingWhatIsStoredWrites(kind: StoreKind) throws {
        let (fixture, items) = try kind.make(Schemas.items, opening: "items")
        let read = try fixture.row("items", "name", .text("Hoverboard"))
        try fixture.store.update(read.id, in: items, changes: ["value": .integer(1000)], expecting: read.values)
        #expect(try fixture.store.record(of: items, id: read.id)?["value"] == .integer(1000))
    }

    @Test(arguments: StoreKind.all)
    func anUpdateOverAChangeElsewhereIsAConflictWithTheRowAsItIsNow(kind: StoreKind) throws {
        let (fixture, items) = try kind.make(Schemas.items, opening: "items")
        let read = try fixture.row("items", "name", .text("Hoverboard"))
        // Another field than the one written: the whole row read is the expectation.
        try fixture.elsewhere("UPDATE items SET note = 'sold' WHERE id = 3")
        let now = try #require(try fixture.store.record(of: items, id: read.id))
        let before = try fixture.rows("items")
        expectConflict(current: now) {
            try fixture.store.update(read.id, in: items, changes: ["value": .integer(1000)], expecting: read.values)
        }
        #expect(try fixture.rows("items") == before)
    }

    @Test(arguments: StoreKind.all)
    func writesToARowDeletedElsewhereReportItMissing(kind: StoreKind) throws {
        let (fixture, items) = try kind.make(Schemas.items, opening: "items")
        let read = try fixture.row("items", "name", .text("Rusty spork"))
        try fixture.elsewhere("DELETE FROM items WHERE id = 2")
        for expecting in [nil, read.values] {
            expectMissing { try fixture.store.update(read.id, in: items, changes: ["value": .integer(3)], expecting: expecting) }
            expectMissing { try fixture.store.delete(read.id, from: items, expecting: expecting) }
        }
        #expect(try fixture.store.count(of: items) == 4)
    }

    @Test(arguments: StoreKind.all)
    func aDeleteChecksWhatWasReadLikeAnUpdate(kind: StoreKind) throws {
        let (fixture, items) = try kind.make(Schemas.items, opening: "items")
        let gort = try fixture.row("items", "name", .text("Gort statue"))
        let spork = try fixture.row("items", "name", .text("Rusty spork"))
        try fixture.elsewhere("UPDATE items SET weight = 13 WHERE id = 1")
        let now = try #require(try fixture.store.record(of: items, id: gort.id))
        expectConflict(current: now) { try fixture.store.delete(gort.id, from: items, expecting: gort.values) }
        #expect(try fixture.store.record(of: items, id: gort.id) == now)

        #expect(try fixture.store.delete(spork.id, from: items, expecting: spork.values).isEmpty)
        #expect(try fixture.store.record(of: items, id: spork.id) == nil)
        #expect(try fixture.store.count(of: items) == 4)
    }

    /// A row moved out of a scoped list (another owner now) changed; it is not gone.
    @Test(arguments: StoreKind.all)
    func aRowMovedOutOfAScopeIsAConflictNotMissing(kind: StoreKind) throws {
        let fixture = try kind.make(Schemas.garage)
        var cars = try fixture.collection("cars")
        let corolla = try fixture.row("cars", "model", .text("Corolla"))
        cars.scope = CollectionSchema.Scope(field: "owner_id", value: corolla["owner_id"])
        try fixture.elsewhere("UPDATE cars SET owner_id = 2 WHERE id = 1")
        let now = corolla.with(["owner_id": .integer(2)])
        expectConflict(current: now) {
            try fixture.store.update(corolla.id, in: cars, changes: ["model": .text("Yaris")], expecting: corolla.values)
        }
        #expect(try fixture.row("cars", "model", .text("Corolla")) == now)
    }

    /// The check compares what is stored exactly, not by the column's
    /// collation: a change of case elsewhere is a change.
    @Test(arguments: StoreKind.all)
    func aCaseOnlyChangeInACaselessColumnIsAConflict(kind: StoreKind) throws {
        let (fixture, tags) = try kind.make(Schemas.caseless, opening: "tags")
        let read = try fixture.row("tags", "uses", .integer(1))
        try fixture.elsewhere("UPDATE tags SET name = 'GORT' WHERE id = 1")
        let now = try #require(try fixture.store.record(of: tags, id: read.id))
        #expect(now["name"] == .text("GORT"))
        expectConflict(current: now) {
            try fixture.store.update(read.id, in: tags, changes: ["uses": .integer(2)], expecting: read.values)
        }
        expectConflict(current: now) { try fixture.store.delete(read.id, from: tags, expecting: read.values) }
        #expect(try fixture.store.record(of: tags, id: read.id) == now)
    }

    @Test(arguments: StoreKind.all)
    func aDeletedRowIsRestoredWithItsIdentity(kind: StoreKind) throws {
        let (fixture, items) = try kind.make(Schemas.items, opening: "items")
        let bear = try fixture.row("items", "name", .text("木彫りの熊"))
        let before = try fixture.rows("items")
        try fixture.store.delete(bear.id, from: items, expecting: bear.values)
        try fixture.store.restore(bear, into: items)
        #expect(try fixture.store.record(of: items, id: bear.id) == bear)
        #expect(try fixture.rows("items") == before)
        // Deleted elsewhere (`save!` puts it back) works the same.
        try fixture.elsewhere("DELETE FROM items WHERE id = 4")
        try fixture.store.restore(bear, into: items)
        #expect(try fixture.rows("items") == before)
    }

    @Test(arguments: StoreKind.all)
    func constraintErrorsNameTheirKindAndFieldAndWriteNothing(kind: StoreKind) throws {
        let (fixture, items) = try kind.make(Schemas.items + Schemas.garage, opening: "items")
        let cars = try fixture.collection("cars")
        let gort = try fixture.row("items", "name", .text("Gort statue"))
        let before = try fixture.rows("items")
        expectConstraint(.notNull, fields: ["name"]) {
            try fixture.store.update(gort.id, in: items, changes: ["name": .null], expecting: nil)
        }
        expectConstraint(.unique, fields: ["serial"]) {
            try fixture.store.update(gort.id, in: items, changes: ["serial": .text("HB-2015")], expecting: gort.values)
        }
        expectConstraint(.check, fields: ["value"]) {
            try fixture.store.update(gort.id, in: items, changes: ["value": .integer(-1)], expecting: nil)
        }
        expectConstraint(.notNull, fields: ["name"]) { try fixture.store.insert(["serial": .text("X-1")], into: items) }
        expectConstraint(.check, fields: ["name"]) { try fixture.store.insert(["name": .text("")], into: items) }
        #expect(try fixture.rows("items") == before)

        let carsBefore = try fixture.rows("cars")
        expectConstraint(.foreignKey, fields: ["owner_id"]) {
            try fixture.store.insert(["model": .text("Mini"), "owner_id": .integer(99)], into: cars)
        }
        // Said by the referenced table's own column, on every store alike
        // (PostgreSQL's detail names the referencing one).
        #expect(throws: StoreError.constraint(.foreignKey, fields: ["owner_id"], detail: "no row in owners has id = 99")) {
            try fixture.store.update(try fixture.row("cars", "model", .text("Beetle")).id, in: cars,
                                     changes: ["owner_id": .integer(99)], expecting: nil)
        }
        #expect(try fixture.rows("cars") == carsBefore)
    }

    @Test(arguments: StoreKind.all)
    func aWriteNamingAFieldTheCollectionLacksIsRefused(kind: StoreKind) throws {
        let (fixture, items) = try kind.make(Schemas.items, opening: "items")
        let gort = try fixture.row("items", "name", .text("Gort statue"))
        let before = try fixture.rows("items")
        expectStoreError("a refusal", matching: { _ in true }) {
            try fixture.store.update(gort.id, in: items, changes: ["value": .integer(1), "colour": .text("red")], expecting: nil)
        }
        expectStoreError("a refusal", matching: { _ in true }) {
            try fixture.store.insert(["name": .text("Kite"), "colour": .text("red")], into: items)
        }
        #expect(try fixture.rows("items") == before)
    }

    /// A table keyed by its primary key alone: identities are key values,
    /// and every write finds its row by them.
    @Test(arguments: StoreKind.all)
    func aTableKeyedByItsPrimaryKeyAloneIsWrittenByKey(kind: StoreKind) throws {
        let (fixture, pairs) = try kind.make(Schemas.pairs, opening: "pairs")
        #expect(try fixture.column("pairs", "label") == [.text("first"), .text("second"), .text("third")])
        let second = try fixture.row("pairs", "label", .text("second"))
        #expect(second.id.parts == [.text("x"), .integer(2)])
        #expect(try fixture.store.position(of: second.id, in: pairs) == 1)

        try fixture.store.update(second.id, in: pairs, changes: ["label": .text("SECOND")], expecting: second.values)
        let updated = second.with(["label": .text("SECOND")])
        #expect(try fixture.store.record(of: pairs, id: second.id) == updated)

        let id = try fixture.store.insert(["a": .text("z"), "b": .integer(0), "label": .text("new")], into: pairs).id
        #expect(id.parts == [.text("z"), .integer(0)])
        expectConstraint(.primaryKey, fields: ["a", "b"]) {
            try fixture.store.insert(["a": .text("z"), "b": .integer(0), "label": .text("again")], into: pairs)
        }

        try fixture.store.delete(updated.id, from: pairs, expecting: updated.values)
        #expect(try fixture.store.record(of: pairs, id: updated.id) == nil)
        try fixture.store.restore(updated, into: pairs)
        #expect(try fixture.store.record(of: pairs, id: updated.id) == updated)
    }
}

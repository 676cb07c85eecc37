import NavshCore
import NavshTestSupport
import Testing

/// What every store promises about writes that go together: cascades, one
/// transaction around several writes, batches, manual orders, and how it
/// notices another connection's commits.
@Suite struct TransactionConformanceTests {
    /// Deleting Ada takes her two cars, their services (two deep), and
    /// clears the car of the trips in those cars.
    @Test(arguments: StoreKind.all)
    func aDeleteReportsEveryRowItTookOrChangedAsAskedBefore(kind: StoreKind) throws {
        let (fixture, owners) = try kind.make(Schemas.garage, opening: "owners")
        let ada = try fixture.row("owners", "name", .text("Ada"))
        let corolla = try fixture.row("cars", "model", .text("Corolla"))
        let beetle = try fixture.row("cars", "model", .text("Beetle"))
        let expected: [CascadeEffect] = [
            CascadeEffect(collection: "cars", record: corolla, action: .deleted),
            CascadeEffect(collection: "cars", record: beetle, action: .deleted),
            CascadeEffect(collection: "services", record: try fixture.row("services", "what", .text("oil")), action: .deleted),
            CascadeEffect(collection: "services", record: try fixture.row("services", "what", .text("tyres")), action: .deleted),
            CascadeEffect(collection: "trips", record: try fixture.row("trips", "place", .text("Bath")),
                          action: .referenceCleared(fields: ["car_id"])),
            CascadeEffect(collection: "trips", record: try fixture.row("trips", "place", .text("Ely")),
                          action: .referenceCleared(fields: ["car_id"])),
        ]
        // The protocol promises which rows, not in what order.
        func sorted(_ effects: [CascadeEffect]) -> [CascadeEffect] {
            effects.sorted { "\($0.collection) \($0.record.id)" < "\($1.collection) \($1.record.id)" }
        }
        let asked = try fixture.store.cascades(ofDeleting: ada.id, in: owners)
        #expect(sorted(asked) == sorted(expected))
        #expect(try fixture.rows("cars").count == 3)  // asking deletes nothing

        let taken = try fixture.store.delete(ada.id, from: owners, expecting: ada.values)
        // What the delete took is what was asked, plus each cleared row as it left it.
        #expect(sorted(taken).map { var e = $0; e.after = nil; return e } == sorted(expected))
        for effect in taken where effect.action != .deleted {
            #expect(effect.after?["car_id"] == .null, "\(effect.record.id): the row as the delete left it")
            #expect(effect.after?["place"] == effect.record["place"])
        }
        #expect(try fixture.column("cars", "model") == [.text("Model T")])
        #expect(try fixture.column("services", "what") == [.text("brakes")])
        #expect(try fixture.column("trips", "car_id") == [.null, .integer(2), .null])
    }

    /// What `undo` of a delete does: the row and everything it took, put
    /// back in one transaction, leave the tables as they were.
    @Test(arguments: StoreKind.all)
    func restoringADeleteWithItsEffectsPutsEverythingBack(kind: StoreKind) throws {
        let fixture = try kind.make(Schemas.garage)
        let tables = ["owners", "cars", "services", "trips"]
        let before = try tables.map { try fixture.rows($0) }
        let owners = try fixture.collection("owners")
        let ada = try fixture.row("owners", "name", .text("Ada"))
        let effects = try fixture.store.delete(ada.id, from: owners, expecting: ada.values)
        try fixture.store.atomically {
            try fixture.store.restore(ada, into: owners)
            for effect in effects {
                let collection = try fixture.collection(effect.collection)
                switch effect.action {
                case .deleted:
                    try fixture.store.restore(effect.record, into: collection)
                case .referenceCleared(let fields):
                    let old = Dictionary(uniqueKeysWithValues: fields.map { ($0, effect.record[$0]) })
                    try fixture.store.update(effect.record.id, in: collection, changes: old, expecting: nil)
                }
            }
        }
        #expect(try tables.map { try fixture.rows($0) } == before)
    }

    @Test(arguments: StoreKind.all)
    func atomicallyCommitsEveryWriteOrNone(kind: StoreKind) throws {
        let (fixture, items) = try kind.make(Schemas.items, opening: "items")
        let before = try fixture.rows("items")
        let gort = try fixture.row("items", "name", .text("Gort statue"))
        expectConstraint(.unique, fields: ["serial"]) {
            try fixture.store.atomically {
                try fixture.store.update(gort.id, in: items, changes: ["value": .integer(7)], expecting: nil)
                _ = try fixture.store.insert(["name": .text("Kite")], into: items)
                try fixture.store.update(gort.id, in: items, changes: ["serial": .text("HB-2015")], expecting: nil)
            }
        }
        #expect(try fixture.rows("items") == before)

        let id = try fixture.store.atomically {
            try fixture.store.update(gort.id, in: items, changes: ["value": .integer(7)], expecting: nil)
            return try fixture.store.insert(["name": .text("Kite")], into: items).id
        }
        #expect(try fixture.store.record(of: items, id: gort.id)?["value"] == .integer(7))
        #expect(try fixture.store.record(of: items, id: id)?["name"] == .text("Kite"))
    }

    /// Inside another, `atomically` is a savepoint: its failure takes back
    /// its own writes only, and the outer one can still commit.
    @Test(arguments: StoreKind.all)
    func aFailedInnerAtomicallyTakesBackOnlyItsOwnWrites(kind: StoreKind) throws {
        let (fixture, items) = try kind.make(Schemas.items, opening: "items")
        let gort = try fixture.row("items", "name", .text("Gort statue"))
        try fixture.store.atomically {
            try fixture.store.update(gort.id, in: items, changes: ["value": .integer(7)], expecting: nil)
            expectConstraint(.check, fields: ["value"]) {
                try fixture.store.atomically {
                    try fixture.store.update(gort.id, in: items, changes: ["note": .text("inner")], expecting: nil)
                    try fixture.store.update(gort.id, in: items, changes: ["value": .integer(-1)], expecting: nil)
                }
            }
        }
        let expected = gort.with(["value": .integer(7)])
        #expect(try fixture.store.record(of: items, id: gort.id) == expected)
    }

    /// A dry run's transaction: the store reads its own writes inside it,
    /// and `rollback: true` takes every one back when it ends.
    @Test(arguments: StoreKind.all)
    func aTransactionThatAlwaysRollsBackWritesNothing(kind: StoreKind) throws {
        let (fixture, items) = try kind.make(Schemas.items, opening: "items")
        let before = try fixture.rows("items")
        let gort = try fixture.row("items", "name", .text("Gort statue"))
        let read = try fixture.store.transaction(rollback: true) {
            try fixture.store.update(gort.id, in: items, changes: ["value": .integer(7)], expecting: gort.values)
            let kite = try fixture.store.insert(["name": .text("Kite")], into: items).id
            // Inside the transaction the store reads its own writes.
            return (try fixture.store.record(of: items, id: kite)?["name"], try fixture.store.count(of: items))
        }
        #expect(read.0 == .text("Kite"))
        #expect(read.1 == 6)
        #expect(try fixture.rows("items") == before)
    }

    /// `--atomic`: a script that fails throws out of its transaction, and
    /// none of its writes stay; the error comes out as it was thrown.
    @Test(arguments: StoreKind.all)
    func aTransactionRollsBackWhenItsBodyThrows(kind: StoreKind) throws {
        struct Failed: Error {}
        let (fixture, items) = try kind.make(Schemas.items, opening: "items")
        let before = try fixture.rows("items")
        let gort = try fixture.row("items", "name", .text("Gort statue"))
        #expect(throws: Failed.self) {
            try fixture.store.transaction {
                try fixture.store.update(gort.id, in: items, changes: ["value": .integer(7)], expecting: nil)
                _ = try fixture.store.insert(["name": .text("Kite")], into: items)
                throw Failed()
            }
        }
        #expect(try fixture.rows("items") == before)
        // The store is out of the transaction: the next write commits on its own.
        try fixture.store.update(gort.id, in: items, changes: ["value": .integer(8)], expecting: nil)
        try fixture.elsewhere("UPDATE items SET note = 'seen' WHERE value = 8")
        #expect(try fixture.row("items", "name", .text("Gort statue"))["note"] == .text("seen"))
    }

    /// Inside a transaction each write is still all or nothing on its own: a
    /// refused one leaves the transaction's earlier writes, which then commit
    /// where another connection sees them.
    @Test(arguments: StoreKind.all)
    func aRefusedWriteInATransactionLeavesTheOthersToCommit(kind: StoreKind) throws {
        let (fixture, items) = try kind.make(Schemas.items, opening: "items")
        let gort = try fixture.row("items", "name", .text("Gort statue"))
        try fixture.store.transaction {
            try fixture.store.update(gort.id, in: items, changes: ["value": .integer(7)], expecting: nil)
            expectConstraint(.unique, fields: ["serial"]) {
                try fixture.store.atomically {
                    try fixture.store.update(gort.id, in: items, changes: ["note": .text("half")], expecting: nil)
                    try fixture.store.update(gort.id, in: items, changes: ["serial": .text("HB-2015")], expecting: nil)
                }
            }
        }
        let expected = gort.with(["value": .integer(7)])
        #expect(try fixture.store.record(of: items, id: gort.id) == expected)
        // Committed: another connection's write on top of it lands.
        try fixture.elsewhere("UPDATE items SET note = 'seen' WHERE value = 7")
        #expect(try fixture.row("items", "name", .text("Gort statue"))["note"] == .text("seen"))
    }

    /// `changes(since:)` reports another connection's commit (the session
    /// then reads lists again and tells what changed), once. The core also
    /// relies on it staying put across this store's own writes, or every
    /// save would read as a change elsewhere. A store that names the rows
    /// must name the one changed.
    @Test(arguments: StoreKind.all)
    func changesSinceSeesAnotherConnectionsCommitOnly(kind: StoreKind) throws {
        let (fixture, items) = try kind.make(Schemas.items, opening: "items")
        let first = try fixture.store.changes(since: nil)
        #expect(first.changedElsewhere == false)
        try kind.onAQuietServer { () throws in
            #expect(try fixture.store.changes(since: first.token) == StoreChanges(token: first.token, changedElsewhere: false))
        }

        try fixture.elsewhere("UPDATE items SET value = 121 WHERE id = 1")
        let second = try fixture.store.changes(since: first.token)
        #expect(second.changedElsewhere)
        #expect(second.token != first.token)
        let gort = try fixture.row("items", "name", .text("Gort statue"))
        if let rows = second.rows { #expect(rows["items"]?.contains(gort.id) == true) }
        try kind.onAQuietServer { () throws in
            #expect(try fixture.store.changes(since: second.token).changedElsewhere == false, "told once")
        }

        try fixture.store.update(gort.id, in: items, changes: ["value": .integer(122)], expecting: gort.values)
        _ = try fixture.store.insert(["name": .text("Kite")], into: items)
        try fixture.store.transaction {
            _ = try fixture.store.insert(["name": .text("Kite 2")], into: items)
        }
        try kind.onAQuietServer { () throws in
            #expect(try fixture.store.changes(since: second.token).changedElsewhere == false, "our own writes")
        }

        try fixture.elsewhere("DELETE FROM items WHERE name = 'Kite'")
        #expect(try fixture.store.changes(since: second.token).changedElsewhere)
    }

    /// A write the store refused inside a transaction is this store's own
    /// too: on PostgreSQL its statement took a transaction id, which read as
    /// another connection's commit, and a batch then said its rows may have
    /// changed elsewhere.
    @Test(arguments: StoreKind.all)
    func aRefusedWriteInATransactionIsNoChangeElsewhere(kind: StoreKind) throws {
        let (fixture, items) = try kind.make(Schemas.items, opening: "items")
        let gort = try fixture.row("items", "name", .text("Gort statue"))
        let first = try fixture.store.changes(since: nil)
        expectConstraint(.unique, fields: ["serial"]) {
            try fixture.store.atomically {
                try fixture.store.update(gort.id, in: items, changes: ["serial": .text("HB-2015")], expecting: gort.values)
            }
        }
        try kind.onAQuietServer { () throws in
            #expect(try fixture.store.changes(since: first.token).changedElsewhere == false)
        }
    }

    /// A row written inside a transaction is this store's own write at the
    /// prompt's look at the rows shown. On PostgreSQL a savepoint's write has
    /// an xmin of its own, and every row a `move` wrote read as changed elsewhere.
    @Test(arguments: StoreKind.all)
    func aRowWrittenInATransactionIsNoChangeElsewhere(kind: StoreKind) throws {
        let (fixture, items) = try kind.make(Schemas.items, opening: "items")
        let gort = try fixture.row("items", "name", .text("Gort statue"))
        let shown = ["items": [gort.id]]
        _ = try fixture.store.changedRows(among: shown)
        try fixture.store.atomically {
            _ = try fixture.store.update(gort.id, in: items, changes: ["value": .integer(7)], expecting: ["value": gort["value"]])
        }
        #expect(try fixture.store.changedRows(among: shown)?["items"]?.contains(gort.id) != true)
        // Another connection's write after it is still seen.
        try fixture.elsewhere("UPDATE items SET value = 8 WHERE value = 7")
        if let changed = try fixture.store.changedRows(among: shown) { #expect(changed["items"]?.contains(gort.id) == true) }
    }

    @Test(arguments: StoreKind.all)
    func aSchemaChangedElsewhereIsReadAgainOnce(kind: StoreKind) throws {
        let fixture = try kind.make(Schemas.items)
        #expect(try fixture.store.reloadSchemaIfChanged() == false)
        try fixture.elsewhere("ALTER TABLE items ADD COLUMN colour TEXT DEFAULT 'red'")
        #expect(try fixture.store.reloadSchemaIfChanged() == true)
        let items = try fixture.collection("items")
        #expect(items.fields.last?.name == "colour")
        #expect(try fixture.row("items", "name", .text("Hoverboard"))["colour"] == .text("red"))
        #expect(try fixture.store.reloadSchemaIfChanged() == false)
    }

    /// Found by the second trial: an export read its pages in separate
    /// reads, so another process's delete meanwhile dropped rows from the
    /// file. Inside `consistently`, every read sees one moment: another
    /// connection's commit either waits (rollback journal) or is not seen (WAL).
    @Test(arguments: StoreKind.all)
    func readsInsideConsistentlySeeOneMoment(kind: StoreKind) throws {
        let (fixture, items) = try kind.make(Schemas.items, opening: "items")
        let (before, during) = try fixture.store.consistently {
            let before = try fixture.store.count(of: items)
            try? fixture.elsewhere("DELETE FROM items WHERE id = 1")
            return (before, try fixture.store.records(of: items, offset: 0, limit: 100).count)
        }
        #expect(during == before)
        fixture.store.isCancelled = { false }
        #expect(try fixture.store.count(of: items) <= before, "after it, the store reads what is committed")
    }
}

@testable import NavshCore
import NavshTestSupport
import Testing

/// What every store promises about a set-based batch write: rows that still
/// hold what they were read with are written in one go, and a row changed
/// elsewhere leaves every row as it was.
@Suite struct BatchConformanceTests {
    /// 700 rows: more than SQLite's parts of 256, all noted `old`.
    static let parts = """
            CREATE TABLE parts (id INTEGER PRIMARY KEY, name TEXT NOT NULL, note TEXT);
            INSERT INTO parts (id, name, note) WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 700)
                SELECT i, 'part ' || i, 'old' FROM n;
            """

    /// Every row of items, each set to `note` from what it was read with.
    func batch(_ fixture: StoreFixture, _ items: CollectionSchema, note: String) throws -> BatchWrite {
        let rows = try fixture.store.ids(of: items).map { try #require(try fixture.store.record(of: items, id: $0)) }
        return BatchWrite(ids: rows.map(\.id), checked: ["id", "name", "note"],
                           held: ["id", "name", "note"].map { field in rows.map { $0[field] } },
                           assigned: ["note"], values: rows.map { _ in [.text(note)] }, list: items)
    }

    @Test(arguments: StoreKind.all)
    func rowsHoldingWhatTheyWereReadWithAreWrittenAsASet(kind: StoreKind) throws {
        let (fixture, items) = try kind.make(Schemas.items, opening: "items")
        let batch = try batch(fixture, items, note: "counted")
        let outcome = try fixture.store.atomically { try fixture.store.writeBatch(batch, in: items) }
        guard case .written(let reachedOthers, _, _)? = outcome else {
            Issue.record("not written as a set: \(String(describing: outcome))")
            return
        }
        #expect(!reachedOthers)
        #expect(try fixture.read("SELECT note FROM items ORDER BY id") == Array(repeating: ["counted"], count: 5))
    }

    /// A row deleted and another put under its key holds the same key but
    /// not the same name: the set is not written.
    @Test(arguments: StoreKind.all)
    func aRowChangedElsewhereLeavesEveryRowAsItWas(kind: StoreKind) throws {
        let (fixture, items) = try kind.make(Schemas.items, opening: "items")
        let batch = try batch(fixture, items, note: "counted")
        try fixture.elsewhere("UPDATE items SET name = 'Hoverbored' WHERE id = 3")
        let before = try fixture.read("SELECT note FROM items ORDER BY id")
        let outcome = try fixture.store.atomically { try fixture.store.writeBatch(batch, in: items) }
        if case .written? = outcome { Issue.record("written over a change made elsewhere") }
        #expect(try fixture.read("SELECT note FROM items ORDER BY id") == before)
    }

    /// A batch too long for one statement is written in parts, each
    /// checked: a row changed elsewhere in the last part still leaves the
    /// rows of the first parts as they were.
    @Test(arguments: StoreKind.all)
    func aLongBatchIsCheckedInEveryPart(kind: StoreKind) throws {
        for changed in [nil, 690] as [Int?] {
            let (fixture, parts) = try kind.make(Self.parts, opening: "parts")
            let batch = try batch(fixture, parts, note: "new")
            if let changed { try fixture.elsewhere("UPDATE parts SET name = 'renamed' WHERE id = \(changed)") }
            let outcome = try fixture.store.atomically { try fixture.store.writeBatch(batch, in: parts) }
            let notes = try fixture.read("SELECT note, count(*) FROM parts GROUP BY note")
            if changed == nil {
                guard case .written? = outcome else {
                    Issue.record("not written as a set: \(String(describing: outcome))")
                    continue
                }
                #expect(notes == [["new", "700"]])
            } else {
                if case .written? = outcome { Issue.record("written over a change made elsewhere") }
                #expect(notes == [["old", "700"]])
            }
        }
    }

    /// A refused set names exactly the rows changed elsewhere, found in a
    /// few statements: PostgreSQL wrote them one by one to find them, which
    /// took a minute for 100,000 rows.
    @Test(arguments: StoreKind.all)
    func aRefusedSetNamesEachRowChangedElsewhere(kind: StoreKind) throws {
        let (fixture, parts) = try kind.make(Self.parts, opening: "parts")
        let batch = try batch(fixture, parts, note: "new")
        try fixture.elsewhere("UPDATE parts SET name = 'renamed' WHERE id IN (3, 690)")
        try fixture.elsewhere("DELETE FROM parts WHERE id = 400")
        let outcome = try fixture.store.atomically { try fixture.store.writeBatch(batch, in: parts) }
        guard case .refused(let places)? = outcome else {
            Issue.record("not refused as a set: \(String(describing: outcome))")
            return
        }
        #expect(places.map { batch.ids[$0].parts } == [[.integer(3)], [.integer(400)], [.integer(690)]])
        #expect(try fixture.read("SELECT note, count(*) FROM parts GROUP BY note") == [["old", "699"]])
    }

    /// A field the batch neither checks nor writes, changed elsewhere, is
    /// kept and counted: rows given one value, written as sets, and rows
    /// given each their own, which SQLite writes a row at a time.
    @Test(arguments: StoreKind.all)
    func aFieldWatchedIsKeptAndCounted(kind: StoreKind) throws {
        for ownValues in [false, true] {
            let (fixture, parts) = try kind.make("""
                CREATE TABLE parts (id INTEGER PRIMARY KEY, name TEXT NOT NULL, note TEXT, size INTEGER);
                INSERT INTO parts (id, name, note, size) WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 700)
                    SELECT i, 'part ' || i, 'old', 1 FROM n;
                """, opening: "parts")
            let rows = try fixture.store.ids(of: parts).map { try #require(try fixture.store.record(of: parts, id: $0)) }
            var batch = BatchWrite(ids: rows.map(\.id), checked: ["id", "name", "note"],
                                    held: ["id", "name", "note"].map { field in rows.map { $0[field] } }, assigned: ["note"],
                                    values: rows.map { ownValues ? [.text("new \($0["id"])")] : [.text("new")] }, list: parts)
            batch.watched = ["size"]
            batch.watchedHeld = [rows.map { $0["size"] }]
            try fixture.elsewhere("UPDATE parts SET size = 9 WHERE id IN (3, 690)")
            let outcome = try fixture.store.atomically { try fixture.store.writeBatch(batch, in: parts) }
            guard case .written(_, _, let kept)? = outcome else {
                Issue.record("not written as a set: \(String(describing: outcome))")
                continue
            }
            #expect(kept == [2], "own values: \(ownValues)")
            #expect(try fixture.read("SELECT size, count(*) FROM parts WHERE note <> 'old' GROUP BY size ORDER BY size")
                    == [["1", "698"], ["9", "2"]])
        }
    }

    /// A batch delete is one set too, each row checked on every field: a
    /// row changed elsewhere is named, and no row goes.
    @Test(arguments: StoreKind.all)
    func aBatchDeleteIsOneCheckedSet(kind: StoreKind) throws {
        let (fixture, parts) = try kind.make(Self.parts, opening: "parts")
        func deleting() throws -> BatchWrite {
            let rows = try fixture.store.ids(of: parts).map { try #require(try fixture.store.record(of: parts, id: $0)) }
            return .deleting(ids: rows.map(\.id), checked: ["id", "name", "note"],
                             held: ["id", "name", "note"].map { field in rows.map { $0[field] } }, list: parts)
        }
        let stale = try deleting()
        try fixture.elsewhere("UPDATE parts SET note = 'new' WHERE id = 650")
        let refused = try fixture.store.atomically { try fixture.store.writeBatch(stale, in: parts) }
        guard case .refused(let places)? = refused else {
            Issue.record("not refused as a set: \(String(describing: refused))")
            return
        }
        #expect(places.map { stale.ids[$0].parts } == [[.integer(650)]])
        #expect(try fixture.read("SELECT count(*) FROM parts") == [["700"]])
        let outcome = try fixture.store.atomically { try fixture.store.writeBatch(try deleting(), in: parts) }
        guard case .written? = outcome else {
            Issue.record("not deleted as a set: \(String(describing: outcome))")
            return
        }
        #expect(try fixture.read("SELECT count(*) FROM parts") == [["0"]])
    }

    /// A row the schema refuses halfway through a set: the rows written
    /// before it in the same statement are taken back with it.
    @Test(arguments: StoreKind.all)
    func aRefusalHalfwayThroughASetLeavesEveryRowAsItWas(kind: StoreKind) throws {
        let (fixture, parts) = try kind.make("""
            CREATE TABLE parts (id INTEGER PRIMARY KEY, name TEXT NOT NULL, note TEXT, CHECK (note <> 'new' OR id <> 200));
            INSERT INTO parts (id, name, note) WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300)
                SELECT i, 'part ' || i, 'old' FROM n;
            """, opening: "parts")
        let batch = try batch(fixture, parts, note: "new")
        let outcome = try? fixture.store.atomically { try fixture.store.writeBatch(batch, in: parts) }
        if case .written?? = outcome { Issue.record("written past a CHECK") }
        #expect(try fixture.read("SELECT note, count(*) FROM parts GROUP BY note") == [["old", "300"]])
    }
}

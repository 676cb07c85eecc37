import Foundation
import NavshCore
import NavshPostgres
import NavshTestSupport
import Testing

/// What an edit in a script costs in waits on the server: latency, not
/// server work, is what makes a remote store slow (bench/pg.py).
@Suite(.enabled(if: PostgresTestServer.runsTests, "needs NAVSH_TEST_POSTGRES_URL (scripts/pg-test-server)"))
struct PostgresRoundTripTests {
    @Test func anEditInAScriptCostsOneRoundTripToOpenAndOneToSave() throws {
        let database = try PostgresTestDatabase(schema: "shop", sql: """
            CREATE TABLE items (id integer PRIMARY KEY, name text NOT NULL, value integer);
            INSERT INTO items VALUES (1, 'Kite', 1), (2, 'Ball', 2), (3, 'Drum', 3);
            """)
        let store = try PostgresStore(target: PostgresTarget(url: database.url, schema: "shop", environment: [:]))
        defer { store.close() }
        let session = Session(store: store, mode: .script)
        #expect(session.execute("open items").error == nil)
        var costs: [String: [Int]] = [:]
        for (n, key) in [2, 3, 1, 2].enumerated() {
            for line in ["open #\(key)", "set value \(100 + n)", "save"] {
                let before = store.roundTrips
                let response = session.execute(line)
                #expect(response.error == nil, "\(line): \(response.error?.message ?? "")")
                costs[line.components(separatedBy: " ")[0], default: []].append(store.roundTrips - before)
            }
        }
        // psql's BEGIN; UPDATE; COMMIT costs three. The second time a
        // statement's text runs it is prepared first (one round trip more,
        // once); from then on the server neither parses nor plans it.
        #expect(costs == ["open": [1, 2, 1, 1], "set": [0, 0, 0, 0], "save": [1, 2, 1, 1]])
        #expect(try database.value("SELECT string_agg(value::text, ',' ORDER BY id) FROM items") == "102,103,101")

        // A change elsewhere meanwhile is noticed by the next command that
        // shows what was read before: the list is read again.
        try database.run("UPDATE items SET name = 'Kite!' WHERE id = 1")
        for line in ["open #2", "set value 7", "save"] { #expect(session.execute(line).error == nil) }
        let shown = session.execute("show")
        #expect(shown.error == nil)
        #expect(shown.output.contains("Kite!"), "\(shown.output)")
    }

    /// A batch setting a numeric, which the server may store otherwise than
    /// sent, is one statement that returns the values as stored, not a round
    /// trip a row; undo then finds exactly what the save wrote.
    @Test func aBatchOfANumericIsOneStatementReadingBackWhatItStored() throws {
        let database = try PostgresTestDatabase(schema: "shop", sql: """
            CREATE TABLE items (id integer PRIMARY KEY, name text NOT NULL, price numeric(10,2));
            INSERT INTO items SELECT i, 'Item ' || i, 0.99 FROM generate_series(1, 50) AS i;
            """)
        let store = try PostgresStore(target: PostgresTarget(url: database.url, schema: "shop", environment: [:]))
        defer { store.close() }
        let session = Session(store: store, mode: .script)
        for line in ["open items", "open *", "set price 1.5"] { #expect(session.execute(line).error == nil) }
        let before = store.roundTrips
        let saved = session.execute("save")
        #expect(saved.error == nil && saved.output.hasPrefix("saved price on 50 rows"), "\(saved.output)")
        #expect(store.roundTrips - before < 10, "not a round trip a row: \(store.roundTrips - before)")
        #expect(try database.value("SELECT string_agg(DISTINCT price::text, ',') FROM items") == "1.50")
        let undone = session.execute("undo")
        #expect(undone.error == nil, "\(undone.error?.message ?? "")")
        #expect(try database.value("SELECT string_agg(DISTINCT price::text, ',') FROM items") == "0.99")
        // The same statement again is prepared: its arrays must read the same.
        for line in ["open *", "set price 1.75", "save"] {
            #expect(session.execute(line).error == nil, "\(line)")
        }
        #expect(try database.value("SELECT string_agg(DISTINCT price::text, ',') FROM items") == "1.75")
    }

    /// A batch delete of rows nothing refers to, and its undo, are a few
    /// statements, not a round trip a row: a trial's 25,000 rows took 31 s
    /// to delete and 13 s to put back. The rows come back exactly as they were.
    @Test func aBatchDeleteAndItsUndoAreAFewStatements() throws {
        let database = try PostgresTestDatabase(schema: "shop", sql: """
            CREATE TABLE items (id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY, name text NOT NULL, price numeric(10,2),
                                note text, made date);
            INSERT INTO items (name, price, note, made) OVERRIDING SYSTEM VALUE
                SELECT 'Item ' || i, i / 7.0, CASE WHEN i % 3 = 0 THEN NULL ELSE 'a "quoted", {braced} note ' || i END,
                       DATE '2020-01-01' + i FROM generate_series(1, 60) AS i;
            """)
        let before = try database.value("SELECT string_agg(items::text, ';' ORDER BY id) FROM items")
        let store = try PostgresStore(target: PostgresTarget(url: database.url, schema: "shop", environment: [:]))
        defer { store.close() }
        let session = Session(store: store, mode: .script)
        for line in ["open items", "where id > 10", "open *"] { #expect(session.execute(line).error == nil, "\(line)") }
        for (line, said) in [("delete", "deleted 50 rows"), ("undo", "undid the delete of 50 rows")] {
            let trips = store.roundTrips
            let response = session.execute(line)
            #expect(response.error == nil && response.output.contains(said), "\(line): \(response.error?.message ?? response.output)")
            #expect(store.roundTrips - trips < 15, "\(line): not a round trip a row: \(store.roundTrips - trips)")
        }
        #expect(try database.value("SELECT string_agg(items::text, ';' ORDER BY id) FROM items") == before)
        // An undo refused because another row took a key is found as a set too:
        // written one by one up to that row, 100,000 rows took a minute.
        for line in ["open *", "delete"] { #expect(session.execute(line).error == nil, "\(line)") }
        try database.run("INSERT INTO items (id, name) OVERRIDING SYSTEM VALUE VALUES (60, 'Taken')")
        let trips = store.roundTrips
        #expect(session.execute("undo").error?.message
                == "cannot undo the delete of 50 rows: another row now holds the id of Item 60, which it would put back; nothing changed")
        #expect(store.roundTrips - trips < 15, "not a round trip a row: \(store.roundTrips - trips)")
    }
}

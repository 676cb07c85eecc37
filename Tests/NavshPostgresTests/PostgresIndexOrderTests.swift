import Foundation
import NavshCore
@testable import NavshPostgres
import NavshTestSupport
import Testing

/// A list is ordered as the key's index is, so the server reads the first
/// page off the index: `ASC NULLS FIRST` on a primary key made it sort the
/// whole table (491 ms for the first page of a million rows, against 11.5
/// ms for psql). A column that may hold NULL still sorts them first.
@Suite(.enabled(if: PostgresTestServer.runsTests, "needs NAVSH_TEST_POSTGRES_URL (scripts/pg-test-server)"))
struct PostgresIndexOrderTests {
    @Test func theFirstPageIsReadOffTheKeysIndex() throws {
        let database = try PostgresTestDatabase(schema: "shop", sql: """
            CREATE TABLE t (id int PRIMARY KEY, name text NOT NULL, note text);
            INSERT INTO t SELECT i, 'name ' || i, NULL FROM generate_series(1, 20000) AS i;
            ANALYZE t;
            """)
        let store = try PostgresStore(target: PostgresTarget(url: database.url, schema: "shop", environment: [:]))
        defer { store.close() }
        let collection = try #require(store.collections.first { $0.name == "t" })
        for descending in [false, true] {
            var ordered = collection
            ordered.newRowsOnTop = descending
            let table = try store.table(ordered)
            let sql = "EXPLAIN SELECT * FROM \(table.relation) AS navsh_row" + store.orderBy(ordered, table) + " LIMIT 20"
            let plan = try store.rows(sql, Parameters()).compactMap { $0.first ?? nil }.joined(separator: "\n")
            #expect(plan.contains("Index Scan"), "descending \(descending): \(plan)")
            #expect(!plan.contains("Sort"), "descending \(descending): \(plan)")
        }
        // A column that may hold NULL keeps SQLite's place for them: first ascending.
        var byNote = collection
        byNote.order = SortOrder(field: "note", descending: false)
        let table = try store.table(byNote)
        #expect(store.orderBy(byNote, table).contains("\"note\" ASC NULLS FIRST"))
        withExtendedLifetime(database) {}
    }
}

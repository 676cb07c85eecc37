import Foundation
import NavshTestSupport
import Testing

/// A script against a cluster whose primary crashes between two of its
/// commands goes on, on the promoted standby, and exits 0: it fails only
/// for what really failed.
@Suite(.enabled(if: PostgresTestServer.runsTests, "needs PostgreSQL (scripts/pg-test-server)"))
struct PostgresFailoverScriptTests {
    @Test func aScriptGoesOnAfterAFailover() throws {
        let pair = try PostgresPair()
        try pair.run("CREATE TABLE items (id integer PRIMARY KEY, name text NOT NULL); INSERT INTO items VALUES (1, 'Kettle'), (2, 'Teapot')")
        let navsh = try Coprocess([pair.url])
        #expect(navsh.send("open items\nopen 1\nset name Whistling kettle\nchanges", until: "→").contains("Whistling kettle"))
        try pair.failover()
        #expect(navsh.send("save", until: "saved", seconds: 20).contains("saved Whistling kettle"))
        #expect(navsh.send("open 2\nset name Teapot for two\nsave", until: "saved").contains("saved Teapot for two"))
        let errors = navsh.readError(until: "now on", seconds: 5)
        #expect(errors.contains("was lost; now on 127.0.0.1:\(pair.ports.primary) (promoted)"), "\(errors)")
        #expect(navsh.finish() == 0)
        #expect(try pair.value("SELECT string_agg(name, ',' ORDER BY id) FROM items") == "Whistling kettle,Teapot for two")
    }
}

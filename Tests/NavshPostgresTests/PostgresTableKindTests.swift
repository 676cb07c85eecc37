import Foundation
import NavshCore
import NavshPostgres
import NavshTestSupport
import Testing

/// What PostgreSQL has and SQLite has not: tables that inherit rows,
/// partitioned tables, and domains and types that round or restrict what
/// they store. Each write reaches the row it names and stores the value
/// typed, or is refused.
@Suite(.enabled(if: PostgresTestServer.runsTests, "needs NAVSH_TEST_POSTGRES_URL (scripts/pg-test-server)"))
struct PostgresTableKindTests {
    func session(_ sql: String) throws -> (Session, PostgresTestDatabase, PostgresStore) {
        let database = try PostgresTestDatabase(schema: "shop", sql: sql)
        let store = try PostgresStore(target: PostgresTarget(url: database.url, schema: "shop", environment: [:]))
        return (Session(store: store, mode: .script), database, store)
    }

    @Test func aSaveOrDeleteOnAParentTableLeavesItsChildTablesRowsAlone() throws {
        let (session, database, store) = try session("""
            CREATE TABLE ip (id int PRIMARY KEY, name text);
            CREATE TABLE ic (extra text) INHERITS (ip);
            INSERT INTO ip VALUES (1, 'parent');
            INSERT INTO ic VALUES (1, 'child', 'x');
            """)
        defer { store.close() }
        #expect(store.collections.map(\.name).sorted() == ["ic", "ip"], "the child is a collection of its own")
        let list = session.execute("open ip")
        #expect(list.output.contains("parent") && !list.output.contains("child"), "\(list.output)")
        try session.setUp("open #1", "set name renamed", "save")
        #expect(try database.value("SELECT name FROM ONLY ip") == "renamed")
        #expect(try database.value("SELECT name FROM ic") == "child", "the child's row of the same key is untouched")
        try session.setUp("delete #1")
        #expect(try database.value("SELECT count(*) FROM ONLY ip") == "0")
        #expect(try database.value("SELECT count(*) FROM ic") == "1")
        // Without a key of its own (keys are not inherited), the child is listed and read.
        try session.setUp("back")
        let child = session.execute("open ic")
        #expect(child.output.contains("child") && !child.output.contains("renamed"), "\(child.output)")
    }

    @Test func aPartitionedTableIsReadAndWrittenThroughItsParent() throws {
        let (session, database, store) = try session("""
            CREATE TABLE sales (id int PRIMARY KEY, region text NOT NULL, amount integer) PARTITION BY RANGE (id);
            CREATE TABLE sales_low PARTITION OF sales FOR VALUES FROM (1) TO (100);
            CREATE TABLE sales_high PARTITION OF sales FOR VALUES FROM (100) TO (1000);
            INSERT INTO sales VALUES (1, 'north', 10), (150, 'south', 20);
            """)
        defer { store.close() }
        let list = session.execute("open sales")
        #expect(list.output.contains("north") && list.output.contains("south"), "\(list.output)")
        try session.setUp("open #150", "set amount 25", "save", "delete #1", "new", "set id 7", "set region east", "save")
        #expect(try database.value("SELECT string_agg(concat(id, ':', amount), ',' ORDER BY id) FROM sales") == "7:,150:25")
        #expect(try database.value("SELECT count(*) FROM sales_low") == "1")
    }

    @Test func lengthsPrecisionsAndDomainsApplyAsTheValueIsStored() throws {
        let (session, database, store) = try session("""
            CREATE DOMAIN code2 AS char(2);
            CREATE DOMAIN short AS varchar(3);
            CREATE DOMAIN positive AS numeric(5,2) CHECK (VALUE > 0);
            CREATE TABLE t (id int PRIMARY KEY, c code2, s short, p positive, n numeric(6,2),
                            ts timestamp(0), iv interval hour to minute, b bit(4));
            INSERT INTO t (id) VALUES (1);
            """)
        defer { store.close() }
        try session.setUp("open t", "open #1", "set c DE", "set s abc", "set p 1.256", "set n 1234.565",
                          "set ts 2026-01-02 03:04:05.7", "set iv 3 hours 4 minutes 5 seconds", "set b 0101")
        let saved = session.execute("save")
        #expect(saved.error == nil, "\(saved.error?.message ?? "")")
        #expect(try database.value("SELECT concat_ws('|', c, s, p, n, ts, iv, b) FROM t")
                == "DE|abc|1.26|1234.57|2026-01-02 03:04:06|03:04:00|0101")
        // Too long for the domain, or outside its check: refused, not cut.
        for (line, words) in [("set c GBP", "too long"), ("set s abcd", "too long"), ("set p -1", "positive"),
                              ("set b 10", "bit string length")] {
            try session.setUp("open #1", line)
            let refused = session.execute("save")
            #expect(refused.error?.message.contains(words) == true, "\(line): \(refused.error?.message ?? "saved")")
            try session.setUp("cancel")
        }
        #expect(try database.value("SELECT concat_ws('|', c, s, p, b) FROM t") == "DE|abc|1.26|0101")
    }

    /// numeric is an exact decimal of any size: a number no real can hold
    /// is stored as typed, and the same number in the server's spelling is
    /// no news (it was refused as "out of a real's range").
    @Test func aNumericTakesNumbersNoRealCanHold() throws {
        let (session, database, store) = try session("CREATE TABLE t (id int PRIMARY KEY, n numeric);\nINSERT INTO t VALUES (1, 0);")
        defer { store.close() }
        let huge = String(repeating: "9", count: 400)
        try session.setUp("open t", "open #1", "set n 1e-400")
        let tiny = session.execute("save")
        #expect(tiny.error == nil && tiny.output.hasPrefix("saved") && !tiny.output.contains("stored as"), "\(tiny.error?.message ?? tiny.output)")
        #expect(try database.value("SELECT n = 1e-400 FROM t") == "t")
        try session.setUp("open #1", "set n \(huge)", "save")
        #expect(try database.value("SELECT n::text FROM t") == huge)
    }

    /// An enum's values apart only in case are each their own key: `delete
    /// #A` deleted row `a` (the adversary's find).
    @Test func enumKeysApartOnlyInCaseAreEachTheirOwn() throws {
        let (session, database, store) = try session("""
            CREATE TYPE cs AS ENUM ('a', 'A');
            CREATE TABLE en (k cs PRIMARY KEY, v text);
            INSERT INTO en VALUES ('a', 'lower'), ('A', 'upper');
            """)
        defer { store.close() }
        try session.setUp("open en", "open #A")
        #expect(session.execute("show v").output == "upper\n")
        try session.setUp("back", "delete #A")
        #expect(try database.value("SELECT string_agg(k::text || v, ',') FROM en") == "alower")
    }

    /// A reference holding 1.50 names the numeric key 1.5: it was listed as
    /// naming no row, and `open nk` said the row did not exist.
    @Test func aNumericReferenceNamesItsKeyByValue() throws {
        let (session, database, store) = try session("""
            CREATE TABLE n2 (k numeric PRIMARY KEY, v text);
            INSERT INTO n2 VALUES (1.5, 'a'), (2, 'b');
            CREATE TABLE r2 (id int PRIMARY KEY, nk numeric REFERENCES n2 (k), name text);
            INSERT INTO r2 VALUES (1, 1.50, 'x'), (2, 2.0, 'y');
            """)
        defer { store.close() }
        let list = session.execute("open r2")
        #expect(list.error == nil, "\(list.error?.message ?? "")")
        #expect(!list.output.contains("missing"), "\(list.output)")
        try session.setUp("open #1")
        let followed = session.execute("open nk")
        #expect(followed.error == nil && followed.output.contains("a"), "\(followed.error?.message ?? followed.output)")
        withExtendedLifetime(database) {}
    }

    /// A date before the common era lists with its era (`0044-03-15 BC`
    /// listed as AD 44), and is typed back as the server writes it.
    @Test func aDateBeforeTheCommonEraKeepsItsEra() throws {
        let (session, database, store) = try session("""
            CREATE TABLE ev (id int PRIMARY KEY, name text, d date, at timestamptz);
            INSERT INTO ev VALUES (1, 'ides', '0044-03-15 BC', '0044-03-15 10:00+00 BC'), (2, 'later', '2020-01-01', NULL);
            """)
        defer { store.close() }
        let list = session.execute("open ev")
        #expect(list.output.contains("0044-03-15 BC  0044-03-15 10:00:00+00 BC"), "\(list.output)")
        try session.setUp("open #2", "set d 0100-01-01 BC", "set at 0100-01-01 10:00:00+00 BC", "save")
        #expect(try database.value("SELECT d || ' ' || at FROM ev WHERE id = 2") == "0100-01-01 BC 0100-01-01 10:00:00+00 BC")
    }

    /// Names apart only in case are two names on PostgreSQL: typed in
    /// another case, they are refused, not the first taken (`set Name zz`
    /// wrote `name`, `open Cc` opened `cc`).
    @Test func namesApartOnlyInCaseAreEachNamedExactly() throws {
        let (session, database, store) = try session("""
            CREATE TABLE cc (id int PRIMARY KEY, name text, "NAME" text);
            CREATE TABLE "CC" (id int PRIMARY KEY);
            INSERT INTO cc VALUES (1, 'low', 'UP');
            """)
        defer { store.close() }
        #expect(session.execute("open Cc").error?.message == "no collection named 'Cc'; the collections are cc, CC")
        try session.setUp("open cc", "open #1")
        #expect(session.execute("set Name zz").error?.message.hasPrefix("unknown field 'Name'") == true)
        try session.setUp("set NAME zz", "set name yy", "save")
        #expect(try database.value("SELECT name || ' ' || \"NAME\" FROM cc") == "yy zz")
    }

    /// PostgreSQL's NaN goes out and comes back as NaN in every format:
    /// JSON Lines wrote it `null`, and the import stored NULL unsaid.
    @Test(arguments: ["jsonl", "csv", "tsv"])
    func notANumberComesBackAsItself(format: String) throws {
        let (session, database, store) = try session("""
            CREATE TABLE f (id int PRIMARY KEY, d float8, n numeric);
            CREATE TABLE g (id int PRIMARY KEY, d float8, n numeric);
            INSERT INTO f VALUES (1, 'NaN', 'NaN'), (2, 1.5, 2);
            """)
        defer { store.close() }
        let file = NSTemporaryDirectory() + "navsh-nan-" + UUID().uuidString + "." + format
        defer { try? FileManager.default.removeItem(atPath: file) }
        try session.setUp("open f", "export " + file, "back", "open g", "import " + file)
        #expect(try database.value("SELECT string_agg(id || ':' || d || ':' || n, ',' ORDER BY id) FROM g") == "1:NaN:NaN,2:1.5:2")
    }

    /// A table in another schema, which navsh does not show, may refer to
    /// the rows a batch deletes. The server refuses the delete, and the
    /// refusal is a delete's: it said "nothing was saved" (a trial's find).
    @Test func aBatchDeleteAReferenceFromAnotherSchemaRefusesSaysWhichRow() throws {
        let (session, database, _) = try session("""
            CREATE TABLE parents (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
            INSERT INTO parents VALUES (1, 'Ann'), (2, 'Bob');
            """)
        try database.run("""
            CREATE SCHEMA elsewhere;
            CREATE TABLE elsewhere.kids (id integer PRIMARY KEY, parent integer REFERENCES shop.parents (id));
            INSERT INTO elsewhere.kids VALUES (1, 2);
            """)
        for line in ["open parents", "open *"] { #expect(session.execute(line).error == nil, "\(line)") }
        #expect(session.execute("delete").error?.message
                == "cannot delete #2 Bob: other rows refer to it now (FOREIGN KEY); nothing was deleted")
        #expect(try database.value("SELECT count(*) FROM parents") == "2")
    }

    /// A BEFORE trigger that stamps each row written changes a field the
    /// batch does not set. The save does not say it kept a stamp written
    /// elsewhere, which its own write stamped over, nor its own stamps.
    @Test func aBatchSaveKeepsAndSaysOnlyChangesMadeElsewhere() throws {
        let (session, database, _) = try session("""
            CREATE TABLE things (id integer PRIMARY KEY, name text, note text, size integer, stamp integer NOT NULL DEFAULT 0);
            CREATE FUNCTION stamp() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN NEW.stamp := OLD.stamp + 1; RETURN NEW; END $$;
            CREATE TRIGGER stamped BEFORE UPDATE ON things FOR EACH ROW EXECUTE FUNCTION stamp();
            INSERT INTO things (id, name, note, size) VALUES (1, 'a', 'a', 1), (2, 'b', 'b', 1), (3, 'c', 'c', 1);
            """)
        for line in ["open things", "open *", "set note x"] { #expect(session.execute(line).error == nil, "\(line)") }
        try database.run("UPDATE things SET size = 9 WHERE id = 2")
        let saved = session.execute("save")
        #expect(saved.output.hasPrefix("saved note on 3 rows of things; size was changed elsewhere on 1 row, kept\n"),
                "\(saved.output)\(saved.error?.message ?? "")")
        #expect(try database.value("SELECT string_agg(note || size || stamp, ' ' ORDER BY id) FROM things") == "x11 x92 x11")
    }
}

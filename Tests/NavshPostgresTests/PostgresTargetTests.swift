import Foundation
@testable import NavshPostgres
import Testing

/// Where a PostgreSQL store connects, read as libpq reads it; no server needed.
@Suite struct PostgresTargetTests {
    @Test func aURLGivesEveryPartAndTheEnvironmentFillsTheRest() throws {
        let target = try PostgresTarget(url: "postgres://alice:s3cret@db.internal:6543/shop?sslmode=require",
                                        environment: ["PGUSER": "bob", "PGPORT": "1"])
        #expect(target.host == "db.internal" && target.port == 6543 && target.user == "alice")
        #expect(target.database == "shop" && target.password == "s3cret" && target.sslMode == .require)
        let bare = try PostgresTarget(url: "postgresql:///", environment: [
            "PGHOST": "/var/run/postgresql", "PGPORT": "5433", "PGUSER": "carol", "PGPASSWORD": "pw", "PGSSLMODE": "disable",
        ])
        #expect(bare.host == "/var/run/postgresql" && bare.port == 5433 && bare.user == "carol")
        #expect(bare.database == "carol", "libpq's default database is the user's name")
        #expect(bare.password == "pw" && bare.sslMode == .disable)
        let none = try PostgresTarget(url: nil, environment: ["USER": "dave"])
        #expect(none.host == "localhost" && none.port == 5432 && none.user == "dave" && none.sslMode == .prefer)
    }

    @Test func aURLMayListSeveralHostsAsLibpqDoes() throws {
        let cluster = try PostgresTarget(
            url: "postgres://alice:pw@db1:5432,db2,[::1]:6000/shop?target_session_attrs=read-write&connect_timeout=3",
            environment: ["PGPORT": "5433"])
        #expect(cluster.endpoints.map(\.description) == ["db1:5432", "db2:5433", "[::1]:6000"])
        #expect(cluster.sessionAttributes == .readWrite && cluster.connectTimeout == 3)
        #expect(cluster.description == "alice@db1:5432,db2:5433,[::1]:6000/shop")
        #expect(cluster.at(cluster.endpoints[1]).description == "alice@db2:5433/shop")
        let fromQuery = try PostgresTarget(url: "postgres:///shop?host=a,b&port=1,2", environment: [:])
        #expect(fromQuery.endpoints.map(\.description) == ["a:1", "b:2"])
        let fromEnvironment = try PostgresTarget(url: nil, environment: [
            "PGHOST": "x,y", "PGPORT": "7000", "PGTARGETSESSIONATTRS": "prefer-standby", "PGCONNECT_TIMEOUT": "1",
        ])
        #expect(fromEnvironment.endpoints.map(\.description) == ["x:7000", "y:7000"])
        #expect(fromEnvironment.sessionAttributes == .preferStandby && fromEnvironment.connectTimeout == 2)
        for bad in ["postgres://a,b/shop?port=1,2,3", "postgres://db/shop?target_session_attrs=writable",
                    "postgres://db/shop?connect_timeout=soon", "postgres://db1:1,db2:99999/shop"] {
            #expect(throws: PostgresOpenError.self, "\(bad)") { try PostgresTarget(url: bad, environment: [:]) }
        }
    }

    @Test func thePasswordIsNeverInWhatATargetPrints() throws {
        let target = try PostgresTarget(url: "postgres://alice:s3cret@db/shop", schema: "sales", environment: [:])
        for text in [target.description, target.displayName, "\(target)", String(reflecting: target)] {
            #expect(!text.contains("s3cret"), "\(text)")
        }
        for bad in ["postgres://alice:s3cret@db:99999/shop", "postgres://alice:s3cret@db/shop?sslmode=sometimes",
                    "postgres://alice:s3cret@db/shop?application_name=x"] {
            #expect(throws: PostgresOpenError.self) { try PostgresTarget(url: bad, environment: [:]) }
            do {
                _ = try PostgresTarget(url: bad, environment: [:])
            } catch {
                #expect(!"\(error)".contains("s3cret"), "\(error)")
            }
        }
    }

    @Test func thePassFileMatchesByFieldsAndIsReadOnlyWhenPrivate() throws {
        let folder = NSTemporaryDirectory() + "navsh-pgpass-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/.pgpass"
        try """
            # comment
            otherhost:*:*:*:wrong
            db:5432:shop:alice:first\\:part
            *:*:*:alice:fallback
            """.write(toFile: file, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file)
        let shop = try PostgresTarget(url: "postgres://alice@db/shop", environment: ["HOME": folder])
        #expect(shop.password == "first:part")
        let other = try PostgresTarget(url: "postgres://alice@db/other", environment: ["PGPASSFILE": file])
        #expect(other.password == "fallback")
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file)
        #expect(try PostgresTarget(url: "postgres://alice@db/shop", environment: ["HOME": folder]).password == nil)
    }

    @Test func statementsSplitAtSemicolonsOutsideQuotesBodiesAndComments() {
        let sql = """
            CREATE TABLE a (t text DEFAULT ';'); -- a comment; still one
            INSERT INTO a VALUES ('it''s; fine');
            DO $$ BEGIN PERFORM 1; END $$;
            CREATE FUNCTION f() RETURNS int LANGUAGE sql AS $body$ SELECT 1; $body$;
            SELECT $1
            """
        let statements = StatementSplitter.split(sql).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        #expect(statements.count == 5, "\(statements)")
        #expect(statements[2] == "DO $$ BEGIN PERFORM 1; END $$")
    }

    @Test func defaultsAreConstantsTheCoreCanShowOrExpressionsOnlyTheServerEvaluates() {
        #expect(PostgresDefault.parse("'none'::text") == .value(.text("none")))
        #expect(PostgresDefault.parse("'it''s'::character varying") == .value(.text("it's")))
        #expect(PostgresDefault.parse("0") == .value(.integer(0)))
        #expect(PostgresDefault.parse("'-3'::integer") == .value(.integer(-3)))
        #expect(PostgresDefault.parse("true") == .value(.integer(1)))
        #expect(PostgresDefault.parse("now()") == .expression("now()"))
        #expect(PostgresDefault.parse(nil) == .none)
    }

    @Test func typesMapToKinds() {
        let kinds: [(String, String, PostgresColumn.Kind)] = [
            ("integer", "b", .integer), ("bigint", "b", .integer), ("numeric(10,2)", "b", .numeric),
            ("double precision", "b", .real), ("character varying(20)", "b", .text), ("boolean", "b", .boolean),
            ("date", "b", .date), ("timestamp with time zone", "b", .timestamptz), ("jsonb", "b", .json),
            ("bytea", "b", .bytea), ("mood", "e", .enumeration), ("integer[]", "b", .other), ("point", "b", .other),
        ]
        for (type, typeKind, kind) in kinds {
            #expect(PostgresColumn.kind(of: type, typeKind: typeKind) == kind, "\(type)")
        }
    }
}

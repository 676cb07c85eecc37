import Foundation
import NavshCore
@testable import NavshPostgres
import NavshTestSupport
import Testing

/// A cluster of a primary and a synchronous standby whose primary crashes:
/// the session finds the promoted standby, keeps every frame and edit, and
/// never reports a save done that did not land, nor applies one twice.
@Suite(.enabled(if: PostgresTestServer.runsTests, "needs PostgreSQL (scripts/pg-test-server)"), .serialized)
struct PostgresFailoverTests {
    /// A pair with a table of one row, and a session on it through both hosts.
    final class Fixture {
        let pair: PostgresPair
        let store: PostgresStore
        let session: Session

        init(sleepingTrigger: Bool = false) throws {
            pair = try PostgresPair()
            let setup = try PostgresStore(target: PostgresTarget(url: pair.url, environment: [:]))
            try setup.execute("""
                CREATE TABLE items (id integer PRIMARY KEY, name text NOT NULL);
                INSERT INTO items VALUES (1, 'Kettle');
                CREATE TABLE applied (name text NOT NULL);
                CREATE FUNCTION note_applied() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN
                    IF \(sleepingTrigger ? "true" : "false") THEN PERFORM pg_sleep(0.3); END IF;
                    INSERT INTO applied VALUES (NEW.name);
                    RETURN NEW;
                END $$;
                CREATE TRIGGER note_applied BEFORE UPDATE ON items FOR EACH ROW EXECUTE FUNCTION note_applied()
                """)
            setup.close()
            store = try PostgresStore(target: PostgresTarget(url: pair.url, environment: [:]), connectTimeout: 15)
            session = Session(store: store, mode: .interactive)
        }

        deinit { store.close() }

        /// A query's first cell on the primary now, asked by a connection of its own.
        func value(_ sql: String) throws -> String? {
            let reader = try PostgresStore(target: PostgresTarget(url: pair.url, environment: [:]), connectTimeout: 15)
            defer { reader.close() }
            return try reader.bridge.rows(sql).first?.first ?? nil
        }
    }

    /// `target_session_attrs` picks the server as libpq does, `describe`
    /// at the list of collections says which it is, and a cluster with
    /// none of the kind asked for is refused naming each server.
    @Test func sessionAttributesChooseTheServer() throws {
        let f = try Fixture()
        let (primary, standby) = f.pair.ports
        let both = "127.0.0.1:\(primary), 127.0.0.1:\(standby)"
        #expect(f.session.execute("describe").output == "postgres: 2 collections\nserver: 127.0.0.1:\(primary), primary (of \(both))\n")
        #expect(f.session.welcome().notice == "on 127.0.0.1:\(primary), primary (of \(both))\n")
        for (attributes, port, role) in [("standby", standby, "standby"), ("prefer-standby", standby, "standby"),
                                         ("read-only", standby, "standby"), ("primary", primary, "primary"), ("any", primary, "primary")] {
            let url = f.pair.url.replacingOccurrences(of: "read-write", with: attributes)
            let store = try PostgresStore(target: PostgresTarget(url: url, environment: [:]))
            #expect(store.serverPlace?.name == "127.0.0.1:\(port)" && store.serverPlace?.role == role, "\(attributes)")
            store.close()
        }
        let onlyPrimary = f.pair.url.replacingOccurrences(of: ",127.0.0.1:\(standby)", with: "")
        #expect(onlyPrimary != f.pair.url)
        let prefer = try PostgresStore(target: PostgresTarget(url: onlyPrimary.replacingOccurrences(of: "read-write", with: "prefer-standby"),
                                                              environment: [:]))
        #expect(prefer.serverPlace?.name == "127.0.0.1:\(primary)", "no standby: prefer-standby takes the primary")
        prefer.close()
        let standbyOnly = onlyPrimary.replacingOccurrences(of: "read-write", with: "standby")
        #expect(throws: StoreError.cannotConnect(target: "navsh@127.0.0.1:\(primary)/postgres",
                                                 reason: "the server is not a standby (target_session_attrs=standby)")) {
            try PostgresStore(target: PostgresTarget(url: standbyOnly, environment: [:]))
        }
    }

    /// `--listen`'s connection follows the cluster to its new primary
    /// while nobody types: it says it is back, then hears what is written there.
    @Test func theListenerFindsTheNewPrimary() throws {
        let f = try Fixture()
        _ = try f.store.installNotify(on: ["items"])
        let listener = try PostgresListener(store: f.store) {}
        defer { listener.stop() }
        try f.pair.failover()
        #expect(PostgresLiveRefreshTests.events(of: listener, count: 1, seconds: 15) == [.reconnected])
        let writer = try PostgresStore(target: PostgresTarget(url: f.pair.url, environment: [:]), connectTimeout: 15)
        defer { writer.close() }
        try writer.execute("UPDATE items SET name = 'Changed' WHERE id = 1")
        #expect(PostgresLiveRefreshTests.events(of: listener, count: 1) == [.changed(table: "items", key: "[1]")])
    }

    /// A batch save whose COMMIT the crash took (a check kept for COMMIT
    /// sleeps): on the new primary its transaction's id may be another's,
    /// so navsh says it does not know, keeps the batch and its edits, and
    /// `reload` shows what is there.
    @Test func aBatchWhoseCommitWasLostIsNeverReportedDone() throws {
        let f = try Fixture()
        let setup = try PostgresStore(target: PostgresTarget(url: f.pair.url, environment: [:]))
        try setup.execute("""
            INSERT INTO items VALUES (2, 'Teapot');
            CREATE FUNCTION slow_commit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_sleep(0.6); RETURN NULL; END $$;
            CREATE CONSTRAINT TRIGGER slow_commit AFTER UPDATE ON items DEFERRABLE INITIALLY DEFERRED
                FOR EACH ROW EXECUTE FUNCTION slow_commit()
            """)
        setup.close()
        let session = Session(store: f.store, mode: .script)
        for line in ["open items", "open *", "set name Kettle"] {
            #expect(session.execute(line).error == nil, "\(line)")
        }
        let crumbs = session.breadcrumb
        let pair = f.pair
        let crashed = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: 0.3)
            _ = try? pair.failover()
            crashed.signal()
        }
        let saved = session.execute("save")
        crashed.wait()
        let message = saved.error?.message ?? ""
        #expect(message.contains("while saving; whether it was written is not known"), "\(message)")
        #expect(session.breadcrumb == crumbs, "the batch and its edits are kept")
        #expect(try f.value("SELECT string_agg(name, ',' ORDER BY id) FROM items") == "Kettle,Teapot",
                "the crash came before the COMMIT: nothing of it landed")
    }

    /// `--read-from standby`: lists and records come from the standby,
    /// saves go to the primary and are checked there. A user reads their
    /// own save; a standby that lags shows as a conflict, never a lost update.
    @Test func readsComeFromTheStandbyAndSavesAreCheckedOnThePrimary() throws {
        let f = try Fixture()
        let (primary, standby) = f.pair.ports
        let seed = try PostgresStore(target: PostgresTarget(url: f.pair.url, environment: [:]))
        try seed.execute("INSERT INTO items VALUES (2, 'Teapot')")
        seed.close()
        let store = try PostgresStore(target: PostgresTarget(url: f.pair.url, environment: [:]), readingFromStandby: true)
        defer { store.close() }
        let session = Session(store: store, mode: .script)
        #expect(session.execute("describe").output.hasSuffix("reads from: 127.0.0.1:\(standby), standby\n"))
        for line in ["open items", "open 1", "set name Whistling kettle", "save", "open 1"] {
            #expect(session.execute(line).error == nil, "\(line)")
        }
        #expect(session.breadcrumb.hasSuffix("Whistling kettle"), "its own save read back: \(session.breadcrumb)")
        #expect(session.execute("back").error == nil)
        let onStandby = f.pair.url.replacingOccurrences(of: "read-write", with: "standby")
        let standbyStore = try PostgresStore(target: PostgresTarget(url: onStandby, environment: [:]))
        defer { standbyStore.close() }
        try standbyStore.execute("SELECT pg_wal_replay_pause()")
        let other = try PostgresStore(target: PostgresTarget(url: f.pair.url, environment: [:]))
        try other.execute("UPDATE items SET name = 'Changed elsewhere' WHERE id = 1")
        other.close()
        #expect(session.execute("open 1").error == nil)
        #expect(session.breadcrumb.hasSuffix("Whistling kettle"), "the paused standby lags: \(session.breadcrumb)")
        #expect(session.execute("set name Mine").error == nil)
        let refused = session.execute("save")
        #expect(refused.error?.message.contains("changed elsewhere") == true, "\(refused.error?.message ?? "saved")")
        #expect(try f.value("SELECT name FROM items WHERE id = 1") == "Changed elsewhere")
        // A save while the standby lags: the first read waits for it once,
        // then reads go to the primary without asking the standby each time.
        #expect(session.execute("cancel").error == nil)
        for line in ["open 2", "set name Teapot for two", "save", "open 2"] {
            #expect(session.execute(line).error == nil, "\(line)")
        }
        let asked = try #require(store.readBridge).roundTrips
        for line in ["back", "open 2", "back", "open 2"] { #expect(session.execute(line).error == nil, "\(line)") }
        #expect(try #require(store.readBridge).roundTrips == asked, "the lagging standby is not asked again at once")
        #expect(session.breadcrumb.hasSuffix("Teapot for two"), "its own save, read from the primary")
        try standbyStore.execute("SELECT pg_wal_replay_resume()")
        _ = primary
    }

    /// After a failover the read connection ends on the new primary; once
    /// the lost node rejoins as a standby, reads go back to it.
    @Test func readsReturnToAStandbyThatRejoined() throws {
        let f = try Fixture()
        let store = try PostgresStore(target: PostgresTarget(url: f.pair.url, environment: [:]), readingFromStandby: true)
        defer { store.close() }
        store.standbyRevisit = 0
        let session = Session(store: store, mode: .interactive)
        let (primary, standby) = f.pair.ports
        #expect(session.execute("describe").output.hasSuffix("reads from: 127.0.0.1:\(standby), standby\n"))
        try f.pair.failover()
        #expect(session.execute("open items").error == nil)
        #expect(session.execute("back").error == nil)
        #expect(session.execute("describe").output.hasSuffix("reads from: 127.0.0.1:\(standby), primary\n"),
                "the standby it read from is the primary now")
        try f.pair.rejoin()
        #expect(session.execute("open items").error == nil)
        #expect(session.execute("back").error == nil)
        #expect(session.execute("describe").output.hasSuffix("reads from: 127.0.0.1:\(primary), standby\n"),
                "back on the rejoined node")
    }

    /// A cluster that stays down is waited for once, for a promotion that
    /// does not come; then each statement fails at once, not after a wait.
    @Test func aClusterThatStaysDownIsWaitedForOnce() throws {
        let f = try Fixture()
        let store = try PostgresStore(target: PostgresTarget(url: f.pair.url, environment: [:]), connectTimeout: 2)
        defer { store.close() }
        let items = try #require(store.collection(named: "items"))
        #expect(try store.count(of: items) == 1)
        try f.pair.stop()
        let first = Date()
        #expect(throws: StoreError.self) { try store.count(of: items) }
        let second = Date()
        #expect(throws: StoreError.self) { try store.count(of: items) }
        #expect(second.timeIntervalSince(first) > 1.5, "the first waited for a promotion")
        #expect(Date().timeIntervalSince(second) < 1, "the second did not wait again")
    }

    /// The primary crashes between two commands: the next one walks the
    /// host list, says where it is now, and the record's edit is saved
    /// on the new primary.
    @Test func aSessionMovesToThePromotedStandbyKeepingItsEdit() throws {
        let f = try Fixture()
        let (first, second) = f.pair.ports
        for line in ["open items", "open 1", "set name Whistling kettle"] {
            #expect(f.session.execute(line).error == nil, "\(line)")
        }
        let crumbs = f.session.breadcrumb
        #expect(f.store.bridge.historyChanges == 0)
        try f.pair.failover()
        let next = f.session.execute("changes")
        #expect(f.store.bridge.historyChanges == 1, "the promoted standby's new timeline is seen, so xmins read before are forgotten")
        #expect(next.notice == "the connection to 127.0.0.1:\(first) was lost; now on 127.0.0.1:\(second) (promoted)\n")
        #expect(next.output.contains("Whistling kettle"), "\(next.output)")
        #expect(f.session.breadcrumb == crumbs)
        let saved = f.session.execute("save")
        #expect(saved.error == nil, "\(saved.error?.message ?? "")")
        #expect(try f.value("SELECT name FROM items WHERE id = 1") == "Whistling kettle")
        #expect(try f.value("SELECT count(*)::text FROM applied") == "1")
    }

    /// A save in flight when the primary dies, 20 times, the crash at a
    /// different moment each time: a save said done is on the new primary
    /// once, one said not written is not there, and the stack is intact.
    @Test func aSaveInFlightAtAFailoverIsNeverAppliedTwiceNorReportedWrongly() throws {
        let f = try Fixture(sleepingTrigger: true)
        #expect(f.session.execute("open items").error == nil)
        #expect(f.session.execute("open 1").error == nil)
        let crumbs = f.session.breadcrumb
        var outcomes: [String: Int] = [:]
        for cycle in 0..<20 {
            let name = "Kettle \(cycle)"
            let set = f.session.execute("set name \(name)")
            #expect(set.error == nil, "cycle \(cycle): \(set.error?.message ?? "")")
            let delay = 0.05 + Double(cycle % 10) * 0.06
            let crashed = DispatchSemaphore(value: 0)
            let pair = f.pair
            Thread.detachNewThread {
                Thread.sleep(forTimeInterval: delay)
                _ = try? pair.failover()
                crashed.signal()
            }
            let began = Date()
            let saved = f.session.execute("save")
            let took = Date().timeIntervalSince(began)
            crashed.wait()
            if ProcessInfo.processInfo.environment["NAVSH_FAILOVER_FIGURES"] != nil {
                FileHandle.standardError.write(Data("cycle \(cycle) delay \(delay) took \(took) error \(saved.error?.message ?? "-") notice \(saved.notice)\n".utf8))
            }
            let message = saved.error?.message ?? ""
            let stored = try f.value("SELECT name FROM items WHERE id = 1")
            let applied = try f.value("SELECT count(*)::text FROM applied WHERE name = '\(name)'")
            #expect(applied == "0" || applied == "1", "cycle \(cycle): applied \(applied ?? "?") times")
            if saved.error == nil {
                outcomes["saved", default: 0] += 1
                #expect(stored == name && applied == "1", "cycle \(cycle): said saved, holds \(stored ?? "nil")")
            } else if message.contains("nothing was written; save again") {
                outcomes["not written", default: 0] += 1
                #expect(stored != name && applied == "0", "cycle \(cycle): said not written, holds \(stored ?? "nil")")
                // The record and its edit are kept: saved now, on the new primary.
                #expect(f.session.breadcrumb == crumbs.replacingOccurrences(of: "Kettle", with: name + "*"), "cycle \(cycle)")
                #expect(message.contains("; now on 127.0.0.1:") && message.hasSuffix(" (promoted)"), "\(message)")
                let again = f.session.execute("save")
                #expect(again.error == nil, "cycle \(cycle): \(again.error?.message ?? "")")
                #expect(try f.value("SELECT name FROM items WHERE id = 1") == name)
            } else {
                Issue.record("cycle \(cycle): \(message)")
            }
            try f.pair.rejoin()
            #expect(f.session.execute("open 1").error == nil, "cycle \(cycle)")
        }
        #expect(outcomes.values.reduce(0, +) == 20, "\(outcomes)")
        #expect(try f.value("SELECT count(*)::text FROM applied") == "\(20)",
                "every name applied exactly once: \(outcomes)")
    }
}

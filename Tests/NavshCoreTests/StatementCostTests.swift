import Foundation
@testable import NavshCore
import NavshSQLite
import NavshTestSupport
import Testing

/// What one command costs in SQL (issue 12, "as fast as sqlite3"), counted
/// in the statements SQLite runs, which is deterministic where time is not.
/// A script's edit was 33 statements: four `PRAGMA data_version` reads each
/// wrapped in `query_only` and a transaction, the saved row read again.
@Suite struct StatementCostTests {
    /// The statements SQLite runs while `lines` run (after the first edit,
    /// so the session is warm, as it is in a script of many edits).
    func statements(_ h: SessionHarness, _ lines: String...) -> [String] {
        var seen: [String] = []
        h.store.traceStatements { seen.append($0) }
        defer { h.store.traceStatements(nil) }
        for line in lines {
            let response = h.session.execute(line)
            if let error = response.error { Issue.record("'\(line)' failed: \(error.message)") }
        }
        return seen
    }

    @Test func anEditIsOneReadAndOneConditionalUpdate() throws {
        let h = try SessionHarness(Fixtures.items)
        h.run("open #1", "set value 121", "save")
        let seen = statements(h, "open #2", "set value 3", "save")
        // open: the row; set: nothing; save: BEGIN, the conditional UPDATE,
        // the row as written read by key (cheaper than RETURNING, which
        // SQLite keeps in a temporary table), COMMIT. No data_version: a
        // script's open #KEY, set and save use nothing read before
        // (`Command.usesNothingReadBefore`); the next command that does asks.
        #expect(seen.count == 5, "\(seen.joined(separator: "\n"))")
        #expect(seen.filter { $0.contains("data_version") }.isEmpty)
        #expect(statements(h, "show").contains { $0.contains("data_version") }, "show looks")
        #expect(!seen.contains { $0.contains("query_only") })
        #expect(seen.contains { $0.hasPrefix("UPDATE OR ABORT") && $0.contains("WHERE") })
        #expect(seen.filter { $0.hasPrefix("SELECT") }.count == 2, "the row opened, and as saved")
        #expect(try h.store.record(of: h.store.collections[0], key: [.integer(2)])?["value"] == .integer(3))
    }

    /// A batch save is one prepared UPDATE stepped a row at a time, its
    /// list and the values read checked in its WHERE: the list is not read
    /// again, nor a row written read back.
    @Test func aBatchSaveStepsOneUpdateARowAndReadsNothingAgain() throws {
        let h = try SessionHarness(Fixtures.numbered(60))
        let name = try #require(h.store.collections[0].fields.first { $0.kind == .text }?.name)
        h.run("where id > 10", "open *")
        let seen = statements(h, "set \(name) Same", "save")
        let updates = seen.filter { $0.hasPrefix("UPDATE OR ABORT") }
        #expect(updates.count == 50, "\(seen.joined(separator: "\n"))")
        #expect(Set(updates).count == 1, "one statement, its values bound")
        #expect(!seen.contains { $0.hasPrefix("SELECT") }, "\(seen.joined(separator: "\n"))")
        #expect(try h.value("SELECT count(*) FROM things WHERE \(name) = 'Same'") == "50")
    }

    /// A batch delete where no foreign key cascades is one prepared
    /// DELETE stepped a row at a time, each row checked in its WHERE. No
    /// row is read first for what would go with it, since nothing refers to the table.
    @Test func aBatchDeleteStepsOneDeleteARow() throws {
        let h = try SessionHarness(Fixtures.numbered(60))
        h.run("where id > 10", "open *")
        let seen = statements(h, "delete")
        let deletes = seen.filter { $0.hasPrefix("DELETE FROM") }
        #expect(deletes.count == 50, "\(seen.joined(separator: "\n"))")
        #expect(Set(deletes).count == 1, "one statement, its values bound")
        // Nothing refers to things: no row is read for its cascades, and the list is not read again.
        #expect(!seen.contains { $0.hasPrefix("SELECT") && $0.contains("FROM \"things\"") }, "\(seen.joined(separator: "\n"))")
        #expect(try h.value("SELECT count(*) FROM things") == "10")
    }

    /// A long batch of rows that share their values is written in parts
    /// of 256 rows. Each part's rows are checked just before its UPDATE,
    /// so their pages are still in SQLite's cache: one check of every row,
    /// then one UPDATE, read each page twice and spilled.
    @Test func aLongBatchIsWrittenInPartsEachCheckedJustBeforeItsUpdate() throws {
        let h = try SessionHarness("CREATE TABLE tracks (id INTEGER PRIMARY KEY, name TEXT NOT NULL, composer TEXT);\n"
            + "WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 600) "
            + "INSERT INTO tracks (name, composer) SELECT 'Track ' || i, 'Plnt' FROM c;")
        h.run("open *")
        let seen = statements(h, "set composer Plant", "save")
        // OR FAIL: the write's savepoint takes back a refusal.
        let writes = seen.indices.filter { seen[$0].hasPrefix("UPDATE OR FAIL") }
        #expect(writes.count == 3, "\(seen.joined(separator: "\n"))")
        #expect(writes.allSatisfy { $0 > 0 && seen[$0 - 1].hasPrefix("SELECT navsh_keys.key") }, "\(seen.joined(separator: "\n"))")
        // That SELECT checks the values: a function in an UPDATE's WHERE
        // (`typeof`) made SQLite journal each page it changed once more.
        #expect(writes.allSatisfy { !seen[$0].contains("(\"") && !seen[$0].contains("typeof") }, "\(seen.joined(separator: "\n"))")
        #expect(try h.value("SELECT count(*) FROM tracks WHERE composer = 'Plant'") == "600")
    }

    /// `import --update` reads its lines' rows by key many at a time, in one
    /// snapshot: a read a line, each its own transaction, took and gave back
    /// the file's locks each time, and on a server cost a round trip.
    @Test func anUpdateImportReadsItsRowsInOneSnapshot() throws {
        let h = try SessionHarness(Fixtures.numbered(60))
        let name = try #require(h.store.collections[0].fields.first { $0.kind == .text }?.name)
        let path = NSTemporaryDirectory() + "navsh-cost-\(UUID().uuidString).csv"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try ("id,\(name)\n" + (1...20).map { "\($0),Renamed \($0)\n" }.joined()).write(toFile: path, atomically: true, encoding: .utf8)
        h.run("where id > 0")
        let seen = statements(h, "import \(path) --update")
        let reads = seen.filter { $0.hasPrefix("SELECT") && $0.contains(" IN (") }
        #expect(reads.count == 1, "\(seen.joined(separator: "\n"))")

        #expect(seen.filter { $0.hasPrefix("BEGIN DEFERRED") }.count <= 1, "\(seen.joined(separator: "\n"))")
        #expect(try h.value("SELECT count(*) FROM things WHERE \(name) LIKE 'Renamed %'") == "20")
    }

    /// A filtered list that matches rows reads no more than they: the hint
    /// for a miss by case (`where country = brazil`) is looked for only when
    /// nothing matched. It read the table again under every filtered list.
    @Test func aFilterThatMatchesLooksForNoCaseHint() throws {
        let h = try SessionHarness(Fixtures.numbered(60))
        h.run("show")
        let hit = statements(h, "where name = \"Row 5\"")
        h.run("back")
        let miss = statements(h, "where name = \"row 5\"")
        #expect(miss.count > hit.count, "a miss looks for the hint: \(miss.joined(separator: "\n"))")
        #expect(!hit.contains { $0.contains("navsh_fold") || $0.localizedCaseInsensitiveContains(" LIKE ") },
                "\(hit.joined(separator: "\n"))")
    }

    /// A page is one SELECT in one snapshot with the look for changes made
    /// elsewhere before it (issue 10: `page N` ≤ 3× sqlite3's fetch by
    /// key): each in a transaction of its own took and released the file's
    /// locks twice, two `fcntl`s and an `fstat` a page more than sqlite3.
    @Test func aPageIsOneSelectInTheSnapshotOfItsLook() throws {
        let h = try SessionHarness(Fixtures.numbered(200))
        h.run("show")
        let seen = statements(h, "page 5")
        #expect(seen == ["BEGIN DEFERRED TRANSACTION", "PRAGMA data_version"] + seen.dropFirst(2).dropLast()
                + ["COMMIT TRANSACTION"], "\(seen.joined(separator: "\n"))")
        #expect(seen.filter { $0.hasPrefix("SELECT") }.count == 1, "\(seen.joined(separator: "\n"))")
        #expect(seen.count == 4)
    }

    /// The first page of a long list: whether there are more rows than it
    /// counts at once (one bounded SELECT), then the page (another), both
    /// in the snapshot its look began.
    @Test func aLongListsFirstPageIsTwoSelectsInOneSnapshot() throws {
        let h = try SessionHarness(Fixtures.numbered(10_050))
        let seen = statements(h, "show")
        #expect(seen.filter { $0.hasPrefix("SELECT") }.count == 2, "\(seen.joined(separator: "\n"))")
        #expect(seen.first == "BEGIN DEFERRED TRANSACTION" && seen.last == "COMMIT TRANSACTION")
        #expect(seen.filter { $0.contains("BEGIN") || $0.contains("COMMIT") }.count == 2)
    }

    /// Only a command that cannot write shares its look's snapshot: a save
    /// takes its own write transaction, as before.
    @Test func aSaveBeginsNoReadSnapshot() throws {
        let h = try SessionHarness(Fixtures.items)
        h.run("open 1", "set value 7")
        let seen = statements(h, "save")
        #expect(!seen.contains("BEGIN DEFERRED TRANSACTION"), "\(seen.joined(separator: "\n"))")
        #expect(try h.store.record(of: h.store.collections[0], key: [.integer(1)])?["value"] == .integer(7))
    }

    /// A save reads its row again rather than take it from RETURNING, which
    /// gives the row as it was before AFTER triggers ran: the frame holds
    /// what is stored, and the next save's conflict check passes.
    @Test func aTriggerThatTouchesTheSavedRowIsSeenAfterTheSave() throws {
        let h = try SessionHarness(Fixtures.items + """
            CREATE TRIGGER stamp AFTER UPDATE OF value ON items
            BEGIN UPDATE items SET note = 'changed to ' || NEW.value WHERE id = NEW.id; END;
            """)
        h.run("open #1", "set value 130", "save", "open #1")
        #expect(h.output("show").contains("changed to 130"))
        let seen = statements(h, "set value 131", "save")
        #expect(!seen.contains { $0.contains("RETURNING") })
        #expect(h.output("open #1", "show").contains("changed to 131"))
    }

    /// A foreign key's ON UPDATE action is a trigger too: a row that refers
    /// to itself has its reference changed after the UPDATE (RETURNING would
    /// miss it).
    @Test func aCascadeOntoTheSavedRowIsSeenAfterTheSave() throws {
        let h = try SessionHarness("""
            CREATE TABLE nodes (code TEXT PRIMARY KEY, parent TEXT REFERENCES nodes(code) ON UPDATE CASCADE,
                                name TEXT) WITHOUT ROWID;
            INSERT INTO nodes VALUES ('a', 'a', 'root');
            """)
        h.run("show", "open 1")
        // SQLite's RETURNING gives parent 'a' here; the row holds 'b'.
        #expect(!statements(h, "set code b", "save").contains { $0.contains("RETURNING") })
        // Undo expects the row to hold exactly what the save returned.
        let undone = h.run("undo")
        #expect(undone.error == nil, "\(undone.error?.message ?? "")")
        let row = try h.store.record(of: h.store.collections[0], key: [.text("a")])
        #expect(row?["parent"] == .text("a"), "\(String(describing: row))")
    }

    /// A whole number saved in a REAL column is kept on disk as an integer
    /// (RETURNING hands it out so); the frame must hold the real a SELECT
    /// reads, or the next save's exact check calls it a conflict.
    @Test func aWholeNumberSavedInARealColumnStaysAReal() throws {
        let h = try SessionHarness(Fixtures.items)
        // The page is shown first, so the list follows the save's own row.
        h.run("show", "open 1", "set weight 13", "save")
        // The list follows the saved row as read again (a real shows as typed, `13`).
        #expect(h.output("show").contains("Gort statue   GS-1951    120      13  "))
        // Undo expects the row to hold exactly what the save returned.
        let undone = h.run("undo")
        #expect(undone.error == nil, "\(undone.error?.message ?? "")")
        #expect(try h.store.record(of: h.store.collections[0], key: [.integer(1)])?["weight"] == .real(12.5))
    }

    /// `--quiet`: a frame nobody will see is read (row numbers mean the page
    /// read) but not laid out; what a line asks to see still is.
    @Test func quietScriptsDoNotLayOutFramesNobodySees() throws {
        let h = try SessionHarness(Fixtures.items)
        h.session.configuration.laysOutUnrequested = false
        #expect(h.output("open 1") == "")
        #expect(h.output("show").contains("Gort statue"))
        h.run("back")
        #expect(h.output("show").contains("Hoverboard"))
        #expect(h.output("open 3", "show").contains("Hoverboard"))
    }
}

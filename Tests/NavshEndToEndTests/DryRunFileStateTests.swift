import Foundation
import NavshTestSupport
import Testing

/// A dry run leaves a file byte for byte as it found it, whatever state a
/// writer left it in: commits still in the write-ahead log stay there, and a
/// journal a writer left unfinished is refused, not rolled back.
@Suite struct DryRunFileStateTests {
    let navsh = NavshBinary()
    static let script = "open t\nopen 1\nset v changed\nsave\nnew\nset v added\nsave\n"

    /// The files beside the database, by name, with their bytes.
    func files(_ db: TemporaryDatabase) throws -> [String: Data] {
        let names = try FileManager.default.contentsOfDirectory(atPath: db.directory)
        return try Dictionary(uniqueKeysWithValues: names.map {
            ($0, try Data(contentsOf: URL(fileURLWithPath: db.directory + "/" + $0)))
        })
    }

    /// A writer that stops dead, as `kill -9` stops one: in WAL mode after
    /// commits it never checkpointed; in rollback mode in the middle of a
    /// transaction that has already written pages to the file.
    func writerDies(in db: TemporaryDatabase, wal: Bool) throws {
        let script = wal ? """
            import os, sqlite3, sys
            c = sqlite3.connect(sys.argv[1], isolation_level=None)
            c.execute('PRAGMA journal_mode = WAL'); c.execute('PRAGMA wal_autocheckpoint = 0')
            c.execute('BEGIN')
            for i in range(2000): c.execute('INSERT INTO t (v) VALUES (?)', ('x' * 100,))
            c.execute('COMMIT')
            os._exit(0)
            """ : """
            import os, sqlite3, sys
            c = sqlite3.connect(sys.argv[1], isolation_level=None)
            c.execute('PRAGMA cache_size = 5')
            c.execute('BEGIN')
            c.execute("UPDATE t SET v = 'half-done'")
            os._exit(0)
            """
        try PythonScript.run(script, [db.path])
    }

    static let schema = "CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT);"
        + "INSERT INTO t (v) VALUES ('one'), ('two');"

    @Test func commitsStillInTheLogStayThereAndTheFileIsUnchanged() throws {
        let db = try TemporaryDatabase(Self.schema)
        try writerDies(in: db, wal: true)
        let before = try files(db)
        try #require(Set(before.keys) == ["test.sqlite", "test.sqlite-wal", "test.sqlite-shm"])
        let result = try navsh.run(["--dry-run", db.path], stdin: Self.script)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("would have changed"), "\(result.stdout)")
        let after = try files(db)
        #expect(Set(after.keys) == Set(before.keys))
        #expect(after["test.sqlite"] == before["test.sqlite"], "the log was not checkpointed into the file")
        #expect(after["test.sqlite-wal"] == before["test.sqlite-wal"], "the log holds its commits, nothing more")
        // The -shm index is SQLite's shared memory, rebuilt by any reader after a writer dies; it holds no rows.
        let rows = try db.rows("SELECT count(*) AS n FROM t")[0]["n"]
        #expect(rows == "2002", "the log's commits are still there to read")
    }

    @Test func aWALFileWithoutALogIsLeftWithoutOne() throws {
        let db = try TemporaryDatabase(Self.schema)
        try #require(try db.useWriteAheadLog() == "wal")
        let before = try files(db)
        try #require(Array(before.keys) == ["test.sqlite"])
        let result = try navsh.run(["--dry-run", db.path], stdin: Self.script)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try files(db) == before, "no -wal or -shm left behind, and the file's bytes as they were")
    }

    @Test func aRollbackJournalFileIsUnchangedAndGetsNoJournal() throws {
        let db = try TemporaryDatabase(Self.schema + "INSERT INTO t (v) SELECT v || id FROM t;")
        let before = try files(db)
        let result = try navsh.run(["--dry-run", db.path], stdin: Self.script + "delete 2\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try files(db) == before)
    }

    @Test func aJournalLeftUnfinishedIsRefusedNotRolledBack() throws {
        let db = try TemporaryDatabase(Self.schema + "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200) INSERT INTO t (v) SELECT zeroblob(3000) FROM n;")
        try writerDies(in: db, wal: false)
        let before = try files(db)
        try #require(before.keys.contains("test.sqlite-journal"), "the writer left its journal")
        let result = try navsh.run(["--dry-run", db.path], stdin: Self.script)
        #expect(result.status == 66)
        #expect(result.stderr == "navsh: \(db.path): cannot open as a SQLite store: a transaction was left unfinished "
            + "in it (test.sqlite-journal), and rolling it back rewrites the file, which a dry run never does: "
            + "wait for the process writing it, or open it once without --dry-run\n")
        #expect(try files(db) == before)
        // A real run recovers it, as SQLite does: the unfinished update is gone.
        let real = try navsh.run([db.path], stdin: "open t\nshow\n")
        #expect(real.status == 0, "\(real.stderr)")
        #expect(!real.stdout.contains("half-done"))
    }
}

import Foundation
import NavshTestSupport
import Testing

/// A file navsh may not write opens read-only instead of failing (issue
/// 14): browse and find work, every write is refused with the reason, and
/// a WAL file in a read-only folder opens immutable, saying so. Run as a
/// user without write access (root ignores permission bits, so as root the
/// binary runs as nobody through setpriv).
@Suite struct ReadOnlyFileTests {
    let navsh = NavshBinary()
    static let asSomeoneElse = getuid() == 0 ? "setpriv --reuid=65534 --regid=65534 --clear-groups " : ""

    /// Runs navsh on `path` with `commands`, as a user who cannot write it;
    /// returns the status and everything it printed, in order.
    func run(_ db: TemporaryDatabase, _ commands: [String]) throws -> (status: Int32, output: String) {
        let words = commands.map { "-c '\($0)'" }.joined(separator: " ")
        let result = try navsh.shell(Self.asSomeoneElse + "\"$NAVSH\" \"$1\" \(words) >&2", home: db.directory,
                                     arguments: [db.path])
        return (result.status, result.stderr)
    }

    /// Runs `statements` in the sqlite3 CLI, which is then killed (no
    /// COMMIT, no close), and requires it to have left the file `suffix`
    /// (`-journal`, `-wal`) beside the database, not empty.
    func killWriter(_ db: TemporaryDatabase, _ statements: [String], leaving suffix: String) throws {
        let lines = (statements + ["'.shell kill -9 $PPID'"]).map { $0.hasPrefix("'") ? $0 : "\"\($0)\"" }
        let writer = try navsh.shell("printf '%s\\n' \(lines.joined(separator: " ")) | sqlite3 \"$1\" 2>/dev/null; "
            + "test -s \"$1\(suffix)\" && echo left >&2", home: db.directory, arguments: [db.path])
        try #require(writer.stderr.contains("left"), "the writer left no \(suffix): \(writer.stderr)")
    }

    /// Opening `db` fails with `reason`, and shows nothing of `hidden`
    /// (rows a writer left uncommitted, or as they were before a commit).
    func expectRefused(_ db: TemporaryDatabase, hiding hidden: String, saying reason: String,
                       sourceLocation: SourceLocation = #_sourceLocation) throws {
        let browse = try run(db, ["open items", "show", "open 2"])
        #expect(browse.status != 0, "\(browse.output)", sourceLocation: sourceLocation)
        #expect(!browse.output.contains(hidden) && !browse.output.contains("immutable"), "\(browse.output)",
                sourceLocation: sourceLocation)
        #expect(browse.output.hasSuffix("test.sqlite: cannot open as a SQLite store: \(reason)\n"), "\(browse.output)",
                sourceLocation: sourceLocation)
    }

    static let sql = """
        CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT);
        INSERT INTO items (name) VALUES ('Gort statue'), ('Rusty spork');
        """

    @Test func aReadOnlyFileOpensReadOnlyAndRefusesEveryWrite() throws {
        let db = try TemporaryDatabase(Self.sql)
        chmod(db.directory, 0o777)
        chmod(db.path, 0o444)
        let browse = try run(db, ["find spork", "open 1", "show", "describe name"])
        #expect(browse.status == 0, "\(browse.output)")
        #expect(browse.output.hasPrefix("navsh: test.sqlite is open read-only (the file is read-only); nothing can be changed\n"))
        #expect(browse.output.contains("  name  Rusty spork"))
        #expect(browse.output.contains("  read-only  test.sqlite is open read-only (the file is read-only); nothing can be changed\n"))
        for write in [["open 1", "set name X"], ["new"], ["delete 1"]] {
            let refused = try db.expectUnchanged("items") { try run(db, write) }
            #expect(refused.status == 1)
            // On the error line itself, not the notice every run starts with.
            #expect(refused.output.contains("error: ") && refused.output.components(separatedBy:
                    "test.sqlite is open read-only (the file is read-only); nothing can be changed\n").count == 3,
                    "\(refused.output)")
        }
    }

    @Test func aSpecThatWouldAddATableSaysTheFileIsReadOnly() throws {
        let db = try TemporaryDatabase(Self.sql)
        try "collections:\n  extra:\n    create: true\n    fields:\n      name: {}\n"
            .write(toFile: db.directory + "/app.yaml", atomically: true, encoding: .utf8)
        chmod(db.directory + "/app.yaml", 0o644)
        chmod(db.path, 0o444)
        chmod(db.directory, 0o555)
        defer { chmod(db.directory, 0o755) }
        let result = try navsh.shell(Self.asSomeoneElse + "\"$NAVSH\" --spec \"$1\" \"$2\" -c show >&2", home: db.directory,
                                     arguments: [db.directory + "/app.yaml", db.path])
        #expect(result.status == 66)
        #expect(result.stderr.hasSuffix("cannot open as a SQLite store: cannot be written: test.sqlite is open read-only "
            + "(the file and its folder are read-only); nothing can be changed\n"), "\(result.stderr)")
    }

    /// A rollback-journal file a writer died in the middle of (its journal
    /// hot): opened read-only it cannot be rolled back, and opened
    /// immutable it showed the dead writer's rows, torn, as if committed
    /// (a trial's find). It is refused, and its rows are not shown.
    @Test func aReadOnlyFileWithAHotJournalIsRefusedNotReadTorn() throws {
        let db = try TemporaryDatabase("""
            CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT);
            WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 3000)
            INSERT INTO items SELECT i, 'Item ' || i FROM c;
            """)
        // A writer whose cache spills its changes into the file, killed
        // before it commits: the journal is left hot.
        try killWriter(db, ["PRAGMA cache_size = 5;", "BEGIN;", "UPDATE items SET name = name || '_TORN';"],
                       leaving: "-journal")
        chmod(db.directory, 0o555)
        defer { chmod(db.directory, 0o755) }
        try expectRefused(db, hiding: "_TORN", saying: "a transaction was left unfinished in it (test.sqlite-journal), "
            + "and rolling it back needs write access: open it once as someone who may write it")
    }

    /// A WAL file whose log still holds commits, in a folder navsh may not
    /// write: an immutable open would read the file alone and show the
    /// rows as they were before those commits (a trial's find). Refused.
    @Test func aWALFileWhoseLogHoldsCommitsIsRefusedNotShownStale() throws {
        let db = try TemporaryDatabase(Self.sql)
        try db.useWAL()
        try killWriter(db, ["PRAGMA wal_autocheckpoint = 0;", "UPDATE items SET name = 'NEWER' WHERE id = 2;"],
                       leaving: "-wal")
        try FileManager.default.removeItem(atPath: db.path + "-shm")
        chmod(db.path, 0o666)
        chmod(db.directory, 0o555)
        defer { chmod(db.directory, 0o755) }
        // Hiding the row as it was before the commit.
        try expectRefused(db, hiding: "Rusty spork", saying: "its write-ahead log (test.sqlite-wal) may hold commits not "
            + "yet in the file, which SQLite cannot read from there (its folder is read-only): open it once as someone "
            + "who may write its folder")
    }

    @Test func aWALFileInAReadOnlyFolderOpensImmutable() throws {
        let db = try TemporaryDatabase(Self.sql)
        try db.useWAL()
        chmod(db.path, 0o666)
        chmod(db.directory, 0o555)
        defer { chmod(db.directory, 0o755) }
        let browse = try run(db, ["open 2"])
        #expect(browse.status == 0, "\(browse.output)")
        #expect(browse.output.hasPrefix("navsh: test.sqlite is open immutable (its folder is read-only, and in WAL mode"))
        #expect(browse.output.contains("  name  Rusty spork"))
        let refused = try run(db, ["open 2", "set name X"])
        #expect(refused.status == 1)
        #expect(refused.output.contains("nothing can be changed\n"))
    }
}

import Foundation
import NavshCore
import NavshSQLite

/// What the fuzzers feed, each a function of arbitrary bytes that must
/// return without crashing or hanging. A failed invariant is a crash
/// (`fatalError`), so libFuzzer keeps the input.
public enum FuzzTargets {
    /// The tokenizer and the parser, for every kind of frame, with and without abbreviations.
    public static func tokenizer(_ bytes: [UInt8]) {
        let line = String(decoding: bytes, as: UTF8.self)
        var scanner = WordScanner(line)
        _ = try? scanner.remainingWords()
        var rest = WordScanner(line)
        _ = try? rest.next()
        _ = try? rest.restOfLine()
        for frame in FrameKind.allCases {
            _ = try? CommandParser.commandName(of: line, in: frame)
            _ = try? CommandParser.commandName(of: line, in: frame, abbreviations: true)
        }
    }

    /// A whole session, in script or interactive mode, fed the input's lines
    /// through the runners' own driver (questions answered and field editors
    /// filled from the next line: `FuzzPrompter`).
    /// Every write happens inside one transaction that is rolled back, so
    /// runs do not disturb each other; a run whose session reports no write
    /// must have written no row.
    public static func session(_ bytes: [UInt8]) {
        let store = FuzzStore.shared
        do {
            try store.transaction(rollback: true) { session(bytes, in: store) }
        } catch {
            fatalError("the fuzz transaction failed: \(error)")
        }
    }

    private static func session(_ bytes: [UInt8], in store: SQLiteStore) {
        let before = fingerprint(of: store)
        let mode: Session.Mode = bytes.first.map { $0 & 1 == 0 } ?? true ? .script : .interactive
        let session = Session(store: store, mode: mode, viewport: { Viewport(columns: 40 + Int(bytes.count % 60), rows: 12) })
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)[...]
        let driver = ResponseDriver(session: session)
        var prompter = FuzzPrompter(lines: lines, mode: mode)
        while let line = prompter.lines.popFirst(), !session.isFinished {
            driver.run(line, with: &prompter)
            _ = session.completions(before: String(decoding: line, as: UTF8.self))
        }
        _ = session.unsavedWork
        session.discardAllEdits()
        if session.changesMade.isEmpty && fingerprint(of: store) != before {
            fatalError("rows were written though no save, delete or undo succeeded")
        }
    }

    private static func fingerprint(of store: SQLiteStore) -> String {
        do {
            return try store.contentFingerprint()
        } catch {
            fatalError("cannot read the fuzz store: \(error)")
        }
    }

    /// Nothing a session prints may hold a control character but a line
    /// break: not a value, not a name from the schema, not a trigger message.
    static func checkPrintable(_ text: String) {
        if text.unicodeScalars.contains(where: { $0 != "\n" && TextLayout.isControl($0) }) {
            fatalError("a control character reached the terminal: \(text.debugDescription)")
        }
    }

    /// Runs a target by name: `tokenizer` or `session`.
    public static func run(_ target: String, _ bytes: [UInt8]) {
        switch target {
        case "tokenizer": tokenizer(bytes)
        default: session(bytes)
        }
    }
}

/// One store for every run: a temporary file with a table of each shape
/// navsh handles (constraints, a foreign key, WITHOUT ROWID, generated and
/// hidden rowid columns, CJK text).
enum FuzzStore {
    nonisolated(unsafe) static let shared: SQLiteStore = {
        let path = FuzzStore.path
        try? FileManager.default.removeItem(atPath: path)
        // The file goes with the process (the fuzzer, or a test run replaying inputs).
        atexit {
            for suffix in ["", "-wal", "-shm", "-journal"] { unlink(FuzzStore.path + suffix) }
        }
        do {
            let store = try SQLiteStore(path: path, create: true)
            try store.execute(schema)
            let presented = try SQLiteStore(path: path)
            _ = try spec.apply(to: presented, thisYear: CivilTime.now().year)
            return presented
        } catch {
            fatalError("cannot make the fuzz store: \(error)")
        }
    }()

    static let path = NSTemporaryDirectory() + "navsh-fuzz-\(getpid()).sqlite"

    /// The spec paths too: templates, sections, ranges, choices, defaults,
    /// a manual order, back: save, references, a related list.
    static var spec: AppSpec {
        var items = CollectionSpec(name: "items")
        items.title = "Things"
        items.rowTitle = try? RowTemplate("{name} #{id}")
        items.rowDetails = ["{value:$}", "{weight:0.2} {bought:medium}"].compactMap { try? RowTemplate($0) }
        items.group = "ok"
        items.recordSections = [RecordSection(title: "Main", fields: ["name", "value"])]
        var value = FieldSpec(name: "value")
        value.minimum = .number(0)
        value.maximum = .thisYear
        var name = FieldSpec(name: "name")
        name.defaultValue = .counter("Thing {n}")
        name.required = true
        var label = FieldSpec(name: "label")
        label.choices = ["one", "two", "three"]
        items.fields = [name, value]
        var pairs = CollectionSpec(name: "pairs")
        pairs.backPolicy = .save
        pairs.fields = [label]
        var plain = CollectionSpec(name: "plain")
        plain.manualOrder = "pos"
        plain.newRows = .top
        var pos = FieldSpec(name: "pos")
        pos.kind = .integer
        pos.create = true  // plain has no pos column: the spec adds it
        plain.fields = [pos]
        return AppSpec(collections: [items, pairs, plain])
    }

    static let schema = """
        CREATE TABLE owners (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
        CREATE TABLE items (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL CHECK (length(name) > 0),
            value INTEGER NOT NULL DEFAULT 0 CHECK (value >= 0),
            weight REAL, bought DATE, seen DATETIME, ok BOOLEAN, data BLOB,
            owner_id INTEGER REFERENCES owners(id) ON DELETE CASCADE,
            created TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP,
            twice INTEGER GENERATED ALWAYS AS (value * 2) VIRTUAL
        );
        CREATE TABLE pairs (a TEXT, b INTEGER, label TEXT, PRIMARY KEY (a, b)) WITHOUT ROWID;
        CREATE TABLE plain (name TEXT, note);
        CREATE TABLE "esc\u{1B}[31m" (id INTEGER PRIMARY KEY, "n\u{07}ame" TEXT COLLATE NOCASE,
                                       owner INTEGER REFERENCES owners(id) ON DELETE SET NULL);
        CREATE TRIGGER "no\u{1B}pe" BEFORE UPDATE ON "esc\u{1B}[31m" WHEN NEW."n\u{07}ame" = 'boom'
        BEGIN SELECT RAISE(ABORT, 'refused \u{1B}]0;x\u{07}'); END;
        INSERT INTO owners (name) VALUES ('Ada'), ('Grace');
        INSERT INTO items (name, value, weight, bought, ok, owner_id) VALUES
            ('Gort statue', 120, 1.5, '2026-11-21', 1, 1), ('木彫りの熊', 45, NULL, NULL, 0, 2),
            ('Lucky cat 🐱', 18, 0.25, '2020-02-29', NULL, NULL);
        INSERT INTO pairs VALUES ('x', 1, 'one'), ('y', 2, 'two');
        INSERT INTO plain VALUES ('a', 1), ('b', x'00ff');
        INSERT INTO "esc\u{1B}[31m" ("n\u{07}ame", owner) VALUES ('Gort', 1), ('gort', 2);
        """
}

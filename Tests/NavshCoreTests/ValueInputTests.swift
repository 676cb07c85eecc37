import NavshCore
import NavshTestSupport
import Testing

/// `set` checks values against the column at once and changes nothing when it refuses.
@Suite struct ValueInputTests {
    /// Row 1 of items, opened on a fresh store of `kind`.
    static func opened(_ kind: StoreKind) throws -> SessionHarness {
        let h = try SessionHarness(kind, Fixtures.items)
        try h.session.setUp("open 1")
        return h
    }

    /// A number its column's type cannot hold was taken by `set`, and then
    /// PostgreSQL refused the whole save. SQLite's numbers hold 64 bits.
    @Test(arguments: StoreKind.all)
    func aNumberBeyondItsColumnsTypeIsRefusedAtSet(kind: StoreKind) throws {
        let h = try SessionHarness(kind, "CREATE TABLE t (id INTEGER PRIMARY KEY, small SMALLINT, n INT, w REAL);"
            + "INSERT INTO t VALUES (1, 1, 1, 1);")
        try h.session.setUp("open t", "open 1")
        let refusals = ["set small 40000", "set n 3000000000", "set w 1e300", "set w 1e-46"].map { h.run($0).error?.message }
        if kind.checksTypeRanges {
            #expect(refusals[0] == "small: 40000 is out of range (-32768 to 32767)")
            #expect(refusals[1] == "n: 3000000000 is out of range (-2147483648 to 2147483647)")
            // The ends as a real column shows them, not as doubles.
            #expect(refusals[2] == "w: 1e+300 is out of range (-3.4028235e+38 to 3.4028235e+38)")
            #expect(refusals[3] == "w: 1e-46 is too near 0 for its type (the nearest it holds are 0 and 1e-45)")
        } else {
            #expect(refusals == [nil, nil, nil, nil])
        }
        for line in ["set small -32768", "set n 2147483647", "set w -3.4028235e+38", "set w 1e-45", "save"] { #expect(h.run(line).error == nil, "\(line)") }
        #expect(try h.values("SELECT small, n FROM t") == [["-32768", "2147483647"]])
    }

    /// The trial's find: `+09`, as PostgreSQL prints a zone, was refused.
    /// A later trial's: the offset was kept, so a column of plain times
    /// mixed two forms and sorted 07:00 UTC after 10:00. A time typed with
    /// an offset is stored as the same instant in UTC, the column's way.
    @Test(arguments: StoreKind.sqlite)
    func aTimeWithAnOffsetIsStoredInUTCTheColumnsWay(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE events (id INTEGER PRIMARY KEY, name TEXT, at DATETIME, z DATETIME);
            INSERT INTO events VALUES (1, 'launch', '2026-11-21 10:00:00', '2026-11-21T10:00:00Z');
            """)
        h.run("open 1")
        #expect(h.run("set at 2026-11-21 10:00:00+09").error == nil)
        h.run("save")
        #expect(try h.value("SELECT at FROM events") == "2026-11-21 01:00:00")
        h.run("open 1")
        h.run("set at 2026-01-01T01:30:00+05:30")  // the day before, in UTC
        h.run("set z 2026-12-31 22:15:00.250-02:00")  // the year after
        h.run("save")
        let row = try h.database.rows("SELECT at, z FROM events")[0]
        #expect(row["at"] == "2025-12-31 20:00:00" && row["z"] == "2027-01-01T00:15:00.250Z", "\(row)")
        h.run("open 1")
        h.run("set at 2026-11-22T10:11:12Z")
        h.run("save")
        #expect(try h.value("SELECT at FROM events") == "2026-11-22 10:11:12")
    }

    @Test(arguments: StoreKind.all)
    func integersRealsAndDates(kind: StoreKind) throws {
        let harness = try Self.opened(kind)
        #expect(harness.refusal("set value 150") == nil)
        #expect(harness.refusal("set value 12.5") == "value: '12.5' is not a whole number")
        // A spreadsheet's whole number is one: a point followed by zeros only.
        #expect(harness.refusal("set value 150.00") == nil)
        #expect(harness.output("changes").contains("value: 120 → 150\n"), "\(harness.output("changes"))")
        #expect(harness.refusal("set value 150.01") == "value: '150.01' is not a whole number")
        #expect(harness.refusal("set value abc") == "value: 'abc' is not a whole number")
        // The trial's find: digits past 64 bits were "not a whole number".
        #expect(harness.refusal("set value 99999999999999999999")
            == "value: '99999999999999999999' is too large a whole number (the limit is ±9,223,372,036,854,775,807)")
        #expect(harness.refusal("set value -99999999999999999999")?.contains("too large a whole number") == true)
        #expect(harness.refusal("set value \"\"") == "value: an empty value is not a whole number")
        // value is NOT NULL and a whole number: neither unset nor "" is offered (a new user was sent to both).
        #expect(harness.refusal("set value") == "set value: missing value; usage: set value VALUE")
        #expect(harness.refusal("set weight") == "set weight: missing value; usage: set weight VALUE; unset weight makes it NULL")
        #expect(harness.refusal("set weight 2.75") == nil)
        #expect(harness.refusal("set weight 3") == nil)
        #expect(harness.refusal("set weight nan") == "weight: 'nan' is not a number")
        #expect(harness.refusal("set bought 2024-02-29") == nil)
        #expect(harness.refusal("set bought 2023-02-29") == "bought: '2023-02-29' is not a date (YYYY-MM-DD)")
        #expect(harness.refusal("set bought someday") == "bought: 'someday' is not a date (YYYY-MM-DD)")
    }

    /// A REAL column keeps no -0.0 (SQLite stores a whole real as an
    /// integer): `set weight -0` is 0, so a save keeps what was set and the
    /// same `set` again changes nothing (the trial's find: it read as a
    /// change every time and came back as 0).
    @Test(arguments: StoreKind.sqlite)
    func minusZeroInARealColumnIsZero(kind: StoreKind) throws {
        let harness = try Self.opened(kind)
        harness.run("set weight -0", "save")
        #expect(try harness.database.rows("SELECT weight FROM items WHERE id = 1") == [["weight": "0.0"]])
        harness.run("open 1", "set weight -0")
        #expect(harness.session.unsavedWork.isEmpty, "\(harness.session.unsavedWork)")
    }

    /// A real out of a Double's range is refused either way, saying so:
    /// `1e400` was "not a number", and `1e-400` (read as 0) was stored as
    /// 0 without a word. A zero typed in any way is still 0.
    @Test(arguments: StoreKind.all)
    func aRealOutOfRangeIsRefusedEitherWay(kind: StoreKind) throws {
        let harness = try Self.opened(kind)
        let range = "is out of a real's range (about ±1.8e308, and no nearer 0 than 5e-324 but 0 itself)"
        #expect(harness.refusal("set weight 1e-400") == "weight: '1e-400' " + range)
        #expect(harness.refusal("set weight 1e400") == "weight: '1e400' " + range)
        harness.run("set weight 0.0e-400")
        #expect(harness.output("changes").contains("weight: 12.5 → 0"), "a zero is no underflow")
    }

    /// `help` lists what a frame accepts: a record does not import (it
    /// listed import, then refused it; the trial's find).
    @Test(arguments: StoreKind.all)
    func helpAtARecordDoesNotOfferImport(kind: StoreKind) throws {
        let harness = try Self.opened(kind)
        // As a command of its own: undo's summary says it takes back an import.
        #expect(!harness.output("help").contains("\n  import "))
        harness.run("back")
        #expect(harness.output("help").contains("\n  import "))
    }

    @Test(arguments: StoreKind.all)
    func refusedValuesLeaveTheBufferAlone(kind: StoreKind) throws {
        let harness = try Self.opened(kind)
        harness.run("set value 150")
        #expect(harness.refusal("set value -x") != nil)
        #expect(harness.output("changes") == "  value: 120 → 150\n")
    }

    /// Choices apart only in case are each named exactly: `set grade A`
    /// stored `a` (the adversary's find); one choice is still named in any case.
    @Test(arguments: StoreKind.all)
    func choicesApartOnlyInCaseAreNamedExactly(kind: StoreKind) throws {
        let h = try SessionHarness(kind, "CREATE TABLE t (id INTEGER PRIMARY KEY, grade TEXT, size TEXT);\nINSERT INTO t VALUES (1, 'b', 'M');",
                                   spec: "collections:\n  t:\n    fields:\n      grade: {choices: [a, A, b]}\n"
                                       + "      size: {choices: [S, M, L]}\n")
        h.run("open 1", "set grade A", "set size l")
        #expect(h.output("changes") == "  grade: b → A\n  size: M → L\n")
        #expect(h.run("set grade B").error == nil, "one choice of that spelling in any case")
        #expect(h.run("set grade a").error == nil)
        #expect(h.output("show grade") == "a\n")
    }

    /// A label with spaces is read whole, quoted or not; its first word
    /// alone points to it, quoted (it offered column names).
    @Test(arguments: StoreKind.all)
    func theFirstWordOfALabelWithSpacesPointsToTheQuotedLabel(kind: StoreKind) throws {
        let h = try SessionHarness(kind, "CREATE TABLE t (id INTEGER PRIMARY KEY, ms INTEGER);\nINSERT INTO t VALUES (1, 5);",
                                   spec: "collections:\n  t:\n    fields:\n      ms: {label: Length (ms)}\n")
        h.run("open 1")
        #expect(h.run("set Length 1000").error?.message == "unknown field 'Length'; did you mean \"Length (ms)\" (quoted)?")
        #expect(h.run("set Length (ms) 1000").error == nil)
        #expect(h.run("set \"Length (ms)\" 2000").error == nil)
        #expect(h.output("changes") == "  Length (ms): 5 → 2000\n")
    }

    /// A suggested or listed field name is given as it must be typed: one
    /// printed with an escape (`we\nird`) or holding a quote is quoted, and
    /// what is offered reads back as that field (offered bare, `we\nird`
    /// read as `wenird`; a trial's find).
    @Test(arguments: StoreKind.all)
    func aSuggestedFieldNameIsOfferedAsItMustBeTyped(kind: StoreKind) throws {
        let h = try SessionHarness(kind, """
            CREATE TABLE t (id INTEGER PRIMARY KEY, "wei\nrd" TEXT, "it's" TEXT, "a\\" TEXT);
            INSERT INTO t VALUES (1, 'x', 'y', 'z');
            """)
        h.run("open 1")
        #expect(h.run("set weiird v").error?.message == "unknown field 'weiird'; did you mean \"wei\\nrd\" (quoted)?")
        #expect(h.run("set \"wei\\nrd\" v").error == nil)
        #expect(h.run("set its w").error?.message == "unknown field 'its'; did you mean \"it's\" (quoted)?")
        #expect(h.run("set \"it's\" w").error == nil)
        #expect(h.run("set colour 3").error?.message
            == "unknown field 'colour'; the fields you can set are \"wei\\nrd\", \"it's\", \"a\\\\\"")
        #expect(h.run("set \"a\\\\\" u").error == nil)
        #expect(h.output("changes") == "  wei\\nrd: x → v\n  it's: y → w\n  a\\: z → u\n")
    }

    @Test(arguments: StoreKind.all)
    func unknownReadOnlyAndNotNullFields(kind: StoreKind) throws {
        let harness = try Self.opened(kind)
        #expect(harness.refusal("set vlue 3") == "unknown field 'vlue'; did you mean value?", "the nearest name (issue 10)")
        #expect(harness.refusal("set colour 3")
            == "unknown field 'colour'; the fields you can set are name, serial, value, weight, bought, note, created")
        #expect(harness.refusal("set id 9") == "id is read-only; the fields you can set are name, serial, value, weight, bought, note, created")
        #expect(harness.refusal("unset name") == "name cannot be NULL (NOT NULL); set it to a value instead")
        #expect(harness.refusal("unset serial") == nil)
        #expect(harness.output("changes") == "  serial: GS-1951 → (null)\n")
    }

    @Test(arguments: StoreKind.all)
    func fieldNamesIgnoreCase(kind: StoreKind) throws {
        let harness = try Self.opened(kind)
        #expect(harness.refusal("set NAME Gort") == nil)
        #expect(harness.output("changes") == "  name: Gort statue → Gort\n")
    }

    @Test(arguments: StoreKind.all)
    func settingTheOriginalValueAgainIsNoChange(kind: StoreKind) throws {
        let harness = try Self.opened(kind)
        harness.run("set value 150")
        harness.run("set value 120")
        #expect(harness.output("changes") == "no unsaved changes\n")
        #expect(harness.session.breadcrumb == "items › Gort statue")
    }
}

extension SessionHarness {
    /// What `line` was refused with, nil when it was not.
    fileprivate func refusal(_ line: String) -> String? {
        run(line).error?.message
    }
}

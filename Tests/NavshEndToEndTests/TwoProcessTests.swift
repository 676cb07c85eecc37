import Foundation
import NavshTestSupport
import Testing

/// Two real navsh processes on one file: one driven as a coprocess, the
/// other run to completion in between.
@Suite struct TwoProcessTests {
    let navsh = NavshBinary()

    @Test func aConflictingSaveIsRefusedAndCanBeReloaded() throws {
        let db = try TemporaryDatabase(Fixtures.items)
        let a = try Coprocess([db.path])
        a.send("open 1", until: "created")
        a.send("set value 150\nchanges", until: "→")

        let b = try navsh.run([db.path, "-c", "open 1", "-c", "set value 130", "-c", "save"])
        #expect(b.status == 0)

        let table = a.send("save", until: "yours\n! value  120       130     150\n")
        #expect(table.contains("! value  120       130     150"))
        #expect(a.readError(until: "\n").contains(
            "<stdin>:4: error: items › Gort statue: Gort statue changed elsewhere since you opened it"))
        let status = a.finish()
        #expect(status == 1, "a conflict is an error in a script")
        #expect(try db.rows("SELECT value FROM items WHERE id = 1")[0]["value"] == "130")
    }

    /// Two processes change different fields of one row: the second save
    /// checks only its own field, keeps the first's change and says so.
    @Test func savesOfDifferentFieldsKeepBothChanges() throws {
        let db = try TemporaryDatabase(Fixtures.items)
        let a = try Coprocess([db.path])
        a.send("open 2", until: "created")
        a.send("set value 7")
        let b = try navsh.run([db.path, "-c", "open 2", "-c", "set note shiny", "-c", "save"])
        #expect(b.status == 0)
        #expect(a.send("save", until: "\n") == "saved Rusty spork; note was changed elsewhere to shiny, kept\n")
        #expect(a.finish() == 0)
        #expect(try db.rows("SELECT note, value FROM items WHERE id = 2")[0] == ["note": "shiny", "value": "7"])
    }

    /// A script's `edit` line printed nothing of its own: the script loop
    /// replaced that line's response with the edit's, so a notice of a
    /// table changed elsewhere was lost. The one driver shows every output.
    @Test func aScriptsEditLineSaysWhatChangedElsewhere() throws {
        let db = try TemporaryDatabase(Fixtures.items)
        let a = try Coprocess([db.path])
        a.send("open 1", until: "created")
        try db.execute("ALTER TABLE items ADD COLUMN extra TEXT")
        let shown = a.send("edit value\n150\nchanges", until: "→")
        #expect(shown.hasPrefix("items changed elsewhere (added extra); showing it as it is now\n"), "\(shown)")
        a.send("save", until: "saved")
        #expect(a.finish() == 0)
        #expect(try db.rows("SELECT value FROM items WHERE id = 1")[0]["value"] == "150")
    }

    @Test func theListMarksRowsAnotherProcessChanged() throws {
        let db = try TemporaryDatabase(Fixtures.items)
        let a = try Coprocess([db.path])
        a.send("show", until: "Lucky cat")
        _ = try navsh.run([db.path, "-c", "open 3", "-c", "set value 951", "-c", "save"])
        let shown = a.send("show", until: "changed elsewhere since last shown\n")
        #expect(shown.contains("   3 ~ Hoverboard    HB-2015    951"))
        #expect(a.finish() == 0)
    }

    @Test(arguments: [SIGTERM, SIGHUP])
    func aSignalStopsAScriptWithoutWritingItsBuffer(signal: Int32) throws {
        let db = try TemporaryDatabase(Fixtures.items)
        let a = try Coprocess([db.path])
        a.send("open 1", until: "created")
        a.send("set value 5\nchanges", until: "→")
        a.signal(signal)
        #expect(a.finish() == 128 + signal)
        #expect(a.stderrText.contains("<stdin>: unsaved edits discarded on signal \(signal): items › Gort statue (value)"))
        #expect(try db.rows("SELECT value FROM items WHERE id = 1")[0]["value"] == "120")
    }

    /// MyStuff: when another navsh process changes an item, the list shows the
    /// new value the next time it is shown, marked, re-reading only the page.
    @Test func myStuffShowsChangesFromAnotherProcess() throws {
        let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples/mystuff")
        let db = try TemporaryDatabase(try String(contentsOf: example.appendingPathComponent("mystuff.sql"), encoding: .utf8))
        let spec = example.appendingPathComponent("mystuff.yaml").path
        _ = try navsh.run(["--spec", spec, db.path], stdin: "new\nsave\nnew\nsave\n")
        let a = try Coprocess(["--spec", spec, db.path])
        #expect(a.send("show", until: "My Item 1\n").hasSuffix("   1  My Item 2\n   2  My Item 1\n"))
        let b = try navsh.run(["--spec", spec, db.path, "-c", "open My Item 1", "-c", "set location Attic", "-c", "save"])
        #expect(b.status == 0)
        #expect(a.send("show", until: "last shown\n")
            == "My Stuff (2)\n       Name       Location\n   1   My Item 2\n   2 ~ My Item 1  Attic\n~ changed elsewhere since last shown\n")
        #expect(a.finish() == 0)
    }
}

/// Issue 8, item 1: a coprocess that was shown 120 must not overwrite the
/// 200 another process saved meanwhile, even though it made no edit before
/// that save: its record frame is never refreshed silently.
@Suite struct LostUpdateTests {
    @Test func aSaveOverAValueNeverShownIsRefused() throws {
        let db = try TemporaryDatabase(Fixtures.items)
        let a = try Coprocess([db.path])
        #expect(a.send("open 1", until: "created").contains("120"))
        let b = try NavshBinary().run([db.path, "-c", "open 1", "-c", "set value 200", "-c", "save"])
        #expect(b.status == 0)
        a.send("set value 150")
        a.send("save", until: "yours")
        #expect(a.finish() == 1, "a refused save is an error")
        #expect(a.stderrText.contains("changed elsewhere since you opened it"))
        #expect(try db.rows("SELECT value FROM items WHERE id = 1")[0]["value"] == "200")
    }
}

import NavshCore
import NavshTestSupport
import Testing

/// The frame stack and the guard on unsaved work.
@Suite struct NavigationTests {
    /// A file of one table opens at its list; `open TABLE` there is that
    /// list, so a script written for a file of several tables works on it
    /// (the trial's `open m` searched m's rows for the title "m").
    @Test(arguments: StoreKind.all)
    func openTheOnlyTableByNameAtItsListShowsIt(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        let shown = h.run("open items")
        #expect(shown.error == nil, "\(shown.error?.message ?? "")")
        #expect(shown.output.hasPrefix("items (5)\n"), "\(shown.output)")
        #expect(h.session.breadcrumb == "items")
        #expect(h.output("open Hoverboard").hasPrefix("items › Hoverboard\n"), "titles still open rows")
    }

    @Test(arguments: StoreKind.all)
    func openBackAndWhere(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        #expect(h.session.breadcrumb == "items")
        #expect(h.run("back").error?.message == "already at the first frame; quit leaves navsh")
        h.run("open 4")
        #expect(h.session.prompt == "items › 木彫りの熊> ")
        h.run("set value 46")
        #expect(h.output("where") == "  1  items\n  2  木彫りの熊*  unsaved: value\n")
    }

    @Test(arguments: StoreKind.all)
    func scriptRefusesToLeaveUnsavedWork(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        h.run("open 1", "set value 150")
        for line in ["back", "top", "quit"] {
            let response = h.run(line)
            #expect(response.error?.message.hasPrefix("unsaved edits in items › Gort statue (value); save or cancel them first") == true)
            #expect(!response.quits)
            #expect(h.session.breadcrumb == "items › Gort statue*")
        }
        #expect(h.output("back!") == "discarded edits in items › Gort statue (value)\n")
        #expect(h.session.breadcrumb == "items")
        #expect(try h.value("SELECT value FROM items WHERE id = 1") == "120")
    }

    @Test(arguments: StoreKind.all)
    func interactiveAsksOneQuestionAndNoKeepsEverything(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items, mode: .interactive)
        h.run("open 1", "set value 150")
        let response = h.run("quit")
        let question = try #require(response.question)
        #expect(question.prompt == "Unsaved: items › Gort statue (value). Save, discard, or keep editing? [s/d/K] ")
        #expect(question.interpret("") == .stay)
        #expect(question.interpret("K") == .stay)
        #expect(question.interpret("x") == nil, "not a choice: asked again")
        #expect(!h.session.answer(question, .stay).quits)
        #expect(h.session.breadcrumb == "items › Gort statue*")
        let yes = h.session.answer(question, try #require(question.interpret("d")))
        #expect(yes.quits)
        #expect(h.session.isFinished)
        #expect(try h.value("SELECT value FROM items WHERE id = 1") == "120")
    }

    @Test(arguments: StoreKind.all)
    func quitAtACleanFrameFinishes(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        h.run("open 2")
        #expect(h.run("quit").quits)
        #expect(h.session.isFinished)
    }

    @Test(arguments: StoreKind.all)
    func openByTitle(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        h.run("open gort statue")
        #expect(h.session.breadcrumb == "items › Gort statue")
        h.run("back", "open cat")
        #expect(h.session.breadcrumb == "items › Lucky cat 🐱")
        h.run("back")
        #expect(h.run("open o").error?.message
            == "'o' matches several rows: 1 Gort statue, 2 Rusty spork, 3 Hoverboard; open N picks one")
        #expect(h.run("open zebra").error?.message
            == "no row in items has a title matching 'zebra'; open N opens by number")
        #expect(h.run("open 9").error?.message == "no row 9; items has 5 rows")
        #expect(h.run("open 0").error?.message == "'0' is not a row number; rows are numbered from 1 as shown")
        // The trial's find: digits past Int's range were taken for a title.
        #expect(h.run("open 99999999999999999999").error?.message == "no such row; items has 5 rows")
        #expect(h.run("open 100%").error != nil, "LIKE wildcards in a title are literal")
        #expect(h.session.breadcrumb == "items")
    }

    @Test(arguments: StoreKind.all)
    func severalTablesStartAtTheCollections(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.shop)
        // The store's name: the file's, or the PostgreSQL schema's.
        let store = h.session.breadcrumb
        #expect(h.output("show").hasSuffix(" (2 collections)\n   1  owners  2 rows\n   2  cars    2 rows\n"))
        h.run("open CARS")
        #expect(h.session.breadcrumb == "\(store) › cars")
        h.run("open Model T")
        #expect(h.session.breadcrumb == "\(store) › cars › Model T")
        h.run("top")
        #expect(h.session.breadcrumb == store)
        #expect(h.run("open trucks").error?.message == "no collection named 'trucks'; the collections are owners, cars")
    }

    /// A store without tables says so, rather than list nothing after a colon.
    @Test(arguments: StoreKind.all)
    func openInAStoreWithoutTablesSaysItHasNone(kind: StoreKind) throws {
        let h = try SessionHarness(kind, "")
        #expect(h.run("open b").error?.message == "no collection named 'b'; this store has none (no tables or views)")
    }

    @Test(arguments: StoreKind.all)
    func badLinesChangeNothing(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        h.run("open 1", "set value 150")
        let checks: [(Response, String)] = [
            (h.session.execute(bytes: [0x73, 0x65, 0x74, 0x20, 0xFF, 0xFE]), "line is not valid UTF-8; nothing was run"),
            (h.run("set name a\u{0}b"), "line contains a NUL byte; nothing was run"),
            (h.run("set name " + String(repeating: "x", count: 1_048_576)),
             "line too long (1048585 bytes; the limit is 65536); nothing was run"),
            (h.run("set name \"unterminated"), "unterminated double quote; close it with \""),
        ]
        for (response, message) in checks {
            #expect(response.error?.message == message)
        }
        #expect(h.output("changes") == "  value: 120 → 150\n")
    }

    /// The harness never drops a failing set-up line (issue 9: test helpers
    /// must not swallow errors): this known issue is the one it records.
    @Test(arguments: StoreKind.all)
    func aFailingSetUpLineIsRecordedByTheHarness(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        withKnownIssue("open 99 fails, and the harness says so") {
            h.run("open 99", "show")
        }
    }

    /// Issue 10: at the prompt, leaving a record shows the list again with
    /// the row just left marked; a script stays quiet.
    @Test(arguments: StoreKind.all)
    func leavingARecordAtThePromptShowsTheListWithThatRowMarked(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items, mode: .interactive)
        h.run("open 3", "set value 951")
        let saved = h.output("save")
        #expect(saved.hasPrefix("saved Hoverboard\nitems (5)\n"))
        #expect(saved.contains("   3 > Hoverboard"))
        #expect(!h.output("show").contains(" > "), "marked once")
        #expect(h.output("open 2", "cancel").contains("   2 > Rusty spork"))
        #expect(h.output("open 4", "back").contains("   4 > 木彫りの熊"))

        let script = try SessionHarness(kind, Fixtures.items)
        script.run("open 3", "set value 951")
        #expect(script.output("save") == "saved Hoverboard\n")
        script.run("open 2")
        #expect(script.output("back") == "")

        // Leaving a `find` in the list shows the list too (it showed only the
        // prompt; the new user's find), nothing marked; a script stays quiet.
        h.run("find gort")
        let back = h.output("back")
        #expect(back.hasPrefix("items (5)\n") && !back.contains(" > "), "\(back)")
        script.run("find gort")
        #expect(script.output("back") == "")
    }

    /// The list of collections drawn below a message keeps its pages, as a
    /// table's list does: it was drawn a row shorter, and its pages moved.
    @Test(arguments: StoreKind.all)
    func theCollectionsBelowAMessageKeepTheirPages(kind: StoreKind) throws {
        let tables = (1...30).map { "CREATE TABLE t\(String(format: "%02d", $0)) (id INTEGER PRIMARY KEY, name TEXT);" }
        let viewport = Viewport(columns: 80, rows: 24)
        let h = try SessionHarness(kind, tables.joined(separator: "\n") + "\nINSERT INTO t01 VALUES (1, 'a');",
                                   mode: .interactive, viewport: viewport)
        h.run("open t01", "open 1", "set name b", "save", "back")
        let shown = h.output("undo")
        let numbered = shown.split(separator: "\n").filter { Int($0.split(separator: " ").first ?? "") != nil }
        #expect(shown.hasPrefix("undid the save of ") && shown.contains(" in t01: name: "), "the row's table is named: \(shown)")
        #expect(!shown.contains("(30 collections)"), "the message stands in for the title: \(shown)")
        #expect(numbered.count == viewport.pageSize, "the whole page: \(shown)")
        #expect(h.output("next").contains("  21  t21"), "page 2 begins where it did")
    }
}

/// Found by the final trial: a table whose name holds an escape sequence
/// was listed escaped, but `open` refused the name as listed.
@Suite struct EscapedNameTests {
    @Test(arguments: StoreKind.all)
    func aCollectionIsOpenedByItsNameAsListed(kind: StoreKind) throws {
        let h = try SessionHarness(kind, "CREATE TABLE plain (id INTEGER PRIMARY KEY, name TEXT);"
            + "CREATE TABLE \"evil\u{1B}[31mtable\" (id INTEGER PRIMARY KEY, name TEXT);")
        #expect(h.output("show").contains("evil\\x1B[31mtable"))
        #expect(h.output("open 'evil\\x1B[31mtable'").hasPrefix("evil\\x1B[31mtable (0)\n"))
    }
}

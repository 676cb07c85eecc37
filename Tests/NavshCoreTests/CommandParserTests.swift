import NavshCore
import Testing

@Suite struct CommandParserTests {
    @Test func blankLinesAndCommentsDoNothing() throws {
        #expect(try CommandParser.parse("", in: .list) == nil)
        #expect(try CommandParser.parse("   \t", in: .list) == nil)
        #expect(try CommandParser.parse("  # open 3", in: .list) == nil)
    }

    @Test func commandsParseInTheirFrames() throws {
        #expect(try CommandParser.parse("open 3", in: .list) == .open("3"))
        #expect(try CommandParser.parse("open Gort statue", in: .list) == .open("Gort statue"))
        #expect(try CommandParser.parse("set name Gort statue", in: .record) == .set(field: "name", value: "Gort statue"))
        #expect(try CommandParser.parse("set note \"\"", in: .record) == .set(field: "note", value: ""))
        #expect(try CommandParser.parse("set note", in: .record) == .set(field: "note", value: nil),
                "no value is not an empty value: the session says what the field takes")
        #expect(try CommandParser.parse("delete", in: .record) == .deleteRecord)
        #expect(try CommandParser.parse("delete 2", in: .list) == .deleteRow("2"))
        #expect(try CommandParser.parse("back!", in: .record) == .back(force: true))
        #expect(try CommandParser.parse("revert", in: .record) == .revert(nil))
        #expect(try CommandParser.parse("help set", in: .list) == .help("set"))
    }

    @Test func wrongFrameNamesWhereTheCommandWorks() {
        #expect(throws: CommandError("'set' works in a record; open one first (open N)")) {
            try CommandParser.parse("set name x", in: .list)
        }
        #expect(throws: CommandError("'new' works in a list; save, cancel or go back first")) {
            try CommandParser.parse("new", in: .record)
        }
    }

    @Test func badArgumentsAreOneLineErrors() throws {
        #expect(throws: CommandError("unknown command 'frobnicate'; help lists the commands here")) {
            try CommandParser.parse("frobnicate", in: .list)
        }
        #expect(throws: CommandError("show takes no arguments (got 'now')")) {
            try CommandParser.parse("show now", in: .list)
        }
        #expect(throws: CommandError("open: missing row; usage: open N | open TITLE")) {
            try CommandParser.parse("open", in: .list)
        }
        #expect(throws: CommandError("page takes one page number; usage: page N")) {
            try CommandParser.parse("page 1 2", in: .list)
        }
        #expect(throws: CommandError.self) { try CommandParser.parse("set", in: .record) }
    }

    @Test func helpListsOnlyThisFramesCommands() throws {
        var session = try SessionFixtureHelp.listHelp()
        #expect(session.contains("open N | open TITLE"))
        #expect(!session.contains("set FIELD VALUE"))
        session = try SessionFixtureHelp.recordHelp()
        #expect(session.contains("set FIELD VALUE"))
        #expect(!session.contains("new "))
    }
}

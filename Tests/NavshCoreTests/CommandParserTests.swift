@testable import NavshCore
import Testing

@Suite struct CommandParserTests {
    @Test func blankLinesAndCommentsDoNothing() throws {
        #expect(try CommandParser.parse("", in: .list) == nil)
        #expect(try CommandParser.parse("   \t", in: .list) == nil)
        #expect(try CommandParser.parse("  # open 3", in: .list) == nil)
    }

    /// Each line builds its command's type with the arguments split by the
    /// form's shape (the registry, not the parser, knows the commands).
    @Test func commandsParseInTheirFrames() throws {
        #expect(try parse("open 3", .list, as: OpenRowCommand.self).target == "3")
        #expect(try parse("open Gort statue", .list, as: OpenRowCommand.self).target == "Gort statue")
        #expect(try parse("open cars", .record, as: OpenReferenceCommand.self).target == "cars")
        let set = try parse("set name Gort statue", .record, as: SetCommand.self)
        #expect(set.field == "name" && set.value == "Gort statue")
        #expect(try parse("set note \"\"", .record, as: SetCommand.self).value == "")
        #expect(try parse("set note", .record, as: SetCommand.self).value == nil,
                "no value is not an empty value: the session says what the field takes")
        _ = try parse("delete", .record, as: DeleteRecordCommand.self)
        #expect(try parse("delete 2", .list, as: DeleteRowCommand.self).row == "2")
        #expect(try parse("back!", .record, as: BackCommand.self).force)
        #expect(try !parse("back", .record, as: BackCommand.self).force)
        #expect(try parse("save!", .record, as: SaveCommand.self).force)
        #expect(try parse("revert", .record, as: RevertCommand.self).field == nil)
        #expect(try parse("help set", .list, as: HelpCommand.self).name == "set")
        let move = try parse("move 5 1", .list, as: MoveCommand.self)
        #expect(move.from == "5" && move.to == "1")
        #expect(try CommandParser.commandName(of: "sa", in: .record, abbreviations: true) == "save")
    }

    /// Every form in the registry is reachable by its own name in each of
    /// its frames, and builds the type that lists it.
    @Test func everyRegisteredFormParses() throws {
        for (form, type) in CommandRegistry.forms {
            for frame in form.frames {
                let line: String
                switch form.arguments {
                case .none, .optional, .upTo: line = form.name
                case .required, .rest, .wordAndRest: line = form.name + " x"
                case .two: line = form.name + " 1 2"
                }
                let command = try #require(try CommandParser.parse(line, in: frame))
                #expect(Swift.type(of: command) == type, "\(line) in \(frame)")
            }
        }
    }

    private func parse<C: Command>(_ line: String, _ frame: FrameKind, as type: C.Type,
                                   sourceLocation: SourceLocation = #_sourceLocation) throws -> C {
        let command = try CommandParser.parse(line, in: frame)
        return try #require(command as? C, "\(line) parsed as \(String(describing: command))",
                            sourceLocation: sourceLocation)
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

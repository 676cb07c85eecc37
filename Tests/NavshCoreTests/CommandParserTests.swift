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
        #expect(try parse("revert", .record, as: RevertCommand.self).typed.first == nil)
        #expect(try parse("help set", .list, as: HelpCommand.self).name == "set")
        let move = try parse("move 5 1", .list, as: MoveCommand.self)
        #expect(move.from == "5" && move.to == "1")
        #expect(try CommandParser.commandName(of: "sa", in: .record, abbreviations: true) == "save")
    }

    /// Every form in the registry is reachable by its own name in each of
    /// its frames, and builds the type that lists it.
    @Test func everyRegisteredFormParses() throws {
        for (form, type) in CommandRegistry.forms {
            for frame in FrameKind.allCases where form.frames.contains(frame) {
                let line: String
                switch form.arguments {
                case .none, .optional, .upTo, .optionalRest, .fieldWords(_, required: false): line = form.name
                case .required, .rest, .wordAndRest, .fieldWords(_, required: true): line = form.name + " x"
                case .two: line = form.name + " 1 2"
                }
                let command = try #require(try CommandParser.parse(line, in: frame))
                #expect(Swift.type(of: command) == type, "\(line) in \(frame)")
            }
        }
    }

    /// What a refused line says: errors are data, and these tests pin the words a person reads.
    private func message(_ body: () throws -> Any?) -> String? {
        #expect(throws: CommandError.self) { _ = try body() }?.message
    }

    private func parse<C: Command>(_ line: String, _ frame: FrameKind, as type: C.Type,
                                   sourceLocation: SourceLocation = #_sourceLocation) throws -> C {
        let command = try CommandParser.parse(line, in: frame)
        return try #require(command as? C, "\(line) parsed as \(String(describing: command))",
                            sourceLocation: sourceLocation)
    }

    @Test func wrongFrameNamesWhereTheCommandWorks() {
        #expect(message { try CommandParser.parse("set name x", in: .list) }
                == "'set' works in a record; open one first (open N)")
        #expect(message { try CommandParser.parse("new", in: .record) }
                == "'new' works in a list; save, cancel or go back first")
    }

    @Test func badArgumentsAreOneLineErrors() throws {
        #expect(message { try CommandParser.parse("frobnicate", in: .list) }
                == "unknown command 'frobnicate'; help lists the commands here")
        #expect(message { try CommandParser.parse("show now", in: .list) } == "show takes no arguments (got 'now')")
        #expect(message { try CommandParser.parse("open", in: .list) }
                == "open: missing row; usage: open N | open #KEY | open TITLE | open *")
        #expect(message { try CommandParser.parse("page 1 2", in: .list) }
                == "page takes one page number; usage: page N")
        #expect(throws: CommandError.self) { try CommandParser.parse("set", in: .record) }
    }

    @Test func helpListsOnlyThisFramesCommands() throws {
        var session = try SessionFixtureHelp.listHelp()
        #expect(session.contains("open N | open #KEY | open TITLE"))
        #expect(!session.contains("set FIELD VALUE"))
        session = try SessionFixtureHelp.recordHelp()
        #expect(session.contains("set FIELD VALUE"))
        #expect(!session.contains("new "))
    }
}

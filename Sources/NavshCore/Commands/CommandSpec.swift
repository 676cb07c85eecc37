/// The user contract of one command: where it is accepted, how it is
/// written, what it does. `help` and the parser both read this table, so the
/// documentation cannot drift from what is accepted.
public struct CommandSpec: Sendable {
    public enum Arguments: Sendable {
        case none
        case optional(String)
        case required(String)
        /// The rest of the line, raw, or one quoted word.
        case rest(String)
        /// A field name, then the rest of the line as the value.
        case fieldAndValue
        /// Exactly two words.
        case two(String)
    }

    public let name: String
    public let frames: Set<FrameKind>
    public let arguments: Arguments
    public let usage: String
    public let summary: String
    public let example: String

    public static let all: [CommandSpec] = [
        CommandSpec("open", [.collections], .rest("collection"), "open N | open NAME",
                    "open the collection at row N, or by name", "open Items"),
        CommandSpec("open", [.list], .rest("row"), "open N | open TITLE",
                    "open row N, or the row whose title matches", "open 3"),
        CommandSpec("open", [.record], .rest("field or collection"), "open FIELD|COLLECTION",
                    "follow a reference, or list related rows",
                    "open owner_id"),
        CommandSpec("new", [.list], .none, "new",
                    "start a new record; save inserts it", "new"),
        CommandSpec("delete", [.list], .required("row"), "delete N",
                    "delete the record at row N", "delete 3"),
        CommandSpec("move", [.list], .two("row numbers"), "move N M",
                    "move row N to position M (manual order)", "move 5 1"),
        CommandSpec("next", [.list, .collections], .none, "next", "show the next page", "next"),
        CommandSpec("prev", [.list, .collections], .none, "prev", "show the previous page", "prev"),
        CommandSpec("page", [.list, .collections], .required("page number"), "page N", "show page N", "page 2"),
        CommandSpec("set", [.record], .fieldAndValue, "set FIELD VALUE",
                    "change a field; the value is the rest of the line",
                    "set name Gort statue"),
        CommandSpec("edit", [.record], .required("field"), "edit FIELD",
                    "edit a field's value on a pre-filled line",
                    "edit name"),
        CommandSpec("unset", [.record], .required("field"), "unset FIELD",
                    "set a field to NULL in the edit buffer", "unset serial"),
        CommandSpec("changes", [.record], .none, "changes", "list the unsaved edits, old → new", "changes"),
        CommandSpec("revert", [.record], .optional("field"), "revert [FIELD]",
                    "undo unsaved edits to FIELD, or to all", "revert value"),
        CommandSpec("save", [.record], .none, "save",
                    "write the edits in one transaction, go back", "save"),
        CommandSpec("save!", [.record], .none, "save!",
                    "save over changes made elsewhere", "save!"),
        CommandSpec("reload", [.record], .none, "reload",
                    "take stored values, keep your edits", "reload"),
        CommandSpec("cancel", [.record], .none, "cancel", "discard the edits and go back", "cancel"),
        CommandSpec("delete", [.record], .none, "delete", "delete this record and go back", "delete"),
        CommandSpec("show", Set(FrameKind.allCases), .none, "show", "print this frame again", "show"),
        CommandSpec("where", Set(FrameKind.allCases), .none, "where", "print the stack of frames", "where"),
        CommandSpec("back", Set(FrameKind.allCases), .none, "back",
                    "go back one frame, keeping unsaved edits safe", "back"),
        CommandSpec("back!", Set(FrameKind.allCases), .none, "back!",
                    "go back one frame, discarding unsaved edits", "back!"),
        CommandSpec("top", Set(FrameKind.allCases), .none, "top",
                    "go back to the first frame, keeping edits safe", "top"),
        CommandSpec("quit", Set(FrameKind.allCases), .none, "quit",
                    "leave navsh, keeping unsaved edits safe", "quit"),
        CommandSpec("quit!", Set(FrameKind.allCases), .none, "quit!",
                    "leave navsh, discarding unsaved edits", "quit!"),
        CommandSpec("undo", Set(FrameKind.allCases), .none, "undo",
                    "undo this session's last save, insert or delete", "undo"),
        CommandSpec("history", Set(FrameKind.allCases), .none, "history",
                    "list the lines typed at the prompt", "history"),
        CommandSpec("help", Set(FrameKind.allCases), .optional("command"), "help [COMMAND]",
                    "list the commands here, or explain one", "help set"),
    ]

    public static func accepted(in frame: FrameKind) -> [CommandSpec] {
        all.filter { $0.frames.contains(frame) }
    }

    public static func named(_ name: String, in frame: FrameKind) -> CommandSpec? {
        all.first { $0.name == name && $0.frames.contains(frame) }
    }

    private init(
        _ name: String, _ frames: Set<FrameKind>, _ arguments: Arguments,
        _ usage: String, _ summary: String, _ example: String
    ) {
        self.name = name
        self.frames = frames
        self.arguments = arguments
        self.usage = usage
        self.summary = summary
        self.example = example
    }
}

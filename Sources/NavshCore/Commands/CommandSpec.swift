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
                    "open the record at row N, or the one whose title matches", "open 3"),
        CommandSpec("open", [.record], .rest("field or collection"), "open FIELD | open COLLECTION",
                    "open the record a reference field names, or this record's rows in a related collection",
                    "open owner_id"),
        CommandSpec("new", [.list], .none, "new",
                    "start a new record with the defaults; save inserts it", "new"),
        CommandSpec("delete", [.list], .required("row"), "delete N",
                    "delete the record at row N", "delete 3"),
        CommandSpec("move", [.list], .two("row numbers"), "move N M",
                    "move row N to position M, in a collection that keeps a manual order", "move 5 1"),
        CommandSpec("next", [.list, .collections], .none, "next", "show the next page", "next"),
        CommandSpec("prev", [.list, .collections], .none, "prev", "show the previous page", "prev"),
        CommandSpec("page", [.list, .collections], .required("page number"), "page N", "show page N", "page 2"),
        CommandSpec("set", [.record], .fieldAndValue, "set FIELD VALUE",
                    "change a field in the edit buffer (FIELD is its name or label; the value is the rest of the line)",
                    "set name Gort statue"),
        CommandSpec("edit", [.record], .required("field"), "edit FIELD",
                    "edit a field on a line pre-filled with its value (in a script, the next line is the value)",
                    "edit name"),
        CommandSpec("unset", [.record], .required("field"), "unset FIELD",
                    "set a field to NULL in the edit buffer", "unset serial"),
        CommandSpec("changes", [.record], .none, "changes", "list the unsaved edits, old → new", "changes"),
        CommandSpec("revert", [.record], .optional("field"), "revert [FIELD]",
                    "undo the unsaved edit of FIELD, or of every field", "revert value"),
        CommandSpec("save", [.record], .none, "save",
                    "write the edits in one transaction and go back (refused if the row changed elsewhere)", "save"),
        CommandSpec("save!", [.record], .none, "save!",
                    "save over changes made elsewhere, or put back a row deleted elsewhere", "save!"),
        CommandSpec("reload", [.record], .none, "reload",
                    "take the stored values, keeping your edits; reports fields both sides changed", "reload"),
        CommandSpec("cancel", [.record], .none, "cancel", "discard the edits and go back", "cancel"),
        CommandSpec("delete", [.record], .none, "delete", "delete this record and go back", "delete"),
        CommandSpec("show", Set(FrameKind.allCases), .none, "show", "print this frame again", "show"),
        CommandSpec("where", Set(FrameKind.allCases), .none, "where", "print the stack of frames", "where"),
        CommandSpec("back", Set(FrameKind.allCases), .none, "back",
                    "go back one frame (refused over unsaved edits)", "back"),
        CommandSpec("back!", Set(FrameKind.allCases), .none, "back!",
                    "go back one frame, discarding unsaved edits", "back!"),
        CommandSpec("top", Set(FrameKind.allCases), .none, "top",
                    "go back to the first frame (refused over unsaved edits)", "top"),
        CommandSpec("quit", Set(FrameKind.allCases), .none, "quit",
                    "leave navsh (refused over unsaved edits)", "quit"),
        CommandSpec("quit!", Set(FrameKind.allCases), .none, "quit!",
                    "leave navsh, discarding unsaved edits", "quit!"),
        CommandSpec("undo", Set(FrameKind.allCases), .none, "undo",
                    "undo the last save, insert or delete of this session (again for the one before)", "undo"),
        CommandSpec("history", Set(FrameKind.allCases), .none, "history",
                    "list the commands typed at the prompt for this store", "history"),
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

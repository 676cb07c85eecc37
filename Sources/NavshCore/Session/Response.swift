/// What one line did: text for standard output, or a one-line error, or a
/// question the user must answer before anything happens.
public struct Response: Equatable, Sendable {
    public var output: String
    public var error: CommandError?
    public var question: Question?
    /// A field editor to open; feed what the user typed to `finishEdit`.
    public var edit: FieldEdit?
    /// The session is finished; the caller should exit.
    public var quits: Bool
    /// The frames shown, as data, in order, when the runner asked for data
    /// (`Session.framesAsData`); their text is then not in `output`, which
    /// holds the rest (messages come before a command's frame).
    public var shown: [ShownFrame] = []
    /// The output is what the line asked to see (`show`, `changes`,
    /// `history`, `help`, `where`): `--quiet` prints it and nothing else.
    public var requested = false
    /// What must be said whatever the output mode, apart from the output:
    /// the store's connection was lost and opened again. Not a frame, so
    /// `--quiet` does not drop it; a script says it on standard error.
    public var notice = ""
    /// The output holds a page of a list, which navsh already cut to the
    /// terminal's height: the prompt's pager leaves it alone.
    public var showsPage = false

    public init(
        output: String = "", error: CommandError? = nil, question: Question? = nil, edit: FieldEdit? = nil,
        quits: Bool = false
    ) {
        self.output = output
        self.error = error
        self.question = question
        self.edit = edit
        self.quits = quits
    }

    public static func failure(_ error: CommandError) -> Response { Response(error: error) }
}

/// `edit FIELD` hands the caller a one-line editor to open: its prompt
/// (the field's label), the value to pre-fill, and whether an empty answer
/// means "keep the old value".
public struct FieldEdit: Equatable, Sendable {
    public let field: String
    public var prompt: String
    /// The buffered value as editable text (empty for NULL).
    public let initial: String
    /// Whether the field held a value (an empty answer keeps it either way).
    public let hadValue: Bool
    /// A hint for an empty field ("Car Make").
    public var placeholder: String? = nil
    /// Edit in the user's editor (`$VISUAL`, `$EDITOR`) on a file, not on
    /// the line: the value has several lines or is too wide for one, or
    /// `edit FIELD --editor` asked. The text saved comes back like a typed
    /// line; an editor that fails or leaves the file as it was gives nil.
    public var external = false
}

/// What a session needs to know about the screen, asked at every render so
/// that a terminal resize is followed.
public struct Viewport: Equatable, Sendable {
    public var columns: Int
    /// Terminal rows, or nil when output is not a terminal (pages of 20).
    public var rows: Int?

    public init(columns: Int = 80, rows: Int? = nil) {
        self.columns = columns
        self.rows = rows
    }

    /// Rows of a list page: what fits under the title and the column labels,
    /// above the footer and the prompt (one more than fits scrolled the title
    /// off a full-height page).
    public var pageSize: Int {
        guard let rows else { return 20 }
        return max(3, rows - 4)
    }
}

/// A frame with unsaved edits, for questions and end-of-input reports.
public struct UnsavedWork: Equatable, Sendable {
    public var path: String
    public var fields: [String]

    public var description: String { "\(path) (\(fields.joined(separator: ", ")))" }
}

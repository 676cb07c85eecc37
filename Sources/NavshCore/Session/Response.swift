/// What one line did: text for standard output, or a one-line error, or a
/// question the user must answer before anything happens.
public struct Response: Equatable, Sendable {
    public var output: String
    public var error: CommandError?
    public var question: Question?
    /// The session is finished; the caller should exit.
    public var quits: Bool

    public init(output: String = "", error: CommandError? = nil, question: Question? = nil, quits: Bool = false) {
        self.output = output
        self.error = error
        self.question = question
        self.quits = quits
    }

    public static func failure(_ error: CommandError) -> Response { Response(error: error) }
}

/// A yes/no question (default no) asked before discarding work or deleting.
/// Only an interactive session asks; a script gets an error instead, because
/// a script's own lines must never answer questions.
public struct Question: Equatable, Sendable {
    public let prompt: String
    /// What runs when the answer is yes.
    let onYes: Command
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

    /// Rows of a list page: what fits under the header, above the footer and prompt.
    public var pageSize: Int {
        guard let rows else { return 20 }
        return max(3, rows - 3)
    }
}

/// A frame with unsaved edits, for questions and end-of-input reports.
public struct UnsavedWork: Equatable, Sendable {
    public var path: String
    public var fields: [String]

    public var description: String { "\(path) (\(fields.joined(separator: ", ")))" }
}

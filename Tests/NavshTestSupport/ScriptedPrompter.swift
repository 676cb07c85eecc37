import NavshCore
import Testing

/// A prompter fed its answers and field values up front that records, in
/// order, everything the driver showed, asked and opened: the test double
/// for `ResponseDriver`. Once its answers run out it reports the end of
/// input (nil); a driver that asks again after that is recorded as an issue
/// and given the safe empty answer, so a wrong loop fails instead of hanging.
public struct ScriptedPrompter: Prompter {
    public enum Event: Equatable, Sendable {
        case output(String)
        case error(String)
        /// A question's prompt, and whether it was asked again after a text that was not a choice.
        case asked(String, repeated: Bool)
        /// A field editor opened: its field and the text it was pre-filled with.
        case edited(field: String, initial: String)
    }

    /// What is typed at each question, in order; nil is Ctrl-D.
    public var answers: [String?]
    /// What each field editor gives back, in order; once used up, editors are cancelled.
    public var values: [FieldInput]
    public private(set) var events: [Event] = []
    private var inputEnded = false
    private let sourceLocation: SourceLocation

    public init(answers: [String?] = [], values: [FieldInput] = [], sourceLocation: SourceLocation = #_sourceLocation) {
        self.answers = answers
        self.values = values
        self.sourceLocation = sourceLocation
    }

    public mutating func show(_ output: String) {
        if !output.isEmpty { events.append(.output(output)) }
    }

    public mutating func report(_ error: CommandError) {
        events.append(.error(error.message))
    }

    public mutating func ask(_ question: Question, repeated: Bool) -> String? {
        events.append(.asked(question.prompt, repeated: repeated))
        if inputEnded {
            Issue.record("asked again after the input ended", sourceLocation: sourceLocation)
            return ""
        }
        guard !answers.isEmpty, let typed = answers.removeFirst() else {
            inputEnded = true
            return nil
        }
        return typed
    }

    public mutating func edit(_ edit: FieldEdit) -> FieldInput {
        events.append(.edited(field: edit.field, initial: edit.initial))
        return values.isEmpty ? .typed(nil) : values.removeFirst()
    }
}

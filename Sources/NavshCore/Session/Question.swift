/// A question asked before discarding work or deleting. Only an interactive
/// session asks; a script gets an error instead, because a script's own
/// lines must never answer questions.
public struct Question: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// `[y/N]`: y or yes; n, no or Enter is no.
        case confirm
        /// `[s/d/K]`: save every unsaved frame, discard them, or keep editing (the default).
        case unsavedWork
    }

    public private(set) var prompt: String
    public let kind: Kind
    /// What runs once the answer allows it (after saving, for `save`).
    let then: any Command
    /// What a no leaves undone, said after it (`nothing was deleted`): a
    /// bare prompt again left its user unsure the answer was taken.
    let declined: String?

    /// The same question: the same words, asked before the same kind of command.
    public static func == (a: Question, b: Question) -> Bool {
        a.prompt == b.prompt && a.kind == b.kind && type(of: a.then) == type(of: b.then)
    }

    init(confirm text: String, then: any Command, declined: String? = nil) {
        prompt = text + " [y/N] "
        kind = .confirm
        self.then = then
        self.declined = declined
    }

    init(unsaved work: [UnsavedWork], then: any Command) {
        let list = work.map(\.description).joined(separator: "; ")
        prompt = "Unsaved: \(list). Save, discard, or keep editing? [s/d/K] "
        kind = .unsavedWork
        self.then = then
        declined = nil
    }

    /// The same question worded differently (made printable, say).
    func withPrompt(_ text: String) -> Question {
        var copy = self
        copy.prompt = text
        return copy
    }

    /// Reads what was typed, ignoring case: every choice has its own letter,
    /// so no answer differs from another only by case. Enter takes the safe
    /// default (no, keep editing); anything that is not a choice is nil and
    /// the question is asked again: it is never taken as yes.
    public func interpret(_ typed: String) -> Answer? {
        let word = typed.trimmingSpaces.lowercased()
        switch kind {
        case .confirm:
            if word == "y" || word == "yes" { return .yes }
            if word.isEmpty || word == "n" || word == "no" { return .no }
            return nil
        case .unsavedWork:
            if word == "s" || word == "save" { return .save }
            if word == "d" || word == "discard" { return .discard }
            if word.isEmpty || word == "k" || word == "keep" { return .stay }
            return nil
        }
    }

    /// Said when an answer is not one of the choices, before asking again.
    public var choices: String {
        switch kind {
        case .confirm: return "please answer y (yes) or n (no)"
        case .unsavedWork: return "please answer s (save), d (discard) or k (keep editing)"
        }
    }

    /// The answer that changes nothing, for Ctrl-C, Ctrl-D or an input that ended.
    public var safeAnswer: Answer {
        kind == .confirm ? .no : .stay
    }
}

public enum Answer: Equatable, Sendable {
    case yes, no, save, discard, stay
}

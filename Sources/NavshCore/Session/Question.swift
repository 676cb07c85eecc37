/// A question asked before discarding work or deleting. Only an interactive
/// session asks; a script gets an error instead, because a script's own
/// lines must never answer questions.
public struct Question: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// `[y/N]`: anything but y or yes is no.
        case confirm
        /// `[s/d/S(tay)]`: save every unsaved frame, discard them, or stay (the default).
        case unsavedWork
    }

    public let prompt: String
    public let kind: Kind
    /// What runs once the answer allows it (after saving, for `save`).
    let then: Command

    init(confirm text: String, then: Command) {
        prompt = text + " [y/N] "
        kind = .confirm
        self.then = then
    }

    init(unsaved work: [UnsavedWork], then: Command) {
        let list = work.map(\.description).joined(separator: "; ")
        prompt = "Unsaved: \(list). Save, discard, or stay? [s/d/S(tay)] "
        kind = .unsavedWork
        self.then = then
    }

    /// Reads what was typed; anything unrecognised is the safe answer.
    public func interpret(_ typed: String) -> Answer {
        let word = typed.trimmingSpaces.lowercased()
        switch kind {
        case .confirm:
            return word == "y" || word == "yes" ? .yes : .no
        case .unsavedWork:
            if word == "s" || word == "save" { return .save }
            if word == "d" || word == "discard" { return .discard }
            return .stay
        }
    }
}

public enum Answer: Equatable, Sendable {
    case yes, no, save, discard, stay
}

import NavshCore

/// ANSI styling of what navsh prints at a terminal. Plain when colour is off,
/// so callers never test for colour themselves.
public struct PromptStyle: Sendable {
    public let color: Bool

    public init(color: Bool) {
        self.color = color
    }

    /// The breadcrumb prompt: earlier frames dim, the current one bold, `*`
    /// in yellow. Escapes sit between `EditLineReader.promptEscape` marks so
    /// libedit does not count them as columns.
    public func prompt(_ crumbs: [Session.Crumb]) -> String {
        guard color else {
            return crumbs.map { $0.title + ($0.isDirty ? "*" : "") }.joined(separator: " › ") + "> "
        }
        var out = ""
        for (i, crumb) in crumbs.enumerated() {
            let last = i == crumbs.count - 1
            if i > 0 { out += escaped("2") + " › " + escaped("0") }
            out += (last ? escaped("1") : escaped("2")) + crumb.title + escaped("0")
            if crumb.isDirty { out += escaped("1;33") + "*" + escaped("0") }
        }
        return out + "> "
    }

    /// `error: MESSAGE` with `error:` in red.
    public func error(_ message: String) -> String {
        color ? "\u{1B}[1;31merror:\u{1B}[0m " + message : "error: " + message
    }

    /// A question's prompt, bold, for the line editor.
    public func question(_ text: String) -> String {
        color ? escaped("1") + text + escaped("0") : text
    }

    private func escaped(_ code: String) -> String {
        let mark = String(EditLineReader.promptEscape)
        return mark + "\u{1B}[" + code + "m" + mark
    }
}
